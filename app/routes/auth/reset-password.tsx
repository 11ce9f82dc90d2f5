/**
 * Reset password, from the link of the forgotten-password email (`?email=…&token=…`). The server renders the
 * invalid-link state directly when either is missing; the service decides whether the token is still valid. The
 * form posts to this page's action, so that it works before its scripts (decision 0032).
 */
import '../../styles/mantine-all.ts';
import { Anchor, Button, Stack } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import { requestContext } from '#request-context';
import { emailField, text } from '../../../domain/schemas/common.ts';
import { resetPasswordFormSchema } from '../../../domain/schemas/user.ts';
import { z } from '../../../domain/schemas/zod.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { NewPasswordFields } from '../../components/forms/password-input.tsx';
import { PageIntro } from '../../components/page-intro.tsx';
import { useActionForm } from '../../lib/action-form.ts';
import { parseForm, readForm, serviceRefusal } from '../../lib/form-action.server.ts';
import type { Route } from './+types/reset-password';
import forms from '../../components/forms/forms.module.css';

/** The emailed link's address and token, as the API checks them in its path. */
const resetLinkSchema = z.object({ email: emailField(), token: text().min(1).max(200) });

function linkOf(request: Request) {
  const query = new URL(request.url).searchParams;
  const email = query.get('email')?.trim() ?? '';
  const token = query.get('token')?.trim() ?? '';
  return email && token ? { email, token } : null;
}

export function loader({ request }: Route.LoaderArgs) {
  return { link: linkOf(request) };
}

type Outcome = 'done' | 'invalid';

export async function action({ request, context }: Route.ActionArgs) {
  const link = resetLinkSchema.safeParse(linkOf(request) ?? {});
  if (!link.success) return { outcome: 'invalid' as Outcome };
  const values = await readForm(request);
  const parsed = parseForm(resetPasswordFormSchema, values, ['password', 'password_confirmation']);
  if ('refusal' in parsed) return parsed.refusal;
  try {
    await context.get(requestContext).actions.resetPassword(link.data, parsed.input.password);
  } catch (error) {
    // A used, expired or unknown token: the link itself is what failed.
    if ((error as { code?: unknown }).code === 'invalid_or_expired_token')
      return { outcome: 'invalid' as Outcome };
    return serviceRefusal(error, values, { secrets: ['password', 'password_confirmation'] });
  }
  return { outcome: 'done' as Outcome };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { link } = loaderData;
  const {
    form,
    ref,
    onSubmit,
    message: top,
    submitting,
    answer,
  } = useActionForm(resetPasswordFormSchema, {
    password: '',
    password_confirmation: '',
  });
  const outcomeRef = useRef<HTMLDivElement>(null);
  const state: Outcome | 'form' =
    (answer as { outcome?: Outcome } | undefined)?.outcome ?? (link ? 'form' : 'invalid');

  useEffect(() => {
    if (state !== 'form') outcomeRef.current?.focus();
  }, [state]);

  if (state === 'invalid') {
    return (
      <Stack maw={480} mx="auto">
        <PageIntro prefix="auth:reset." noindex />
        <div ref={outcomeRef} tabIndex={-1}>
          <FormAlert kind="error" title={t('auth:reset.invalidTitle')} testId="reset-invalid">
            {t('validation:invalid_or_expired_token')}
          </FormAlert>
        </div>
        <Button component={Link} to={`/${lang}/login/forgot-password`} style={{ alignSelf: 'flex-start' }}>
          {t('auth:reset.requestNew')}
        </Button>
      </Stack>
    );
  }

  if (state === 'done') {
    return (
      <Stack maw={480} mx="auto">
        <PageIntro prefix="auth:reset." noindex />
        <div ref={outcomeRef} tabIndex={-1}>
          <FormAlert kind="success" title={t('auth:reset.doneTitle')}>
            {t('validation:password_reset_done')}
          </FormAlert>
        </div>
        <Button component={Link} to={`/${lang}/login`} style={{ alignSelf: 'flex-start' }}>
          {t('auth:reset.goToLogin')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack maw={480} mx="auto">
      <PageIntro prefix="auth:reset." noindex />
      <Form
        method="post"
        ref={ref}
        onSubmit={onSubmit}
        noValidate
        className={forms.readable}
        data-testid="reset-form"
      >
        <Stack gap="md">
          {top && <FormAlert kind="error">{t(top.key, top.values ?? {})}</FormAlert>}
          <NewPasswordFields form={form} label="validation:form_new_password" />
          <Button type="submit" loading={submitting} style={{ alignSelf: 'flex-start' }}>
            {t('auth:reset.submit')}
          </Button>
          <Anchor component={Link} to={`/${lang}/login`} size="sm">
            {t('auth:forgot.backToLogin')}
          </Anchor>
        </Stack>
      </Form>
    </Stack>
  );
}
