/**
 * The fields of a person's account (sign-up and the account page): identity, address and contact, with the
 * club's field names (docs/API.md vocabulary). The form is a useZodForm of the caller's schema.
 */
import { Fieldset, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { addDays, knownDate, today } from '../../../domain/dates.ts';
import { MIN_BIRTH_DATE } from '../../../domain/schemas/common.ts';
import { CiviliteControl } from './civilite-control.tsx';
import { CountrySelect } from './country-select.tsx';
import { PhoneInput } from './phone-input.tsx';

export const USER_FIELDS = [
  'civilite',
  'nom',
  'prenom',
  'date_naissance',
  'nationalite',
  'adresse',
  'complement',
  'cp',
  'ville',
  'pays',
  'tel',
  'email',
] as const;
export type UserField = (typeof USER_FIELDS)[number];

/** The label key of each field, which the field and an error summary show. */
const userFieldLabel = (field: UserField) => `validation:form_${field}`;

/** The label keys of the user's fields, for an error summary. */
export const USER_FIELD_LABELS: Record<UserField, string> = Object.fromEntries(
  USER_FIELDS.map((field) => [field, userFieldLabel(field)]),
) as Record<UserField, string>;

/** What the inputs hold: text everywhere, '' for nothing chosen yet. */
export type UserFormValues = Record<UserField, string>;

export const EMPTY_USER_VALUES: UserFormValues = {
  civilite: '',
  nom: '',
  prenom: '',
  date_naissance: '',
  nationalite: '',
  adresse: '',
  complement: '',
  cp: '',
  ville: '',
  pays: '',
  tel: '',
  email: '',
};

/**
 * The form values for a stored user (GET /api/me shape), ignoring the fields the form does not edit. An unknown
 * birth date (null for accounts made with the command line, or the legacy 1970-01-01) leaves the field empty.
 */
export function userFormValues(user: Partial<Record<UserField, string | null>>): UserFormValues {
  const values = { ...EMPTY_USER_VALUES };
  for (const field of USER_FIELDS) values[field] = user[field] ?? '';
  values.date_naissance = knownDate(user.date_naissance) ?? '';
  return values;
}

/** The part of a useForm these fields use, whatever other fields the form has. */
export interface UserFieldsForm {
  getInputProps: (path: UserField) => GetInputPropsReturnType;
  values: Pick<UserFormValues, 'pays'>;
}

export function UserFields({ form }: { form: UserFieldsForm }) {
  const { t } = useTranslation();
  const label = (field: UserField) => t(userFieldLabel(field));
  const text = (field: UserField, autoComplete: string, required = true) => (
    <TextInput
      name={field}
      label={label(field)}
      autoComplete={autoComplete}
      required={required}
      {...form.getInputProps(field)}
    />
  );
  return (
    <Stack gap="lg">
      <Fieldset legend={t('validation:form_identity')}>
        <Stack gap="md">
          <CiviliteControl
            name="civilite"
            label={label('civilite')}
            required
            {...form.getInputProps('civilite')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('nom', 'family-name')}
            {text('prenom', 'given-name')}
            <TextInput
              type="date"
              name="date_naissance"
              label={label('date_naissance')}
              autoComplete="bday"
              min={MIN_BIRTH_DATE}
              max={addDays(today(), -1)}
              required
              {...form.getInputProps('date_naissance')}
            />
            <CountrySelect
              name="nationalite"
              label={label('nationalite')}
              required
              {...form.getInputProps('nationalite')}
            />
          </SimpleGrid>
        </Stack>
      </Fieldset>
      <Fieldset legend={t('validation:form_address')}>
        <Stack gap="md">
          {text('adresse', 'address-line1')}
          {text('complement', 'address-line2', false)}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('cp', 'postal-code')}
            {text('ville', 'address-level2')}
          </SimpleGrid>
          <CountrySelect name="pays" label={label('pays')} required {...form.getInputProps('pays')} />
        </Stack>
      </Fieldset>
      <Fieldset legend={t('validation:form_contact')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <PhoneInput
            name="tel"
            label={label('tel')}
            country={form.values.pays}
            required
            {...form.getInputProps('tel')}
          />
          <TextInput
            type="email"
            name="email"
            label={label('email')}
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
        </SimpleGrid>
      </Fieldset>
    </Stack>
  );
}
