/**
 * One candidate of the order form: challenge, identity, contact, address and the honour statements. The
 * statements for 14 to 17 year olds appear only for them, and a candidate under 14 is told at once that the
 * registration is not possible (ages on the day of the order).
 */
import {
  Badge,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertTriangle, IconHeartbeat, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { addDays } from '../../../domain/dates.ts';
import { MIN_BIRTH_DATE } from '../../../domain/schemas/common.ts';
import { CiviliteControl } from '../forms/civilite-control.tsx';
import { CountrySelect } from '../forms/country-select.tsx';
import { PhoneInput } from '../forms/phone-input.tsx';
import { ChallengeOptions } from './challenge-options.tsx';
import { type CandidateValues, candidateAgeCategory } from './draft.ts';
import { Notice } from './notice.tsx';

export type CandidatesFormValues = { candidats: CandidateValues[] };

type TextField = 'nom' | 'prenom' | 'email' | 'adresse' | 'complement' | 'code_postal' | 'ville';

/** Autofill hints for the first candidate, usually the buyer; other candidates are other people. */
const AUTOCOMPLETE: Record<TextField, string> = {
  nom: 'family-name',
  prenom: 'given-name',
  email: 'email',
  adresse: 'address-line1',
  complement: 'address-line2',
  code_postal: 'postal-code',
  ville: 'address-level2',
};

export function CandidateCard({
  form,
  index,
  orderDate,
  canRemove,
  onRemove,
}: {
  form: UseFormReturnType<CandidatesFormValues>;
  index: number;
  orderDate: string;
  canRemove: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation('order');
  const candidate = form.values.candidats[index];
  if (!candidate) return null;
  const path = (field: keyof CandidateValues) => `candidats.${index}.${field}` as const;
  const number = index + 1;
  const headingId = `candidate-${number}-title`;
  const age = candidateAgeCategory(candidate.date_naissance, orderDate);
  const name = `${candidate.prenom} ${candidate.nom}`.trim();
  const text = (field: TextField, required = true, type = 'text') => (
    <TextInput
      type={type}
      name={path(field)}
      label={t(`fields.${field}`)}
      required={required}
      autoComplete={index === 0 ? AUTOCOMPLETE[field] : 'off'}
      {...form.getInputProps(path(field))}
    />
  );
  const checkbox = (field: keyof CandidateValues, label: string) => {
    const props = form.getInputProps(path(field), { type: 'checkbox' });
    return (
      <Checkbox
        name={path(field)}
        value="true"
        label={label}
        aria-invalid={props.error ? true : undefined}
        {...props}
      />
    );
  };

  return (
    <Paper component="section" withBorder p={{ base: 'sm', sm: 'lg' }} aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" mb="md" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Title order={2} size="h3" id={headingId} tabIndex={-1}>
            {t('order.candidate', { number })}
          </Title>
          <Group gap="xs" mt={4}>
            <Text c="dimmed" size="sm">
              {name || t('order.unnamed')}
            </Text>
            {candidate.epreuve && (
              <Badge variant="light" size="sm">
                {t(`challenges.${candidate.epreuve}`)}
              </Badge>
            )}
          </Group>
        </div>
        {canRemove && (
          <Button
            variant="subtle"
            color="red.9"
            style={{ flexShrink: 0 }}
            size="compact-sm"
            leftSection={<IconTrash size={16} aria-hidden />}
            // Posted to the page's action before the scripts run; removed in place once they do.
            type="submit"
            name="intent"
            value={`remove-${index}`}
            formNoValidate
            onClick={(event) => {
              event.preventDefault();
              onRemove();
            }}
            aria-label={t('order.removeLabel', { number })}
          >
            {t('order.remove')}
          </Button>
        )}
      </Group>

      <Stack gap="lg">
        <ChallengeOptions
          name={path('epreuve')}
          label={t('fields.epreuve')}
          required
          {...form.getInputProps(path('epreuve'))}
        />

        <Fieldset legend={t('order.sections.identity')}>
          <Stack gap="md">
            <CiviliteControl
              name={path('civilite')}
              label={t('fields.civilite')}
              required
              {...form.getInputProps(path('civilite'))}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text('nom')}
              {text('prenom')}
              <TextInput
                type="date"
                name={path('date_naissance')}
                label={t('fields.date_naissance')}
                autoComplete={index === 0 ? 'bday' : 'off'}
                min={MIN_BIRTH_DATE}
                max={addDays(orderDate, -1)}
                required
                {...form.getInputProps(path('date_naissance'))}
              />
              <CountrySelect
                name={path('nationalite')}
                label={t('fields.nationalite')}
                required
                {...form.getInputProps(path('nationalite'))}
              />
            </SimpleGrid>
            {age === 'too_young' && (
              <Notice color="red" icon={<IconAlertTriangle aria-hidden />} data-testid="too-young">
                {t('validation:too_young')}
              </Notice>
            )}
          </Stack>
        </Fieldset>

        <Fieldset legend={t('order.sections.contact')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('email', true, 'email')}
            <PhoneInput
              name={path('portable')}
              label={t('fields.portable')}
              country={candidate.pays}
              autoComplete={index === 0 ? 'tel' : 'off'}
              required
              {...form.getInputProps(path('portable'))}
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={t('order.sections.address')}>
          <Stack gap="md">
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
              {...form.getInputProps(path('pays'))}
            />
          </Stack>
        </Fieldset>

        <Fieldset legend={t('order.sections.statements')}>
          <Stack gap="md">
            <Notice color="orange" icon={<IconHeartbeat aria-hidden />} title={t('order.health.title')}>
              {t('order.health.text')}
            </Notice>
            {checkbox('attestation_condition_physique', t('order.attestation_condition_physique'))}
            {checkbox('attestation_assurance', t('order.attestation_assurance'))}
            {age === 'minor' && (
              <Stack gap="md" data-testid="minor-statements">
                <Notice color="blue" icon={<IconAlertTriangle aria-hidden />} title={t('order.minor.title')}>
                  {t('order.minor.text')}
                </Notice>
                {checkbox('autorisation_parentale', t('order.autorisation_parentale'))}
                {checkbox('certificat_medical', t('order.certificat_medical'))}
                <Fieldset legend={t('order.guardian.legend')} data-testid="guardian-fields">
                  <Stack gap="sm">
                    <Text size="sm" c="gray.7">
                      {t('order.guardian.help')}
                    </Text>
                    <SimpleGrid cols={{ base: 1, sm: 2 }}>
                      {(['nom', 'prenom'] as const).map((field) => (
                        <TextInput
                          key={field}
                          name={`${path('tuteur')}.${field}`}
                          label={t(`order.guardian.${field}`)}
                          required
                          autoComplete="off"
                          {...form.getInputProps(`${path('tuteur')}.${field}`)}
                        />
                      ))}
                    </SimpleGrid>
                    <TextInput
                      type="email"
                      name={`${path('tuteur')}.email`}
                      label={t('order.guardian.email')}
                      required
                      autoComplete="off"
                      {...form.getInputProps(`${path('tuteur')}.email`)}
                    />
                  </Stack>
                </Fieldset>
              </Stack>
            )}
          </Stack>
        </Fieldset>
      </Stack>
    </Paper>
  );
}
