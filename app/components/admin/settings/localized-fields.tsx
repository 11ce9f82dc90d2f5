/** A text in the six languages, one box each, named `{prefix}_{locale}`: French is required, an empty one reads it. */
import { SimpleGrid, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LOCALES, LOCALE_NAMES, LOCALE_TAGS } from '../../../../domain/locales.ts';
import type { LocalizedText } from '../../../../domain/settings.ts';

export function LocalizedFields({
  prefix,
  legend,
  saved,
  value,
  error,
  frenchRequired = false,
  wide = false,
}: {
  prefix: string;
  legend: string;
  saved: LocalizedText | null;
  value: (name: string, saved: string) => string;
  error: (...names: string[]) => string | undefined;
  frenchRequired?: boolean;
  /** Laid across the page's width: three languages a row on a wide screen. */
  wide?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Text component="legend" size="sm" fw={500}>
        {legend}
      </Text>
      <Text size="xs" c="dimmed" mb={6}>
        {t('admin:settings.languagesHint')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: wide ? 3 : 2 }} spacing="sm">
        {LOCALES.map((locale) => (
          <Textarea
            key={locale}
            name={`${prefix}_${locale}`}
            label={LOCALE_NAMES[locale]}
            lang={LOCALE_TAGS[locale]}
            required={frenchRequired && locale === 'fr'}
            autosize
            minRows={2}
            maxLength={1000}
            defaultValue={value(`${prefix}_${locale}`, saved?.[locale] ?? '')}
            error={error(`${prefix}_${locale}`)}
            data-testid={`${prefix}-${locale}`}
          />
        ))}
      </SimpleGrid>
    </fieldset>
  );
}
