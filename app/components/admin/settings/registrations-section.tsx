/** Whether the club takes new orders, and the message the order form shows when it does not. */
import { NativeSelect, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PresentedSettings } from '../../../../contracts/settings.ts';
import { LocalizedFields } from './localized-fields.tsx';
import { SettingsForm, SettingsSection, useSettingsFields } from './settings-form.tsx';

export function RegistrationsSection({ settings }: { settings: PresentedSettings }) {
  const { t } = useTranslation();
  const { refusal, value, error } = useSettingsFields('registrations');
  const state = settings.registrations_open ? 'open' : 'closed';
  return (
    <SettingsSection id="registrations" title={t('admin:settings.registrations.title')}>
      <Text data-testid="settings-registrations-state" fw={500}>
        {t(`admin:settings.registrations.${state}`)}
      </Text>
      <SettingsForm
        intent="registrations"
        version={settings.version}
        refusal={refusal}
        submit={t('admin:settings.registrations.submit')}
      >
        <NativeSelect
          name="registrations"
          label={t('admin:settings.registrations.label')}
          data={['open', 'closed'].map((option) => ({
            value: option,
            label: t(`admin:settings.registrations.options.${option}`),
          }))}
          defaultValue={value('registrations', state)}
          w={260}
        />
        <LocalizedFields
          prefix="closed"
          legend={t('admin:settings.registrations.message')}
          saved={settings.closed_message}
          value={value}
          error={error}
        />
      </SettingsForm>
    </SettingsSection>
  );
}
