/**
 * A form that makes or uses a passkey (decision 0050). Drawn by the server hidden, since a passkey needs a script;
 * the passkey island (passkey-island.ts) shows it where the browser has WebAuthn, runs the ceremony on a press and
 * posts the browser's answer to the page's action in the hidden `credential` field. A refusal of the action shows
 * above the button; the status line says what the browser answered.
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, useActionData } from 'react-router';
import { PASSKEY_FIELD, type PasskeyConfig } from './passkey-config.ts';

/** The API's refusals a ceremony's options may meet, each said in the page's language. */
const REFUSALS = [
  'reauthentication_required',
  'passkey_exists',
  'passkey_limit',
  'no_passkey',
  'ticket_expired',
  'wrong_current_password',
] as const;

export function PasskeyForm({
  ceremony,
  optionsUrl,
  body,
  fields,
  intent,
  label,
  testId,
  action,
  children,
}: {
  ceremony: PasskeyConfig['ceremony'];
  optionsUrl: string;
  body?: Record<string, string>;
  fields?: string[];
  intent: string;
  label: string;
  testId: string;
  /** Where the form posts, when not to its own page. */
  action?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const answer = useActionData() as { intent?: string; message?: { key: string } | null } | undefined;
  const refusal = answer?.intent === intent ? answer.message : null;
  const config: PasskeyConfig = {
    ceremony,
    optionsUrl,
    body,
    fields,
    messages: {
      cancelled: t('auth:passkey.cancelled'),
      failed: t('auth:passkey.failed'),
      codes: Object.fromEntries(REFUSALS.map((code) => [code, t(`validation:${code}`)])),
    },
  };
  return (
    <Form method="post" action={action} hidden data-passkey={JSON.stringify(config)} data-testid={testId}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={PASSKEY_FIELD} defaultValue="" />
      <Stack gap="sm">
        {refusal && (
          <Alert color="red" role="alert">
            {t(refusal.key)}
          </Alert>
        )}
        {children}
        <Button type="button" data-passkey-start variant="default" leftSection={<IconKey size={18} />}>
          {label}
        </Button>
        <Text size="sm" role="status" aria-live="polite" data-passkey-status />
      </Stack>
    </Form>
  );
}
