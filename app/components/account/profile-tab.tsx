/**
 * Account page, personal information: the account's fields, posted to the account page's action (intent
 * `profile`, decision 0032), which saves them as PUT /api/me does. A new email address asks for the current
 * password; the address changes only once the link mailed to it is followed (the page's verification note then
 * says what waits).
 */
import { Button, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { profileUpdateSchema } from '../../../domain/schemas/user.ts';
import { useActionForm } from '../../lib/action-form.ts';
import { FormAlert } from '../forms/form-alert.tsx';
import { PasswordField } from '../forms/password-input.tsx';
import { USER_FIELD_LABELS, UserFields, type UserFormValues } from '../forms/user-fields.tsx';
import { ErrorSummary } from '../forms/error-summary.tsx';
import forms from '../forms/forms.module.css';

const LABELS = { ...USER_FIELD_LABELS, current_password: 'account:profile.currentPassword' };

export function ProfileTab({ profile }: { profile: UserFormValues }) {
  const { t } = useTranslation();
  const {
    form,
    ref,
    onSubmit,
    message: top,
    submitting,
    answer,
  } = useActionForm(profileUpdateSchema, { ...profile, current_password: '' }, { intent: 'profile' });
  const changesEmail = form.values.email.trim().toLowerCase() !== profile.email;
  const saved = (answer as { saved?: boolean } | undefined)?.saved === true;

  // Saved: the page's loader reads the account again; the server normalises some fields (the phone number in
  // international form), so the form shows what it stored.
  useEffect(() => {
    if (!saved) return;
    const stored = { ...profile, current_password: '' };
    form.setValues(stored);
    form.resetDirty(stored);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [profile, saved]);

  return (
    <Form
      method="post"
      ref={ref}
      onSubmit={onSubmit}
      noValidate
      className={forms.readable}
      data-testid="profile-form"
    >
      <input type="hidden" name="intent" value="profile" />
      <Stack gap="lg">
        <ErrorSummary errors={form.errors} message={top} labels={LABELS} scope="profile" />
        {saved && <FormAlert kind="success">{t('validation:information_updated')}</FormAlert>}
        <Text size="sm" c="gray.7">
          {t('validation:form_required_note')}
        </Text>
        <UserFields form={form} />
        {changesEmail && (
          <PasswordField
            name="current_password"
            label={t(LABELS.current_password)}
            description={t('account:profile.currentPasswordHelp')}
            autoComplete="current-password"
            required
            {...form.getInputProps('current_password')}
          />
        )}
        <Button type="submit" loading={submitting} style={{ alignSelf: 'flex-start' }}>
          {t('account:profile.submit')}
        </Button>
      </Stack>
    </Form>
  );
}
