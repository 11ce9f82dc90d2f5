/**
 * Sign-up: the account's fields and password, checked with the API's schema. The new account is signed in at once
 * and the page that says its confirmation link is on its way is loaded in full (signed in), offering to go back to
 * the remembered path (`?redirectTo=`, kept only when internal; the link carries it too). The form posts to this
 * page's action, so that it works before its scripts (decision 0032).
 */
import '../../styles/mantine-all.ts';
import { Anchor, Button, Fieldset, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Form, Link, redirectDocument, useSearchParams } from 'react-router';
import { requestContext } from '#request-context';
import { localeOr } from '../../../domain/locales.ts';
import { safeRedirectPath } from '../../../domain/redirects.ts';
import { signupSchema } from '../../../domain/schemas/user.ts';
import { ErrorSummary } from '../../components/forms/error-summary.tsx';
import { NewPasswordFields, newPasswordLabels } from '../../components/forms/password-input.tsx';
import { EMPTY_USER_VALUES, USER_FIELD_LABELS, UserFields } from '../../components/forms/user-fields.tsx';
import { PageIntro } from '../../components/page-intro.tsx';
import { WITHOUT_CLIENT } from '../../lib/page-client.ts';
import { useActionForm } from '../../lib/action-form.ts';
import { parseForm, readForm, serviceRefusal } from '../../lib/form-action.server.ts';
import { afterSignupPath, loginLink } from './auth-links.ts';
import forms from '../../components/forms/forms.module.css';
import type { Route } from './+types/signup';

/** The form posts to the action and the server answers (decision 0032): no client needed (decision 0041). */
export const handle = WITHOUT_CLIENT;

const SECRETS = ['password', 'password_confirmation'];

/** The fields' labels, which the error summary repeats. */
const LABELS = { ...USER_FIELD_LABELS, ...newPasswordLabels('validation:form_password') };

export async function action({ request, params, context }: Route.ActionArgs) {
  const values = await readForm(request);
  const parsed = parseForm(signupSchema, values, SECRETS);
  if ('refusal' in parsed) return parsed.refusal;
  const lang = localeOr(params.lang);
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get('redirectTo'));
  try {
    await context.get(requestContext).actions.signUp(parsed.input, lang, redirectTo);
  } catch (error) {
    return serviceRefusal(error, values, { secrets: SECRETS, codeFields: { email_taken: 'email' } });
  }
  throw redirectDocument(afterSignupPath(lang, redirectTo));
}

export default function Page() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [searchParams] = useSearchParams();
  const redirectTo = safeRedirectPath(searchParams.get('redirectTo'));
  const { form, ref, onSubmit, message, submitting } = useActionForm(signupSchema, {
    ...EMPTY_USER_VALUES,
    password: '',
    password_confirmation: '',
  });
  const loginHref = loginLink(lang, redirectTo);

  // Anything the fields do not explain gets the one sign-up failure message.
  const topMessage =
    message?.key === 'validation:generic' ? message.key : message ? 'validation:signup_failed' : null;
  return (
    <Stack maw={720} mx="auto">
      <PageIntro prefix="auth:signup." noindex />
      <Form
        method="post"
        ref={ref}
        onSubmit={onSubmit}
        noValidate
        className={forms.readable}
        data-testid="signup-form"
      >
        <Stack gap="lg">
          <ErrorSummary
            errors={form.errors}
            message={topMessage ? { key: topMessage } : null}
            labels={LABELS}
          />
          <Text size="sm" c="gray.7">
            {t('validation:form_required_note')}
          </Text>
          <UserFields form={form} />
          <Fieldset legend={t('auth:signup.passwordSection')}>
            <Stack gap="md">
              <NewPasswordFields form={form} label={LABELS.password} />
            </Stack>
          </Fieldset>
          <Button type="submit" loading={submitting} style={{ alignSelf: 'flex-start' }}>
            {t('auth:signup.submit')}
          </Button>
          <Text size="sm">
            {t('auth:signup.haveAccount')}{' '}
            <Anchor component={Link} to={loginHref}>
              {t('auth:signup.loginLink')}
            </Anchor>
          </Text>
        </Stack>
      </Form>
    </Stack>
  );
}
