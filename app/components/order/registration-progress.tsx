/**
 * A registration's path after the order, as steps with their dates (domain/registration-progress.ts decides which
 * step is done, current, optional or failed): paid, kit sent, ride checked, route card back, homologated or
 * rejected with the club's reason, diploma. A vertical timeline, so that it reads the same on a 360 px phone; the
 * step it waits for is marked for the eye (a ring and a label) and for assistive technology (aria-current).
 */
import { Alert, Anchor, Badge, Box, Group, Text, ThemeIcon, Timeline } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCheck,
  IconHourglassHigh,
  IconMessageQuestion,
  IconPoint,
  IconRoute,
  IconX,
} from '@tabler/icons-react';
import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ClubPostalAddress, ClubPostalAddressContext } from '../club-postal-address.tsx';
import {
  type ProgressStep,
  type RegistrationProgress,
  registrationSteps,
} from '../../../domain/registration-progress.ts';
import { diplomaCheckPath, diplomaPdfPath } from '../../../domain/diploma.ts';
import type { CandidateStatus } from '../../../domain/statuses.ts';
import { RIDE_WELCOME_STATUSES, STAMPABLE_STATUSES } from '../../../domain/evidence.ts';
import { useFormat } from '../../lib/format.ts';
import { useMissingRoads } from '../track/missing-roads.ts';

const BULLETS = {
  done: { color: 'green', icon: IconCheck, variant: 'filled' },
  // A step under way is no alarm: blue, as the club's other news; red is for a rejection only.
  current: { color: 'blue', icon: IconHourglassHigh, variant: 'filled' },
  failed: { color: 'red', icon: IconX, variant: 'filled' },
  optional: { color: 'gray', icon: IconRoute, variant: 'light' },
  // Orange as the report's "needs review": the ride is attached, but it does not show the challenge complete.
  warning: { color: 'orange', icon: IconAlertTriangle, variant: 'filled' },
  upcoming: { color: 'gray', icon: IconPoint, variant: 'light' },
} as const;

function StepBullet({ step }: { step: ProgressStep }) {
  const { color, icon: Icon, variant } = BULLETS[step.state];
  return (
    <ThemeIcon color={color} variant={variant} radius="xl" size={24} aria-hidden>
      <Icon size={14} stroke={2.5} />
    </ThemeIcon>
  );
}

/**
 * What the step says: its date and details once taken, what it waits for otherwise (a minor's kit: the guardian's
 * answer).
 */
function useStepText(progress: RegistrationProgress, status: CandidateStatus) {
  const { t } = useTranslation('order');
  const format = useFormat();
  const missingRoads = useMissingRoads();
  const on = (at: string | null) => ({ date: at ? format.timestamp(at) : '' });
  return (step: ProgressStep): string => {
    const key = `progress.steps.${step.id}`;
    switch (step.id) {
      case 'kit_sent':
        if (status === 'awaiting_consent') return t(`${key}.upcoming_consent`);
        if (step.state !== 'done') return t(`${key}.${step.state === 'current' ? 'current' : 'upcoming'}`);
        return progress.kit ? t(`${key}.done_${progress.kit.mode}`, on(step.at)) : t(`${key}.done_undated`);
      case 'ride_checked':
        if (progress.track?.verdict === 'incomplete' && progress.track.missing.length > 0)
          return t(`${key}.incompleteMissing`, {
            ...on(step.at),
            roads: missingRoads(progress.track.missing),
          });
        if (progress.track) return t(`${key}.${progress.track.verdict}`, on(step.at));
        return t(`${key}.${step.state === 'current' ? 'requested' : 'optional'}`);
      case 'outcome':
        if (step.state === 'done' && progress.homologation) {
          return t(`${key}.done`, {
            ...on(step.at),
            challenge: t(`challenges.${progress.homologation.epreuve}`),
            numero: progress.homologation.numero,
          });
        }
        return t(
          `${key}.${step.state === 'failed' ? 'failed' : step.state === 'current' ? 'current' : 'upcoming'}`,
          on(step.at),
        );
      case 'paid':
        return step.state === 'done' ? t(`${key}.done`, on(step.at)) : t(`${key}.current`);
      case 'card_received':
      case 'diploma':
        return t(
          `${key}.${step.state === 'done' ? 'done' : step.state === 'current' ? 'current' : 'upcoming'}`,
          on(step.at),
        );
    }
  };
}

/** The club asked for more evidence: its words, and where to attach or replace the ride (file or Strava). */
function EvidenceRequest({
  candidateId,
  request,
}: {
  candidateId: number;
  request: NonNullable<RegistrationProgress['evidence_request']>;
}) {
  const { t, i18n } = useTranslation('order');
  const format = useFormat();
  if (request.answered_at)
    return (
      <Text size="sm" mt={4} data-testid="evidence-request-answered">
        {t('progress.request.answered', { date: format.timestamp(request.answered_at) })}
      </Text>
    );
  return (
    <Alert
      color="blue"
      variant="light"
      mt="xs"
      title={t('progress.request.title', { date: format.timestamp(request.asked_at) })}
      icon={<IconMessageQuestion aria-hidden />}
      data-testid="evidence-request"
    >
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {request.message}
      </Text>
      <Anchor
        component={Link}
        to={`/${i18n.language}/track-check?candidate=${candidateId}`}
        size="sm"
        fw={700}
        mt="xs"
        display="inline-block"
        data-testid="answer-evidence-request"
      >
        {t('progress.request.answer')}
      </Anchor>
    </Alert>
  );
}

/** Where to check a ride (and attach it), while one still helps the volunteer and the club has not asked. */
function RideCheckLink({
  candidateId,
  status,
  step,
}: {
  candidateId: number;
  status: CandidateStatus;
  step: ProgressStep;
}) {
  const { t, i18n } = useTranslation('order');
  if (!RIDE_WELCOME_STATUSES.includes(status)) return null;
  if (step.state !== 'optional' && step.state !== 'warning') return null;
  return (
    <Anchor
      component={Link}
      to={`/${i18n.language}/track-check?candidate=${candidateId}`}
      size="sm"
      display="inline-block"
      mt={4}
      data-testid="ride-check-link"
    >
      {t(step.state === 'optional' ? 'progress.attachTrack' : 'common:nav.trackCheck')}
    </Anchor>
  );
}

/** The electronic route card (issue 43), from the kit's going out until the club decides. */
function RouteCardLink({ candidateId, status }: { candidateId: number; status: CandidateStatus }) {
  const { t, i18n } = useTranslation('order');
  if (!STAMPABLE_STATUSES.includes(status)) return null;
  return (
    <Anchor
      component={Link}
      to={`/${i18n.language}/account/route-card/${candidateId}`}
      size="sm"
      display="inline-block"
      mt={4}
      data-testid="route-card-link"
    >
      {t('progress.routeCard')}
    </Anchor>
  );
}

function DiplomaLinks({ homologation }: { homologation: NonNullable<RegistrationProgress['homologation']> }) {
  const { t, i18n } = useTranslation('order');
  return (
    <Group gap="md" mt={4}>
      <Anchor href={`${diplomaPdfPath(homologation.id)}?lang=${i18n.language}`} size="sm" download>
        {t('progress.diplomaPdf')}
      </Anchor>
      <Anchor component={Link} to={diplomaCheckPath(i18n.language, homologation.diploma_code)} size="sm">
        {t('progress.diplomaCheck')}
      </Anchor>
    </Group>
  );
}

/** Where to post the card, while the club waits for it. */
function ReturnAddress() {
  const { t } = useTranslation('order');
  const address = use(ClubPostalAddressContext);
  if (!address) return null;
  return (
    <Box mt={4} data-testid="card-return-address">
      <Text size="sm">{t('progress.steps.card_received.address')}</Text>
      <ClubPostalAddress address={address} />
    </Box>
  );
}

export function RegistrationProgressSteps({
  candidateId,
  status,
  progress,
  name,
}: {
  candidateId: number;
  status: CandidateStatus;
  progress: RegistrationProgress;
  name: string;
}) {
  const { t } = useTranslation('order');
  const steps = registrationSteps(status, progress);
  const text = useStepText(progress, status);
  // Mantine colours the line up to the last step behind the rider.
  const lastTaken = steps.findLastIndex((step) => ['done', 'warning', 'failed'].includes(step.state));
  return (
    <Timeline
      component="ol"
      active={lastTaken}
      bulletSize={24}
      lineWidth={2}
      color="green"
      mt="sm"
      aria-label={t('progress.label', { name })}
      data-testid="registration-progress"
      style={{ listStyle: 'none' }}
    >
      {steps.map((step) => (
        <Timeline.Item
          key={step.id}
          component="li"
          bullet={<StepBullet step={step} />}
          lineVariant={step.state === 'optional' ? 'dashed' : 'solid'}
          aria-current={step.state === 'current' ? 'step' : undefined}
          data-step={step.id}
          data-state={step.state}
          title={
            <Text component="span" fw={700} size="sm">
              {t(`progress.steps.${step.id}.title`)}
              {step.state === 'current' && (
                <Badge component="span" color="blue" variant="light" size="sm" ml="xs">
                  {t('progress.now')}
                </Badge>
              )}
            </Text>
          }
        >
          <Text size="sm" c={step.state === 'upcoming' || step.state === 'optional' ? 'gray.7' : undefined}>
            {text(step)}
          </Text>
          {step.state === 'failed' && progress.rejection && (
            <Text size="sm" mt={4} fw={600} data-testid="rejection-reason">
              {t('progress.steps.outcome.reason', { reason: progress.rejection.reason })}
            </Text>
          )}
          {step.id === 'kit_sent' && <RouteCardLink candidateId={candidateId} status={status} />}
          {step.id === 'card_received' && step.state !== 'done' && <ReturnAddress />}
          {step.id === 'diploma' && step.state === 'done' && progress.homologation && (
            <DiplomaLinks homologation={progress.homologation} />
          )}
          {step.id === 'ride_checked' && progress.evidence_request && (
            <EvidenceRequest candidateId={candidateId} request={progress.evidence_request} />
          )}
          {step.id === 'ride_checked' && (
            <RideCheckLink candidateId={candidateId} status={status} step={step} />
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
