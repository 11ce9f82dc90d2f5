/** The kit's price: the one in force today, the next one planned, and a new price from a day (today or later). */
import { Group, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PresentedSettings } from '../../../../contracts/settings.ts';
import { useFormat } from '../../../lib/format.ts';
import { eurosText } from '../../../lib/settings-form.ts';
import { SettingsForm, SettingsSection, useSettingsFields } from './settings-form.tsx';

export function PriceSection({ settings }: { settings: PresentedSettings }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { refusal, value, error } = useSettingsFields('price');
  const next = settings.next_price;
  return (
    <SettingsSection id="price" title={t('admin:settings.price.title')}>
      <Text data-testid="settings-price-now">
        {t('admin:settings.price.now', { price: format.money(settings.price_cents, 'EUR') })}
      </Text>
      <Text data-testid="settings-price-next" c={next ? undefined : 'dimmed'}>
        {next?.from
          ? t('admin:settings.price.next', {
              price: format.money(next.cents, 'EUR'),
              date: format.date(next.from),
            })
          : t('admin:settings.price.noNext')}
      </Text>
      <SettingsForm
        intent="price"
        version={settings.version}
        refusal={refusal}
        submit={t('admin:settings.price.submit')}
      >
        <Group gap="sm" align="flex-start" wrap="wrap">
          <TextInput
            name="price"
            label={t('admin:settings.price.amount')}
            inputMode="decimal"
            required
            defaultValue={value('price', eurosText(settings.price_cents))}
            error={error('price')}
            w={160}
          />
          <TextInput
            name="price_from"
            type="date"
            label={t('admin:settings.price.from')}
            description={t('admin:settings.price.fromHint')}
            defaultValue={value('price_from', '')}
            error={error('price_from')}
            w={200}
          />
        </Group>
      </SettingsForm>
    </SettingsSection>
  );
}
