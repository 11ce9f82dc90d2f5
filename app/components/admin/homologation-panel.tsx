/**
 * Judging a returned route card on the candidate's page: the homologation form (day of the ride, the challenge
 * actually completed, a comment) with its two outcomes, homologate (a number is assigned) or reject (the reason
 * is emailed to the rider); once homologated, the record with its number and homologator, whose date and comment
 * can be corrected but never its number. Both show the track check of the ride's GPS file, when the candidate file
 * passes it, in a few lines with the full report on demand: it is where the volunteer decides.
 */
import { Alert, Button, Group, Paper, Radio, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import {
  IconBan,
  IconCertificate,
  IconCheck,
  IconFileCertificate,
  IconPencil,
  IconX,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { diplomaCheckPath, diplomaPdfPath } from '../../../domain/diploma.ts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { today } from '../../../domain/dates.ts';
import { COMMENT_MAX } from '../../../domain/schemas/admin.ts';
import { CHALLENGE_IDS } from '../../../domain/ventoux.ts';
import type { TrackAnalysis } from '../../../domain/schemas/track.ts';
import { ApiError } from '../../lib/api/client.ts';
import { applyApiError, type FormMessage, topFormMessage, useZodForm } from '../../lib/zod-form.ts';
import { FormAlert } from '../forms/form-alert.tsx';
import { TrackSummary } from '../track/track-summary.tsx';
import { AdminModal } from './admin-modal.tsx';
import { adminApi } from '../../lib/api/admin.ts';
import { useFormat } from '../../lib/format.ts';
import { correctionSchema, homologateSchema, registrationDay, rejectSchema } from './homologation-schema.ts';
import { CertifiedBy } from './labels.tsx';
import type { CandidateRecord, Challenge, HomologationSummary } from './types.ts';

/** The outcome of the last action, shown above the panel and kept while the page reloads its data. */
export type JudgementOutcome =
  | { kind: 'homologated'; numero: number; epreuve: Challenge }
  | { kind: 'rejected' }
  | { kind: 'corrected' }
  | { kind: 'cancelled' };

/** The API's answer when another volunteer homologated this card first. */
function alreadyHomologated(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'already_homologated';
}

/** A dialog asking for a reason, then sending it: a rejection, or an administrator's cancellation. */
function ReasonDialog({
  opened,
  onClose,
  onSent,
  send,
  texts,
  testId,
}: {
  opened: boolean;
  onClose: () => void;
  onSent: () => void;
  send: (reason: string) => Promise<unknown>;
  texts: { title: string; intro: string; submit: string };
  testId: string;
}) {
  const { t } = useTranslation();
  const { form, ref, focusErrors } = useZodForm(rejectSchema, { reason: '' });
  const [message, setMessage] = useState<FormMessage | null>(null);
  const submit = form.onSubmit(async (values) => {
    setMessage(null);
    try {
      await send(values.reason.trim());
      form.reset();
      onSent();
    } catch (error) {
      setMessage(applyApiError(form, error, { fields: ['reason'], focus: focusErrors }));
    }
  }, focusErrors);
  const top = topFormMessage(message, form.errors);
  return (
    <AdminModal opened={opened} onClose={onClose} title={texts.title} size="lg">
      <form ref={ref} onSubmit={submit} noValidate data-testid={testId}>
        <Stack gap="md">
          {top && <FormAlert kind="error">{t(top.key, top.values ?? {})}</FormAlert>}
          <Text size="sm">{texts.intro}</Text>
          <Textarea
            label={t('admin:homologation.reason')}
            description={t('admin:homologation.reasonHint')}
            required
            autosize
            minRows={3}
            maxLength={COMMENT_MAX}
            data-autofocus
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('admin:cancel')}
            </Button>
            <Button
              type="submit"
              color="red.9"
              loading={form.submitting}
              leftSection={<IconX size={16} aria-hidden />}
            >
              {texts.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </AdminModal>
  );
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
  const format = useFormat();
  const registeredOn = registrationDay(candidate.created_at);
  const schema = useMemo(() => homologateSchema(registeredOn), [registeredOn]);
  const { form, ref, focusErrors } = useZodForm(schema, {
    date_passage: candidate.date_passage ?? '',
    epreuve_realisee: candidate.epreuve_realisee ?? candidate.epreuve,
    commentaire: candidate.commentaire ?? '',
  });
  const [message, setMessage] = useState<FormMessage | null>(null);
  const [rejecting, setRejecting] = useState(false);

  const submit = form.onSubmit(async (values) => {
    setMessage(null);
    try {
      const result = await adminApi.homologate(candidate.id, {
        date_passage: values.date_passage,
        epreuve_realisee: values.epreuve_realisee,
        commentaire: values.commentaire.trim(),
      });
      onDone({ kind: 'homologated', numero: result.numero, epreuve: values.epreuve_realisee });
    } catch (error) {
      if (alreadyHomologated(error)) setMessage({ key: 'validation:already_homologated' });
      else setMessage(applyApiError(form, error, { fields: Object.keys(form.values), focus: focusErrors }));
    }
  }, focusErrors);

  const top = topFormMessage(message, form.errors);
  const differs = form.values.epreuve_realisee !== candidate.epreuve;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="homologation-title">
      <form ref={ref} onSubmit={submit} noValidate data-testid="homologation-form">
        <Stack gap="md">
          <div>
            <Title order={2} size="h3" id="homologation-title">
              {t('admin:homologation.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('admin:homologation.intro', {
                challenge: t(`admin:challenges.${candidate.epreuve}`),
                date: format.date(registeredOn),
              })}
            </Text>
          </div>
          {top && <FormAlert kind="error">{t(top.key, top.values ?? {})}</FormAlert>}
          {track !== undefined && <TrackSummary analysis={track} />}
          <TextInput
            type="date"
            label={t('admin:homologation.datePassage')}
            description={t('admin:homologation.datePassageHint')}
            required
            min={registeredOn}
            max={today()}
            maw={260}
            {...form.getInputProps('date_passage')}
          />
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
                    id === candidate.epreuve
                      ? t('admin:homologation.registered', { challenge: t(`admin:challenges.${id}`) })
                      : t(`admin:challenges.${id}`)
                  }
                />
              ))}
            </Group>
          </Radio.Group>
          {differs && (
            <Alert color="yellow" variant="light" role="status">
              {t('admin:homologation.differs', {
                registered: t(`admin:challenges.${candidate.epreuve}`),
                completed: t(`admin:challenges.${form.values.epreuve_realisee}`),
              })}
            </Alert>
          )}
          <Textarea
            label={t('admin:homologation.comment')}
            autosize
            minRows={2}
            maxLength={COMMENT_MAX}
            {...form.getInputProps('commentaire')}
          />
          <Group gap="sm" wrap="wrap">
            <Button
              type="submit"
              color="teal.9"
              loading={form.submitting}
              leftSection={<IconCertificate size={16} aria-hidden />}
            >
              {t('admin:homologation.submit')}
            </Button>
            <Button
              variant="outline"
              color="red.9"
              onClick={() => setRejecting(true)}
              disabled={form.submitting}
              leftSection={<IconX size={16} aria-hidden />}
            >
              {t('admin:homologation.reject')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ReasonDialog
        opened={rejecting}
        onClose={() => setRejecting(false)}
        send={(reason) => adminApi.reject(candidate.id, { reason })}
        onSent={() => {
          setRejecting(false);
          onDone({ kind: 'rejected' });
        }}
        texts={{
          title: t('admin:homologation.rejectTitle'),
          intro: t('admin:homologation.rejectText', { name: `${candidate.prenom} ${candidate.nom}` }),
          submit: t('admin:homologation.rejectSubmit'),
        }}
        testId="reject-form"
      />
    </Paper>
  );
}

function CorrectionForm({
  candidate,
  homologation,
  onCancel,
  onDone,
}: {
  candidate: CandidateRecord;
  homologation: HomologationSummary;
  onCancel: () => void;
  onDone: (outcome: JudgementOutcome) => void;
}) {
  const { t } = useTranslation();
  const registeredOn = registrationDay(candidate.created_at);
  const schema = useMemo(() => correctionSchema(registeredOn), [registeredOn]);
  const { form, ref, focusErrors } = useZodForm(schema, {
    date_passage: homologation.date_passage ?? candidate.date_passage ?? '',
    commentaire: candidate.commentaire ?? '',
  });
  const [message, setMessage] = useState<FormMessage | null>(null);
  const dateRef = useRef<HTMLInputElement>(null);
  // The form replaces the button that opened it: the focus goes to its first field.
  useEffect(() => dateRef.current?.focus(), []);
  const submit = form.onSubmit(async (values) => {
    setMessage(null);
    try {
      await adminApi.correctHomologation(homologation.id, {
        date_passage: values.date_passage,
        commentaire: values.commentaire.trim(),
      });
      onDone({ kind: 'corrected' });
    } catch (error) {
      setMessage(applyApiError(form, error, { fields: Object.keys(form.values), focus: focusErrors }));
    }
  }, focusErrors);
  const top = topFormMessage(message, form.errors);
  return (
    <form ref={ref} onSubmit={submit} noValidate data-testid="correction-form">
      <Stack gap="md" mt="md">
        {top && <FormAlert kind="error">{t(top.key, top.values ?? {})}</FormAlert>}
        <Text size="sm" c="dimmed">
          {t('admin:correction.intro')}
        </Text>
        <TextInput
          type="date"
          label={t('admin:homologation.datePassage')}
          required
          min={registeredOn}
          max={today()}
          maw={260}
          ref={dateRef}
          {...form.getInputProps('date_passage')}
        />
        <Textarea
          label={t('admin:homologation.comment')}
          autosize
          minRows={2}
          maxLength={COMMENT_MAX}
          {...form.getInputProps('commentaire')}
        />
        <Group gap="sm">
          <Button type="submit" loading={form.submitting} leftSection={<IconCheck size={16} aria-hidden />}>
            {t('admin:correction.submit')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('admin:cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A homologated ride: its number, challenge, date and homologator, with the correction form on demand. */
export function HomologationRecord({
  candidate,
  homologation,
  track,
  onDone,
}: {
  candidate: CandidateRecord;
  homologation: HomologationSummary;
  /** As for the form: the attached file's analysis, null when none. */
  track?: TrackAnalysis | null;
  onDone: (outcome: JudgementOutcome) => void;
}) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const [correcting, setCorrecting] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  return (
    <Paper
      withBorder
      p="lg"
      radius="md"
      component="section"
      id="correction"
      aria-labelledby="homologation-record-title"
      data-testid="homologation-record"
    >
      <Stack gap="xs">
        <Title order={2} size="h3" id="homologation-record-title">
          {t('admin:homologation.recordTitle')}
        </Title>
        <Text fz={28} fw={800} data-testid="homologation-number">
          {t(`admin:numberOf.${homologation.epreuve}`, { numero: homologation.numero })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('admin:homologation.numberFixed')}
        </Text>
        <Group gap="xl" wrap="wrap">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              {t('admin:homologation.datePassage')}
            </Text>
            <Text>{homologation.date_passage ? format.date(homologation.date_passage) : '—'}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              {t('admin:table.homologator')}
            </Text>
            <CertifiedBy homologator={homologation.homologateur} />
          </div>
        </Group>
        {track !== undefined && <TrackSummary analysis={track} />}
        {candidate.commentaire && (
          <Text size="sm">
            <Text span fw={700}>
              {t('admin:homologation.comment')}
            </Text>{' '}
            {candidate.commentaire}
          </Text>
        )}
        {correcting ? (
          <CorrectionForm
            candidate={candidate}
            homologation={homologation}
            onCancel={() => setCorrecting(false)}
            onDone={(outcome) => {
              setCorrecting(false);
              onDone(outcome);
            }}
          />
        ) : (
          <Group mt="xs">
            <Button
              variant="default"
              leftSection={<IconPencil size={16} aria-hidden />}
              onClick={() => setCorrecting(true)}
            >
              {t('admin:correction.open')}
            </Button>
            <Button
              component="a"
              href={`${diplomaPdfPath(homologation.id)}?lang=${i18n.language}`}
              download
              variant="default"
              leftSection={<IconFileCertificate size={16} aria-hidden />}
            >
              {t('admin:diploma.pdf')}
            </Button>
            <Button
              component={Link}
              to={diplomaCheckPath(i18n.language, homologation.diploma_code)}
              variant="subtle"
            >
              {t('admin:diploma.check')}
            </Button>
            <Button
              variant="outline"
              color="red.9"
              leftSection={<IconBan size={16} aria-hidden />}
              onClick={() => setCancelling(true)}
            >
              {t('admin:diploma.cancel')}
            </Button>
          </Group>
        )}
      </Stack>
      <ReasonDialog
        opened={cancelling}
        onClose={() => setCancelling(false)}
        send={(reason) => adminApi.cancelHomologation(homologation.id, { reason })}
        onSent={() => {
          setCancelling(false);
          onDone({ kind: 'cancelled' });
        }}
        texts={{
          title: t('admin:diploma.cancelTitle'),
          intro: t('admin:diploma.cancelText', {
            number: t(`admin:numberOf.${homologation.epreuve}`, { numero: homologation.numero }),
          }),
          submit: t('admin:diploma.cancelSubmit'),
        }}
        testId="cancel-homologation-form"
      />
    </Paper>
  );
}
