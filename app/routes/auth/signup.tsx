/** Sign-up: the account's fields and password, checked with the API's schema, then an invitation to sign in. */
import '../../styles/mantine-all.ts';
import { Anchor, Button, Fieldset, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { safeRedirectPath } from '../../../domain/redirects.ts';
import { GENERIC_MESSAGE } from '../../../domain/schemas/common.ts';
import { signupSchema } from '../../../domain/schemas/user.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { NewPasswordFields } from '../../components/forms/password-input.tsx';
import { EMPTY_USER_VALUES, USER_FIELDS, UserFields } from '../../components/forms/user-fields.tsx';
import { PageIntro } from '../../components/page-intro.tsx';
import { apiRequest } from '../../lib/api/client.ts';
import { applyApiError, hasErrors, useZodForm } from '../../lib/zod-form.ts';
import { loginLink } from './auth-links.ts';
import forms from '../../components/forms/forms.module.css';

const SIGNUP_FIELDS = [...USER_FIELDS, 'password', 'password_confirmation'];

export default function Page() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [searchParams] = useSearchParams();
  const redirectTo = safeRedirectPath(searchParams.get('redirectTo'));
  const { form, ref, focusErrors } = useZodForm(signupSchema, {
    ...EMPTY_USER_VALUES,
    password: '',
    password_confirmation: '',
  });
  const successRef = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const [created, setCreated] = useState(false);

  useEffect(() => {
    if (created) successRef.current?.focus();
  }, [created]);

  const submit = form.onSubmit(async (values) => {
    setFailed(false);
    try {
      await apiRequest('POST', `/api/signup?lang=${lang}`, values);
      setCreated(true);
    } catch (error) {
      const message = applyApiError(form, error, {
        fields: SIGNUP_FIELDS,
        focus: focusErrors,
        codeFields: { email_taken: 'email' },
      });
      // Anything the fields do not explain gets the one sign-up failure message.
      setFailed(message !== null);
    }
  }, focusErrors);

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

  const topMessage = failed ? 'validation:signup_failed' : hasErrors(form.errors) ? GENERIC_MESSAGE : null;
  return (
    <Stack maw={720} mx="auto">
      <PageIntro prefix="auth:signup." noindex />
      <form ref={ref} onSubmit={submit} noValidate className={forms.readable} data-testid="signup-form">
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
          <Button type="submit" loading={form.submitting} style={{ alignSelf: 'flex-start' }}>
            {t('auth:signup.submit')}
          </Button>
          <Text size="sm">
            {t('auth:signup.haveAccount')}{' '}
            <Anchor component={Link} to={loginHref}>
              {t('auth:signup.loginLink')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Stack>
  );
}
