/**
 * Judging a returned route card on the candidate's page: the day of the ride (prefilled from the attached ride's
 * day when there is one, with a "today" choice), the challenge actually completed and a comment, then one of two
 * outcomes: homologate, after one confirmation since the number it gives is final, or reject (the reason is
 * emailed to the rider). The track check of the ride's GPS file sits here, where the volunteer decides.
 */
import { Alert, Button, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconCertificate, IconX } from '@tabler/icons-react';
import type { FormErrors, UseFormReturnType } from '@mantine/form';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { today } from '../../../domain/dates.ts';
import type { TrackAnalysis } from '../../../domain/schemas/track.ts';
import { CHALLENGE_IDS } from '../../../domain/ventoux.ts';
import { adminApi } from '../../lib/api/admin.ts';
import { ApiError } from '../../lib/api/client.ts';
import { useFormat } from '../../lib/format.ts';
import { useAdoptTypedValues } from '../../lib/action-form.ts';
import { applyApiError, type FormMessage, topFormMessage, useZodForm } from '../../lib/zod-form.ts';
import { FormAlert } from '../forms/form-alert.tsx';
import { TrackSummary } from '../track/track-summary.tsx';
import { AdminModal } from './admin-modal.tsx';
import { HomologationComment, RideDayInput } from './homologation-fields.tsx';
import { homologateSchema, registrationDay } from './homologation-schema.ts';
import { ReasonDialog } from './reason-dialog.tsx';
import type { CandidateRecord, Challenge, JudgementOutcome } from './types.ts';

/** The API's answer when another volunteer homologated this card first. */
function alreadyHomologated(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'already_homologated';
}

type Decision = {
  date_passage: string;
  epreuve_realisee: Challenge;
  commentaire: string;
};

type DecisionForm = UseFormReturnType<Decision>;

function FormHeading({ challenge, registeredOn }: { challenge: Challenge; registeredOn: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div>
      <Title order={2} size="h3" id="homologation-title">
        {t('admin:homologation.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('admin:homologation.intro', {
          challenge: t(`admin:challenges.${challenge}`),
          date: format.date(registeredOn),
        })}
      </Text>
    </div>
  );
}

/** The day of the ride, said to come from the attached ride while it does, with a "today" choice. */
function RideDay({
  form,
  registeredOn,
  rideDay,
}: {
  form: DecisionForm;
  registeredOn: string;
  rideDay: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <RideDayInput
        registeredOn={registeredOn}
        description={
          rideDay && form.values.date_passage === rideDay
            ? t('admin:homologation.datePassageFromRide')
            : t('admin:homologation.datePassageHint')
        }
        inputProps={form.getInputProps('date_passage')}
      />
      <Button
        variant="default"
        leftSection={<IconCalendarEvent size={16} aria-hidden />}
        onClick={() => form.setFieldValue('date_passage', today())}
      >
        {t('admin:homologation.today')}
      </Button>
    </Group>
  );
}

/** The challenge actually completed, the registered one named so; a different one is pointed out. */
function CompletedChallenge({ form, registered }: { form: DecisionForm; registered: Challenge }) {
  const { t } = useTranslation();
  return (
    <>
      <Radio.Group
        label={t('admin:homologation.epreuveRealisee')}
        description={t('admin:homologation.epreuveRealiseeHint')}
        required
        {...form.getInputProps('epreuve_realisee')}
      >
        <Group gap="lg" mt={6}>
          {CHALLENGE_IDS.map((id) => (
            <Radio
              key={id}
              value={id}
              label={
                id === registered
                  ? t('admin:homologation.registered', { challenge: t(`admin:challenges.${id}`) })
                  : t(`admin:challenges.${id}`)
              }
            />
          ))}
        </Group>
      </Radio.Group>
      {form.values.epreuve_realisee !== registered && (
        <Alert color="yellow" variant="light" role="status">
          {t('admin:homologation.differs', {
            registered: t(`admin:challenges.${registered}`),
            completed: t(`admin:challenges.${form.values.epreuve_realisee}`),
          })}
        </Alert>
      )}
    </>
  );
}

/** The last word before the number is given, which is final. */
function ConfirmDialog({
  name,
  confirming,
  sending,
  returnFocus,
  onClose,
  onConfirm,
}: {
  name: string;
  confirming: Decision | null;
  sending: boolean;
  returnFocus: boolean;
  onClose: () => void;
  onConfirm: (decision: Decision) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <AdminModal
      opened={confirming !== null}
      onClose={onClose}
      title={t('admin:homologation.confirmTitle')}
      returnFocus={returnFocus}
    >
      {confirming && (
        <Stack gap="md" data-testid="homologation-confirm">
          <Text>
            {t('admin:homologation.confirmText', {
              name,
              challenge: t(`admin:challenges.${confirming.epreuve_realisee}`),
              date: format.date(confirming.date_passage),
            })}
          </Text>
          <Text size="sm" fw={700}>
            {t('admin:homologation.numberFixed')}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('admin:cancel')}
            </Button>
            <Button
              color="teal.9"
              data-autofocus
              loading={sending}
              leftSection={<IconCertificate size={16} aria-hidden />}
              onClick={() => onConfirm(confirming)}
            >
              {t('admin:homologation.confirmSubmit')}
            </Button>
          </Group>
        </Stack>
      )}
    </AdminModal>
  );
}

function DecisionButtons({ sending, onReject }: { sending: boolean; onReject: () => void }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="wrap">
      <Button type="submit" color="teal.9" leftSection={<IconCertificate size={16} aria-hidden />}>
        {t('admin:homologation.submit')}
      </Button>
      <Button
        variant="outline"
        color="red.9"
        onClick={onReject}
        disabled={sending}
        leftSection={<IconX size={16} aria-hidden />}
      >
        {t('admin:homologation.reject')}
      </Button>
    </Group>
  );
}

/**
 * The checked decision waits for the volunteer's confirmation, then is sent. Once the number is given, the
 * outcome message takes the focus: the closing dialog must not take it back (`given`).
 */
function useHomologate({
  candidate,
  form,
  focusErrors,
  setMessage,
  onDone,
}: {
  candidate: CandidateRecord;
  form: DecisionForm;
  focusErrors: (errors: FormErrors) => void;
  setMessage: (message: FormMessage | null) => void;
  onDone: (outcome: JudgementOutcome) => void;
}) {
  const [confirming, setConfirming] = useState<Decision | null>(null);
  const [sending, setSending] = useState(false);
  const [given, setGiven] = useState(false);
  const homologate = async (decision: Decision) => {
    setSending(true);
    try {
      const result = await adminApi.homologate(candidate.id, decision);
      setGiven(true);
      setConfirming(null);
      const name = `${candidate.prenom} ${candidate.nom}`;
      onDone({ kind: 'homologated', numero: result.numero, epreuve: decision.epreuve_realisee, name });
    } catch (error) {
      setConfirming(null);
      if (alreadyHomologated(error)) setMessage({ key: 'validation:already_homologated' });
      else setMessage(applyApiError(form, error, { fields: Object.keys(form.values), focus: focusErrors }));
    }
    setSending(false);
  };
  return { confirming, setConfirming, sending, given, homologate };
}

export function HomologationForm({
  candidate,
  track,
  onDone,
}: {
  candidate: CandidateRecord;
  /** The attached file's analysis, null when none is attached; left out, nothing is said of a track. */
  track?: TrackAnalysis | null;
  onDone: (outcome: JudgementOutcome) => void;
}) {
  const { t } = useTranslation();
  const registeredOn = registrationDay(candidate.created_at);
  const schema = useMemo(() => homologateSchema(registeredOn), [registeredOn]);
  // The attached ride says which day it was: the volunteer checks it against the card's stamps.
  const rideDay = candidate.date_passage ? null : (track?.day ?? null);
  const { form, ref, focusErrors } = useZodForm<Decision>(schema, {
    date_passage: candidate.date_passage ?? rideDay ?? '',
    epreuve_realisee: candidate.epreuve_realisee ?? candidate.epreuve,
    commentaire: candidate.commentaire ?? '',
  });
  // A choice made before the scripts ran is taken into the form's state.
  useAdoptTypedValues(ref, form);
  const [message, setMessage] = useState<FormMessage | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const decision = useHomologate({ candidate, form, focusErrors, setMessage, onDone });
  const name = `${candidate.prenom} ${candidate.nom}`;

  const submit = form.onSubmit((values) => {
    setMessage(null);
    decision.setConfirming({ ...values, commentaire: values.commentaire.trim() });
  }, focusErrors);

  const top = topFormMessage(message, form.errors);
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="homologation-title">
      <form ref={ref} onSubmit={submit} noValidate data-testid="homologation-form">
        <Stack gap="md">
          <FormHeading challenge={candidate.epreuve} registeredOn={registeredOn} />
          {top && <FormAlert kind="error">{t(top.key, top.values ?? {})}</FormAlert>}
          {track !== undefined && <TrackSummary analysis={track} />}
          <RideDay form={form} registeredOn={registeredOn} rideDay={rideDay} />
          <CompletedChallenge form={form} registered={candidate.epreuve} />
          <HomologationComment inputProps={form.getInputProps('commentaire')} />
          <DecisionButtons sending={decision.sending} onReject={() => setRejecting(true)} />
        </Stack>
      </form>
      <ReasonDialog
        opened={rejecting}
        onClose={() => setRejecting(false)}
        send={(reason) => adminApi.reject(candidate.id, { reason })}
        onSent={() => {
          setRejecting(false);
          onDone({ kind: 'rejected', name });
        }}
        texts={{
          title: t('admin:homologation.rejectTitle'),
          intro: t('admin:homologation.rejectText', { name }),
          submit: t('admin:homologation.rejectSubmit'),
        }}
        testId="reject-form"
      />
      <ConfirmDialog
        name={name}
        confirming={decision.confirming}
        sending={decision.sending}
        returnFocus={!decision.given}
        onClose={() => decision.setConfirming(null)}
        onConfirm={(confirmed) => void decision.homologate(confirmed)}
      />
    </Paper>
  );
}
