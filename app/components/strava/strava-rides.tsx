/**
 * "Check my ride" from Strava, for a signed-in rider when the club configured it: connect once; then the rides
 * of the chosen days (a GET form, so the days are in the address), each with a button that checks it, and the
 * verdict with the form that attaches it to a registration. Every form is a real form posted to the page's
 * action (decision 0032): it works before and without the scripts.
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
import type { ActivitySummary, StravaFailure } from '../../../contracts/activities.ts';
import type { TrackAnalysis } from '../../../domain/schemas/track.ts';
import { useFormat } from '../../lib/format.ts';
import type { StravaRidesState } from '../../lib/strava.server.ts';
import { TrackReport } from '../track/track-report.tsx';
import { ConnectStrava } from './connect-strava.tsx';
import { STRAVA_ERROR_KEYS } from './strava-errors.ts';
import classes from './strava.module.css';

/** What the page's action answered to a Strava form. */
export type StravaAnswer =
  | {
      intent: 'strava-check' | 'strava-attach';
      activity: string;
      name: string;
      analysis: TrackAnalysis;
      attached?: boolean;
    }
  | {
      intent: 'strava-check' | 'strava-attach';
      activity: string;
      name: string;
      error: StravaFailure;
    };

function StravaError({ error }: { error: StravaFailure }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert" data-testid="strava-error">
      {t(STRAVA_ERROR_KEYS[error.code] ?? 'track:errors.generic', {
        minutes: Math.max(1, Math.ceil((error.retryAfter ?? 60) / 60)),
      })}{' '}
      {error.code !== 'validation' && t('track:strava.uploadInstead')}
    </Alert>
  );
}

function DaysForm({ span }: { span: StravaRidesState['span'] }) {
  const { t } = useTranslation();
  return (
    <Form method="get" preventScrollReset>
      <Group align="end" wrap="wrap" gap="sm">
        <TextInput
          type="date"
          name="after"
          label={t('track:strava.after')}
          defaultValue={span?.after}
          required
        />
        <TextInput
          type="date"
          name="before"
          label={t('track:strava.before')}
          defaultValue={span?.before}
          required
        />
        <Button type="submit" variant="default">
          {t('track:strava.show')}
        </Button>
      </Group>
    </Form>
  );
}

function RideList({ rides, checking }: { rides: ActivitySummary[]; checking: string | null }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (rides.length === 0)
    return (
      <Text size="sm" c="gray.7" data-testid="strava-no-rides">
        {t('track:strava.none')}
      </Text>
    );
  return (
    <ul className={classes.rides} aria-label={t('track:strava.ridesLabel')} data-testid="strava-rides">
      {rides.map((ride) => (
        <li key={ride.id} className={classes.ride}>
          <div>
            <Text fw={700}>{ride.name || t('track:strava.untitled')}</Text>
            <Text size="sm" c="gray.7">
              {format.dateTime(ride.start)} ·{' '}
              {t('track:strava.figures', {
                distance: format.number(ride.distanceKm, { maximumFractionDigits: 1 }),
                climb: format.number(ride.climbM),
              })}
            </Text>
          </div>
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="strava-check" />
            <input type="hidden" name="activity" value={ride.id} />
            <input type="hidden" name="name" value={ride.name} />
            <Button type="submit" size="sm" loading={checking === ride.id}>
              {t('track:strava.check')}
              {/* Which ride, for a screen reader going from button to button; the visible words start the name. */}
              <VisuallyHidden>{` — ${ride.name || t('track:strava.untitled')}`}</VisuallyHidden>
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
  answer: { activity: string; name: string; attached?: boolean };
  candidates: { id: number; label: string }[];
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const attaching = navigation.formData?.get('intent') === 'strava-attach';
  return (
    <Form method="post" preventScrollReset aria-labelledby="strava-attach">
      <input type="hidden" name="intent" value="strava-attach" />
      <input type="hidden" name="activity" value={answer.activity} />
      <input type="hidden" name="name" value={answer.name} />
      <Stack gap="sm">
        <Text fw={700} id="strava-attach">
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
          <Button type="submit" loading={attaching} data-testid="strava-attach">
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

export function StravaRides({
  state,
  answer,
  candidates,
  returnTo,
}: {
  state: StravaRidesState;
  answer: StravaAnswer | undefined;
  candidates: { id: number; label: string }[];
  returnTo: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const checking =
    navigation.formData?.get('intent') === 'strava-check'
      ? String(navigation.formData.get('activity'))
      : null;
  return (
    <>
      <Card
        withBorder
        padding="lg"
        component="section"
        aria-labelledby="strava-heading"
        data-testid="strava-section"
      >
        <Stack gap="md">
          <Title order={2} size="h4" id="strava-heading">
            {t('track:strava.heading')}
          </Title>
          {!state.connected ? (
            <>
              <Text size="sm">{t('track:strava.intro')}</Text>
              {state.error && <StravaError error={state.error} />}
              <ConnectStrava returnTo={returnTo} />
            </>
          ) : (
            <>
              <DaysForm span={state.span} />
              {state.error ? (
                <StravaError error={state.error} />
              ) : (
                state.rides && <RideList rides={state.rides} checking={checking} />
              )}
              <Text size="xs" c="gray.7">
                {t('track:strava.manage')}
              </Text>
            </>
          )}
          <div aria-live="polite">{answer && 'error' in answer && <StravaError error={answer.error} />}</div>
        </Stack>
      </Card>
      {answer && 'analysis' in answer && (
        <Stack gap="lg" component="section" aria-labelledby="strava-result" data-testid="strava-result">
          <Title order={2} size="h3" id="strava-result">
            {t('track:strava.result', { name: answer.name || t('track:strava.untitled') })}
          </Title>
          <TrackReport analysis={answer.analysis} />
          {candidates.length > 0 && <AttachRide answer={answer} candidates={candidates} />}
        </Stack>
      )}
    </>
  );
}
