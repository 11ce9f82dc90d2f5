/**
 * Reset password, from the link of the forgotten-password email (`?email=…&token=…`). The server renders the
 * invalid-link state directly when either is missing; the service decides whether the token is still valid. The
 * form posts to this page's action, so that it works before its scripts (decision 0032).
 */
import '../../styles/mantine-all.ts';
import { Anchor, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requestContext } from '#request-context';
import { emailField, text } from '../../../domain/schemas/common.ts';
import { resetPasswordFormSchema } from '../../../domain/schemas/user.ts';
import { z } from '../../../domain/schemas/zod.ts';
import { AuthForm, AuthOutcome, AuthPage } from '../../components/forms/auth-page.tsx';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { NewPasswordFields, newPasswordLabels } from '../../components/forms/password-input.tsx';
import { useActionForm } from '../../lib/action-form.ts';
import { parseForm, readForm, serviceRefusal } from '../../lib/form-action.server.ts';
import type { Route } from './+types/reset-password';

/** The emailed link's address and token, as the API checks them in its path. */
const resetLinkSchema = z.object({ email: emailField(), token: text().min(1).max(200) });

function linkOf(request: Request) {
  const query = new URL(request.url).searchParams;
  const email = query.get('email')?.trim() ?? '';
  const token = query.get('token')?.trim() ?? '';
  return email && token ? { email, token } : null;
}

export function loader({ request }: Route.LoaderArgs) {
  return { link: linkOf(request) };
}

type Outcome = 'done' | 'invalid';

export async function action({ request, context }: Route.ActionArgs) {
  const link = resetLinkSchema.safeParse(linkOf(request) ?? {});
  if (!link.success) return { outcome: 'invalid' as Outcome };
  const values = await readForm(request);
  const parsed = parseForm(resetPasswordFormSchema, values, ['password', 'password_confirmation']);
  if ('refusal' in parsed) return parsed.refusal;
  try {
    await context.get(requestContext).actions.resetPassword(link.data, parsed.input.password);
  } catch (error) {
    // A used, expired or unknown token: the link itself is what failed.
    if ((error as { code?: unknown }).code === 'invalid_or_expired_token')
      return { outcome: 'invalid' as Outcome };
    return serviceRefusal(error, values, { secrets: ['password', 'password_confirmation'] });
  }
  return { outcome: 'done' as Outcome };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { link } = loaderData;
  const {
    form,
    ref,
    onSubmit,
    message: top,
    submitting,
    answer,
  } = useActionForm(resetPasswordFormSchema, {
    password: '',
    password_confirmation: '',
  });
  const state: Outcome | 'form' =
    (answer as { outcome?: Outcome } | undefined)?.outcome ?? (link ? 'form' : 'invalid');

  if (state === 'invalid') {
    return (
      <AuthPage prefix="auth:reset.">
        <AuthOutcome>
          <FormAlert kind="error" title={t('auth:reset.invalidTitle')} testId="reset-invalid">
            {t('validation:invalid_or_expired_token')}
          </FormAlert>
        </AuthOutcome>
        <Button component={Link} to={`/${lang}/login/forgot-password`} style={{ alignSelf: 'flex-start' }}>
          {t('auth:reset.requestNew')}
        </Button>
      </AuthPage>
    );
  }

  if (state === 'done') {
    return (
      <AuthPage prefix="auth:reset.">
        <AuthOutcome>
          <FormAlert kind="success" title={t('auth:reset.doneTitle')}>
            {t('validation:password_reset_done')}
          </FormAlert>
        </AuthOutcome>
        <Button component={Link} to={`/${lang}/login`} style={{ alignSelf: 'flex-start' }}>
          {t('auth:reset.goToLogin')}
        </Button>
      </AuthPage>
    );
  }

  return (
    <AuthPage prefix="auth:reset.">
      <AuthForm
        testId="reset-form"
        formRef={ref}
        onSubmit={onSubmit}
        message={top}
        errors={form.errors}
        labels={newPasswordLabels('validation:form_new_password')}
      >
        <NewPasswordFields form={form} label="validation:form_new_password" />
        <Button type="submit" loading={submitting} style={{ alignSelf: 'flex-start' }}>
          {t('auth:reset.submit')}
        </Button>
        <Anchor component={Link} to={`/${lang}/login`} size="sm">
          {t('auth:forgot.backToLogin')}
        </Anchor>
      </AuthForm>
    </AuthPage>
  );
}
