/**
 * Account page, personal information: the account's fields, saved with PUT /api/me. A new email address asks
 * for the current password; the address changes only once the link mailed to it is followed (the page's
 * verification note then says what waits).
 */
import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { profileUpdateSchema } from '../../../domain/schemas/user.ts';
import { useRevalidator } from 'react-router';
import { apiRequest } from '../../lib/api/client.ts';
import { applyApiError, type FormMessage, topFormMessage, useZodForm } from '../../lib/zod-form.ts';
import { FormAlert } from '../forms/form-alert.tsx';
import { PasswordField } from '../forms/password-input.tsx';
import { USER_FIELDS, UserFields, type UserFormValues, userFormValues } from '../forms/user-fields.tsx';
import forms from '../forms/forms.module.css';

export function ProfileTab({ profile }: { profile: UserFormValues }) {
  const { t, i18n } = useTranslation();
  const { form, ref, focusErrors } = useZodForm(profileUpdateSchema, { ...profile, current_password: '' });
  const changesEmail = form.values.email.trim().toLowerCase() !== profile.email;
  const [message, setMessage] = useState<FormMessage | null>(null);
  const [saved, setSaved] = useState(false);
  const revalidator = useRevalidator();

  const submit = form.onSubmit(
    async (values) => {
      setMessage(null);
      setSaved(false);
      try {
        const { current_password: currentPassword, ...fields } = values;
        const body = changesEmail ? { ...fields, current_password: currentPassword } : fields;
        const user = await apiRequest<Record<string, string>>('PUT', `/api/me?lang=${i18n.language}`, body);
        // The server normalises some fields (the phone number in international form): show what it stored.
        const stored = { ...userFormValues(user), current_password: '' };
        form.setValues(stored);
        form.resetDirty(stored);
        setSaved(true);
        // The header shows the user's name: ask the root loader again.
        revalidator.revalidate();
      } catch (error) {
        setMessage(
          applyApiError(form, error, {
            fields: [...USER_FIELDS, 'current_password'],
            focus: focusErrors,
            codeFields: { email_taken: 'email', wrong_current_password: 'current_password' },
          }),
        );
      }
    },
    (errors) => {
      setSaved(false);
      focusErrors(errors);
    },
  );

  const top = topFormMessage(message, form.errors);
  return (
    <form ref={ref} onSubmit={submit} noValidate className={forms.readable} data-testid="profile-form">
      <Stack gap="lg">
        {top && <FormAlert kind="error">{t(top.key, top.values ?? {})}</FormAlert>}
        {saved && <FormAlert kind="success">{t('validation:information_updated')}</FormAlert>}
        <Text size="sm" c="gray.7">
          {t('validation:form_required_note')}
        </Text>
        <UserFields form={form} />
        {changesEmail && (
          <PasswordField
            label={t('account:profile.currentPassword')}
            description={t('account:profile.currentPasswordHelp')}
            autoComplete="current-password"
            required
            {...form.getInputProps('current_password')}
          />
        )}
        <Button type="submit" loading={form.submitting} style={{ alignSelf: 'flex-start' }}>
          {t('account:profile.submit')}
        </Button>
      </Stack>
    </form>
  );
}
