/**
 * Email verification, from the link mailed at sign-up or after a change of address (`?token=…`). The page holds a
 * form that posts the token to its action (decision 0032): before (or without) the scripts, the reader presses its
 * button; once the page is live it is sent at once. The page then says whether the address is confirmed, and offers
 * to go back where the reader was (`redirectTo`, carried by the link; only a path of this site is kept).
 * Following the link needs no sign-in: the link is the proof. Opening it changes nothing (mail scanners open links).
 *
 * Without a token, it is where sign-up leads (`?sent=1`): the account is created and signed in, the link is on its
 * way. A dead link, or a signed-in reader still waiting, can ask for a new link here (intent `resend`, with the
 * API's limits); a signed-out reader is asked to sign in first and comes back here.
 */
import '../../styles/mantine-all.ts';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, redirect, useActionData, useNavigation, useSubmit } from 'react-router';
import { requestContext } from '#request-context';
import { localeOr } from '../../../domain/locales.ts';
import { safeRedirectPath } from '../../../domain/redirects.ts';
import { verifyEmailSchema } from '../../../domain/schemas/user.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { PageIntro } from '../../components/page-intro.tsx';
import { parseForm, readForm, serviceRefusal } from '../../lib/form-action.server.ts';
import { isFormRefusal } from '../../lib/form-refusal.ts';
import { loginLink } from './auth-links.ts';
import type { Route } from './+types/verify-email';

export function loader({ request, context }: Route.LoaderArgs) {
  const { user } = context.get(requestContext);
  const query = new URL(request.url).searchParams;
  return {
    token: query.get('token')?.trim() ?? '',
    sent: query.get('sent') === '1',
    redirectTo: safeRedirectPath(query.get('redirectTo')),
    /** The signed-in reader's address while it waits for its link, else null. */
    waiting: user && !user.emailVerified ? user.email : null,
    signedIn: user !== null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, actions } = context.get(requestContext);
  const values = await readForm(request);
  if (values.intent === 'resend') {
    const url = new URL(request.url);
    if (!user) throw redirect(loginLink(localeOr(params.lang), url.pathname + url.search));
    try {
      await actions.resendVerification(
        user,
        localeOr(params.lang),
        safeRedirectPath(url.searchParams.get('redirectTo')),
      );
    } catch (error) {
      return serviceRefusal(error, values);
    }
    return { resent: true };
  }
  const parsed = parseForm(verifyEmailSchema, values);
  if ('refusal' in parsed) return parsed.refusal;
  try {
    await actions.verifyEmail(parsed.input.token);
  } catch (error) {
    return serviceRefusal(error, values);
  }
  return { done: true };
}

/** Asks for a new link: a button for a signed-in reader still waiting, else a way to sign in and come back. */
function NewLink({ waiting, signedIn }: { waiting: string | null; signedIn: boolean }) {
  const { t, i18n } = useTranslation();
  const answer: unknown = useActionData();
  const busy = useNavigation().state === 'submitting';
  const resent = (answer as { resent?: boolean } | undefined)?.resent === true;
  const refused = isFormRefusal(answer) && answer.intent === 'resend' ? answer.message : null;
  if (resent)
    return (
      <FormAlert kind="success" testId="verify-resent">
        {t('auth:verify.resent', { email: waiting ?? '' })}
      </FormAlert>
    );
  if (!signedIn) {
    const back = `/${i18n.language}/account/verify-email`;
    return (
      <Button component={Link} to={loginLink(i18n.language, back)} style={{ alignSelf: 'flex-start' }}>
        {t('auth:verify.signInToResend')}
      </Button>
    );
  }
  if (!waiting) return null;
  return (
    <Form method="post" data-testid="verify-resend-form">
      <Stack gap="xs" align="flex-start">
        {refused && <FormAlert kind="error">{t(refused.key, refused.values ?? {})}</FormAlert>}
        <input type="hidden" name="intent" value="resend" />
        <Button type="submit" variant="default" loading={busy}>
          {t('auth:verify.resend')}
        </Button>
      </Stack>
    </Form>
  );
}

/** Where to go next: back where the reader was, when the link or sign-up said so, and the account. */
function NextSteps({ redirectTo }: { redirectTo: string | null }) {
  const { t, i18n } = useTranslation();
  return (
    <Group gap="sm">
      {redirectTo && (
        <Button component={Link} to={redirectTo} reloadDocument data-testid="verify-continue">
          {t('auth:verify.continue')}
        </Button>
      )}
      <Button component={Link} to={`/${i18n.language}/account`} variant={redirectTo ? 'default' : 'filled'}>
        {t('auth:verify.toAccount')}
      </Button>
    </Group>
  );
}

/** After sign-up: the account exists and is signed in; the link is on its way. */
function SignedUp({ data }: { data: Route.ComponentProps['loaderData'] }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <>
      <div ref={ref} tabIndex={-1}>
        <FormAlert kind="success" title={t('auth:verify.sentTitle')} testId="signup-done">
          {t('auth:verify.sent', { email: data.waiting ?? '' })}
        </FormAlert>
      </div>
      <NextSteps redirectTo={data.redirectTo} />
      <NewLink waiting={data.waiting} signedIn={data.signedIn} />
    </>
  );
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { token } = loaderData;
  const answer: unknown = useActionData();
  const navigation = useNavigation();
  const submit = useSubmit();
  const outcomeRef = useRef<HTMLDivElement>(null);
  const resending = (answer as { resent?: boolean } | undefined)?.resent === true;
  const failure = !token
    ? 'validation:invalid_or_expired_token'
    : isFormRefusal(answer) && answer.intent !== 'resend'
      ? (answer.message?.key ?? answer.fields.token ?? 'validation:internal')
      : null;
  const done = !failure && (answer as { done?: boolean } | undefined)?.done === true;
  const checking = navigation.state === 'submitting' && navigation.formData?.get('intent') !== 'resend';

  // Once the page is live, the link is followed at once, as the reader meant by opening it.
  useEffect(() => {
    if (token && answer === undefined) void submit({ token }, { method: 'post' });
    // Sent once per page load; revalidating must not send it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  useEffect(() => {
    if ((done || failure) && !resending) outcomeRef.current?.focus();
  }, [done, failure, resending]);

  if (!token && loaderData.sent && loaderData.signedIn) {
    return (
      <Stack maw={560} mx="auto">
        <PageIntro prefix="auth:verify." noindex />
        <SignedUp data={loaderData} />
      </Stack>
    );
  }

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
      {!checking && failure && <NewLink waiting={loaderData.waiting} signedIn={loaderData.signedIn} />}
      {!checking && (done || failure) && <NextSteps redirectTo={done ? loaderData.redirectTo : null} />}
    </Stack>
  );
}
