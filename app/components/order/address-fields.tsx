/** The fields of a delivery or billing address (addressSchema), for a form whose values hold it at `prefix`. */
import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../forms/country-select.tsx';
import type { AddressDraft } from './draft.ts';

type AddressField = keyof AddressDraft;

const AUTOCOMPLETE: Record<Exclude<AddressField, 'pays'>, string> = {
  nom: 'family-name',
  prenom: 'given-name',
  adresse: 'address-line1',
  complement: 'address-line2',
  code_postal: 'postal-code',
  ville: 'address-level2',
};

/** The label key of an address's field, which the field and an error summary show. */
const addressFieldLabel = (field: string) => `order:fields.${field}`;

/**
 * The label of an address field at `path` (`adresse_livraison.nom`) for an error summary, named with its address
 * (`legends` by prefix, translated) where a form holds two; null when the path is not an address field.
 */
export function addressPathLabel(
  path: string,
  t: (key: string) => string,
  legends: Partial<Record<string, string>>,
): string | null {
  const [prefix, field] = path.includes('.') ? path.split('.', 2) : ['', path];
  if (!field || !(field in AUTOCOMPLETE || field === 'pays')) return null;
  const legend = legends[prefix ?? ''];
  if (legend === undefined) return null;
  const label = t(addressFieldLabel(field));
  return legend ? `${legend} — ${label}` : label;
}

export function AddressFields({
  prefix,
  section,
  getInputProps,
}: {
  /** Where the address sits in the form's values; null when its fields are at the top (`nom`, `ville`...). */
  prefix: 'adresse_livraison' | 'adresse_facturation' | null;
  /** The autofill section, so that a browser keeps the two addresses apart. */
  section: 'shipping' | 'billing';
  getInputProps: (path: string) => GetInputPropsReturnType;
}) {
  const { t } = useTranslation('order');
  const path = (field: AddressField) => (prefix ? `${prefix}.${field}` : field);
  const text = (field: Exclude<AddressField, 'pays'>, required = true) => (
    <TextInput
      name={path(field)}
      label={t(addressFieldLabel(field))}
      required={required}
      autoComplete={`${section} ${AUTOCOMPLETE[field]}`}
      {...getInputProps(path(field))}
    />
  );
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {text('nom')}
        {text('prenom')}
      </SimpleGrid>
      {text('adresse')}
      {text('complement', false)}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {text('code_postal')}
        {text('ville')}
      </SimpleGrid>
      <CountrySelect
        name={path('pays')}
        label={t(addressFieldLabel('pays'))}
        required
        {...(getInputProps(path('pays')) as { value: string; onChange: (value: string) => void })}
      />
    </Stack>
  );
}
