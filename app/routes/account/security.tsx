/**
 * The account's security page (issue 42; decisions 0048 and 0050): the second factor. Passing it again in this
 * session (the back office sends here when its session has not, or an act needs a recent one) with a code or a
 * passkey; passkeys, added and removed; setting up an authenticator app (a QR code, the key to type, a first code);
 * the ten recovery codes shown once, and new ones; removing the app. Every form posts to this page's action and the
 * page needs no script (decision 0041), except what passkeys need, which an island brings.
 */
import '../../styles/mantine-all.ts';
import { Alert, Anchor, Button, Code, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Form, Link, data, redirectDocument, useActionData } from 'react-router';
import { requestContext } from '#request-context';
import type { SecondFactorStatus, SessionUser } from '../../../contracts/account.ts';
import { formatTimestampDate } from '../../../domain/format.ts';
import { safeRedirectPath } from '../../../domain/redirects.ts';
import { parseCredentialJson } from '../../../domain/passkeys.ts';
import { addPasskeySchema, passkeyIdSchema, passkeyStepUpSchema } from '../../../domain/schemas/passkey.ts';
import { ERROR_MESSAGE_KEYS } from '../../../domain/errors.ts';
import { secondFactorCodeSchema } from '../../../domain/second-factor.ts';
import { PasskeysCard } from '../../components/account/security/passkeys-card.tsx';
import { PASSKEY_FIELD } from '../../components/passkeys/passkey-config.ts';
import { PasskeyForm } from '../../components/passkeys/passkey-form.tsx';
import { AuthForm } from '../../components/forms/auth-page.tsx';
import { CODE_LABEL, SecondFactorCodeField } from '../../components/forms/second-factor-code.tsx';
import { PageIntro } from '../../components/page-intro.tsx';
import { useActionForm } from '../../lib/action-form.ts';
import { messageRefusal, parseForm, readForm, serviceRefusal } from '../../lib/form-action.server.ts';
import { WITHOUT_CLIENT } from '../../lib/page-client.ts';
import { qrCodeDataUrl } from '../../lib/qr-code.server.ts';
import { requireUser } from '../../lib/require-user.ts';
import type { Route } from './+types/security';

export const handle = WITHOUT_CLIENT;

export async function loader(args: Route.LoaderArgs) {
  const { user, services } = requireUser(args);
  const status = await services.secondFactors.status(user);
  return {
    status,
    qrCode: status.pending ? await qrCodeDataUrl(status.pending.otpauth_uri) : null,
    session: { passed: user.secondFactorAt !== null, recent: user.secondFactorRecent },
    redirectTo: safeRedirectPath(new URL(args.request.url).searchParams.get('redirectTo')),
  };
}

/** Never sent back with a refusal: the browser's answer, and the password a first passkey asked. */
const POSTED_SECRETS = [PASSKEY_FIELD, 'current_password'];

const INTENTS = [
  'start',
  'confirm',
  'verify',
  'regenerate',
  'remove',
  'passkey-add',
  'passkey-verify',
  'passkey-remove',
] as const;
type Intent = (typeof INTENTS)[number];

export async function action(args: Route.ActionArgs) {
  const { user } = requireUser(args);
  const { actions } = args.context.get(requestContext);
  const values = await readForm(args.request);
  const intent = INTENTS.find((name) => name === values.intent);
  if (!intent) throw data(null, { status: 400 });
  const redirectTo = safeRedirectPath(new URL(args.request.url).searchParams.get('redirectTo'));
  const withCode = async (run: (code: string) => Promise<object | void>) => {
    const parsed = parseForm(secondFactorCodeSchema, values, ['code']);
    if ('refusal' in parsed) return parsed.refusal;
    try {
      return (await run(parsed.input.code)) ?? { intent, done: true };
    } catch (error) {
      return serviceRefusal(error, values, { secrets: ['code'] });
    }
  };
  /** The browser's answer of a passkey form, checked with the API's schema. */
  const withPasskey = async <Input,>(
    schema: { safeParse: (value: unknown) => { success: true; data: Input } | { success: false } },
    fields: Record<string, unknown>,
    run: (input: Input) => Promise<object | void>,
  ) => {
    const parsed = schema.safeParse({ ...fields, response: parseCredentialJson(values[PASSKEY_FIELD]) });
    if (!parsed.success) return messageRefusal(ERROR_MESSAGE_KEYS.passkey_invalid, values, POSTED_SECRETS);
    try {
      return (await run(parsed.data)) ?? { intent, done: true };
    } catch (error) {
      return serviceRefusal(error, values, { secrets: POSTED_SECRETS });
    }
  };
  const back = () => {
    // Back to the page that asked (the back office, a refund), rendered for the session as it is now.
    if (redirectTo) throw redirectDocument(redirectTo);
  };
  const refusing = async (run: () => Promise<object | void>) => {
    try {
      return (await run()) ?? { intent, done: true };
    } catch (error) {
      return serviceRefusal(error, values);
    }
  };
  return handle_(intent, user);

  async function handle_(name: Intent, person: SessionUser) {
    switch (name) {
      case 'start':
        return refusing(() => actions.startTotp(person));
      case 'confirm':
        return withCode(async (code) => ({ intent, recoveryCodes: await actions.confirmTotp(person, code) }));
      case 'verify':
        return withCode(async (code) => {
          await actions.verifySecondFactor(person, code);
          back();
        });
      case 'passkey-verify':
        return withPasskey(passkeyStepUpSchema, {}, async (input) => {
          await actions.verifyWithPasskey(person, input.response);
          back();
        });
      case 'passkey-add':
        return withPasskey(addPasskeySchema, { name: values.name || undefined }, async (input) => ({
          intent,
          recoveryCodes: (await actions.addPasskey(person, input)) ?? undefined,
        }));
      case 'passkey-remove':
        return refusing(() => {
          const id = passkeyIdSchema.safeParse(values.passkey);
          // An id no form of this page holds: the same answer as another person's passkey.
          return actions.removePasskey(person, id.success ? id.data : 0);
        });
      case 'regenerate':
        return refusing(async () => ({
          intent,
          recoveryCodes: await actions.regenerateRecoveryCodes(person),
        }));
      case 'remove':
        return refusing(() => actions.removeTotp(person));
    }
  }
}

const CODE_LABELS = { code: CODE_LABEL };

/** One form of the page: its intent, its error summary, a code field when it asks one. */
function CodeForm({ intent, testId, submit }: { intent: Intent; testId: string; submit: string }) {
  const { form, ref, onSubmit, message, submitting } = useActionForm(
    secondFactorCodeSchema,
    { code: '' },
    { intent },
  );
  return (
    <AuthForm
      testId={testId}
      formRef={ref}
      onSubmit={onSubmit}
      message={message}
      errors={form.errors}
      labels={CODE_LABELS}
    >
      <input type="hidden" name="intent" value={intent} />
      <SecondFactorCodeField {...form.getInputProps('code')} />
      <Group justify="flex-end">
        <Button type="submit" loading={submitting}>
          {submit}
        </Button>
      </Group>
    </AuthForm>
  );
}

/** A form of one button (its refusal, such as a step-up asked, shows above it). */
function ButtonForm({
  intent,
  label,
  variant = 'filled',
  color,
}: {
  intent: Intent;
  label: string;
  variant?: 'filled' | 'default';
  color?: string;
}) {
  const { t } = useTranslation();
  const answer = useActionData() as { intent?: string; message?: { key: string } | null } | undefined;
  const refusal = answer?.intent === intent ? answer.message : null;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      {refusal && (
        <Alert color="red" role="alert" mb="xs">
          {t(refusal.key)}
        </Alert>
      )}
      {/* Long labels (French, German) wrap on a phone rather than run past the card. */}
      <Button
        type="submit"
        variant={variant}
        color={color}
        maw="100%"
        h="auto"
        py={8}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
      >
        {label}
      </Button>
    </Form>
  );
}

function RecoveryCodes({ codes, next }: { codes: string[]; next: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="green" title={t('account:security.codesTitle')} data-testid="recovery-codes">
      <Stack gap="sm">
        <Text size="sm">{t('account:security.codesText')}</Text>
        <List type="ordered" withPadding size="lg" spacing={4}>
          {codes.map((code) => (
            <List.Item key={code} ff="monospace">
              {code}
            </List.Item>
          ))}
        </List>
        <Group>
          <Button component={Link} to={next} reloadDocument>
            {t('account:security.codesSaved')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function SetUp({
  status,
  qrCode,
  mayStart,
}: {
  status: SecondFactorStatus;
  qrCode: string | null;
  mayStart: boolean;
}) {
  const { t } = useTranslation();
  if (!status.pending)
    return (
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('account:security.appTitle')}
          </Title>
          <Text size="sm">{t('account:security.appIntro')}</Text>
          {mayStart ? (
            <ButtonForm intent="start" label={t('account:security.start')} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('account:security.passkeys.verifyFirst')}
            </Text>
          )}
        </Stack>
      </Paper>
    );
  return (
    <Paper withBorder p="md" data-testid="totp-setup">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('account:security.appTitle')}
        </Title>
        <Text size="sm">{t('account:security.scan')}</Text>
        {qrCode && (
          <img
            src={qrCode}
            alt={t('account:security.qrAlt')}
            width={200}
            height={200}
            style={{ alignSelf: 'center' }}
          />
        )}
        <Text size="sm">
          {t('account:security.typeKey')}{' '}
          <Code data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
            {/* In groups of four, as authenticator apps show keys; spaces do not matter to them. */}
            {status.pending.secret.replace(/(.{4})(?=.)/g, '$1 ')}
          </Code>
        </Text>
        <CodeForm intent="confirm" testId="totp-confirm" submit={t('account:security.confirm')} />
      </Stack>
    </Paper>
  );
}

/** Passing the second factor again in this session: a code (the app's or a recovery code) or a passkey. */
function Verify({ status, passed }: { status: SecondFactorStatus; passed: boolean }) {
  const { t } = useTranslation();
  const withCode = status.totp !== null || status.recovery_codes_left > 0;
  return (
    <Paper withBorder p="md" data-testid="second-factor-verify-card">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('account:security.verifyTitle')}
        </Title>
        <Text size="sm">{t(passed ? 'account:security.stepUp' : 'account:security.verifyText')}</Text>
        {withCode && (
          <CodeForm intent="verify" testId="second-factor-verify" submit={t('account:security.verify')} />
        )}
        {status.passkeys.length > 0 && (
          <PasskeyForm
            ceremony="authenticate"
            optionsUrl="/api/me/passkeys/verify/options"
            intent="passkey-verify"
            label={t('account:security.passkeys.verify')}
            testId="passkey-verify"
          />
        )}
      </Stack>
    </Paper>
  );
}

/** The authenticator app, once set up: since when, last used, and removing it after a recent second factor. */
function AppEnabled({ status, recent }: { status: SecondFactorStatus; recent: boolean }) {
  const { t, i18n } = useTranslation();
  const totp = status.totp!;
  return (
    <Paper withBorder p="md" data-testid="totp-enabled">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('account:security.appTitle')}
        </Title>
        <Text size="sm">
          {t('account:security.enabledSince', {
            date: formatTimestampDate(i18n.language, totp.confirmed_at),
          })}
          {totp.last_used_at &&
            ` ${t('account:security.lastUsed', { date: formatTimestampDate(i18n.language, totp.last_used_at) })}`}
        </Text>
        {recent && (
          <Stack gap="sm">
            <Text size="sm">{t('account:security.removeText')}</Text>
            <ButtonForm intent="remove" label={t('account:security.remove')} variant="default" color="red" />
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** The recovery codes left, and ten new ones after a recent second factor. */
function RecoveryCard({ left, recent }: { left: number; recent: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" data-testid="recovery-card">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('account:security.recoveryTitle')}
        </Title>
        <Text size="sm">{t('account:security.codesLeft', { count: left })}</Text>
        {recent && (
          <ButtonForm intent="regenerate" label={t('account:security.regenerate')} variant="default" />
        )}
      </Stack>
    </Paper>
  );
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { status, qrCode, session, redirectTo } = loaderData;
  const answer = useActionData() as { recoveryCodes?: string[] } | undefined;
  const next = redirectTo ?? `/${i18n.language}/account`;
  const hasFactor = status.totp !== null || status.passkeys.length > 0;
  const mayChange = !hasFactor || session.recent;
  return (
    <Stack maw={560} mx="auto">
      <PageIntro prefix="account:security." noindex />
      {status.required && !hasFactor && (
        <Alert color="yellow" role="status" data-testid="second-factor-required">
          {t('account:security.requiredText')}
        </Alert>
      )}
      {answer?.recoveryCodes ? (
        <RecoveryCodes codes={answer.recoveryCodes} next={next} />
      ) : (
        <>
          {hasFactor && !session.recent && <Verify status={status} passed={session.passed} />}
          <PasskeysCard passkeys={status.passkeys} mayChange={mayChange} firstFactor={!hasFactor} />
          {status.totp ? (
            <AppEnabled status={status} recent={session.recent} />
          ) : (
            <SetUp status={status} qrCode={qrCode} mayStart={mayChange} />
          )}
          {hasFactor && <RecoveryCard left={status.recovery_codes_left} recent={session.recent} />}
        </>
      )}
      <Anchor component={Link} to={`/${i18n.language}/account`} size="sm">
        {t('account:security.back')}
      </Anchor>
    </Stack>
  );
}
