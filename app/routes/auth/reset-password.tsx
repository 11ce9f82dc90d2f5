/**
 * Reset password, from the link of the forgotten-password email (`?email=…&token=…`). The server renders the
 * invalid-link state directly when either is missing; the API decides whether the token is still valid.
 */
import '../../styles/mantine-all.ts';
import { Anchor, Button, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { resetPasswordFormSchema } from '../../../domain/schemas/user.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { NewPasswordFields } from '../../components/forms/password-input.tsx';
import { PageIntro } from '../../components/page-intro.tsx';
import { ApiError, apiRequest } from '../../lib/api/client.ts';
import { applyApiError, type FormMessage, topFormMessage, useZodForm } from '../../lib/zod-form.ts';
import type { Route } from './+types/reset-password';
import forms from '../../components/forms/forms.module.css';

export function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const email = query.get('email')?.trim() ?? '';
  const token = query.get('token')?.trim() ?? '';
  return email && token ? { link: { email, token } } : { link: null };
}

type State = 'form' | 'done' | 'invalid';

export default function Page({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { link } = loaderData;
  const { form, ref, focusErrors } = useZodForm(resetPasswordFormSchema, {
    password: '',
    password_confirmation: '',
  });
  const outcomeRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>(link ? 'form' : 'invalid');
  const [message, setMessage] = useState<FormMessage | null>(null);

  useEffect(() => {
    if (state !== 'form') outcomeRef.current?.focus();
  }, [state]);

  const submit = form.onSubmit(async (values) => {
    if (!link) return;
    setMessage(null);
    try {
      const path = `/api/account/reset-password/${encodeURIComponent(link.email)}/${encodeURIComponent(link.token)}`;
      await apiRequest('POST', path, { password: values.password });
      setState('done');
    } catch (error) {
      // A used, expired or unknown token, or a link whose email or token is malformed (400 without a field of
      // this form): either way the link itself is what failed.
      const linkFailed =
        error instanceof ApiError &&
        (error.code === 'invalid_or_expired_token' ||
          (error.code === 'validation' && !('password' in error.fields)));
      if (linkFailed) setState('invalid');
      else setMessage(applyApiError(form, error, { fields: ['password'], focus: focusErrors }));
    }
  }, focusErrors);

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

  const top = topFormMessage(message, form.errors);
  return (
    <Stack maw={480} mx="auto">
      <PageIntro prefix="auth:reset." noindex />
      <form ref={ref} onSubmit={submit} noValidate className={forms.readable} data-testid="reset-form">
        <Stack gap="md">
          {top && <FormAlert kind="error">{t(top.key, top.values ?? {})}</FormAlert>}
          <NewPasswordFields form={form} label="validation:form_new_password" />
          <Button type="submit" loading={form.submitting} style={{ alignSelf: 'flex-start' }}>
            {t('auth:reset.submit')}
          </Button>
          <Anchor component={Link} to={`/${lang}/login`} size="sm">
            {t('auth:forgot.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </Stack>
  );
}
