/**
 * Reopening a rejected ride for a new judgement (rejected → card_received): a deliberate act of a volunteer, from
 * the candidate's page or by confirming at the scan desk, recorded in the candidate's history with the reason it
 * had. The rider gets no mail: the route card was already acknowledged, and the next mail is the new decision.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { calendarDateOf } from '../../../domain/dates.ts';
import type { Database } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { transitionCandidate } from '../registrations/candidate-transitions.ts';
import { actorIdOf, type Caller } from '../guards.ts';
import { type CandidateRow, type HomologationDeps, lockCandidate } from './homologation-candidate.ts';

/** Where the reopening was asked: the candidate's page, or the scan desk after its confirmation. */
export type ReopenedFrom = 'candidate' | 'scan';

/** The day (Paris) of the candidate's last rejection, or of the cancellation of its homologation. */
async function rejectionDay(tx: Database, candidate: CandidateRow): Promise<string> {
  const [entry] = await tx
    .select({ createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'candidate'),
        eq(auditLog.entityId, String(candidate.id)),
        inArray(auditLog.action, ['candidate.rejected', 'homologation.cancelled']),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(1);
  return calendarDateOf(entry?.createdAt ?? candidate.updatedAt);
}

/** The refusal of a scan that would reopen a rejected ride without the volunteer's confirmation. */
export async function rejectedRefusal(tx: Database, candidate: CandidateRow): Promise<AppError> {
  const day = await rejectionDay(tx, candidate);
  const reason = candidate.rejectionReason ?? '';
  return new AppError(409, 'rejected', `This ride was rejected on ${day}: ${reason}`, {
    details: { day, reason },
  });
}

/** Moves the locked, rejected candidate back to card_received, with its history entry. */
export async function reopenLocked(
  tx: Database,
  candidate: CandidateRow,
  actorId: number | null,
  from: ReopenedFrom,
): Promise<void> {
  await transitionCandidate(tx, candidate, 'card_received', {
    actorId,
    action: 'candidate.reopened',
    set: { rejectionReason: null },
    details: { from, reason: candidate.rejectionReason },
  });
}

/** The candidate page's "reopen": a rejected ride goes back to the cards to judge. */
export async function reopenCandidate(deps: HomologationDeps, caller: Caller, candidateId: number) {
  const actorId = actorIdOf(caller, 'homologations.decide');
  await deps.db.transaction(async (tx) => {
    const { candidate } = await lockCandidate(tx, candidateId);
    if (candidate.statut !== 'rejected')
      throw new AppError(409, 'conflict', `A candidate in status ${candidate.statut} cannot be reopened`);
    await reopenLocked(tx, candidate, actorId, 'candidate');
  });
}
