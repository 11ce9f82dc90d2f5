/**
 * The versions of the settings, newest first: who made it and when, which settings it changed (before → after
 * where a value reads in a few words), and a form that gives back an earlier one as a new version.
 */
import { Anchor, Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SettingsVersion } from '../../../../contracts/settings.ts';
import type { ClubSettings } from '../../../../domain/settings.ts';
import { type useFormat as UseFormat, useFormat } from '../../../lib/format.ts';
import { SettingsForm, useSettingsFields } from './settings-form.tsx';

type Format = ReturnType<typeof UseFormat>;

/** A setting's value in a few words, or null when it does not read so (a list, a text in six languages). */
function brief(key: keyof ClubSettings, values: ClubSettings, t: TFunction, format: Format): string | null {
  switch (key) {
    case 'prices':
      return values.prices
        .map((price) =>
          price.from
            ? t('admin:settings.history.priceFrom', {
                price: format.money(price.cents, 'EUR'),
                date: format.date(price.from),
              })
            : format.money(price.cents, 'EUR'),
        )
        .join(', ');
    case 'refund_fee_cents':
      return format.money(values.refund_fee_cents, 'EUR');
    case 'registrations_open':
      return t(`admin:settings.registrations.options.${values.registrations_open ? 'open' : 'closed'}`);
    case 'heat_warning':
      return `${values.heat_warning.from} – ${values.heat_warning.to}`;
    case 'contact_email':
      return values.contact_email;
    case 'notice':
      return values.notice
        ? t(`common:notice.kinds.${values.notice.kind}`)
        : t('admin:settings.history.none');
    default:
      return null;
  }
}

function Changes({ version }: { version: SettingsVersion }) {
  const { t } = useTranslation();
  const format = useFormat();
  const keys = Object.keys(version.before) as (keyof ClubSettings)[];
  if (version.version === 1) return <Text size="sm">{t('admin:settings.history.initial')}</Text>;
  if (keys.length === 0) return <Text size="sm">{t('admin:settings.history.unchanged')}</Text>;
  return (
    <List size="sm" spacing={2}>
      {keys.map((key) => {
        const before = brief(key, { ...version.values, ...version.before }, t, format);
        const after = brief(key, version.values, t, format);
        return (
          <List.Item key={key}>
            {before !== null && after !== null
              ? t('admin:settings.history.change', {
                  setting: t(`admin:settings.keys.${key}`),
                  before,
                  after,
                })
              : t(`admin:settings.keys.${key}`)}
          </List.Item>
        );
      })}
    </List>
  );
}

function VersionCard({
  version,
  names,
  current,
}: {
  version: SettingsVersion;
  names: Record<number, string>;
  current: number;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const restore = useSettingsFields('restore');
  const mine = restore.refusal?.values.restore === String(version.version) ? restore.refusal : undefined;
  const who = version.changed_by === null ? null : (names[version.changed_by] ?? `#${version.changed_by}`);
  return (
    <Paper withBorder p="sm" component="li" data-testid="settings-version">
      <Group justify="space-between" gap="xs">
        <Text fw={700}>{t('admin:settings.history.version', { version: version.version })}</Text>
        {version.version === current && <Badge>{t('admin:settings.history.current')}</Badge>}
      </Group>
      <Text size="sm" c="dimmed">
        {version.changed_at && who
          ? t('admin:settings.history.by', { when: format.dateTime(version.changed_at), who })
          : t('admin:settings.history.environment')}
      </Text>
      {version.restored_from !== null && (
        <Text size="sm">{t('admin:settings.history.restored', { version: version.restored_from })}</Text>
      )}
      <Changes version={version} />
      {version.version !== current && (
        <Stack mt="xs">
          <SettingsForm
            intent="restore"
            version={current}
            refusal={mine}
            submit={t('admin:settings.history.restore', { version: version.version })}
            extra={{ restore: String(version.version) }}
          />
        </Stack>
      )}
    </Paper>
  );
}

/** Links to the older versions (numbered from 1 without gaps) and back to the newest: plain links, no script. */
function HistoryPages({ versions, paged }: { versions: SettingsVersion[]; paged: boolean }) {
  const { t } = useTranslation();
  const oldest = versions.at(-1)?.version ?? 1;
  if (!paged && oldest <= 1) return null;
  return (
    <Group justify="space-between" component="nav" aria-label={t('admin:settings.history.pages')}>
      {paged ? (
        <Anchor
          component={Link}
          to={{ search: '', hash: '#settings-history-title' }}
          data-testid="settings-history-newest"
        >
          {t('admin:settings.history.newest')}
        </Anchor>
      ) : (
        <span />
      )}
      {oldest > 1 && (
        <Anchor
          component={Link}
          to={{ search: `?versions_before=${oldest}`, hash: '#settings-history-title' }}
          data-testid="settings-history-older"
        >
          {t('admin:settings.history.older')}
        </Anchor>
      )}
    </Group>
  );
}

export function SettingsHistory({
  versions,
  names,
  current,
  paged,
}: {
  versions: SettingsVersion[];
  names: Record<number, string>;
  current: number;
  /** Showing older versions than the newest page. */
  paged: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" component="section" aria-labelledby="settings-history-title">
      <Title order={2} size="h4" id="settings-history-title">
        {t('admin:settings.history.title')}
      </Title>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} data-testid="settings-history">
        {versions.map((version) => (
          <VersionCard key={version.version} version={version} names={names} current={current} />
        ))}
      </Stack>
      <HistoryPages versions={versions} paged={paged} />
    </Stack>
  );
}
