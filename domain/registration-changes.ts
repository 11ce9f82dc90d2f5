/**
 * What a buyer may still change in a paid registration, and until when. One home for the rule, read by the
 * service that applies a change (server/services/registrations/registration-changes.ts), by the account page that offers it,
 * and by the API's answers (`changeable`).
 *
 * A registration is the buyer's to correct until a volunteer starts on the kit: the first print batch or sheet of
 * labels carries its details on paper (`processing_started_at`), and marking it processed ends it. A kit sent by
 * email is processed the moment it is paid, yet nothing is on paper: its identity and contact may still be
 * corrected, and the documents are sent again, until the route card comes back.
 */
import { ageCategory } from './ages.ts';
import type { CalendarDate } from './dates.ts';
import type { CandidateStatus, DeliveryMode } from './statuses.ts';

/** Who the rider is and how to reach them: what a correction may touch once the kit is on its way by email. */
export const CANDIDATE_IDENTITY_FIELDS = [
  'civilite',
  'nom',
  'prenom',
  'date_naissance',
  'nationalite',
  'email',
  'portable',
  'adresse',
  'complement',
  'code_postal',
  'ville',
  'pays',
] as const;

/** Everything a buyer may change in a candidate before processing: the identity and the challenge (same price). */
export const CANDIDATE_CHANGE_FIELDS = [...CANDIDATE_IDENTITY_FIELDS, 'epreuve'] as const;
export type CandidateChangeField = (typeof CANDIDATE_CHANGE_FIELDS)[number];

/** `all`: identity and challenge; `identity`: identity and contact only; null: nothing any more. */
export type CandidateChangeScope = 'all' | 'identity' | null;

export interface CandidateProcessingState {
  statut: CandidateStatus;
  mode_livraison: DeliveryMode;
  /** When a volunteer first printed its documents or labels; null until then. */
  processingStartedAt: Date | string | null;
}

/** Paid, and no volunteer has started on it (a minor's may still wait for their guardian). */
function untouched(candidate: CandidateProcessingState): boolean {
  return (
    (candidate.statut === 'to_process' || candidate.statut === 'awaiting_consent') &&
    candidate.processingStartedAt === null
  );
}

export function candidateChangeScope(candidate: CandidateProcessingState): CandidateChangeScope {
  if (untouched(candidate)) return 'all';
  if (candidate.mode_livraison === 'email' && candidate.statut === 'processed') return 'identity';
  return null;
}

/**
 * The order's delivery (mode, date, address) can change while none of its kits has been started: a kit already
 * emailed (email delivery is processed at payment) or printed keeps the delivery it had.
 */
export function canChangeDelivery(order: {
  status: string;
  mode_livraison: DeliveryMode;
  candidates: readonly Omit<CandidateProcessingState, 'mode_livraison'>[];
}): boolean {
  return (
    order.status === 'paid' &&
    order.candidates.length > 0 &&
    order.candidates.every((candidate) => untouched({ ...candidate, mode_livraison: order.mode_livraison }))
  );
}

/**
 * A minor stays a minor and an adult an adult: the honour statements and the consent asked at the order depend on
 * it, so a corrected birth date may not move the candidate to another age group (counted on the day of the order).
 */
export function keepsAgeCategory(
  before: CalendarDate,
  after: CalendarDate,
  orderDate: CalendarDate,
): boolean {
  return ageCategory(before, orderDate) === ageCategory(after, orderDate);
}
