/**
 * The security page's passkeys (decision 0050): those the account has (its name or the day it was added, when it
 * was last used, whether it is synced), each removable after a recent second factor; and a form to add one (a name,
 * then the browser makes it), which shows only with scripts and a browser that has passkeys.
 */
import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Form, useActionData } from 'react-router';
import type { PasskeyView } from '../../../../contracts/account.ts';
import { PASSKEY_NAME_MAX } from '../../../../domain/passkeys.ts';
import { formatTimestampDate } from '../../../../domain/format.ts';
import { PasswordField } from '../../forms/password-input.tsx';
import { PasskeyForm } from '../../passkeys/passkey-form.tsx';

function PasskeyRow({ passkey, removable }: { passkey: PasskeyView; removable: boolean }) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => formatTimestampDate(i18n.language, iso);
  const name = passkey.name || t('account:security.passkeys.unnamed', { date: date(passkey.created_at) });
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" data-testid="passkey">
      <Stack gap={2}>
        <Group gap="xs">
          <Text fw={600}>{name}</Text>
          {passkey.backed_up && (
            <Badge variant="light" color="gray">
              {t('account:security.passkeys.synced')}
            </Badge>
          )}
        </Group>
        <Text size="sm">
          {t('account:security.passkeys.added', { date: date(passkey.created_at) })}
          {passkey.last_used_at && ` ${t('account:security.lastUsed', { date: date(passkey.last_used_at) })}`}
        </Text>
      </Stack>
      {removable && (
        <Form method="post">
          <input type="hidden" name="intent" value="passkey-remove" />
          <input type="hidden" name="passkey" value={passkey.id} />
          <Button
            type="submit"
            variant="default"
            color="red"
            aria-label={t('account:security.passkeys.removeOne', { name })}
          >
            {t('account:security.passkeys.remove')}
          </Button>
        </Form>
      )}
    </Group>
  );
}

export function PasskeysCard({
  passkeys,
  mayChange,
  firstFactor,
}: {
  passkeys: PasskeyView[];
  /** No factor yet, or one passed recently: adding and removing are open. */
  mayChange: boolean;
  /** The account has no factor: a first passkey asks the password (decision 0050). */
  firstFactor: boolean;
}) {
  const { t } = useTranslation();
  const answer = useActionData() as { intent?: string; message?: { key: string } | null } | undefined;
  const removal = answer?.intent === 'passkey-remove' ? answer.message : null;
  return (
    <Paper withBorder p="md" data-testid="passkeys">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('account:security.passkeys.title')}
        </Title>
        <Text size="sm">{t('account:security.passkeys.intro')}</Text>
        {removal && (
          <Alert color="red" role="alert">
            {t(removal.key)}
          </Alert>
        )}
        {passkeys.map((passkey) => (
          <PasskeyRow key={passkey.id} passkey={passkey} removable={mayChange} />
        ))}
        {mayChange ? (
          <PasskeyForm
            ceremony="register"
            optionsUrl="/api/me/passkeys/options"
            intent="passkey-add"
            label={t('account:security.passkeys.add')}
            testId="passkey-add"
            fields={firstFactor ? ['current_password'] : undefined}
          >
            {firstFactor && (
              <PasswordField
                name="current_password"
                label={t('validation:form_current_password')}
                autoComplete="current-password"
                required
              />
            )}
            <TextInput
              name="name"
              label={t('account:security.passkeys.nameLabel')}
              description={t('account:security.passkeys.nameHelp')}
              maxLength={PASSKEY_NAME_MAX}
              autoComplete="off"
            />
          </PasskeyForm>
        ) : (
          <Text size="sm" c="dimmed">
            {t('account:security.passkeys.verifyFirst')}
          </Text>
        )}
        {mayChange && (
          // Hidden by the passkey island where the browser can make one.
          <Text size="sm" c="dimmed" data-passkey-fallback>
            {t('account:security.passkeys.needsScripts')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
