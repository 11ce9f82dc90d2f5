/**
 * The account page's choice of how public tables name the signed-in laureate (domain/public-name.ts): in full,
 * first name and initial, or initials, each shown with the user's own name. A form posted to the account page's
 * action (intent `public-name`, decision 0032) that works before the scripts run; once they run it saves without
 * leaving the page and the loader reads the state again.
 */
import { Button, Card, Group, Loader, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionData, useFetcher } from 'react-router';
import { NAME_DISPLAYS, type NameDisplay, publicFullName } from '../../../domain/public-name.ts';
import { isFormRefusal } from '../../lib/form-refusal.ts';

export function PublicNameChoice({
  current,
  person,
}: {
  current: NameDisplay;
  person: { prenom: string; nom: string };
}) {
  const { t } = useTranslation();
  const legendId = useId();
  const descriptionId = useId();
  const fetcher = useFetcher<{ intent?: string; saved?: boolean }>();
  const saving = fetcher.state !== 'idle';
  const failed = fetcher.state === 'idle' && isFormRefusal(fetcher.data);
  // Posted before the scripts ran, the answer came as the page's.
  const pageAnswer = useActionData<{ intent?: string; saved?: boolean }>();
  const saved =
    fetcher.state === 'idle' &&
    (fetcher.data?.saved === true || (pageAnswer?.intent === 'public-name' && pageAnswer.saved === true));

  return (
    <Card withBorder padding="lg" data-testid="public-name-choice">
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="public-name" />
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('restriction:name.title')}
          </Title>
          {/* Native, uncontrolled radios (defaultChecked): a choice tapped before the scripts run is the browser's
              and stays when they take over; the loader's state, read again after saving, starts them anew. */}
          <div role="radiogroup" aria-labelledby={legendId} aria-describedby={descriptionId} key={current}>
            <Text fw={500} size="sm" id={legendId}>
              {t('restriction:name.legend')}
            </Text>
            <Text size="xs" c="gray.7" id={descriptionId}>
              {t('restriction:name.description')}
            </Text>
            <Stack gap="xs" mt="xs">
              {NAME_DISPLAYS.map((display) => (
                <Paper key={display} withBorder p="sm">
                  <Radio
                    name="display"
                    value={display}
                    defaultChecked={display === current}
                    label={t(`restriction:name.options.${display}`)}
                    description={t('restriction:name.preview', { name: publicFullName(person, display) })}
                    styles={{ label: { fontWeight: 700 } }}
                  />
                </Paper>
              ))}
            </Stack>
          </div>
          <Group gap="sm">
            <Button type="submit" variant="default" loading={saving} data-testid="public-name-save">
              {t('restriction:name.save')}
            </Button>
            <Group gap="xs" role="status">
              {saving && <Loader size="xs" aria-hidden />}
              {saved && (
                <Text size="sm" c="gray.7" data-testid="public-name-saved">
                  {t('restriction:name.saved')}
                </Text>
              )}
              {failed && (
                <Text size="sm" c="red.9">
                  {t('restriction:account.error')}
                </Text>
              )}
            </Group>
          </Group>
        </Stack>
      </fetcher.Form>
    </Card>
  );
}
