/**
 * Email verification, from the link mailed at sign-up or after a change of address (`?token=…`). The page holds a
 * form that posts the token to its action (decision 0032): before (or without) the scripts, the reader presses its
 * button; once the page is live it is sent at once. The page then says whether the address is confirmed.
 * Following the link needs no sign-in: the link is the proof. Opening it changes nothing (mail scanners open links).
 */
import '../../styles/mantine-all.ts';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useActionData, useNavigation, useSubmit } from 'react-router';
import { requestContext } from '#request-context';
import { verifyEmailSchema } from '../../../domain/schemas/user.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { PageIntro } from '../../components/page-intro.tsx';
import { parseForm, readForm, serviceRefusal } from '../../lib/form-action.server.ts';
import { isFormRefusal } from '../../lib/form-refusal.ts';
import type { Route } from './+types/verify-email';

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token')?.trim() ?? '' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = await readForm(request);
  const parsed = parseForm(verifyEmailSchema, values);
  if ('refusal' in parsed) return parsed.refusal;
  try {
    await context.get(requestContext).actions.verifyEmail(parsed.input.token);
  } catch (error) {
    return serviceRefusal(error, values);
  }
  return { done: true };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { token } = loaderData;
  const answer: unknown = useActionData();
  const navigation = useNavigation();
  const submit = useSubmit();
  const outcomeRef = useRef<HTMLDivElement>(null);
  const failure = !token
    ? 'validation:invalid_or_expired_token'
    : isFormRefusal(answer)
      ? (answer.message?.key ?? answer.fields.token ?? 'validation:internal')
      : null;
  const done = !failure && (answer as { done?: boolean } | undefined)?.done === true;
  const checking = navigation.state === 'submitting';

  // Once the page is live, the link is followed at once, as the reader meant by opening it.
  useEffect(() => {
    if (token && answer === undefined) void submit({ token }, { method: 'post' });
    // Sent once per page load; revalidating must not send it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  useEffect(() => {
    if (done || failure) outcomeRef.current?.focus();
  }, [done, failure]);

  return (
    <Stack maw={560} mx="auto">
      <PageIntro prefix="auth:verify." noindex />
      {checking && (
        <Group role="status" aria-live="polite">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{t('auth:verify.checking')}</Text>
        </Group>
      )}
      {!checking && !done && !failure && (
        <Form method="post" data-testid="verify-form">
          <Stack gap="sm" align="flex-start">
            <Text>{t('auth:verify.confirmIntro')}</Text>
            <input type="hidden" name="token" value={token} />
            <Button type="submit">{t('auth:verify.confirm')}</Button>
          </Stack>
        </Form>
      )}
      {!checking && (done || failure) && (
        <div ref={outcomeRef} tabIndex={-1}>
          {done ? (
            <FormAlert kind="success" title={t('auth:verify.doneTitle')} testId="verify-done">
              {t('auth:verify.done')}
            </FormAlert>
          ) : (
            <FormAlert kind="error" title={t('auth:verify.failedTitle')} testId="verify-failed">
              {t(failure!)}
            </FormAlert>
          )}
        </div>
      )}
      {!checking && (done || failure) && (
        <Button component={Link} to={`/${i18n.language}/account`} style={{ alignSelf: 'flex-start' }}>
          {t('auth:verify.toAccount')}
        </Button>
      )}
    </Stack>
  );
}
