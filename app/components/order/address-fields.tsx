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
      label={t(`fields.${field}`)}
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
        label={t('fields.pays')}
        required
        {...(getInputProps(path('pays')) as { value: string; onChange: (value: string) => void })}
      />
    </Stack>
  );
}
