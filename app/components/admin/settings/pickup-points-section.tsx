/**
 * The pick-up points: each with its address and hours, a form that edits them (in a native disclosure, so it
 * needs no script) and one that retires it (or offers it again). A point is never removed: its id stays on the
 * orders that chose it. A last form adds one.
 */
import { Badge, Checkbox, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PresentedSettings } from '../../../../contracts/settings.ts';
import { LOCALE_TAGS, localeOr } from '../../../../domain/locales.ts';
import { formatOpeningHours } from '../../../../domain/opening-hours.ts';
import type { SettingsPickupPoint } from '../../../../domain/settings.ts';
import { SettingsForm, SettingsSection, useSettingsFields } from './settings-form.tsx';

const DAYS = [1, 2, 3, 4, 5, 6, 7];

function weekday(day: number, tag: string) {
  return new Intl.DateTimeFormat(tag, { weekday: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, day)),
  );
}

function PointFields({ point }: { point: SettingsPickupPoint | null }) {
  const { t, i18n } = useTranslation();
  const tag = LOCALE_TAGS[localeOr(i18n.language)];
  const { value, error, refusal } = useSettingsFields('point', point?.id ?? '');
  const periods = point?.hours.periods.map(([open, close]) => `${open}-${close}`).join(', ') ?? '';
  const id = point?.id ?? 'new';
  return (
    <>
      <TextInput
        name="name"
        label={t('admin:settings.points.name')}
        required
        defaultValue={value('name', point?.name ?? '')}
        error={error('name')}
      />
      <TextInput
        name="address"
        label={t('admin:settings.points.address')}
        required
        defaultValue={value('address', point?.address ?? '')}
        error={error('address')}
      />
      <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Text component="legend" size="sm" fw={500}>
          {t('admin:settings.points.days')}
        </Text>
        <Group gap="sm" mt={4}>
          {DAYS.map((day) => (
            <Checkbox
              key={day}
              id={`point-${id}-day-${day}`}
              name={`day_${day}`}
              label={weekday(day, tag)}
              defaultChecked={
                refusal
                  ? refusal.values[`day_${day}`] !== undefined
                  : (point?.hours.days.includes(day) ?? false)
              }
            />
          ))}
        </Group>
        {error('days') && (
          <Text size="sm" c="red.8" mt={4}>
            {error('days')}
          </Text>
        )}
      </fieldset>
      <TextInput
        name="periods"
        label={t('admin:settings.points.periods')}
        description={t('admin:settings.points.periodsHint')}
        required
        defaultValue={value('periods', periods)}
        error={error('periods')}
      />
    </>
  );
}

function PointCard({ point, version }: { point: SettingsPickupPoint; version: number }) {
  const { t, i18n } = useTranslation();
  const edit = useSettingsFields('point', point.id);
  const retire = point.retired ? 'reinstate-point' : 'retire-point';
  const retiring = useSettingsFields(retire, point.id);
  return (
    <Paper withBorder p="sm" component="li" data-testid="settings-point">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Text fw={700} data-testid="settings-point-name">
          {point.name}
        </Text>
        {point.retired && <Badge color="gray">{t('admin:settings.points.retired')}</Badge>}
      </Group>
      <Text size="sm">{point.address}</Text>
      <Text size="sm" c="dimmed">
        {formatOpeningHours(point.hours, LOCALE_TAGS[localeOr(i18n.language)])}
      </Text>
      <details open={Boolean(edit.refusal)}>
        <summary style={{ cursor: 'pointer', marginTop: 8 }}>{t('admin:settings.points.edit')}</summary>
        <SettingsForm
          intent="point"
          version={version}
          refusal={edit.refusal}
          submit={t('admin:settings.points.save')}
          extra={{ point: point.id }}
        >
          <PointFields point={point} />
        </SettingsForm>
      </details>
      <Stack mt="xs">
        <SettingsForm
          intent={retire}
          version={version}
          refusal={retiring.refusal}
          submit={t(`admin:settings.points.${point.retired ? 'reinstate' : 'retire'}`, { name: point.name })}
          extra={{ point: point.id }}
        />
      </Stack>
    </Paper>
  );
}

export function PickupPointsSection({ settings }: { settings: PresentedSettings }) {
  const { t } = useTranslation();
  const added = useSettingsFields('point', '');
  return (
    <SettingsSection
      id="points"
      title={t('admin:settings.points.title')}
      intro={t('admin:settings.points.intro')}
    >
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {settings.pickup_points.map((point) => (
          <PointCard key={point.id} point={point} version={settings.version} />
        ))}
      </Stack>
      <details open={Boolean(added.refusal)}>
        <summary style={{ cursor: 'pointer' }}>{t('admin:settings.points.add')}</summary>
        <SettingsForm
          intent="point"
          version={settings.version}
          refusal={added.refusal}
          submit={t('admin:settings.points.save')}
          extra={{ point: '' }}
        >
          <PointFields point={null} />
        </SettingsForm>
      </details>
    </SettingsSection>
  );
}
