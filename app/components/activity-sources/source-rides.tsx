/**
 * "Check my ride" from one activity service, for a signed-in rider when the club configured it: connect once;
 * then the rides of the chosen days (a GET form, so the days are in the address), each with a button that checks
 * it, and the verdict with the form that attaches it to a registration. Every form is a real form posted to the
 * page's action with the service's name (decision 0032): it works before and without the scripts.
 */
import {
  Alert,
  Button,
  Card,
  Group,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Form, useNavigation } from 'react-router';
import type { ActivityFailure, ActivitySummary } from '../../../contracts/activities.ts';
import { ACTIVITY_PROVIDER_NAMES, type ActivityProvider } from '../../../domain/activity-providers.ts';
import type { TrackAnalysis } from '../../../domain/schemas/track.ts';
import { useFormat } from '../../lib/format.ts';
import type { ActivitySourceState } from '../../lib/activity-sources.server.ts';
import { TrackReport } from '../track/track-report.tsx';
import { ConnectSource } from './connect-source.tsx';
import { activityErrorKey } from './source-errors.ts';
import classes from './activity-sources.module.css';

export const SOURCE_INTENTS = ['source-check', 'source-attach'] as const;

/** What the page's action answered to a service's form. */
export type SourceAnswer = {
  intent: (typeof SOURCE_INTENTS)[number];
  provider: ActivityProvider;
  activity: string;
  name: string;
} & ({ analysis: TrackAnalysis; attached?: boolean } | { error: ActivityFailure });

function SourceError({ provider, error }: { provider: ActivityProvider; error: ActivityFailure }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert" data-testid={`${provider}-error`}>
      {t(activityErrorKey(error.code), {
        service: ACTIVITY_PROVIDER_NAMES[provider],
        // Strava's own wording where it differs (its 2026 limits): the `_strava` keys.
        context: provider,
        minutes: Math.max(1, Math.ceil((error.retryAfter ?? 60) / 60)),
      })}{' '}
      {error.code !== 'validation' && t('track:sources.uploadInstead')}
    </Alert>
  );
}

/** The hidden fields that say which service and which ride a form is about. */
function RideFields({
  provider,
  activity,
  name,
}: {
  provider: ActivityProvider;
  activity: string;
  name: string;
}) {
  return (
    <>
      <input type="hidden" name="provider" value={provider} />
      <input type="hidden" name="activity" value={activity} />
      <input type="hidden" name="name" value={name} />
    </>
  );
}

function DaysForm({ span }: { span: ActivitySourceState['span'] }) {
  const { t } = useTranslation();
  return (
    <Form method="get" preventScrollReset>
      <Group align="end" wrap="wrap" gap="sm">
        <TextInput
          type="date"
          name="after"
          label={t('track:sources.after')}
          defaultValue={span?.after}
          required
        />
        <TextInput
          type="date"
          name="before"
          label={t('track:sources.before')}
          defaultValue={span?.before}
          required
        />
        <Button type="submit" variant="default">
          {t('track:sources.show')}
        </Button>
      </Group>
    </Form>
  );
}

function RideList({
  provider,
  rides,
  checking,
}: {
  provider: ActivityProvider;
  rides: ActivitySummary[];
  checking: string | null;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const service = ACTIVITY_PROVIDER_NAMES[provider];
  if (rides.length === 0)
    return (
      <Text size="sm" c="gray.7" data-testid={`${provider}-no-rides`}>
        {t('track:sources.none', { service })}
      </Text>
    );
  return (
    <ul
      className={classes.rides}
      aria-label={t('track:sources.ridesLabel', { service })}
      data-testid={`${provider}-rides`}
    >
      {rides.map((ride) => (
        <li key={ride.id} className={classes.ride}>
          <div>
            <Text fw={700}>{ride.name || t('track:sources.untitled')}</Text>
            <Text size="sm" c="gray.7">
              {format.dateTime(ride.start)} ·{' '}
              {t('track:sources.figures', {
                distance: format.number(ride.distanceKm, { maximumFractionDigits: 1 }),
                climb: format.number(ride.climbM),
              })}
            </Text>
          </div>
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="source-check" />
            <RideFields provider={provider} activity={ride.id} name={ride.name} />
            <Button type="submit" size="sm" loading={checking === ride.id}>
              {t('track:sources.check')}
              {/* Which ride, for a screen reader going from button to button; the visible words start the name. */}
              <VisuallyHidden>{` — ${ride.name || t('track:sources.untitled')}`}</VisuallyHidden>
            </Button>
          </Form>
        </li>
      ))}
    </ul>
  );
}

function AttachRide({
  answer,
  candidates,
}: {
  answer: { provider: ActivityProvider; activity: string; name: string; attached?: boolean };
  candidates: { id: number; label: string }[];
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const attaching = navigation.formData?.get('intent') === 'source-attach';
  const headingId = `${answer.provider}-attach-heading`;
  return (
    <Form method="post" preventScrollReset aria-labelledby={headingId}>
      <input type="hidden" name="intent" value="source-attach" />
      <RideFields provider={answer.provider} activity={answer.activity} name={answer.name} />
      <Stack gap="sm">
        <Text fw={700} id={headingId}>
          {t('track:attach.heading')}
        </Text>
        <Text size="sm">{t('track:attach.intro')}</Text>
        <Group align="end" wrap="wrap">
          <NativeSelect
            name="candidate"
            label={t('track:attach.candidate')}
            data={candidates.map((entry) => ({ value: String(entry.id), label: entry.label }))}
            miw={260}
          />
          <Button type="submit" loading={attaching} data-testid={`${answer.provider}-attach`}>
            {t('track:attach.submit')}
          </Button>
        </Group>
        {answer.attached && (
          <Alert color="green" role="status">
            {t('track:attach.done')}
          </Alert>
        )}
      </Stack>
    </Form>
  );
}

export function SourceRides({
  state,
  answer,
  candidates,
  returnTo,
}: {
  state: ActivitySourceState;
  /** The action's answer, when it concerns this service. */
  answer: SourceAnswer | undefined;
  candidates: { id: number; label: string }[];
  returnTo: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { provider } = state;
  const service = ACTIVITY_PROVIDER_NAMES[provider];
  const checking =
    navigation.formData?.get('intent') === 'source-check' && navigation.formData.get('provider') === provider
      ? String(navigation.formData.get('activity'))
      : null;
  return (
    <>
      <Card
        withBorder
        padding="lg"
        component="section"
        aria-labelledby={`${provider}-heading`}
        data-testid={`${provider}-section`}
      >
        <Stack gap="md">
          <Title order={2} size="h4" id={`${provider}-heading`}>
            {t('track:sources.heading', { service })}
          </Title>
          {!state.connected ? (
            <>
              <Text size="sm">{t('track:sources.intro', { service })}</Text>
              {state.error && <SourceError provider={provider} error={state.error} />}
              <ConnectSource provider={provider} returnTo={returnTo} />
            </>
          ) : (
            <>
              <DaysForm span={state.span} />
              {state.error ? (
                <SourceError provider={provider} error={state.error} />
              ) : (
                state.rides && <RideList provider={provider} rides={state.rides} checking={checking} />
              )}
              <Text size="xs" c="gray.7">
                {t('track:sources.manage', { service })}
              </Text>
            </>
          )}
          <div aria-live="polite">
            {answer && 'error' in answer && <SourceError provider={provider} error={answer.error} />}
          </div>
        </Stack>
      </Card>
      {answer && 'analysis' in answer && (
        <Stack
          gap="lg"
          component="section"
          aria-labelledby={`${provider}-result-heading`}
          data-testid={`${provider}-result`}
        >
          <Title order={2} size="h3" id={`${provider}-result-heading`}>
            {t('track:sources.result', { service, name: answer.name || t('track:sources.untitled') })}
          </Title>
          <TrackReport analysis={answer.analysis} />
          {candidates.length > 0 && <AttachRide answer={answer} candidates={candidates} />}
        </Stack>
      )}
    </>
  );
}
