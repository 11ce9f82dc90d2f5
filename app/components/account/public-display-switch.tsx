/**
 * The account page's switch for hiding the signed-in user's results from the public tables (ranking, palmarès,
 * home page, statistics). Self-contained: it loads its own texts (the `restriction` namespace) and state
 * (`GET /api/me/public-display`) once in the browser, and saves with `PUT /api/me/public-display`; the session
 * proves the address, so no email round trip is needed.
 */
import { Card, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clientI18n, loadNamespaces } from '../../i18n/resources.client.ts';
import { apiRequest } from '../../lib/api/client.ts';
import { useRootData } from '../../lib/root-data.ts';
import type { PublicDisplay } from '../../../domain/schemas/display-restriction.ts';

export function PublicDisplaySwitch() {
  const { t, i18n } = useTranslation();
  const email = useRootData()?.user?.email ?? '';
  const [hidden, setHidden] = useState<boolean | null>(null);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    const instance = clientI18n();
    Promise.all([
      instance ? loadNamespaces(instance, i18n.language, ['restriction']) : Promise.resolve(),
      apiRequest<PublicDisplay>('GET', '/api/me/public-display'),
    ]).then(
      ([, state]) => current && setHidden(state.hidden),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [i18n.language]);

  const change = async (next: boolean) => {
    setSaving(true);
    setFailed(false);
    try {
      const state = await apiRequest<PublicDisplay>('PUT', '/api/me/public-display', { hidden: next });
      setHidden(state.hidden);
    } catch {
      setFailed(true);
    } finally {
      setSaving(false);
    }
  };

  // Server render and first browser render agree: nothing is known before the state arrives.
  if (hidden === null && !failed)
    return <Loader size="sm" aria-hidden data-testid="public-display-loading" />;

  return (
    <Card withBorder padding="lg" data-testid="public-display-switch">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('restriction:account.title')}
        </Title>
        {hidden !== null && (
          <Switch
            checked={hidden}
            disabled={saving}
            onChange={(event) => void change(event.currentTarget.checked)}
            label={t('restriction:account.label')}
            description={t('restriction:account.description', { email })}
            color="club.8"
            size="md"
          />
        )}
        <Group gap="xs" role="status">
          {saving && <Loader size="xs" aria-hidden />}
          {hidden !== null && !failed && (
            <Text size="sm" c="gray.7">
              {hidden ? t('restriction:account.hidden') : t('restriction:account.shown')}
            </Text>
          )}
          {failed && (
            <Text size="sm" c="red.9">
              {t('restriction:account.error')}
            </Text>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
