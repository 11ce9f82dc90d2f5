/**
 * Sign-in. Also the page the guards send visitors to: after signing in, it goes back to the remembered path
 * (`?redirectTo=`, kept only when internal), with a full page load so that the server renders it signed in.
 */
import '../../styles/mantine-all.ts';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { safeRedirectPath } from '../../../domain/redirects.ts';
import { loginSchema } from '../../../domain/schemas/user.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { PasswordField } from '../../components/forms/password-input.tsx';
import { PageIntro } from '../../components/page-intro.tsx';
import { apiRequest } from '../../lib/api/client.ts';
import { applyApiError, type FormMessage, topFormMessage, useZodForm } from '../../lib/zod-form.ts';
import { afterLoginPath, signupLink } from './auth-links.ts';
import forms from '../../components/forms/forms.module.css';

export default function Page() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [searchParams] = useSearchParams();
  const redirectTo = safeRedirectPath(searchParams.get('redirectTo'));
  const { form, ref, focusErrors } = useZodForm(loginSchema, { email: '', password: '' });
  const [message, setMessage] = useState<FormMessage | null>(null);
  const [leaving, setLeaving] = useState(false);

  const submit = form.onSubmit(async (values) => {
    setMessage(null);
    try {
      await apiRequest('POST', `/api/login?lang=${lang}`, values);
      setLeaving(true);
      window.location.assign(afterLoginPath(lang, redirectTo));
    } catch (error) {
      setMessage(applyApiError(form, error, { fields: ['email', 'password'], focus: focusErrors }));
    }
  }, focusErrors);

  const top = topFormMessage(message, form.errors);
  return (
    <Stack maw={480} mx="auto">
      <PageIntro prefix="auth:login." noindex />
      <form ref={ref} onSubmit={submit} noValidate className={forms.readable} data-testid="login-form">
        <Stack gap="md">
          {top && <FormAlert kind="error">{t(top.key, top.values ?? {})}</FormAlert>}
          <TextInput
            type="email"
            label={t('validation:form_email')}
            autoComplete="username"
            required
            {...form.getInputProps('email')}
          />
          <PasswordField
            label={t('validation:form_password')}
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Group justify="space-between" align="center" gap="sm">
            <Anchor component={Link} to={`/${lang}/login/forgot-password`} size="sm">
              {t('auth:login.forgotLink')}
            </Anchor>
            <Button type="submit" loading={form.submitting || leaving}>
              {t('auth:login.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      <Text size="sm" mt="md">
        {t('auth:login.noAccount')}{' '}
        <Anchor component={Link} to={signupLink(lang, redirectTo)}>
          {t('auth:login.signupLink')}
        </Anchor>
      </Text>
    </Stack>
  );
}
