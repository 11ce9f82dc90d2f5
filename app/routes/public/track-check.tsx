/**
 * "Check my ride": the rider drops the GPS file of the day and sees, within a second, which ascents it shows and
 * how it stands against each challenge. A signed-in buyer can then attach it to a registration for the
 * homologation. The file is analysed by the API and kept only when attached.
 *
 * On the mountain: a file shared from another app arrives through the service worker (`?shared=file`); without a
 * network the chosen file stays on the page and, if the rider agrees, is sent when the network returns.
 */
import { Alert, Anchor, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type ShouldRevalidateFunctionArgs, data, useSearchParams } from 'react-router';
import { requestContext } from '#request-context';
import type { TrackAnalysis, TrackFlag } from '../../../domain/schemas/track.ts';
import type { StoredTrack } from '../../../contracts/tracks.ts';
import { TRACK_FILE_ACCEPT } from '../../../domain/track/file-types.ts';
import { loginPath } from '../../lib/guards.ts';
import { PublicIntro } from '../../components/public/public-intro.tsx';
import { uploadErrorKey, uploadTrack } from '../../lib/api/tracks.ts';
import { takeSharedRide } from '../../lib/shared-ride.ts';
import { TrackReport } from '../../components/track/track-report.tsx';
import { TrackFlagList } from '../../components/track/track-flags.tsx';
import classes from '../../components/track/track.module.css';
import type { Route } from './+types/track-check';
import { isServiceFailure } from '../../../contracts/action-services.ts';
import { activityIdField } from '../../../domain/schemas/activities.ts';
import { isActivityProvider } from '../../../domain/activity-providers.ts';
import { readForm } from '../../lib/form-action.server.ts';
import { requireUser } from '../../lib/require-user.ts';
import {
  activityFailure,
  activitySourcesState,
  isActivityOutage,
} from '../../lib/activity-sources.server.ts';
import { SourceOutcome } from '../../components/activity-sources/source-outcome.tsx';
import {
  SOURCE_INTENTS,
  type SourceAnswer,
  SourceRides,
} from '../../components/activity-sources/source-rides.tsx';

const ACCEPT = TRACK_FILE_ACCEPT.join(',');

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, user } = context.get(requestContext);
  if (!user) return { signedIn: false, candidates: [], sources: [] };
  const [orders, sources] = await Promise.all([
    services.orders.list(user.id),
    activitySourcesState(services, user.id, new URL(request.url)),
  ]);
  const candidates = orders
    .filter((order) => order.status === 'paid')
    .flatMap((order) =>
      order.candidats.map((candidate) => ({
        id: candidate.id,
        label: `${candidate.reference} · ${candidate.prenom} ${candidate.nom}`,
      })),
    );
  // Coming from a registration (the account page, the club's request): that one is chosen first.
  const wanted = Number(new URL(request.url).searchParams.get('candidate'));
  candidates.sort((a, b) => Number(b.id === wanted) - Number(a.id === wanted));
  return { signedIn: true, candidates, sources };
}

const isSourceIntent = (value: string | undefined): value is SourceAnswer['intent'] =>
  (SOURCE_INTENTS as readonly (string | undefined)[]).includes(value);

/**
 * The activity services' forms post here (decision 0032) with the service's name: check a ride
 * (`source-check`), attach it to a registration (`source-attach`). A refusal comes back as the answer's `error`,
 * beside the ride it concerns.
 */
export async function action(args: Route.ActionArgs) {
  const { user } = requireUser(args);
  const { actions } = args.context.get(requestContext);
  const values = await readForm(args.request);
  const { intent, provider } = values;
  if (!isSourceIntent(intent) || !isActivityProvider(provider)) throw data(null, { status: 400 });
  const activity = activityIdField(provider).safeParse(values.activity);
  if (!activity.success) throw data(null, { status: 400 });
  const answered = {
    intent,
    provider,
    activity: activity.data,
    name: (values.name ?? '').slice(0, 200),
  } as const;
  try {
    if (intent === 'source-check') {
      const checked: SourceAnswer = {
        ...answered,
        analysis: await actions.checkActivity(provider, user.id, activity.data),
      };
      return data(checked);
    }
    const candidateId = Number(values.candidate);
    if (!Number.isSafeInteger(candidateId) || candidateId < 1) throw { statusCode: 404, code: 'not_found' };
    const stored = await actions.attachActivity(provider, user, candidateId, activity.data);
    const attached: SourceAnswer = { ...answered, analysis: stored.analysis, attached: true };
    return data(attached);
  } catch (failure) {
    if (!isServiceFailure(failure) || (failure.statusCode >= 500 && !isActivityOutage(failure)))
      throw failure;
    const refused: SourceAnswer = { ...answered, error: activityFailure(failure) };
    return data(refused, { status: failure.statusCode });
  }
}

/** Checking or attaching a ride changes nothing the loader reads: the services are not asked for the lists again. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (isSourceIntent(formData?.get('intent')?.toString())) return false;
  return defaultShouldRevalidate;
}

function DropZone({ onFile, busy }: { onFile: (file: File) => void; busy: boolean }) {
  const { t } = useTranslation();
  const [dragging, setDragging] = useState(false);
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  // A file chosen before the page's script ran (a slow phone) sits in the input with no one listening: take it.
  useEffect(() => {
    const file = input.current?.files?.[0];
    if (file) {
      onFile(file);
      input.current!.value = '';
    }
    // Once, when the page becomes interactive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <label
      className={`${classes.drop} ${dragging ? classes.dragging : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      data-testid="track-drop"
    >
      <IconUpload size={32} aria-hidden />
      <Text fw={700} mt="xs">
        {t('track:upload.label')}
      </Text>
      <Text size="sm" c="gray.7" id={hintId}>
        {busy ? t('track:upload.analysing') : t('track:upload.hint')}
      </Text>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        className={classes.input}
        aria-describedby={hintId}
        disabled={busy}
        data-testid="track-file"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file) onFile(file);
          event.currentTarget.value = '';
        }}
      />
    </label>
  );
}

function AttachForm({ file, candidates }: { file: File; candidates: { id: number; label: string }[] }) {
  const { t } = useTranslation();
  const [candidate, setCandidate] = useState<string | null>(candidates[0] ? String(candidates[0].id) : null);
  const [state, setState] = useState<'idle' | 'busy' | { attached: TrackFlag[] } | { error: string }>('idle');
  const attach = async () => {
    if (!candidate) return;
    setState('busy');
    try {
      const stored = await uploadTrack<StoredTrack>(`/api/candidates/${candidate}/track`, file);
      // The check above already shows the ride's own flags; only an attached ride can be another's copy.
      setState({ attached: stored.analysis.flags.filter((flag) => flag.code === 'duplicate_track') });
    } catch (error) {
      setState({ error: uploadErrorKey(error) });
    }
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="track-attach">
      <Text fw={700} id="track-attach">
        {t('track:attach.heading')}
      </Text>
      <Text size="sm">{t('track:attach.intro')}</Text>
      <Group align="end" wrap="wrap">
        <Select
          label={t('track:attach.candidate')}
          data={candidates.map((entry) => ({ value: String(entry.id), label: entry.label }))}
          value={candidate}
          onChange={setCandidate}
          allowDeselect={false}
          miw={260}
        />
        <Button onClick={attach} loading={state === 'busy'} disabled={!candidate} data-testid="track-attach">
          {t('track:attach.submit')}
        </Button>
      </Group>
      {typeof state === 'object' && 'attached' in state && (
        <Alert color="green" role="status">
          <Stack gap="xs">
            <Text size="sm">{t('track:attach.done')}</Text>
            {state.attached.length > 0 && <TrackFlagList flags={state.attached} size="sm" />}
          </Stack>
        </Alert>
      )}
      {typeof state === 'object' && 'error' in state && (
        <Alert color="red" role="alert">
          {t(state.error)}
        </Alert>
      )}
    </Stack>
  );
}

const NETWORK_ERROR_KEY = 'track:errors.network';

/** A file that could not be sent for lack of network, and whether the rider agreed to send it when it returns. */
function OfflineFile({
  file,
  waiting,
  onConsent,
  onCancel,
}: {
  file: File;
  waiting: boolean;
  onConsent: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" title={t('track:offline.heading')} data-testid="track-offline">
      <Stack gap="sm">
        <Text size="sm">
          {t(waiting ? 'track:offline.waiting' : 'track:offline.body', { name: file.name })}
        </Text>
        <Group gap="sm">
          {!waiting && (
            <Button size="xs" onClick={onConsent} data-testid="track-offline-consent">
              {t('track:offline.consent')}
            </Button>
          )}
          <Button size="xs" variant="default" onClick={onCancel}>
            {t('track:offline.cancel')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/**
 * The check of one file: its analysis or error, the file kept while offline (sent when the network returns and
 * the rider agrees), and a file shared from another app, checked as soon as the page opens.
 */
function useTrackCheck() {
  const [file, setFile] = useState<File | null>(null);
  const [analysis, setAnalysis] = useState<TrackAnalysis | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [offlineFile, setOfflineFile] = useState<File | null>(null);
  const [sendWhenOnline, setSendWhenOnline] = useState(false);
  const [searchParams, setSearchParams] = useSearchParams();
  const [sharedMissing, setSharedMissing] = useState(false);

  const check = async (next: File) => {
    setBusy(true);
    setError(null);
    setAnalysis(null);
    setOfflineFile(null);
    setSendWhenOnline(false);
    setSharedMissing(false);
    setFile(next);
    try {
      setAnalysis(await uploadTrack<TrackAnalysis>('/api/track-checks', next));
    } catch (failure) {
      const key = uploadErrorKey(failure);
      if (key === NETWORK_ERROR_KEY) setOfflineFile(next);
      else setError(key);
    } finally {
      setBusy(false);
    }
  };

  // The network is back and the rider agreed: send the kept file.
  useEffect(() => {
    if (!sendWhenOnline || !offlineFile) return;
    const send = () => void check(offlineFile);
    if (navigator.onLine) {
      send();
      return;
    }
    window.addEventListener('online', send, { once: true });
    return () => window.removeEventListener('online', send);
  }, [sendWhenOnline, offlineFile]);

  // A file shared from another app: take it from the service worker's cache and check it as if dropped here.
  const shared = searchParams.get('shared');
  useEffect(() => {
    if (!shared) return;
    setSearchParams({}, { replace: true, preventScrollReset: true });
    void takeSharedRide().then((sharedFile) => {
      if (sharedFile) void check(sharedFile);
      else setSharedMissing(true);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shared]);

  const cancelOffline = () => {
    setOfflineFile(null);
    setSendWhenOnline(false);
    setFile(null);
  };

  return {
    file,
    analysis,
    error,
    busy,
    offlineFile,
    sendWhenOnline,
    sharedMissing,
    check,
    consentOffline: () => setSendWhenOnline(true),
    cancelOffline,
  };
}

export default function TrackCheckPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const {
    file,
    analysis,
    error,
    busy,
    offlineFile,
    sendWhenOnline,
    sharedMissing,
    check,
    consentOffline,
    cancelOffline,
  } = useTrackCheck();

  return (
    <>
      <PublicIntro namespace="track" />
      <SourceOutcome />
      <Stack gap="xl">
        <Stack gap="xs">
          <DropZone onFile={check} busy={busy} />
          <Text size="sm" c="gray.7">
            {t('track:upload.privacy')}
          </Text>
        </Stack>
        <div aria-live="polite">
          {sharedMissing && (
            <Alert color="blue" data-testid="track-shared-missing">
              {t('track:shared.none')}
            </Alert>
          )}
          {offlineFile && (
            <OfflineFile
              file={offlineFile}
              waiting={sendWhenOnline}
              onConsent={consentOffline}
              onCancel={cancelOffline}
            />
          )}
          {error && (
            <Alert color="red" role="alert" data-testid="track-error">
              {t(error)}
            </Alert>
          )}
        </div>
        {analysis && <TrackReport analysis={analysis} />}
        {analysis && file && loaderData.candidates.length > 0 && (
          <AttachForm file={file} candidates={loaderData.candidates} />
        )}
        {loaderData.sources.map((source) => (
          <SourceRides
            key={source.provider}
            state={source}
            answer={actionData?.provider === source.provider ? actionData : undefined}
            candidates={loaderData.candidates}
            returnTo={`/${params.lang}/track-check`}
          />
        ))}
        {analysis && !loaderData.signedIn && (
          <Text size="sm">
            {t('track:attach.signIn')}{' '}
            <Anchor component={Link} to={loginPath(params.lang, `/${params.lang}/track-check`)} fw={700}>
              {t('track:attach.signInLink')}
            </Anchor>
          </Text>
        )}
      </Stack>
    </>
  );
}
