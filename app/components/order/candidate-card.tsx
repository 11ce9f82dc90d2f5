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
import type { AgeCategory } from '../../../domain/ages.ts';
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

type CandidatesForm = UseFormReturnType<CandidatesFormValues>;
/** The candidate's place in the form, which names its fields `candidats.N.field`. */
type Slot = { form: CandidatesForm; index: number };

function pathOf(index: number, field: keyof CandidateValues) {
  return `candidats.${index}.${field}` as const;
}

function CandidateText({
  form,
  index,
  field,
  required = true,
  type = 'text',
}: Slot & { field: TextField; required?: boolean; type?: string }) {
  const { t } = useTranslation('order');
  return (
    <TextInput
      type={type}
      name={pathOf(index, field)}
      label={t(`fields.${field}`)}
      required={required}
      autoComplete={index === 0 ? AUTOCOMPLETE[field] : 'off'}
      {...form.getInputProps(pathOf(index, field))}
    />
  );
}

/** An honour statement, posted as `true` when ticked. */
function Statement({ form, index, field }: Slot & { field: keyof CandidateValues }) {
  const { t } = useTranslation('order');
  const props = form.getInputProps(pathOf(index, field), { type: 'checkbox' });
  return (
    <Checkbox
      name={pathOf(index, field)}
      value="true"
      label={t(`order.${field}`)}
      aria-invalid={props.error ? true : undefined}
      {...props}
    />
  );
}

function CardHeading({
  candidate,
  index,
  canRemove,
  onRemove,
}: {
  candidate: CandidateValues;
  index: number;
  canRemove: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation('order');
  const number = index + 1;
  const name = `${candidate.prenom} ${candidate.nom}`.trim();
  return (
    <Group justify="space-between" align="flex-start" mb="md" wrap="nowrap">
      <div style={{ minWidth: 0 }}>
        <Title order={2} size="h3" id={`candidate-${number}-title`} tabIndex={-1}>
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
  );
}

function IdentityFields({
  form,
  index,
  orderDate,
  age,
}: Slot & { orderDate: string; age: AgeCategory | null }) {
  const { t } = useTranslation('order');
  const path = (field: keyof CandidateValues) => pathOf(index, field);
  return (
    <Fieldset legend={t('order.sections.identity')}>
      <Stack gap="md">
        <CiviliteControl
          name={path('civilite')}
          label={t('fields.civilite')}
          required
          {...form.getInputProps(path('civilite'))}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <CandidateText form={form} index={index} field="nom" />
          <CandidateText form={form} index={index} field="prenom" />
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
  );
}

function ContactAndAddress({ form, index, country }: Slot & { country: string }) {
  const { t } = useTranslation('order');
  return (
    <>
      <Fieldset legend={t('order.sections.contact')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <CandidateText form={form} index={index} field="email" type="email" />
          <PhoneInput
            name={pathOf(index, 'portable')}
            label={t('fields.portable')}
            country={country}
            autoComplete={index === 0 ? 'tel' : 'off'}
            required
            {...form.getInputProps(pathOf(index, 'portable'))}
          />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('order.sections.address')}>
        <Stack gap="md">
          <CandidateText form={form} index={index} field="adresse" />
          <CandidateText form={form} index={index} field="complement" required={false} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <CandidateText form={form} index={index} field="code_postal" />
            <CandidateText form={form} index={index} field="ville" />
          </SimpleGrid>
          <CountrySelect
            name={pathOf(index, 'pays')}
            label={t('fields.pays')}
            required
            {...form.getInputProps(pathOf(index, 'pays'))}
          />
        </Stack>
      </Fieldset>
    </>
  );
}

/** A minor's guardian, who is asked for their consent. */
function GuardianFields({ form, index }: Slot) {
  const { t } = useTranslation('order');
  const tutor = pathOf(index, 'tuteur');
  return (
    <Fieldset legend={t('order.guardian.legend')} data-testid="guardian-fields">
      <Stack gap="sm">
        <Text size="sm" c="gray.7">
          {t('order.guardian.help')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {(['nom', 'prenom'] as const).map((field) => (
            <TextInput
              key={field}
              name={`${tutor}.${field}`}
              label={t(`order.guardian.${field}`)}
              required
              autoComplete="off"
              {...form.getInputProps(`${tutor}.${field}`)}
            />
          ))}
        </SimpleGrid>
        <TextInput
          type="email"
          name={`${tutor}.email`}
          label={t('order.guardian.email')}
          required
          autoComplete="off"
          {...form.getInputProps(`${tutor}.email`)}
        />
      </Stack>
    </Fieldset>
  );
}

function Statements({ form, index, age }: Slot & { age: AgeCategory | null }) {
  const { t } = useTranslation('order');
  return (
    <Fieldset legend={t('order.sections.statements')}>
      <Stack gap="md">
        {/* The one place fitness is asked (the delivery step does not ask it again). */}
        <Notice color="orange" icon={<IconHeartbeat aria-hidden />} title={t('order.health.title')}>
          {t('order.health.text')} {t('shipping.physicalWarning.text')}
        </Notice>
        <Statement form={form} index={index} field="attestation_condition_physique" />
        <Statement form={form} index={index} field="attestation_assurance" />
        {age === 'minor' && (
          <Stack gap="md" data-testid="minor-statements">
            <Notice color="blue" icon={<IconAlertTriangle aria-hidden />} title={t('order.minor.title')}>
              {t('order.minor.text')}
            </Notice>
            <Statement form={form} index={index} field="autorisation_parentale" />
            <Statement form={form} index={index} field="certificat_medical" />
            <GuardianFields form={form} index={index} />
          </Stack>
        )}
      </Stack>
    </Fieldset>
  );
}

export function CandidateCard({
  form,
  index,
  orderDate,
  canRemove,
  onRemove,
}: {
  form: CandidatesForm;
  index: number;
  orderDate: string;
  canRemove: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation('order');
  const candidate = form.values.candidats[index];
  if (!candidate) return null;
  const age = candidateAgeCategory(candidate.date_naissance, orderDate);
  return (
    <Paper
      component="section"
      withBorder
      p={{ base: 'sm', sm: 'lg' }}
      aria-labelledby={`candidate-${index + 1}-title`}
    >
      <CardHeading candidate={candidate} index={index} canRemove={canRemove} onRemove={onRemove} />
      <Stack gap="lg">
        <ChallengeOptions
          name={pathOf(index, 'epreuve')}
          label={t('fields.epreuve')}
          required
          {...form.getInputProps(pathOf(index, 'epreuve'))}
        />
        <IdentityFields form={form} index={index} orderDate={orderDate} age={age} />
        <ContactAndAddress form={form} index={index} country={candidate.pays} />
        <Statements form={form} index={index} age={age} />
      </Stack>
    </Paper>
  );
}
