/**
 * A guardian's link asked again by the buyer (a few times, not too often), and a consent received on paper and
 * recorded by an administrator.
 */
import { and, eq } from 'drizzle-orm';
import { candidates, guardianConsents, orders } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { recordAudit } from '../platform/audit.ts';
import { hashToken, newToken } from '../accounts/tokens.ts';
import { type GuardianDeps, release, sendLink } from './guardian-consents-link.ts';

/** Links sent for one candidate in all, the first included, and the wait between two. */
const GUARDIAN_LINK_MAX_SENDS = 5;
const GUARDIAN_RESEND_WAIT_MINUTES = 10;

const notWaiting = () => new AppError(409, 'conflict', 'This registration is not waiting for a guardian');

function requireResendAllowed(consent: typeof guardianConsents.$inferSelect | null, now: Date) {
  if (!consent) return;
  const waitMs = GUARDIAN_RESEND_WAIT_MINUTES * 60_000 - (now.getTime() - consent.sentAt.getTime());
  if (consent.sends >= GUARDIAN_LINK_MAX_SENDS || waitMs > 0) {
    const seconds = consent.sends >= GUARDIAN_LINK_MAX_SENDS ? 24 * 3600 : Math.ceil(waitMs / 1000);
    throw new AppError(429, 'rate_limited', 'The link was sent a moment ago', {
      headers: { 'retry-after': String(seconds) },
    });
  }
}

/** A new link replaces the old one. Another user's candidate is 404; one not waiting for consent 409; too soon or too often 429. */
export function resendLink(deps: GuardianDeps, buyerId: number, candidateId: number, now: Date) {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ candidate: candidates, order: orders, consent: guardianConsents })
      .from(candidates)
      .innerJoin(orders, eq(orders.id, candidates.orderId))
      .leftJoin(guardianConsents, eq(guardianConsents.candidateId, candidates.id))
      .where(and(eq(candidates.id, candidateId), eq(orders.userId, buyerId)))
      .for('update', { of: candidates });
    if (!row) throw notFound('No such candidate');
    const { candidate, order, consent } = row;
    if (candidate.statut !== 'awaiting_consent' || !candidate.tuteur) throw notWaiting();
    requireResendAllowed(consent, now);
    // A refused consent may be asked again: the guardian may have changed their mind after a talk.
    await sendLink(deps, tx, candidate, order, now, (consent?.sends ?? 0) + 1);
    if (consent?.decision === 'refused')
      await tx
        .update(guardianConsents)
        .set({ decision: null, decidedAt: null, method: null })
        .where(eq(guardianConsents.candidateId, candidate.id));
    await recordAudit(tx, {
      actorId: buyerId,
      action: 'candidate.guardian_link_sent',
      entity: 'candidate',
      entityId: candidate.id,
    });
  });
}

/** The consent received on paper, with a note; answers whether a kit by email is to go out now. */
export function recordPaper(
  deps: GuardianDeps,
  candidateId: number,
  adminId: number,
  note: string,
  now: Date,
) {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ candidate: candidates, order: orders })
      .from(candidates)
      .innerJoin(orders, eq(orders.id, candidates.orderId))
      .where(eq(candidates.id, candidateId))
      .for('update', { of: candidates });
    if (!row) throw notFound('No such candidate');
    const { candidate, order } = row;
    if (candidate.statut !== 'awaiting_consent') throw notWaiting();
    const values = { decision: 'confirmed' as const, decidedAt: now, method: 'paper' as const };
    await tx
      .insert(guardianConsents)
      .values({
        candidateId,
        tokenHash: hashToken(newToken()),
        expiresAt: now,
        sentAt: now,
        sends: 0,
        ...values,
      })
      .onConflictDoUpdate({ target: guardianConsents.candidateId, set: values });
    await recordAudit(tx, {
      actorId: adminId,
      action: 'candidate.guardian_paper_consent',
      entity: 'candidate',
      entityId: candidate.id,
      before: { statut: candidate.statut },
      after: { statut: 'to_process', note },
    });
    return release(tx, candidate, order, now);
  });
}
