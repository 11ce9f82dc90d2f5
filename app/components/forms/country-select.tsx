/**
 * A country select (pays, nationalite): the countries of domain/countries.ts in the page's language, searchable.
 * Until the scripts run it is the browser's own select, which a form posted before hydration sends as it is.
 */
import { NativeSelect, Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { countryOptions } from '../../../domain/countries.ts';
import { localeOr } from '../../../domain/locales.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { filterCountries } from './country-search.ts';

export type CountrySelectProps = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'defaultValue'> & {
  /** A country code, or '' for none. */
  value?: string;
  onChange?: (value: string) => void;
};

export function CountrySelect({ value, onChange, ...props }: CountrySelectProps) {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const locale = localeOr(i18n.language);
  const placeholder = t('validation:form_country_placeholder');
  if (!hydrated) {
    const { label, description, error, required, name, id, className, style } = props;
    return (
      <NativeSelect
        {...{ label, description, error, required, name, id, className, style }}
        data={[{ value: '', label: placeholder }, ...countryOptions(locale)]}
        value={value ?? ''}
        onChange={(event) => onChange?.(event.currentTarget.value)}
      />
    );
  }
  return (
    <Select
      searchable
      data={countryOptions(locale)}
      filter={filterCountries}
      value={value ? value : null}
      onChange={(next) => onChange?.(next ?? '')}
      allowDeselect={false}
      nothingFoundMessage={t('validation:form_no_country_found')}
      placeholder={placeholder}
      maxDropdownHeight={280}
      comboboxProps={{ shadow: 'md' }}
      {...props}
    />
  );
}
