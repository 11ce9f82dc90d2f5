/** Account page, personal information: the account's fields, saved with PUT /api/me. */
import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { profileUpdateSchema } from '../../../domain/schemas/user.ts';
import { useRevalidator } from 'react-router';
import { apiRequest } from '../../lib/api-client.ts';
import { applyApiError, type FormMessage, topFormMessage, useZodForm } from '../../lib/zod-form.ts';
import { FormAlert } from '../forms/form-alert.tsx';
import { USER_FIELDS, UserFields, type UserFormValues, userFormValues } from '../forms/user-fields.tsx';
import forms from '../forms/forms.module.css';

export function ProfileTab({ profile }: { profile: UserFormValues }) {
  const { t } = useTranslation();
  const { form, ref, focusErrors } = useZodForm(profileUpdateSchema, profile);
  const [message, setMessage] = useState<FormMessage | null>(null);
  const [saved, setSaved] = useState(false);
  const revalidator = useRevalidator();

  const submit = form.onSubmit(
    async (values) => {
      setMessage(null);
      setSaved(false);
      try {
        const user = await apiRequest<Record<string, string>>('PUT', '/api/me', values);
        // The server normalises some fields (the phone number in international form): show what it stored.
        const stored = userFormValues(user);
        form.setValues(stored);
        form.resetDirty(stored);
        setSaved(true);
        // The header shows the user's name: ask the root loader again.
        revalidator.revalidate();
      } catch (error) {
        setMessage(
          applyApiError(form, error, {
            fields: USER_FIELDS,
            focus: focusErrors,
            codeFields: { email_taken: 'email' },
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
        <Button type="submit" loading={form.submitting} style={{ alignSelf: 'flex-start' }}>
          {t('account:profile.submit')}
        </Button>
      </Stack>
    </form>
  );
}
