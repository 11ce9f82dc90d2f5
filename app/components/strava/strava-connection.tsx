/**
 * The account page's Strava card, when the club configured it: connect (a link through Strava's authorization)
 * or, once connected, since when and a form that disconnects (the account page's action, intent
 * `strava-disconnect`), which revokes the site's access at Strava and deletes its keys.
 */
import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Form, useActionData, useNavigation } from 'react-router';
import type { ConnectionStatus } from '../../../contracts/activities.ts';
import { useFormat } from '../../lib/format.ts';
import { ConnectStrava } from './connect-strava.tsx';

export function StravaConnection({ status, returnTo }: { status: ConnectionStatus; returnTo: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  // The account page's action answers `{intent: 'strava-disconnect', disconnected: true}` once it is done.
  const answer = useActionData() as { disconnected?: boolean } | undefined;
  const navigation = useNavigation();
  const disconnecting = navigation.formData?.get('intent') === 'strava-disconnect';
  return (
    <Card
      withBorder
      padding="lg"
      component="section"
      aria-labelledby="strava-account"
      data-testid="strava-account"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="strava-account">
          {t('track:strava.account.heading')}
        </Title>
        {status.connected && status.since ? (
          <>
            <Text size="sm">
              {t('track:strava.account.connected', { date: format.timestamp(status.since) })}
            </Text>
            <Form method="post">
              <input type="hidden" name="intent" value="strava-disconnect" />
              <Stack gap="xs">
                <Text size="sm" c="gray.7">
                  {t('track:strava.account.disconnectIntro')}
                </Text>
                <Button
                  type="submit"
                  variant="default"
                  loading={disconnecting}
                  style={{ alignSelf: 'flex-start' }}
                  data-testid="strava-disconnect"
                >
                  {t('track:strava.account.disconnect')}
                </Button>
              </Stack>
            </Form>
          </>
        ) : (
          <>
            <Text size="sm">{t('track:strava.intro')}</Text>
            <ConnectStrava returnTo={returnTo} />
          </>
        )}
        {answer?.disconnected && !status.connected && (
          <Alert color="teal" role="status">
            {t('track:strava.account.disconnected')}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
