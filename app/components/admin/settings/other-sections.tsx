/** The smaller settings: the fee kept on a refund, the heat warning's period, the club's address and email. */
import { TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PresentedSettings } from '../../../../contracts/settings.ts';
import { eurosText } from '../../../lib/settings-form.ts';
import { SettingsForm, SettingsSection, useSettingsFields } from './settings-form.tsx';

export function FeeSection({ settings }: { settings: PresentedSettings }) {
  const { t } = useTranslation();
  const { refusal, value, error } = useSettingsFields('fee');
  return (
    <SettingsSection id="fee" title={t('admin:settings.fee.title')} intro={t('admin:settings.fee.intro')}>
      <SettingsForm
        intent="fee"
        version={settings.version}
        refusal={refusal}
        submit={t('admin:settings.save')}
      >
        <TextInput
          name="refund_fee"
          label={t('admin:settings.fee.amount')}
          inputMode="decimal"
          required
          defaultValue={value('refund_fee', eurosText(settings.refund_fee_cents))}
          error={error('refund_fee')}
          maw={200}
        />
      </SettingsForm>
    </SettingsSection>
  );
}

export function HeatSection({ settings }: { settings: PresentedSettings }) {
  const { t } = useTranslation();
  const { refusal, value, error } = useSettingsFields('heat');
  const field = (end: 'from' | 'to') => (
    <TextInput
      name={`heat_${end}`}
      label={t(`admin:settings.heat.${end}`)}
      description={t('admin:settings.heat.format')}
      required
      pattern="\d{2}-\d{2}"
      defaultValue={value(`heat_${end}`, settings.heat_warning[end])}
      error={error(`heat_${end}`)}
      maw={200}
    />
  );
  return (
    <SettingsSection id="heat" title={t('admin:settings.heat.title')} intro={t('admin:settings.heat.intro')}>
      <SettingsForm
        intent="heat"
        version={settings.version}
        refusal={refusal}
        submit={t('admin:settings.save')}
      >
        {field('from')}
        {field('to')}
      </SettingsForm>
    </SettingsSection>
  );
}

export function ContactSection({ settings }: { settings: PresentedSettings }) {
  const { t } = useTranslation();
  const { refusal, value, error } = useSettingsFields('contact');
  return (
    <SettingsSection id="contact" title={t('admin:settings.contact.title')}>
      <SettingsForm
        intent="contact"
        version={settings.version}
        refusal={refusal}
        submit={t('admin:settings.save')}
      >
        <Textarea
          name="postal_address"
          label={t('admin:settings.contact.address')}
          description={t('admin:settings.contact.addressHint')}
          autosize
          minRows={3}
          defaultValue={value('postal_address', (settings.club_postal_address ?? []).join('\n'))}
          error={error('postal_address', 'club_postal_address')}
        />
        <TextInput
          name="contact_email"
          type="email"
          label={t('admin:settings.contact.email')}
          required
          defaultValue={value('contact_email', settings.contact_email)}
          error={error('contact_email')}
        />
      </SettingsForm>
    </SettingsSection>
  );
}
