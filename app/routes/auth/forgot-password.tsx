/**
 * Forgotten password: asks for the email and always answers the same confirmation, whether or not an account
 * exists for it (no account enumeration). The email is sent in the page's language.
 */
import '../../styles/mantine-all.ts';
import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { forgotPasswordSchema } from '../../../domain/schemas/user.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { PageIntro } from '../../components/page-intro.tsx';
import { apiRequest } from '../../lib/api/client.ts';
import { applyApiError, type FormMessage, topFormMessage, useZodForm } from '../../lib/zod-form.ts';
import forms from '../../components/forms/forms.module.css';

export default function Page() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { form, ref, focusErrors } = useZodForm(forgotPasswordSchema, { email: '', lang });
  const sentRef = useRef<HTMLDivElement>(null);
  const [message, setMessage] = useState<FormMessage | null>(null);
  const [sent, setSent] = useState(false);

  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  const submit = form.onSubmit(async (values) => {
    setMessage(null);
    try {
      await apiRequest('POST', '/api/account/forgot-password', { email: values.email, lang });
      setSent(true);
    } catch (error) {
      setMessage(applyApiError(form, error, { fields: ['email'], focus: focusErrors }));
    }
  }, focusErrors);

  const backToLogin = (
    <Anchor component={Link} to={`/${lang}/login`} size="sm">
      {t('auth:forgot.backToLogin')}
    </Anchor>
  );

  if (sent) {
    return (
      <Stack maw={480} mx="auto">
        <PageIntro prefix="auth:forgot." noindex />
        <div ref={sentRef} tabIndex={-1}>
          <FormAlert kind="success" title={t('auth:forgot.sentTitle')}>
            {t('validation:reset_link_sent')}
          </FormAlert>
        </div>
        {backToLogin}
      </Stack>
    );
  }

  const top = topFormMessage(message, form.errors);
  return (
    <Stack maw={480} mx="auto">
      <PageIntro prefix="auth:forgot." noindex />
      <form ref={ref} onSubmit={submit} noValidate className={forms.readable} data-testid="forgot-form">
        <Stack gap="md">
          {top && <FormAlert kind="error">{t(top.key, top.values ?? {})}</FormAlert>}
          <TextInput
            type="email"
            label={t('validation:form_email')}
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <Group justify="space-between" align="center" gap="sm">
            {backToLogin}
            <Button type="submit" loading={form.submitting}>
              {t('auth:forgot.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
