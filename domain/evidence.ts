/**
 * The evidence a volunteer weighs before homologating a returned route card: the card itself, the ride the rider
 * attached (its verdict for the registered challenge and its plausibility flags), the stamps of the electronic
 * route card (complete for the challenge, and their flags; decision 0049), and whether the club asked the rider
 * for more. One classification for the list's icon, its filter and the batch homologation's refusals.
 */
import type { ActivityProvider } from './activity-providers.ts';
import type { CandidateStatus } from './statuses.ts';

/**
 * Statuses in which a ride attached now still helps the volunteer: the account page offers to attach one, and
 * the club may ask the rider for one.
 */
export const RIDE_WELCOME_STATUSES: readonly CandidateStatus[] = ['to_process', 'processed', 'card_received'];

/** The electronic route card is stamped once its kit has gone out, until the registration is decided (issue 43). */
export const STAMPABLE_STATUSES: readonly CandidateStatus[] = ['processed', 'card_received'];

/**
 * How a row's evidence stands, in the order the list sorts them. A row is, first that applies: `requested`,
 * `flagged`, `missing`, `review`, else `clean` (server/services/homologations/evidence.ts).
 */
export const EVIDENCE_STATES = [
  /**
   * Card back, a ride complete for the registered challenge or its stamps complete, no flag, no open request: a
   * one-click decision.
   */
  'clean',
  /** The ride or a stamp has a flag: a person must look. */
  'flagged',
  /** The club asked the rider for more and is waiting for the answer (whatever else the row shows). */
  'requested',
  /** A ride or stamps, neither showing the challenge complete (or only for a person to confirm). */
  'review',
  /** No ride attached and no stamp: the paper card alone. */
  'missing',
] as const;
export type EvidenceState = (typeof EVIDENCE_STATES)[number];

/** The list filter (`evidence=`): every state but `review`, which is what is left. */
export const EVIDENCE_FILTERS = ['clean', 'flagged', 'missing', 'requested'] as const;
export type EvidenceFilter = (typeof EVIDENCE_FILTERS)[number];

/** Where an attached ride came from, as the admin API names it. */
export type EvidenceTrackSource = 'file' | ActivityProvider;

/** Why a batch homologation refused an item. */
export const BATCH_REFUSALS = [
  /** No such candidate, or one the batch cannot judge (rejected, withdrawn): for the candidate's page. */
  'not_found',
  'not_in_progress',
  /** The kit went out but the route card is not back. */
  'card_missing',
  'track_flagged',
  'track_not_complete',
  /** A stamp of the electronic route card carries a flag. */
  'stamps_flagged',
  /** No ride, and the stamps do not make the challenge complete. */
  'stamps_not_complete',
  'date_missing',
  'request_open',
  /** A day in the future or before the registration. */
  'date_invalid',
] as const;
export type BatchRefusal = (typeof BATCH_REFUSALS)[number];

/** The most items one batch homologates (a season's evening, in a few batches). */
export const BATCH_MAX_ITEMS = 200;

export interface EvidenceFacts {
  cardReceived: boolean;
  /** The attached ride: its verdict for the registered challenge and how many flags it carries. */
  track: { complete: boolean; flagCount: number; day: string | null } | null;
  /** The route card's accepted stamps: complete for the registered challenge, their flags, their day. */
  stamps: { complete: boolean; flagCount: number; day: string | null } | null;
  requestOpen: boolean;
}

/**
 * Whether a batch may homologate the item, and on which day: the day given, else the complete ride's, else the
 * complete stamps'. A flag (ride or stamp), an open request, evidence short of the challenge or a card not back is
 * for a person on the candidate's page; a card back with neither ride nor stamps is homologated on the day the
 * volunteer gives (the stamped paper card is the evidence).
 */
export function batchDecision(
  facts: EvidenceFacts,
  givenDay: string | undefined,
): { refused: BatchRefusal } | { day: string } {
  const { track, stamps } = facts;
  if (!facts.cardReceived) return { refused: 'card_missing' };
  if (track && track.flagCount > 0) return { refused: 'track_flagged' };
  if (stamps && stamps.flagCount > 0) return { refused: 'stamps_flagged' };
  if (facts.requestOpen) return { refused: 'request_open' };
  const completeDay = track?.complete ? track.day : stamps?.complete ? stamps.day : null;
  if (!track?.complete && !stamps?.complete) {
    if (track) return { refused: 'track_not_complete' };
    if (stamps) return { refused: 'stamps_not_complete' };
  }
  const day = givenDay ?? completeDay;
  return day ? { day } : { refused: 'date_missing' };
}
