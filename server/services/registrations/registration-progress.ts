/**
 * The facts behind each registration's path on the account page (domain/registration-progress.ts): when the order
 * was paid, when and how the kit went out, the attached track's verdict, when the route card came back, the
 * homologation or the rejection. Read for a page of orders in five queries, whatever their number of candidates.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { RegistrationProgress } from '../../../domain/registration-progress.ts';
import type { TrackAscent, Verdict } from '../../../domain/schemas/track.ts';
import { missingAscents } from '../../../domain/track/missing.ts';
import type { Database } from '../../db/client.ts';
import {
  auditLog,
  type candidates,
  candidateTracks,
  homologations,
  type orders,
} from '../../db/schema/index.ts';
import { latestRequests } from '../homologations/evidence-requests.ts';

type OrderRow = typeof orders.$inferSelect;
type CandidateRow = typeof candidates.$inferSelect;

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

/** The attached rides' verdicts and ascents (what is missing is read from them), not their drawn track. */
const attachedTracks = (db: Database, ids: number[]) =>
  db
    .select({
      candidateId: candidateTracks.candidateId,
      verdict: sql<Record<string, Verdict>>`${candidateTracks.analysis}->'verdict'`,
      timed: sql<boolean>`(${candidateTracks.analysis}->>'timed')::boolean`,
      ascents: sql<TrackAscent[]>`${candidateTracks.analysis}->'ascents'`,
      createdAt: candidateTracks.createdAt,
    })
    .from(candidateTracks)
    .where(inArray(candidateTracks.candidateId, ids));

export async function loadRegistrationProgress(
  db: Database,
  orderRows: readonly OrderRow[],
  candidateRows: readonly CandidateRow[],
): Promise<Map<number, RegistrationProgress>> {
  const ids = candidateRows.map((candidate) => candidate.id);
  if (ids.length === 0) return new Map();
  const [tracks, homologationRows, rejections, requests] = await Promise.all([
    attachedTracks(db, ids),
    db
      .select({
        id: homologations.id,
        candidateId: homologations.candidateId,
        numero: homologations.numero,
        diplomaCode: homologations.diplomaCode,
        epreuve: homologations.epreuve,
        homologatedAt: homologations.homologatedAt,
      })
      .from(homologations)
      .where(inArray(homologations.candidateId, ids)),
    db
      .select({ entityId: auditLog.entityId, createdAt: auditLog.createdAt })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'candidate'),
          // Rejected after the route card, or when an administrator cancelled the homologation.
          inArray(auditLog.action, ['candidate.rejected', 'homologation.cancelled']),
          inArray(auditLog.entityId, ids.map(String)),
        ),
      )
      .orderBy(desc(auditLog.createdAt)),
    latestRequests(db, ids),
  ]);

  const ordersById = new Map(orderRows.map((order) => [order.id, order]));
  const progress = new Map<number, RegistrationProgress>();
  for (const candidate of candidateRows) {
    const order = candidate.orderId === null ? undefined : ordersById.get(candidate.orderId);
    const track = tracks.find((row) => row.candidateId === candidate.id);
    const homologation = homologationRows.find((row) => row.candidateId === candidate.id);
    // Newest first: a rejection reviewed and rejected again shows its last date.
    const request = requests.get(candidate.id);
    const rejectedAt = rejections.find((row) => row.entityId === String(candidate.id))?.createdAt;
    // A kit delivered by email goes out with its documents; one posted or handed over when a volunteer says so.
    const kitSentAt = order?.mode_livraison === 'email' ? candidate.documentsSentAt : candidate.processedAt;
    progress.set(candidate.id, {
      paid_at: iso(order?.paidAt),
      kit: order && kitSentAt ? { mode: order.mode_livraison, sent_at: kitSentAt.toISOString() } : null,
      track: track
        ? {
            verdict: track.verdict[candidate.epreuve] ?? 'needs_review',
            checked_at: track.createdAt.toISOString(),
            missing: missingAscents(track)[candidate.epreuve],
          }
        : null,
      card_received_at: iso(candidate.cardReceivedAt),
      homologation: homologation
        ? {
            id: homologation.id,
            numero: homologation.numero,
            epreuve: homologation.epreuve,
            homologated_at: homologation.homologatedAt.toISOString(),
            diploma_code: homologation.diplomaCode,
          }
        : null,
      rejection:
        candidate.statut === 'rejected' && candidate.rejectionReason
          ? { reason: candidate.rejectionReason, rejected_at: iso(rejectedAt ?? candidate.updatedAt)! }
          : null,
      evidence_request: request
        ? { message: request.message, asked_at: iso(request.askedAt)!, answered_at: iso(request.answeredAt) }
        : null,
    });
  }
  return progress;
}
