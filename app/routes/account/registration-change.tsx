/**
 * The buyer corrects a registration before a volunteer starts on it (domain/registration-changes.ts): the
 * candidate's identity, contact and address, and the challenge; for a kit already emailed, identity and contact
 * only, and the corrected documents are emailed again. The form posts to this page's action (decision 0032), which
 * saves as PATCH /api/candidates/{id} does; once the kit is started the page shows the registration read-only and
 * says whom to write to.
 */
import '../../styles/mantine-all.ts';
import { Anchor, Button, Fieldset, Group, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Form, Link, data } from 'react-router';
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
import { FormAlert } from '../../components/forms/form-alert.tsx';
import forms from '../../components/forms/forms.module.css';
import { PhoneInput } from '../../components/forms/phone-input.tsx';
import { ChallengeOptions } from '../../components/order/challenge-options.tsx';
import { ClubContact } from '../../components/order/club-contact.tsx';
import { PageIntro } from '../../components/page-intro.tsx';
import { useActionForm } from '../../lib/action-form.ts';
import { readForm, serviceRefusal } from '../../lib/form-action.server.ts';
import { requireUser } from '../../lib/require-user.ts';
import { isNotFound } from '../../lib/service-errors.ts';
import type { Route } from './+types/registration-change';

function candidateIdOf(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1) throw data(null, { status: 404 });
  return id;
}

export async function loader(args: Route.LoaderArgs) {
  const { user, services } = requireUser(args);
  try {
    return {
      candidate: await services.registrationChanges.forChange(
        user.id,
        candidateIdOf(args.params.candidateId),
      ),
    };
  } catch (error) {
    // Another person's candidate, or none.
    if (isNotFound(error)) throw data(null, { status: 404 });
    throw error;
  }
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
    await actions.changeCandidate(user.id, candidateIdOf(args.params.candidateId), change);
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

function ChangeForm({ candidate }: { candidate: CandidateForChange }) {
  const { t, i18n } = useTranslation('order');
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
  const text = (field: 'nom' | 'prenom' | 'email' | 'adresse' | 'complement' | 'code_postal' | 'ville') => (
    <TextInput
      name={field}
      type={field === 'email' ? 'email' : 'text'}
      label={t(`fields.${field}`)}
      required={field !== 'complement'}
      autoComplete="off"
      {...form.getInputProps(field)}
    />
  );
  return (
    <Form method="post" ref={ref} onSubmit={onSubmit} noValidate data-testid="registration-change-form">
      <Stack gap="lg">
        {message && <FormAlert kind="error">{t(message.key, message.values ?? {})}</FormAlert>}
        {saved && (
          <FormAlert kind="success" testId="registration-saved">
            {candidate.changeable === 'identity' ? t('changes.savedAndSent') : t('changes.saved')}
          </FormAlert>
        )}
        <Text size="sm" c="gray.7">
          {t('validation:form_required_note')}
        </Text>
        {candidate.changeable === 'all' && (
          <ChallengeOptions
            name="epreuve"
            label={t('fields.epreuve')}
            required
            {...form.getInputProps('epreuve')}
          />
        )}
        <Fieldset legend={t('order.sections.identity')}>
          <Stack gap="md">
            <CiviliteControl
              name="civilite"
              label={t('fields.civilite')}
              required
              {...form.getInputProps('civilite')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text('nom')}
              {text('prenom')}
              <TextInput
                type="date"
                name="date_naissance"
                label={t('fields.date_naissance')}
                min={MIN_BIRTH_DATE}
                max={addDays(candidate.date_commande, -1)}
                required
                {...form.getInputProps('date_naissance')}
              />
              <CountrySelect
                name="nationalite"
                label={t('fields.nationalite')}
                required
                {...form.getInputProps('nationalite')}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>
        <Fieldset legend={t('order.sections.contact')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('email')}
            <PhoneInput
              name="portable"
              label={t('fields.portable')}
              country={form.values.pays}
              required
              {...form.getInputProps('portable')}
            />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('order.sections.address')}>
          <Stack gap="md">
            {text('adresse')}
            {text('complement')}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text('code_postal')}
              {text('ville')}
            </SimpleGrid>
            <CountrySelect name="pays" label={t('fields.pays')} required {...form.getInputProps('pays')} />
          </Stack>
        </Fieldset>
        <Group>
          <Button type="submit" loading={submitting} data-testid="registration-change-submit">
            {t('changes.submit')}
          </Button>
          <Anchor component={Link} to={`/${i18n.language}/account?tab=orders`}>
            {t('changes.backToOrders')}
          </Anchor>
        </Group>
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
    [
      t('fields.adresse'),
      [
        candidate.fields.adresse,
        candidate.fields.complement,
        `${candidate.fields.code_postal} ${candidate.fields.ville}`,
      ]
        .filter(Boolean)
        .join(', '),
    ],
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
  const lang = localeOr(params.lang);
  return (
    <Stack gap="lg" className={forms.readable}>
      <Anchor component={Link} to={`/${lang}/account?tab=orders`} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {t('changes.backToOrders')}
        </Group>
      </Anchor>
      <PageIntro
        prefix={
          candidate.changeable === 'identity' ? 'order:changes.correction.' : 'order:changes.candidate.'
        }
        noindex
      >
        <div>
          <Text fw={700}>{`${candidate.fields.prenom} ${candidate.fields.nom}`}</Text>
          <Text size="sm" c="gray.7">
            {t('orders.reference')}{' '}
            <Text component="span" size="sm" ff="monospace">
              {candidate.reference}
            </Text>
          </Text>
        </div>
      </PageIntro>
      {candidate.changeable === null ? (
        <ReadOnly candidate={candidate} />
      ) : (
        <ChangeForm candidate={candidate} />
      )}
    </Stack>
  );
}
