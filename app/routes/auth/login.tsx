/**
 * Sign-in. Also the page the guards send visitors to: after signing in, it goes back to the remembered path
 * (`?redirectTo=`, kept only when internal), with a full page load so that the server renders it signed in. Two
 * choices, as plain as each other: a newcomer creates an account (keeping the remembered path), anyone else signs in.
 * The form posts to this page's action, so that it works before its scripts (decision 0032).
 */
import '../../styles/mantine-all.ts';
import { Anchor, Button, Group, Paper, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, redirectDocument, useSearchParams } from 'react-router';
import { requestContext } from '#request-context';
import { localeOr } from '../../../domain/locales.ts';
import { safeRedirectPath } from '../../../domain/redirects.ts';
import type { StaffRole } from '../../../domain/roles.ts';
import { loginSchema } from '../../../domain/schemas/user.ts';
import { AuthForm, AuthPage } from '../../components/forms/auth-page.tsx';
import { PasswordField } from '../../components/forms/password-input.tsx';
import { WITHOUT_CLIENT } from '../../lib/page-client.ts';
import { useActionForm } from '../../lib/action-form.ts';
import { parseForm, readForm, serviceRefusal } from '../../lib/form-action.server.ts';
import { afterLoginPath, signupLink } from './auth-links.ts';
import type { Route } from './+types/login';

/** The form posts to the action and the server answers (decision 0032): no client needed (decision 0041). */
export const handle = WITHOUT_CLIENT;

/** Signs in, then loads the remembered page in full: the server renders it for the signed-in person. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const values = await readForm(request);
  const parsed = parseForm(loginSchema, values, ['password']);
  if ('refusal' in parsed) return parsed.refusal;
  const lang = localeOr(params.lang);
  let roles: StaffRole[];
  try {
    roles = await context.get(requestContext).actions.signIn(parsed.input, lang);
  } catch (error) {
    return serviceRefusal(error, values, { secrets: ['password'] });
  }
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get('redirectTo'));
  throw redirectDocument(afterLoginPath(lang, redirectTo, roles));
}

/** The fields' labels, which the error summary repeats. */
const LABELS = { email: 'validation:form_email', password: 'validation:form_password' };

export default function Page() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [searchParams] = useSearchParams();
  const redirectTo = safeRedirectPath(searchParams.get('redirectTo'));
  const {
    form,
    ref,
    onSubmit,
    message: top,
    submitting,
  } = useActionForm(loginSchema, {
    email: '',
    password: '',
  });

  return (
    <AuthPage prefix="auth:login.">
      <Paper withBorder p="md" data-testid="login-newcomer">
        <Title order={2} size="h4">
          {t('auth:login.noAccount')}
        </Title>
        <Text size="sm" mt={4} mb="sm">
          {t('auth:login.newcomerText')}
        </Text>
        <Button component={Link} to={signupLink(lang, redirectTo)} fullWidth>
          {t('auth:login.signupLink')}
        </Button>
      </Paper>
      <Title order={2} size="h4" mt="sm">
        {t('auth:login.memberTitle')}
      </Title>
      <AuthForm
        testId="login-form"
        formRef={ref}
        onSubmit={onSubmit}
        message={top}
        errors={form.errors}
        labels={LABELS}
      >
        <TextInput
          type="email"
          name="email"
          label={t(LABELS.email)}
          autoComplete="username"
          required
          {...form.getInputProps('email')}
        />
        <PasswordField
          name="password"
          label={t(LABELS.password)}
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Group justify="space-between" align="center" gap="sm">
          <Anchor component={Link} to={`/${lang}/login/forgot-password`} size="sm">
            {t('auth:login.forgotLink')}
          </Anchor>
          <Button type="submit" loading={submitting}>
            {t('auth:login.submit')}
          </Button>
        </Group>
      </AuthForm>
    </AuthPage>
  );
}
