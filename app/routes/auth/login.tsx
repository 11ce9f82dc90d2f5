/**
 * Sign-in. Also the page the guards send visitors to: after signing in, it goes back to the remembered path
 * (`?redirectTo=`, kept only when internal), with a full page load so that the server renders it signed in. Two
 * choices, as plain as each other: a newcomer creates an account (keeping the remembered path), anyone else signs in.
 * The form posts to this page's action, so that it works before its scripts (decision 0032).
 */
import '../../styles/mantine-all.ts';
import { Anchor, Button, Group, Paper, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, redirectDocument, useActionData, useSearchParams } from 'react-router';
import { requestContext } from '#request-context';
import { localeOr } from '../../../domain/locales.ts';
import { safeRedirectPath } from '../../../domain/redirects.ts';
import type { SignInOutcome } from '../../../contracts/action-services.ts';
import { ERROR_MESSAGE_KEYS } from '../../../domain/errors.ts';
import { loginSchema } from '../../../domain/schemas/user.ts';
import { parseCredentialJson } from '../../../domain/passkeys.ts';
import { passkeySignInSchema } from '../../../domain/schemas/passkey.ts';
import { secondFactorSignInSchema } from '../../../domain/second-factor.ts';
import { AuthForm, AuthPage } from '../../components/forms/auth-page.tsx';
import { PasswordField } from '../../components/forms/password-input.tsx';
import { CODE_LABEL, SecondFactorCodeField } from '../../components/forms/second-factor-code.tsx';
import { PASSKEY_FIELD } from '../../components/passkeys/passkey-config.ts';
import { PasskeyForm } from '../../components/passkeys/passkey-form.tsx';
import { WITHOUT_CLIENT } from '../../lib/page-client.ts';
import { useActionForm } from '../../lib/action-form.ts';
import { messageRefusal, parseForm, readForm, serviceRefusal } from '../../lib/form-action.server.ts';
import { afterLoginPath, signupLink } from './auth-links.ts';
import type { Route } from './+types/login';

/** The form posts to the action and the server answers (decision 0032): no client needed (decision 0041). */
export const handle = WITHOUT_CLIENT;

/** Signs in, then loads the remembered page in full: the server renders it for the signed-in person. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const values = await readForm(request);
  const lang = localeOr(params.lang);
  const { actions } = context.get(requestContext);
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get('redirectTo'));
  if (values.intent === PASSKEY_INTENT) {
    const parsed = passkeySignInSchema.safeParse({
      response: parseCredentialJson(values[PASSKEY_FIELD]),
      ticket: values.ticket || undefined,
    });
    if (!parsed.success) return messageRefusal(ERROR_MESSAGE_KEYS.passkey_invalid, values, [PASSKEY_FIELD]);
    try {
      const roles = await actions.signInWithPasskey(parsed.data, lang);
      throw redirectDocument(afterLoginPath(lang, redirectTo, roles));
    } catch (error) {
      if (error instanceof Response) throw error;
      return serviceRefusal(error, values, { secrets: [PASSKEY_FIELD] });
    }
  }
  if (values.intent === CODE_INTENT) {
    const parsed = parseForm(secondFactorSignInSchema, values);
    if ('refusal' in parsed) return parsed.refusal;
    try {
      const roles = await actions.completeSignIn(parsed.input, lang);
      throw redirectDocument(afterLoginPath(lang, redirectTo, roles));
    } catch (error) {
      if (error instanceof Response) throw error;
      return serviceRefusal(error, values, { secrets: ['code'] });
    }
  }
  const parsed = parseForm(loginSchema, values, ['password']);
  if ('refusal' in parsed) return parsed.refusal;
  let outcome: SignInOutcome;
  try {
    outcome = await actions.signIn(parsed.input, lang);
  } catch (error) {
    return serviceRefusal(error, values, { secrets: ['password'] });
  }
  // The password passed and the account has a second factor: the same page asks for a code.
  if ('ticket' in outcome) return { intent: CODE_INTENT, ticket: outcome.ticket };
  throw redirectDocument(afterLoginPath(lang, redirectTo, outcome.roles));
}

const CODE_INTENT = 'code';
const PASSKEY_INTENT = 'passkey';

/** The ticket of a sign-in waiting for its code: handed by the password step, kept by a refused code. */
function pendingTicket(answer: unknown): string | null {
  const data = answer as {
    intent?: string;
    ticket?: string;
    code?: string;
    values?: { ticket?: string };
  } | null;
  if (data?.intent !== CODE_INTENT && data?.intent !== PASSKEY_INTENT) return null;
  if (typeof data.ticket === 'string') return data.ticket;
  // A refused code keeps its ticket, unless the ticket itself is spent: then the password is asked again.
  const expired = (data as { message?: { key?: string } }).message?.key === ERROR_MESSAGE_KEYS.ticket_expired;
  return !expired && typeof data.values?.ticket === 'string' ? data.values.ticket : null;
}

/** The fields' labels, which the error summary repeats. */
const LABELS = { email: 'validation:form_email', password: 'validation:form_password' };

export default function Page() {
  const ticket = pendingTicket(useActionData());
  return ticket ? <SecondFactorStep ticket={ticket} /> : <PasswordStep />;
}

const CODE_LABELS = { code: CODE_LABEL };

/** The second step: a code of the authenticator app, or a recovery code, for the ticket the password gave. */
function SecondFactorStep({ ticket }: { ticket: string }) {
  const { t, i18n } = useTranslation();
  const { form, ref, onSubmit, message, submitting } = useActionForm(
    secondFactorSignInSchema,
    { ticket, code: '' },
    { intent: CODE_INTENT },
  );
  return (
    <AuthPage prefix="auth:secondFactor.">
      <AuthForm
        testId="second-factor-form"
        formRef={ref}
        onSubmit={onSubmit}
        message={message}
        errors={form.errors}
        labels={CODE_LABELS}
      >
        <input type="hidden" name="intent" value={CODE_INTENT} />
        <input type="hidden" name="ticket" value={ticket} />
        <SecondFactorCodeField data-autofocus {...form.getInputProps('code')} />
        <Group justify="space-between" align="center" gap="sm">
          <Anchor component={Link} to={`/${i18n.language}/login`} size="sm" reloadDocument>
            {t('auth:secondFactor.startAgain')}
          </Anchor>
          <Button type="submit" loading={submitting}>
            {t('auth:secondFactor.submit')}
          </Button>
        </Group>
      </AuthForm>
      <PasskeyForm
        ceremony="authenticate"
        optionsUrl="/api/login/passkey/options"
        body={{ ticket }}
        intent={PASSKEY_INTENT}
        label={t('auth:passkey.useInstead')}
        testId="passkey-second-step"
      >
        <input type="hidden" name="ticket" value={ticket} />
      </PasskeyForm>
    </AuthPage>
  );
}

/** The first step: the email address and the password, or a new account. */
function PasswordStep() {
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
  // A passkey's refusal shows in the passkey's form only.
  const passkeyAnswer = (useActionData() as { intent?: string } | undefined)?.intent === PASSKEY_INTENT;

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
        message={passkeyAnswer ? null : top}
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
      <PasskeyForm
        ceremony="authenticate"
        optionsUrl="/api/login/passkey/options"
        intent={PASSKEY_INTENT}
        label={t('auth:passkey.signIn')}
        testId="passkey-sign-in"
      >
        <Text size="sm" c="dimmed">
          {t('auth:passkey.signInText')}
        </Text>
      </PasskeyForm>
    </AuthPage>
  );
}
