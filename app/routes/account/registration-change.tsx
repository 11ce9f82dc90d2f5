/**
 * The buyer corrects a registration before a volunteer starts on it (domain/registration-changes.ts): the
 * candidate's identity, contact and address, and the challenge; for a kit already emailed, identity and contact
 * only, and the corrected documents are emailed again. The form posts to this page's action (decision 0032), which
 * saves as PATCH /api/candidates/{id} does; once the kit is started the page shows the registration read-only and
 * says whom to write to.
 */
import '../../styles/mantine-all.ts';
import { Fieldset, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { requestContext } from '#request-context';
import type { CandidateForChange } from '../../../contracts/orders.ts';
import { addDays } from '../../../domain/dates.ts';
import { localeOr } from '../../../domain/locales.ts';
import {
  CANDIDATE_CHANGE_FIELDS,
  CANDIDATE_IDENTITY_FIELDS,
  type CandidateChangeField,
} from '../../../domain/registration-changes.ts';
import { candidateSchema } from '../../../domain/schemas/candidate.ts';
import { MIN_BIRTH_DATE } from '../../../domain/schemas/common.ts';
import { z } from '../../../domain/schemas/zod.ts';
import { CiviliteControl } from '../../components/forms/civilite-control.tsx';
import { CountrySelect } from '../../components/forms/country-select.tsx';
import { ErrorSummary } from '../../components/forms/error-summary.tsx';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { PhoneInput } from '../../components/forms/phone-input.tsx';
import { ChangeFormButtons, ChangePage } from '../../components/order/change-page.tsx';
import { ChallengeOptions } from '../../components/order/challenge-options.tsx';
import { ClubContact } from '../../components/order/club-contact.tsx';
import { useActionForm } from '../../lib/action-form.ts';
import { readForm, serviceRefusal } from '../../lib/form-action.server.ts';
import { foundOr404, idOr404 } from '../../lib/page-params.ts';
import { requireUser } from '../../lib/require-user.ts';
import type { Route } from './+types/registration-change';
import { postalAddressLines } from '../../../domain/postal-address.ts';

export async function loader(args: Route.LoaderArgs) {
  const { user, services } = requireUser(args);
  // Another person's candidate, or none, is not found.
  const candidateId = idOr404(args.params.candidateId);
  return { candidate: await foundOr404(services.registrationChanges.forChange(user.id, candidateId)) };
}

export async function action(args: Route.ActionArgs) {
  const { user } = requireUser(args);
  const { actions } = args.context.get(requestContext);
  const values = await readForm(args.request);
  // What the page offers: a kit already emailed shows no challenge, so none is posted.
  const change = Object.fromEntries(
    CANDIDATE_CHANGE_FIELDS.flatMap((field) => (field in values ? [[field, values[field]!]] : [])),
  );
  try {
    await actions.changeCandidate(user.id, idOr404(args.params.candidateId), change);
  } catch (error) {
    return serviceRefusal(error, values);
  }
  return { saved: true };
}

/**
 * The order's own rules, on the day of the order; the honour statements were made when ordering and are not
 * asked again, so they count as made.
 */
function changeSchema(orderDate: string) {
  return z.preprocess(
    (values) => ({
      ...(values as object),
      attestation_condition_physique: true,
      attestation_assurance: true,
      autorisation_parentale: true,
      certificat_medical: true,
    }),
    candidateSchema(orderDate),
  );
}

type TextField = 'nom' | 'prenom' | 'email' | 'adresse' | 'complement' | 'code_postal' | 'ville';
type InputPropsOf = (field: CandidateChangeField) => GetInputPropsReturnType;

function CandidateText({ field, inputProps }: { field: TextField; inputProps: InputPropsOf }) {
  const { t } = useTranslation('order');
  return (
    <TextInput
      name={field}
      type={field === 'email' ? 'email' : 'text'}
      label={t(`fields.${field}`)}
      required={field !== 'complement'}
      autoComplete="off"
      {...inputProps(field)}
    />
  );
}

function IdentityFields({ inputProps, orderDate }: { inputProps: InputPropsOf; orderDate: string }) {
  const { t } = useTranslation('order');
  return (
    <Fieldset legend={t('order.sections.identity')}>
      <Stack gap="md">
        <CiviliteControl name="civilite" label={t('fields.civilite')} required {...inputProps('civilite')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <CandidateText field="nom" inputProps={inputProps} />
          <CandidateText field="prenom" inputProps={inputProps} />
          <TextInput
            type="date"
            name="date_naissance"
            label={t('fields.date_naissance')}
            min={MIN_BIRTH_DATE}
            max={addDays(orderDate, -1)}
            required
            {...inputProps('date_naissance')}
          />
          <CountrySelect
            name="nationalite"
            label={t('fields.nationalite')}
            required
            {...inputProps('nationalite')}
          />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}

function ContactFields({ inputProps, country }: { inputProps: InputPropsOf; country: string }) {
  const { t } = useTranslation('order');
  return (
    <Fieldset legend={t('order.sections.contact')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <CandidateText field="email" inputProps={inputProps} />
        <PhoneInput
          name="portable"
          label={t('fields.portable')}
          country={country}
          required
          {...inputProps('portable')}
        />
      </SimpleGrid>
    </Fieldset>
  );
}

function AddressFields({ inputProps }: { inputProps: InputPropsOf }) {
  const { t } = useTranslation('order');
  return (
    <Fieldset legend={t('order.sections.address')}>
      <Stack gap="md">
        <CandidateText field="adresse" inputProps={inputProps} />
        <CandidateText field="complement" inputProps={inputProps} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <CandidateText field="code_postal" inputProps={inputProps} />
          <CandidateText field="ville" inputProps={inputProps} />
        </SimpleGrid>
        <CountrySelect name="pays" label={t('fields.pays')} required {...inputProps('pays')} />
      </Stack>
    </Fieldset>
  );
}

function ChangeForm({ candidate }: { candidate: CandidateForChange }) {
  const { t } = useTranslation('order');
  const fields = candidate.changeable === 'all' ? CANDIDATE_CHANGE_FIELDS : CANDIDATE_IDENTITY_FIELDS;
  const blank = Object.fromEntries(fields.map((field) => [field, candidate.fields[field]])) as Record<
    CandidateChangeField,
    string
  >;
  const { form, ref, onSubmit, message, submitting, answer } = useActionForm(
    changeSchema(candidate.date_commande),
    blank,
  );
  const saved = (answer as { saved?: boolean } | undefined)?.saved === true;
  const inputProps: InputPropsOf = (field) => form.getInputProps(field);
  return (
    <Form method="post" ref={ref} onSubmit={onSubmit} noValidate data-testid="registration-change-form">
      <Stack gap="lg">
        <ErrorSummary
          errors={form.errors}
          message={message}
          label={(path) => ((fields as readonly string[]).includes(path) ? t(`fields.${path}`) : null)}
          order={fields}
        />
        {saved && (
          <FormAlert kind="success" testId="registration-saved">
            {candidate.changeable === 'identity' ? t('changes.savedAndSent') : t('changes.saved')}
          </FormAlert>
        )}
        <Text size="sm" c="gray.7">
          {t('validation:form_required_note')}
        </Text>
        {candidate.changeable === 'all' && (
          <ChallengeOptions name="epreuve" label={t('fields.epreuve')} required {...inputProps('epreuve')} />
        )}
        <IdentityFields inputProps={inputProps} orderDate={candidate.date_commande} />
        <ContactFields inputProps={inputProps} country={form.values.pays} />
        <AddressFields inputProps={inputProps} />
        <ChangeFormButtons submitting={submitting} testId="registration-change-submit" />
      </Stack>
    </Form>
  );
}

/** A registration a volunteer has started on: what it holds, and whom to write to for a change. */
function ReadOnly({ candidate }: { candidate: CandidateForChange }) {
  const { t } = useTranslation('order');
  const rows: [string, string][] = [
    [t('fields.epreuve'), t(`challenges.${candidate.fields.epreuve}`)],
    [t('fields.nom'), candidate.fields.nom],
    [t('fields.prenom'), candidate.fields.prenom],
    [t('fields.date_naissance'), candidate.fields.date_naissance],
    [t('fields.email'), candidate.fields.email],
    [t('fields.portable'), candidate.fields.portable],
    [t('fields.adresse'), postalAddressLines(candidate.fields).join(', ')],
  ];
  return (
    <Stack gap="md" data-testid="registration-read-only">
      <ClubContact reference={candidate.reference} reason={t('changes.closed')} />
      <Table variant="vertical" withTableBorder layout="fixed">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={{ base: 120, sm: 180 }}>{label}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

export default function Page({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation('order');
  const { candidate } = loaderData;
  return (
    <ChangePage
      lang={localeOr(params.lang)}
      introPrefix={
        candidate.changeable === 'identity' ? 'order:changes.correction.' : 'order:changes.candidate.'
      }
      subject={
        <div>
          <Text fw={700}>{`${candidate.fields.prenom} ${candidate.fields.nom}`}</Text>
          <Text size="sm" c="gray.7">
            {t('orders.reference')}{' '}
            <Text component="span" size="sm" ff="monospace">
              {candidate.reference}
            </Text>
          </Text>
        </div>
      }
    >
      {candidate.changeable === null ? (
        <ReadOnly candidate={candidate} />
      ) : (
        <ChangeForm candidate={candidate} />
      )}
    </ChangePage>
  );
}
