/**
 * The account page's switch for hiding the signed-in user's results from the public tables (ranking, palmarès,
 * home page, statistics). Its state comes from the account page's loader (as `GET /api/me/public-display`
 * answers it) and its texts from the page's `restriction` namespace; it saves with `PUT /api/me/public-display`
 * and then has the loader read the state again. The session proves the address, so no email round trip.
 */
import { Card, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { apiRequest } from '../../lib/api/client.ts';
import { useRootData } from '../../lib/root-data.ts';
import type { PublicDisplay } from '../../../domain/schemas/display-restriction.ts';

export function PublicDisplaySwitch({ state }: { state: PublicDisplay }) {
  const { t } = useTranslation();
  const email = useRootData()?.user?.email ?? '';
  const revalidator = useRevalidator();
  // The answer of the last save shows at once; the loader's state, read again after it, agrees with it.
  const [saved, setSaved] = useState<PublicDisplay | null>(null);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const hidden = (saved ?? state).hidden;

  const change = async (next: boolean) => {
    setSaving(true);
    setFailed(false);
    try {
      setSaved(await apiRequest<PublicDisplay>('PUT', '/api/me/public-display', { hidden: next }));
      await revalidator.revalidate();
      setSaved(null);
    } catch {
      setFailed(true);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card withBorder padding="lg" data-testid="public-display-switch">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('restriction:account.title')}
        </Title>
        <Switch
          checked={hidden}
          disabled={saving}
          onChange={(event) => void change(event.currentTarget.checked)}
          label={t('restriction:account.label')}
          description={t('restriction:account.description', { email })}
          color="club.8"
          size="md"
        />
        <Group gap="xs" role="status">
          {saving && <Loader size="xs" aria-hidden />}
          {!failed && (
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
