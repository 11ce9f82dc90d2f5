/**
 * The path of a registration after the order, as its rider follows it on the account page: paid, kit sent, ride
 * checked (optional: only when a track is attached), route card received, then homologated or rejected, then the
 * diploma. One rule for which step is done, which one the registration waits for, and which one failed, so the
 * page only draws it.
 */
import type { Verdict } from './schemas/track.ts';
import type { CandidateStatus, DeliveryMode } from './statuses.ts';
import type { ChallengeId, RoadId } from './ventoux.ts';

/** What the site knows of a registration's path; every date is ISO 8601 UTC. */
export interface RegistrationProgress {
  paid_at: string | null;
  /** When the kit was posted, handed over or emailed, and how. */
  kit: { mode: DeliveryMode; sent_at: string } | null;
  /**
   * The verdict of the attached track for the registered challenge, when a track is attached, and the roads it
   * still lacks for it (domain/track/missing.ts).
   */
  track: { verdict: Verdict; checked_at: string; missing: RoadId[] } | null;
  card_received_at: string | null;
  homologation: {
    id: number;
    numero: number;
    epreuve: ChallengeId;
    homologated_at: string;
    /** The diploma's public check code (domain/diploma.ts). */
    diploma_code: string;
  } | null;
  /** The reason the club gave, shown to the rider as it was written. */
  rejection: { reason: string; rejected_at: string } | null;
  /** The club's latest request for more evidence (a ride to attach or replace), as the volunteer wrote it. */
  evidence_request: { message: string; asked_at: string; answered_at: string | null } | null;
}

export const PROGRESS_STEP_IDS = [
  'paid',
  'kit_sent',
  'ride_checked',
  'card_received',
  'outcome',
  'diploma',
] as const;
export type ProgressStepId = (typeof PROGRESS_STEP_IDS)[number];

/**
 * done: behind the rider; current: what the registration waits for now; upcoming: later; optional: a step the
 * rider may take but need not (attaching a track); warning: taken, but what it shows is not right (an attached
 * track that does not show the registered challenge complete); failed: the ride was not homologated.
 */
export type ProgressStepState = 'done' | 'current' | 'upcoming' | 'optional' | 'warning' | 'failed';

export interface ProgressStep {
  id: ProgressStepId;
  state: ProgressStepState;
  /** When it happened (ISO 8601), for a step done or failed. */
  at: string | null;
}

/** Statuses in which the registration is past each required step, whatever dates were recorded. */
const PAST: Record<Exclude<ProgressStepId, 'ride_checked' | 'outcome' | 'diploma'>, CandidateStatus[]> = {
  paid: [
    'awaiting_consent',
    'to_process',
    'processed',
    'card_received',
    'homologated',
    'rejected',
    'withdrawn',
  ],
  kit_sent: ['processed', 'card_received', 'homologated', 'rejected'],
  card_received: ['card_received', 'homologated', 'rejected'],
};

export function registrationSteps(status: CandidateStatus, progress: RegistrationProgress): ProgressStep[] {
  const homologated = status === 'homologated' && progress.homologation !== null;
  const rejected = status === 'rejected';
  const steps: ProgressStep[] = [
    { id: 'paid', state: PAST.paid.includes(status) ? 'done' : 'upcoming', at: progress.paid_at },
    {
      id: 'kit_sent',
      state: PAST.kit_sent.includes(status) ? 'done' : 'upcoming',
      at: progress.kit?.sent_at ?? null,
    },
    {
      id: 'ride_checked',
      state: progress.track ? (progress.track.verdict === 'complete' ? 'done' : 'warning') : 'optional',
      at: progress.track?.checked_at ?? null,
    },
    {
      id: 'card_received',
      state: PAST.card_received.includes(status) ? 'done' : 'upcoming',
      at: progress.card_received_at,
    },
    {
      id: 'outcome',
      state: homologated ? 'done' : rejected ? 'failed' : 'upcoming',
      at: homologated
        ? progress.homologation!.homologated_at
        : rejected
          ? (progress.rejection?.rejected_at ?? null)
          : null,
    },
    {
      id: 'diploma',
      state: homologated ? 'done' : 'upcoming',
      at: homologated ? progress.homologation!.homologated_at : null,
    },
  ];
  // A request from the club the rider has not answered is what the registration waits for, before anything else.
  const asked =
    progress.evidence_request !== null &&
    progress.evidence_request.answered_at === null &&
    !homologated &&
    !rejected &&
    status !== 'withdrawn';
  if (asked) steps.find((step) => step.id === 'ride_checked')!.state = 'current';
  // The registration waits for the first required step not yet taken; a rejected or withdrawn one waits for nothing,
  // and a minor's for their guardian, which the account page says apart, before the club can start on the kit.
  else if (!rejected && status !== 'awaiting_consent' && status !== 'withdrawn') {
    const next = steps.find((step) => step.state === 'upcoming');
    if (next) next.state = 'current';
  }
  return steps;
}
