/**
 * A password field whose show/hide button is reachable with the keyboard and named in the page's language. On a
 * page without the client (the sign-in pages) the page's starter shows and hides the password
 * (app/lib/page-without-client.server.ts): the button carries `data-reveals-password`, and its icon follows the
 * button's `aria-pressed` by CSS, so that it is right whoever turned it.
 */
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import classes from './password-input.module.css';

const STROKE = {
  fill: 'none',
  stroke: 'currentColor',
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  strokeWidth: 16,
} as const;

/** Mantine's own eye and crossed eye, both drawn: CSS shows the one that matches the button's state. */
function RevealIcon() {
  return (
    <svg viewBox="0 0 256 256" className={classes.icon} aria-hidden>
      <g className={classes.eye}>
        <path {...STROKE} d="M128 56c-80 0-112 72-112 72s32 72 112 72 112-72 112-72-32-72-112-72z" />
        <circle {...STROKE} cx="128" cy="128" r="40" />
      </g>
      <g className={classes.crossedEye}>
        <path
          {...STROKE}
          d="M48 40l160 176M154.91 157.6a40 40 0 01-53.82-59.2M135.53 88.71a40 40 0 0132.3 35.53"
        />
        <path
          {...STROKE}
          d="M208.61 169.1C230.41 149.58 240 128 240 128s-32-72-112-72a126 126 0 00-20.68 1.68M74 68.6C33.23 89.24 16 128 16 128s32 72 112 72a118.05 118.05 0 0054-12.6"
        />
      </g>
    </svg>
  );
}

export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      visibilityToggleFocusable
      visibilityToggleIcon={RevealIcon}
      visibilityToggleButtonProps={{
        'aria-label': t('validation:form_show_password'),
        'data-reveals-password': '',
      }}
      {...props}
    />
  );
}

/** The label keys of a new password's two fields, which the fields and an error summary show. */
export function newPasswordLabels(label: string): Record<'password' | 'password_confirmation', string> {
  return { password: label, password_confirmation: 'validation:form_password_confirmation' };
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
  const labels = newPasswordLabels(label);
  return (
    <>
      <PasswordField
        name="password"
        label={t(labels.password)}
        description={t('validation:form_password_hint')}
        autoComplete="new-password"
        required
        {...form.getInputProps('password')}
      />
      <PasswordField
        name="password_confirmation"
        label={t(labels.password_confirmation)}
        autoComplete="new-password"
        required
        {...form.getInputProps('password_confirmation')}
      />
    </>
  );
}
