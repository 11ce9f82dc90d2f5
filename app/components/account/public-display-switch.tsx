/**
 * The account page's switch for hiding the signed-in user's results from the public tables (ranking, palmarès,
 * home page, statistics). Its state comes from the account page's loader (as `GET /api/me/public-display`
 * answers it) and its texts from the page's `restriction` namespace. It is a form posted to the account page's
 * action (intent `public-display`, decision 0032): before the scripts run, a button saves the choice; once they
 * run, flipping the switch saves it at once, and the loader reads the state again. The session proves the address,
 * so no email round trip.
 */
import { Button, Card, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import type { PublicDisplay } from '../../../domain/schemas/display-restriction.ts';
import { isFormRefusal } from '../../lib/form-refusal.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { useRootData } from '../../lib/root-data.ts';

export function PublicDisplaySwitch({ state }: { state: PublicDisplay }) {
  const { t } = useTranslation();
  const email = useRootData()?.user?.email ?? '';
  const hydrated = useHydrated();
  const fetcher = useFetcher();
  const saving = fetcher.state !== 'idle';
  // While saving, the switch shows the choice being saved; then the loader's state, read again after it.
  const hidden = saving ? fetcher.formData?.get('hidden') === 'true' : state.hidden;
  const failed = fetcher.state === 'idle' && isFormRefusal(fetcher.data);

  const change = (next: boolean) => {
    const form = new FormData();
    form.set('intent', 'public-display');
    if (next) form.set('hidden', 'true');
    void fetcher.submit(form, { method: 'post' });
  };

  return (
    <Card withBorder padding="lg" data-testid="public-display-switch">
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="public-display" />
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('restriction:account.title')}
          </Title>
          <Switch
            name="hidden"
            value="true"
            // Before the scripts run, the browser's checkbox keeps the visitor's choice until the button posts it.
            {...(hydrated
              ? { checked: hidden, onChange: (event) => change(event.currentTarget.checked) }
              : { defaultChecked: hidden })}
            disabled={saving}
            label={t('restriction:account.label')}
            description={t('restriction:account.description', { email })}
            color="club.8"
            size="md"
          />
          {!hydrated && (
            <Button type="submit" variant="default" style={{ alignSelf: 'flex-start' }}>
              {t('restriction:account.save')}
            </Button>
          )}
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
      </fetcher.Form>
    </Card>
  );
}
