/**
 * A candidate's change of status, one rule for every service that makes one (payment, sending the kit, scanning the
 * returned card, homologation, rejection): the change must be one of CANDIDATE_TRANSITIONS (domain/statuses.ts),
 * and the status is written with the candidate's history entry (audit_log) in the caller's transaction. The caller
 * reads the candidate's row first, locked (FOR UPDATE) where another request could change it meanwhile.
 */
import { eq } from 'drizzle-orm';
import { type CandidateStatus, canTransition } from '../../../domain/statuses.ts';
import type { Database } from '../../db/client.ts';
import { candidates } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { recordAudit } from '../platform/audit.ts';
import type { AuditAction } from '../../../domain/audit-actions.ts';

type CandidateColumns = Partial<Omit<typeof candidates.$inferInsert, 'id' | 'statut' | 'updatedAt'>>;

export interface CandidateChange {
  /** The administrator who made it; null when the site did (a payment, the sending after payment). */
  actorId: number | null;
  /**
   * The history entry's action (`candidate.processed`…); null writes none, for a change recorded elsewhere (the
   * candidates of a paid order are in the order's `order.paid` entry).
   */
  action: AuditAction | null;
  /** Columns written with it: when it happened, the rejection reason, the homologation's details… */
  set?: CandidateColumns;
  /** Recorded in the entry after the new status. */
  details?: Record<string, unknown>;
  now?: Date;
}

/** How the refusal names the status asked for: "A candidate in status processed cannot be homologated". */
const TARGET_WORDING: Record<CandidateStatus, string> = {
  pending_payment: 'unpaid',
  awaiting_consent: 'waiting for a guardian',
  to_process: 'marked paid',
  processed: 'processed',
  card_received: 'marked card received',
  homologated: 'homologated',
  rejected: 'rejected',
  withdrawn: 'withdrawn',
};

/** Refuses (409 conflict) a change CANDIDATE_TRANSITIONS does not allow; for checks made before other work. */
export function assertCandidateTransition(from: CandidateStatus, to: CandidateStatus): void {
  if (!canTransition(from, to))
    throw new AppError(409, 'conflict', `A candidate in status ${from} cannot be ${TARGET_WORDING[to]}`);
}

/** Writes the columns (and the new status, if any) and the history entry. */
async function write(
  tx: Database,
  candidate: { id: number; statut: CandidateStatus },
  to: CandidateStatus | null,
  change: CandidateChange,
): Promise<void> {
  const now = change.now ?? new Date();
  await tx
    .update(candidates)
    // Without a new status the column is left alone: the caller's copy of it may be older than the row.
    .set({ ...change.set, ...(to ? { statut: to } : {}), updatedAt: now })
    .where(eq(candidates.id, candidate.id));
  if (change.action === null) return;
  await recordAudit(tx, {
    actorId: change.actorId,
    action: change.action,
    entity: 'candidate',
    entityId: candidate.id,
    before: { statut: candidate.statut },
    after: { statut: to ?? candidate.statut, ...change.details },
  });
}

/** Moves a candidate to `to` (refused with 409 when the rules do not allow it) and writes its history entry. */
export async function transitionCandidate(
  tx: Database,
  candidate: { id: number; statut: CandidateStatus },
  to: CandidateStatus,
  change: CandidateChange,
): Promise<void> {
  assertCandidateTransition(candidate.statut, to);
  await write(tx, candidate, to, change);
}

/** A change that keeps the status (documents sent once more), written with its history entry all the same. */
export async function recordCandidateChange(
  tx: Database,
  candidate: { id: number; statut: CandidateStatus },
  change: CandidateChange & { action: AuditAction },
): Promise<void> {
  await write(tx, candidate, null, change);
}
