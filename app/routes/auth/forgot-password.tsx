/**
 * Forgotten password: asks for the email and always answers the same confirmation, whether or not an account
 * exists for it (no account enumeration). The email is sent in the page's language. The form posts to this
 * page's action, so that it works before its scripts (decision 0032).
 */
import '../../styles/mantine-all.ts';
import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import { requestContext } from '#request-context';
import { localeOr } from '../../../domain/locales.ts';
import { forgotPasswordSchema } from '../../../domain/schemas/user.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { PageIntro } from '../../components/page-intro.tsx';
import { useActionForm } from '../../lib/action-form.ts';
import { parseForm, readForm, serviceRefusal } from '../../lib/form-action.server.ts';
import forms from '../../components/forms/forms.module.css';
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
  const sentRef = useRef<HTMLDivElement>(null);
  const sent = (answer as { sent?: boolean } | undefined)?.sent === true;

  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  const backToLogin = (
    <Anchor component={Link} to={`/${lang}/login`} size="sm">
      {t('auth:forgot.backToLogin')}
    </Anchor>
  );

  if (sent) {
    return (
      <Stack maw={480} mx="auto">
        <PageIntro prefix="auth:forgot." noindex />
        <div ref={sentRef} tabIndex={-1}>
          <FormAlert kind="success" title={t('auth:forgot.sentTitle')}>
            {t('validation:reset_link_sent')}
          </FormAlert>
        </div>
        {backToLogin}
      </Stack>
    );
  }

  return (
    <Stack maw={480} mx="auto">
      <PageIntro prefix="auth:forgot." noindex />
      <Form
        method="post"
        ref={ref}
        onSubmit={onSubmit}
        noValidate
        className={forms.readable}
        data-testid="forgot-form"
      >
        <Stack gap="md">
          {top && <FormAlert kind="error">{t(top.key, top.values ?? {})}</FormAlert>}
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
        </Stack>
      </Form>
    </Stack>
  );
}
