/**
 * Account page, password: the current password and the new one twice (PUT /api/me/password). The server ends
 * the account's other sessions, so the page says so.
 */
import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changePasswordSchema } from '../../../domain/schemas/user.ts';
import { apiRequest } from '../../lib/api/client.ts';
import { applyApiError, type FormMessage, topFormMessage, useZodForm } from '../../lib/zod-form.ts';
import { FormAlert } from '../forms/form-alert.tsx';
import { NewPasswordFields, PasswordField } from '../forms/password-input.tsx';
import forms from '../forms/forms.module.css';

const EMPTY = { current_password: '', password: '', password_confirmation: '' };

export function PasswordTab() {
  const { t } = useTranslation();
  const { form, ref, focusErrors } = useZodForm(changePasswordSchema, EMPTY);
  const [message, setMessage] = useState<FormMessage | null>(null);
  const [changed, setChanged] = useState(false);

  const submit = form.onSubmit(
    async (values) => {
      setMessage(null);
      setChanged(false);
      try {
        await apiRequest('PUT', '/api/me/password', values);
        form.reset();
        setChanged(true);
      } catch (error) {
        setMessage(applyApiError(form, error, { fields: Object.keys(EMPTY), focus: focusErrors }));
      }
    },
    (errors) => {
      setChanged(false);
      focusErrors(errors);
    },
  );

  const top = topFormMessage(message, form.errors);
  return (
    <form ref={ref} onSubmit={submit} noValidate className={forms.readable} data-testid="password-form">
      <Stack gap="md" maw={480}>
        {top && <FormAlert kind="error">{t(top.key, top.values ?? {})}</FormAlert>}
        {changed && <FormAlert kind="success">{t('validation:password_changed')}</FormAlert>}
        <Text size="sm" c="gray.7">
          {t('account:password.intro')}
        </Text>
        <PasswordField
          label={t('validation:form_current_password')}
          autoComplete="current-password"
          required
          {...form.getInputProps('current_password')}
        />
        <NewPasswordFields form={form} label="validation:form_new_password" />
        <Button type="submit" loading={form.submitting} style={{ alignSelf: 'flex-start' }}>
          {t('account:password.submit')}
        </Button>
      </Stack>
    </form>
  );
}
