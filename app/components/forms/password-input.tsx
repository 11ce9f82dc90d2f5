/** A password field whose show/hide button is reachable with the keyboard and named in the page's language. */
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': t('validation:form_show_password') }}
      {...props}
    />
  );
}

/**
 * A new password and its confirmation (sign-up, password change, reset), with the rules as a hint. `label`
 * names the first field ('validation:form_password' or 'validation:form_new_password').
 */
export function NewPasswordFields({
  form,
  label,
}: {
  form: { getInputProps: (path: 'password' | 'password_confirmation') => GetInputPropsReturnType };
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        name="password"
        label={t(label)}
        description={t('validation:form_password_hint')}
        autoComplete="new-password"
        required
        {...form.getInputProps('password')}
      />
      <PasswordField
        name="password_confirmation"
        label={t('validation:form_password_confirmation')}
        autoComplete="new-password"
        required
        {...form.getInputProps('password_confirmation')}
      />
    </>
  );
}
