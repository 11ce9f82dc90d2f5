/**
 * The notice on the public pages: its kind, its days and its text in six languages, a preview of the notice saved
 * as riders will see it (in this page's language), and a form that removes it.
 */
import { Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PresentedSettings } from '../../../../contracts/settings.ts';
import { NOTICE_KINDS } from '../../../../domain/settings.ts';
import { ClubNotice } from '../../club-notice.tsx';
import { LocalizedFields } from './localized-fields.tsx';
import { SettingsForm, SettingsSection, useSettingsFields } from './settings-form.tsx';

function NoticePreview({ settings }: { settings: PresentedSettings }) {
  const { t } = useTranslation();
  const removal = useSettingsFields('notice-remove');
  if (!settings.notice) return <Text c="dimmed">{t('admin:settings.notice.none')}</Text>;
  return (
    <Stack gap="xs" component="figure" m={0} aria-labelledby="notice-preview-title">
      <Text size="sm" fw={500} id="notice-preview-title" component="figcaption">
        {t('admin:settings.notice.preview')}
      </Text>
      <ClubNotice notice={settings.notice} testId="settings-notice-preview" />
      <SettingsForm
        intent="notice-remove"
        version={settings.version}
        refusal={removal.refusal}
        submit={t('admin:settings.notice.remove')}
      />
    </Stack>
  );
}

export function NoticeSection({ settings }: { settings: PresentedSettings }) {
  const { t } = useTranslation();
  const { refusal, value, error } = useSettingsFields('notice');
  const notice = settings.notice;
  return (
    <SettingsSection
      id="notice"
      title={t('admin:settings.notice.title')}
      intro={t('admin:settings.notice.intro')}
    >
      <NoticePreview settings={settings} />
      <SettingsForm
        intent="notice"
        version={settings.version}
        refusal={refusal}
        submit={t('admin:settings.notice.submit')}
      >
        <Group gap="sm" align="flex-start" wrap="wrap">
          <NativeSelect
            name="notice_kind"
            label={t('admin:settings.notice.kind')}
            data={NOTICE_KINDS.map((kind) => ({ value: kind, label: t(`common:notice.kinds.${kind}`) }))}
            defaultValue={value('notice_kind', notice?.kind ?? 'information')}
            error={error('notice_kind')}
            w={220}
          />
          <TextInput
            name="notice_from"
            type="date"
            required
            label={t('admin:settings.notice.from')}
            defaultValue={value('notice_from', notice?.from ?? '')}
            error={error('notice_from')}
            w={180}
          />
          <TextInput
            name="notice_to"
            type="date"
            required
            label={t('admin:settings.notice.to')}
            defaultValue={value('notice_to', notice?.to ?? '')}
            error={error('notice_to')}
            w={180}
          />
        </Group>
        <LocalizedFields
          prefix="notice"
          legend={t('admin:settings.notice.text')}
          saved={notice?.text ?? null}
          value={value}
          error={error}
          frenchRequired
          wide
        />
      </SettingsForm>
    </SettingsSection>
  );
}
