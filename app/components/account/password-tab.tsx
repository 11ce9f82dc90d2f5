/**
 * Account page, password: the current password and the new one twice, posted to the account page's action
 * (intent `password`, decision 0032), which changes it as PUT /api/me/password does. The server ends the account's
 * other sessions, so the page says so.
 */
import { Button, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { changePasswordSchema } from '../../../domain/schemas/user.ts';
import { useActionForm } from '../../lib/action-form.ts';
import { FormAlert } from '../forms/form-alert.tsx';
import { ErrorSummary } from '../forms/error-summary.tsx';
import { NewPasswordFields, PasswordField, newPasswordLabels } from '../forms/password-input.tsx';
import forms from '../forms/forms.module.css';

const LABELS = {
  current_password: 'validation:form_current_password',
  ...newPasswordLabels('validation:form_new_password'),
};

const EMPTY = { current_password: '', password: '', password_confirmation: '' };

export function PasswordTab() {
  const { t } = useTranslation();
  const {
    form,
    ref,
    onSubmit,
    message: top,
    submitting,
    answer,
  } = useActionForm(changePasswordSchema, EMPTY, {
    intent: 'password',
  });
  const changed = (answer as { changed?: boolean } | undefined)?.changed === true;

  useEffect(() => {
    if (changed) form.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  return (
    <Form
      method="post"
      ref={ref}
      onSubmit={onSubmit}
      noValidate
      className={forms.readable}
      data-testid="password-form"
    >
      <input type="hidden" name="intent" value="password" />
      <Stack gap="md" maw={480}>
        <ErrorSummary errors={form.errors} message={top} labels={LABELS} scope="password" />
        {changed && <FormAlert kind="success">{t('validation:password_changed')}</FormAlert>}
        <Text size="sm" c="gray.7">
          {t('account:password.intro')}
        </Text>
        <PasswordField
          name="current_password"
          label={t(LABELS.current_password)}
          autoComplete="current-password"
          required
          {...form.getInputProps('current_password')}
        />
        <NewPasswordFields form={form} label={LABELS.password} />
        <Button type="submit" loading={submitting} style={{ alignSelf: 'flex-start' }}>
          {t('account:password.submit')}
        </Button>
      </Stack>
    </Form>
  );
}
