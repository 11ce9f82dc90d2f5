/**
 * Sign-up: the account's fields and password, checked with the API's schema, then an invitation to sign in. The
 * form posts to this page's action, so that it works before its scripts (decision 0032).
 */
import '../../styles/mantine-all.ts';
import { Anchor, Button, Fieldset, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useSearchParams } from 'react-router';
import { requestContext } from '#request-context';
import { localeOr } from '../../../domain/locales.ts';
import { safeRedirectPath } from '../../../domain/redirects.ts';
import { signupSchema } from '../../../domain/schemas/user.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { NewPasswordFields } from '../../components/forms/password-input.tsx';
import { EMPTY_USER_VALUES, UserFields } from '../../components/forms/user-fields.tsx';
import { PageIntro } from '../../components/page-intro.tsx';
import { WITHOUT_CLIENT } from '../../lib/page-client.ts';
import { useActionForm } from '../../lib/action-form.ts';
import { parseForm, readForm, serviceRefusal } from '../../lib/form-action.server.ts';
import { loginLink } from './auth-links.ts';
import forms from '../../components/forms/forms.module.css';
import type { Route } from './+types/signup';

/** The form posts to the action and the server answers (decision 0032): no client needed (decision 0041). */
export const handle = WITHOUT_CLIENT;

const SECRETS = ['password', 'password_confirmation'];

export async function action({ request, params, context }: Route.ActionArgs) {
  const values = await readForm(request);
  const parsed = parseForm(signupSchema, values, SECRETS);
  if ('refusal' in parsed) return parsed.refusal;
  try {
    await context.get(requestContext).actions.signUp(parsed.input, localeOr(params.lang));
  } catch (error) {
    return serviceRefusal(error, values, { secrets: SECRETS, codeFields: { email_taken: 'email' } });
  }
  return { created: true };
}

export default function Page() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [searchParams] = useSearchParams();
  const redirectTo = safeRedirectPath(searchParams.get('redirectTo'));
  const { form, ref, onSubmit, message, submitting, answer } = useActionForm(signupSchema, {
    ...EMPTY_USER_VALUES,
    password: '',
    password_confirmation: '',
  });
  const successRef = useRef<HTMLDivElement>(null);
  const created = (answer as { created?: boolean } | undefined)?.created === true;

  useEffect(() => {
    if (created) successRef.current?.focus();
  }, [created]);

  const loginHref = loginLink(lang, redirectTo);

  if (created) {
    return (
      <Stack maw={720} mx="auto">
        <PageIntro prefix="auth:signup." noindex />
        <div ref={successRef} tabIndex={-1}>
          <FormAlert kind="success" title={t('auth:signup.successTitle')}>
            {t('validation:signup_success')}
          </FormAlert>
        </div>
        <Button component={Link} to={loginHref} style={{ alignSelf: 'flex-start' }}>
          {t('auth:signup.goToLogin')}
        </Button>
      </Stack>
    );
  }

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
          {topMessage && <FormAlert kind="error">{t(topMessage)}</FormAlert>}
          <Text size="sm" c="gray.7">
            {t('validation:form_required_note')}
          </Text>
          <UserFields form={form} />
          <Fieldset legend={t('auth:signup.passwordSection')}>
            <Stack gap="md">
              <NewPasswordFields form={form} label="validation:form_password" />
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
