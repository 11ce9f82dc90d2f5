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
  prefix: 'adresse_livraison' | 'adresse_facturation';
  /** The autofill section, so that a browser keeps the two addresses apart. */
  section: 'shipping' | 'billing';
  getInputProps: (path: string) => GetInputPropsReturnType;
}) {
  const { t } = useTranslation('order');
  const text = (field: Exclude<AddressField, 'pays'>, required = true) => (
    <TextInput
      name={`${prefix}.${field}`}
      label={t(`fields.${field}`)}
      required={required}
      autoComplete={`${section} ${AUTOCOMPLETE[field]}`}
      {...getInputProps(`${prefix}.${field}`)}
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
        name={`${prefix}.pays`}
        label={t('fields.pays')}
        required
        {...(getInputProps(`${prefix}.pays`) as { value: string; onChange: (value: string) => void })}
      />
    </Stack>
  );
}
