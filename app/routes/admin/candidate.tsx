/**
 * A candidate's file: who they are, what they registered for, the order and its delivery, the documents and
 * the history of every change. When the route card is back (card_received) the page is where the card is judged;
 * once homologated, where the record is corrected. The GPS track's report sits in that panel when there is one.
 */
import { Alert, Anchor, Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconCertificate } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, data, useActionData, useLocation, useNavigate, useRevalidator } from 'react-router';
import { requestContext } from '#request-context';
import { localeOr } from '../../../domain/locales.ts';
import { adminListOf } from '../../../domain/statuses.ts';
import { AdminPage } from '../../components/admin/admin-page.tsx';
import { AdminHeading } from '../../components/admin/admin-heading.tsx';
import {
  AddressSection,
  DocumentsSection,
  HistorySection,
  IdentitySection,
  OrderSection,
  Section,
  StatementsSection,
} from '../../components/admin/candidate-sections.tsx';
import { HomologationForm } from '../../components/admin/homologation-form.tsx';
import { HomologationRecord } from '../../components/admin/homologation-panel.tsx';
import { DocumentsEmail } from '../../components/admin/documents-email.tsx';
import { GuardianPanel } from '../../components/admin/guardian-panel.tsx';
import { EvidenceRequestsPanel } from '../../components/admin/evidence-requests-panel.tsx';
import { StatusBadge } from '../../components/admin/labels.tsx';
import {
  homologationListUrl,
  type CandidateDetail,
  type JudgementOutcome,
} from '../../components/admin/types.ts';
import { TrackReport } from '../../components/track/track-report.tsx';
import { TrackOrigin } from '../../components/track/track-origin.tsx';
import type { Route } from './+types/candidate';
import { requireStaff } from '../../lib/require-user.ts';
import { foundOr404, idOr404 } from '../../lib/page-params.ts';
import { readForm, serviceRefusal } from '../../lib/form-action.server.ts';
import { isFormRefusal } from '../../lib/form-refusal.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { ReopenRide } from '../../components/admin/reopen-ride.tsx';
import { RouteCardStamps } from '../../components/admin/route-card-stamps.tsx';
import { readsRouteCards } from '../../../domain/permissions.ts';

export async function loader(args: Route.LoaderArgs) {
  const { user, services } = requireStaff(args, 'registrations.read');
  const { params } = args;
  const id = idOr404(params.candidateId);
  const detail = await foundOr404(services.admin.candidateDetail(user, id));
  if (!detail) throw data(null, { status: 404 });
  const locale = localeOr(params.lang);
  const pickupPointNames = Object.fromEntries(
    (await services.orders.pickupPoints(locale, 'all')).map((point) => [point.id, point.name]),
  );
  const track = await services.tracks.forCandidate(id);
  // The electronic route card, for those who judge or scan cards (a treasurer's page goes without it).
  const stamps = readsRouteCards(user) ? await services.stamps.routeCard(id, user) : null;
  const from = cameFrom(new URL(args.request.url).searchParams.get('from'));
  // Judging a pile: after the decision, the next card waiting (oldest first) opens.
  const next =
    from && detail.candidate.statut === 'card_received'
      ? ((
          await services.admin.listCandidates(user, {
            list: 'in_progress',
            page: 1,
            pageSize: 10,
            sort: 'created_at',
            order: 'asc',
          })
        ).items.find((row) => row.id !== id)?.id ?? null)
      : null;
  return { detail, pickupPointNames, track, stamps, from, next };
}

/** Reopening a rejected ride (intent `reopen`), through the same service as POST …/candidates/{id}/reopen. */
export async function action(args: Route.ActionArgs) {
  requireStaff(args, 'homologations.decide');
  const id = idOr404(args.params.candidateId);
  const { actions } = args.context.get(requestContext);
  const values = await readForm(args.request);
  if (values.intent !== 'reopen') throw data(null, { status: 400 });
  try {
    await actions.reopenCandidate(id);
    return { reopened: true as const };
  } catch (error) {
    return serviceRefusal(error, values);
  }
}

/** What the reopening answered: done, or refused (the ride changed meanwhile). */
function ReopenAnswer() {
  const { t } = useTranslation();
  const answer: unknown = useActionData();
  if (isFormRefusal(answer))
    return (
      <FormAlert kind="error" testId="reopen-error">
        {t(answer.message?.key ?? 'validation:internal')}
      </FormAlert>
    );
  if ((answer as { reopened?: boolean } | undefined)?.reopened)
    return (
      <FormAlert kind="success" testId="reopen-done">
        {t('admin:reopen.done')}
      </FormAlert>
    );
  return null;
}

/** The page a volunteer judging cards came from (`?from=`): the scan page or the list of cards received. */
type Origin = 'scan' | 'in_progress';
const cameFrom = (value: string | null): Origin | null =>
  value === 'scan' || value === 'in_progress' ? value : null;

/** The outcome carried to the next card's page, said there once. */
function arrivedWith(state: unknown): JudgementOutcome | null {
  const outcome = (state as { outcome?: JudgementOutcome } | null)?.outcome;
  return outcome && (outcome.kind === 'homologated' || outcome.kind === 'rejected') ? outcome : null;
}

/** Where the back link leads: the page the volunteer came from, else the list the candidate is in now. */
function listPath(lang: string, detail: CandidateDetail, from: Origin | null): string {
  if (from === 'scan') return `/${lang}/administration/homologations/scan`;
  if (from === 'in_progress') return homologationListUrl(lang, 'in_progress');
  const list = detail.order ? adminListOf(detail.candidate.statut, detail.order.mode_livraison) : null;
  const base = `/${lang}/administration`;
  switch (list) {
    case 'consent':
    case 'traitements':
    case 'email':
    case 'retrait':
    case 'traites':
      return `${base}/inscriptions/${list}`;
    case 'in_progress':
    case 'history':
      return homologationListUrl(lang, list);
    default:
      return detail.candidate.statut === 'card_received'
        ? homologationListUrl(lang, 'in_progress')
        : `${base}/dashboard`;
  }
}

function OutcomeMessage({ outcome, previous }: { outcome: JudgementOutcome; previous: boolean }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  // The form that had the focus is gone: the message takes it, so it is read out and the keyboard stays here.
  useEffect(() => ref.current?.focus(), [outcome]);
  // On the next card's page the message names the card just judged, and says this is the next one.
  const text =
    outcome.kind === 'homologated'
      ? t(previous ? 'admin:homologation.doneNext' : 'admin:homologation.done', {
          number: t(`homologation:numberOf.${outcome.epreuve}`, { numero: outcome.numero }),
          name: outcome.name,
        })
      : outcome.kind === 'rejected'
        ? t(previous ? 'admin:homologation.rejectedNext' : 'admin:homologation.rejected', {
            name: outcome.name,
          })
        : outcome.kind === 'cancelled'
          ? t('admin:diploma.cancelled')
          : t('admin:correction.done');
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      color={outcome.kind === 'rejected' || outcome.kind === 'cancelled' ? 'orange' : 'green'}
      variant="light"
      role="status"
      icon={<IconCertificate aria-hidden />}
      data-testid="judgement-outcome"
    >
      <Text fw={700} size="lg">
        {text}
      </Text>
    </Alert>
  );
}

/** The way back, the candidate's name and reference, the challenge and the status. */
function CandidateHeading({
  candidate,
  challenge,
  backTo,
}: {
  candidate: CandidateDetail['candidate'];
  challenge: string;
  backTo: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div>
        <Anchor
          component={Link}
          to={backTo}
          size="sm"
          display="inline-flex"
          style={{ alignItems: 'center', gap: 4 }}
        >
          <IconArrowLeft size={14} aria-hidden />
          {t('admin:candidate.backToList')}
        </Anchor>
      </div>
      <AdminHeading title={`${candidate.prenom} ${candidate.nom}`}>
        <Group gap="sm" wrap="wrap">
          <Text ff="monospace" data-testid="candidate-reference">
            {candidate.reference}
          </Text>
          {/* A homologated ride shows the challenge it was homologated as (a Galérien may end a Cinglé). */}
          <Badge variant="outline" data-testid="candidate-challenge">
            {t(`admin:challenges.${challenge}`)}
          </Badge>
          <StatusBadge status={candidate.statut} />
        </Group>
      </AdminHeading>
    </>
  );
}

/** What the file holds: identity, order, statements, addresses, documents and history. */
function CandidateFile({
  detail,
  pickupPointNames,
  onChanged,
}: {
  detail: CandidateDetail;
  pickupPointNames: Record<string, string>;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { candidate, order, documents, history } = detail;
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <IdentitySection candidate={candidate} />
      <Stack gap="lg">
        <OrderSection order={order} pickupPointNames={pickupPointNames} />
        <StatementsSection candidate={candidate} />
      </Stack>
      <AddressSection
        title={t('admin:candidate.deliveryAddress')}
        id="candidate-delivery-address"
        address={order?.adresse_livraison ?? null}
      />
      <AddressSection
        title={t('admin:candidate.billingAddress')}
        id="candidate-billing-address"
        address={order?.adresse_facturation ?? null}
      />
      <DocumentsSection documents={documents}>
        {order?.status === 'paid' && <DocumentsEmail candidate={candidate} onSent={onChanged} />}
      </DocumentsSection>
      <HistorySection history={history} />
    </SimpleGrid>
  );
}

/** Where the ride came from and the electronic route card's stamps, when there are any. */
function RideEvidence({ track, stamps }: Pick<Route.ComponentProps['loaderData'], 'track' | 'stamps'>) {
  return (
    <>
      {track && <TrackOrigin track={track} />}
      {stamps && stamps.stamps.length > 0 && (
        <RouteCardStamps card={stamps} track={track?.analysis?.track ?? []} />
      )}
    </>
  );
}

export default function CandidatePage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { detail, pickupPointNames, track, stamps, from, next } = loaderData;
  const { candidate, homologation } = detail;
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const arrival = arrivedWith(useLocation().state);
  const trackAnalysis = track?.analysis ?? null;
  const judging = candidate.statut === 'card_received';
  const recorded = candidate.statut === 'homologated' ? homologation : null;
  const [outcome, setOutcome] = useState<JudgementOutcome | null>(null);
  const done = (result: JudgementOutcome) => {
    if (next && (result.kind === 'homologated' || result.kind === 'rejected')) {
      void navigate(`/${i18n.language}/administration/candidates/${next}?from=${from}`, {
        state: { outcome: result },
      });
      return;
    }
    setOutcome(result);
    void revalidator.revalidate();
  };
  const shown = outcome ?? arrival;

  return (
    <AdminPage>
      <Stack gap="lg" key={candidate.id}>
        <CandidateHeading
          candidate={candidate}
          challenge={recorded?.epreuve ?? candidate.epreuve}
          backTo={listPath(i18n.language, detail, from)}
        />

        {shown && <OutcomeMessage outcome={shown} previous={outcome === null} />}
        <ReopenAnswer />
        <GuardianPanel
          candidate={candidate}
          consent={detail.guardianConsent}
          deliveryMode={detail.order?.mode_livraison ?? null}
          onRecorded={() => void revalidator.revalidate()}
        />
        <RideEvidence track={track} stamps={stamps} />
        <EvidenceRequestsPanel
          candidate={candidate}
          requests={detail.evidenceRequests}
          onAsked={() => void revalidator.revalidate()}
        />
        {judging && <HomologationForm candidate={candidate} track={trackAnalysis} onDone={done} />}
        {recorded && (
          <HomologationRecord
            candidate={candidate}
            homologation={recorded}
            track={trackAnalysis}
            onDone={done}
          />
        )}
        {/* The homologation panel shows the track where the volunteer decides; otherwise it has its own section. */}
        {!judging && !recorded && (
          <Section title={t('admin:candidate.track')} id="candidate-track">
            {trackAnalysis ? (
              <TrackReport analysis={trackAnalysis} headingOrder={3} />
            ) : (
              <Text data-testid="candidate-no-track">{t('admin:candidate.noTrack')}</Text>
            )}
          </Section>
        )}
        {candidate.statut === 'rejected' && (
          <Section title={t('admin:homologation.rejectedTitle')} id="candidate-rejection">
            <Stack gap="md">
              <Text data-testid="rejection-reason">{candidate.rejectionReason ?? '—'}</Text>
              <ReopenRide name={`${candidate.prenom} ${candidate.nom}`} />
            </Stack>
          </Section>
        )}

        <CandidateFile
          detail={detail}
          pickupPointNames={pickupPointNames}
          onChanged={() => void revalidator.revalidate()}
        />
      </Stack>
    </AdminPage>
  );
}
