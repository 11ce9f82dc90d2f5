/**
 * The account page's card of one activity service the club configured: connect (a link through the service's
 * authorization) or, once connected, since when and a form that disconnects (the account page's action, intent
 * `source-disconnect`), which revokes the site's access at the service and deletes its keys.
 */
import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Form, useActionData, useNavigation } from 'react-router';
import type { ConnectionStatus } from '../../../contracts/activities.ts';
import { ACTIVITY_PROVIDER_NAMES, type ActivityProvider } from '../../../domain/activity-providers.ts';
import { useFormat } from '../../lib/format.ts';
import { ConnectSource } from './connect-source.tsx';

export interface SourceConnectionStatus extends ConnectionStatus {
  provider: ActivityProvider;
}

export function SourceConnection({ status, returnTo }: { status: SourceConnectionStatus; returnTo: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { provider } = status;
  const service = ACTIVITY_PROVIDER_NAMES[provider];
  // The account page's action answers `{intent: 'source-disconnect', provider, disconnected: true}` once done.
  const answer = useActionData() as { provider?: string; disconnected?: boolean } | undefined;
  const navigation = useNavigation();
  const disconnecting =
    navigation.formData?.get('intent') === 'source-disconnect' &&
    navigation.formData.get('provider') === provider;
  const headingId = `${provider}-account`;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId} data-testid={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {t('track:sources.account.heading', { service })}
        </Title>
        {status.connected && status.since ? (
          <>
            <Text size="sm">
              {t('track:sources.account.connected', { service, date: format.timestamp(status.since) })}
            </Text>
            <Form method="post">
              <input type="hidden" name="intent" value="source-disconnect" />
              <input type="hidden" name="provider" value={provider} />
              <Stack gap="xs">
                <Text size="sm" c="gray.7">
                  {/* intervals.icu has no revocation: its own words say the site only forgets the key. */}
                  {t('track:sources.account.disconnectIntro', { service, context: provider })}
                </Text>
                <Button
                  type="submit"
                  variant="default"
                  loading={disconnecting}
                  style={{ alignSelf: 'flex-start' }}
                  data-testid={`${provider}-disconnect`}
                >
                  {t('track:sources.account.disconnect', { service })}
                </Button>
              </Stack>
            </Form>
          </>
        ) : (
          <>
            <Text size="sm">{t('track:sources.intro', { service })}</Text>
            <ConnectSource provider={provider} returnTo={returnTo} />
          </>
        )}
        {answer?.disconnected && answer.provider === provider && !status.connected && (
          <Alert color="teal" role="status">
            {t('track:sources.account.disconnected', { service })}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
