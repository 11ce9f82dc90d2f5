/**
 * A homologated ride on the candidate's page: the record with its number and homologator, whose date and comment
 * can be corrected but never its number, the diploma, and an administrator's cancellation. It shows the track
 * check of the ride's GPS file, when the candidate file passes it, in a few lines with the full report on demand.
 * The decision itself (homologate or reject) is homologation-form.tsx.
 */
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBan, IconCheck, IconFileCertificate, IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import { diplomaCheckPath, diplomaPdfPath } from '../../../domain/diploma.ts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrackAnalysis } from '../../../domain/schemas/track.ts';
import { applyApiError, type FormMessage, topFormMessage, useZodForm } from '../../lib/zod-form.ts';
import { FormAlert } from '../forms/form-alert.tsx';
import { TrackSummary } from '../track/track-summary.tsx';
import { adminApi } from '../../lib/api/admin.ts';
import { useFormat } from '../../lib/format.ts';
import { HomologationComment, RideDayInput } from './homologation-fields.tsx';
import { correctionSchema, registrationDay } from './homologation-schema.ts';
import { CertifiedBy } from './labels.tsx';
import { ReasonDialog } from './reason-dialog.tsx';
import type { CandidateRecord, HomologationSummary, JudgementOutcome } from './types.ts';

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
        <RideDayInput
          registeredOn={registeredOn}
          inputRef={dateRef}
          inputProps={form.getInputProps('date_passage')}
        />
        <HomologationComment inputProps={form.getInputProps('commentaire')} />
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

/** The number given, final, the day of the ride and who homologated it. */
function RecordFacts({ homologation }: { homologation: HomologationSummary }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <>
      <Text fz={28} fw={800} data-testid="homologation-number">
        {t(`homologation:numberOf.${homologation.epreuve}`, { numero: homologation.numero })}
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
    </>
  );
}

/** Correct the record, the diploma (download, public check), and an administrator's cancellation. */
function RecordActions({
  homologation,
  onCorrect,
  onCancel,
}: {
  homologation: HomologationSummary;
  onCorrect: () => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Group mt="xs">
      <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={onCorrect}>
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
        onClick={onCancel}
      >
        {t('admin:diploma.cancel')}
      </Button>
    </Group>
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
  const { t } = useTranslation();
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
        <RecordFacts homologation={homologation} />
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
          <RecordActions
            homologation={homologation}
            onCorrect={() => setCorrecting(true)}
            onCancel={() => setCancelling(true)}
          />
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
            number: t(`homologation:numberOf.${homologation.epreuve}`, { numero: homologation.numero }),
          }),
          submit: t('admin:diploma.cancelSubmit'),
        }}
        testId="cancel-homologation-form"
      />
    </Paper>
  );
}
