/**
 * Forgotten password: asks for the email and always answers the same confirmation, whether or not an account
 * exists for it (no account enumeration). The email is sent in the page's language. The form posts to this
 * page's action, so that it works before its scripts (decision 0032).
 */
import '../../styles/mantine-all.ts';
import { Anchor, Button, Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requestContext } from '#request-context';
import { localeOr } from '../../../domain/locales.ts';
import { forgotPasswordSchema } from '../../../domain/schemas/user.ts';
import { AuthForm, AuthOutcome, AuthPage } from '../../components/forms/auth-page.tsx';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { useActionForm } from '../../lib/action-form.ts';
import { parseForm, readForm, serviceRefusal } from '../../lib/form-action.server.ts';
import type { Route } from './+types/forgot-password';

export async function action({ request, params, context }: Route.ActionArgs) {
  const values = { ...(await readForm(request)), lang: localeOr(params.lang) };
  const parsed = parseForm(forgotPasswordSchema, values);
  if ('refusal' in parsed) return parsed.refusal;
  try {
    await context.get(requestContext).actions.forgotPassword(parsed.input);
  } catch (error) {
    return serviceRefusal(error, values);
  }
  return { sent: true };
}

export default function Page() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const {
    form,
    ref,
    onSubmit,
    message: top,
    submitting,
    answer,
  } = useActionForm(forgotPasswordSchema, {
    email: '',
    lang,
  });
  const sent = (answer as { sent?: boolean } | undefined)?.sent === true;

  const backToLogin = (
    <Anchor component={Link} to={`/${lang}/login`} size="sm">
      {t('auth:forgot.backToLogin')}
    </Anchor>
  );

  if (sent) {
    return (
      <AuthPage prefix="auth:forgot.">
        <AuthOutcome>
          <FormAlert kind="success" title={t('auth:forgot.sentTitle')}>
            {t('validation:reset_link_sent')}
          </FormAlert>
        </AuthOutcome>
        {backToLogin}
      </AuthPage>
    );
  }

  return (
    <AuthPage prefix="auth:forgot.">
      <AuthForm
        testId="forgot-form"
        formRef={ref}
        onSubmit={onSubmit}
        message={top}
        errors={form.errors}
        labels={{ email: 'validation:form_email' }}
      >
        <TextInput
          type="email"
          name="email"
          label={t('validation:form_email')}
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <Group justify="space-between" align="center" gap="sm">
          {backToLogin}
          <Button type="submit" loading={submitting}>
            {t('auth:forgot.submit')}
          </Button>
        </Group>
      </AuthForm>
    </AuthPage>
  );
}
