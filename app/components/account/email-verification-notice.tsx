/**
 * The account page's note on what waits for a link: the sign-up address not yet confirmed, or a new address
 * asked for. It offers to send the link again (POST /api/account/verify-email/resend).
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest, errorMessageKey } from '../../lib/api/client.ts';

export interface EmailVerificationState {
  email: string;
  verified: boolean;
  pendingEmail: string | null;
}

export function EmailVerificationNotice({ state }: { state: EmailVerificationState }) {
  const { t, i18n } = useTranslation();
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; key: string } | null>(null);
  const waitingFor = state.pendingEmail ?? (state.verified ? null : state.email);
  if (!waitingFor) return null;

  const resend = async () => {
    setSending(true);
    setResult(null);
    try {
      await apiRequest('POST', `/api/account/verify-email/resend?lang=${i18n.language}`);
      setResult({ kind: 'success', key: 'account:verification.sent' });
    } catch (error) {
      setResult({ kind: 'error', key: errorMessageKey(error) });
    } finally {
      setSending(false);
    }
  };

  const pending = state.pendingEmail !== null;
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconMail aria-hidden />}
      title={t(pending ? 'account:verification.pendingTitle' : 'account:verification.unverifiedTitle')}
      mb="lg"
      data-testid="email-verification-notice"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {t(pending ? 'account:verification.pending' : 'account:verification.unverified', {
            email: waitingFor,
          })}
        </Text>
        <Button size="xs" variant="default" loading={sending} onClick={() => void resend()}>
          {t('account:verification.resend')}
        </Button>
        <div role="status">
          {result && (
            <Text size="sm" c={result.kind === 'error' ? 'red.9' : undefined}>
              {t(result.key)}
            </Text>
          )}
        </div>
      </Stack>
    </Alert>
  );
}
