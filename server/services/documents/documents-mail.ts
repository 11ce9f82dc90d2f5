/**
 * Emailing a candidate's route card and frame plate, one rule for both ways it happens: automatically right after
 * payment, and when an administrator sends them again. The message is queued in the caller's transaction, the
 * candidate records when it was sent, and for a kit delivered by email the sending is its processing: a candidate
 * still `to_process` becomes `processed`. Every sending is in the candidate's history (`candidate.documents_sent`).
 * Nothing is queued for a registration whose documents are not released (a minor's guardian has not confirmed):
 * the guardian's answer sends them.
 */
import { localeOr } from '../../../domain/locales.ts';
import { candidateReference } from '../../../domain/references.ts';
import { type DeliveryMode, documentsReleased } from '../../../domain/statuses.ts';
import type { Database } from '../../db/client.ts';
import { eq } from 'drizzle-orm';
import { candidates, orders } from '../../db/schema/index.ts';
import type { ClubPostalAddress } from '../../../contracts/club-address.ts';
import { documentFileName } from '../../documents/file-name.ts';
import type { DocumentsService } from './documents.ts';
import { documentsEmail } from '../../mail/templates.ts';
import { recordCandidateChange, transitionCandidate } from '../registrations/candidate-transitions.ts';
import type { MailService } from './mail.ts';

type CandidateRow = typeof candidates.$inferSelect;

export interface DocumentsMail {
  candidate: CandidateRow;
  orderId: number;
  locale: string;
  mode_livraison: DeliveryMode;
  to: string;
  documents: readonly { candidateId: number; kind: 'route_card' | 'frame_plate'; path: string }[];
  /** Where the route card goes back to (DocumentsService.returnAddress). */
  returnAddress: ClubPostalAddress;
  /** The administrator who sent them again; null for the sending after payment. */
  actorId: number | null;
}

export async function emailDocuments(
  tx: Database,
  mail: MailService,
  publicUrl: string,
  { candidate, orderId, locale, mode_livraison, to, documents, actorId, returnAddress }: DocumentsMail,
  now: Date = new Date(),
): Promise<void> {
  if (!documentsReleased(candidate.statut)) return;
  const reference = candidateReference(orderId, candidate.commande_index);
  const language = localeOr(locale);
  await mail.queue(
    {
      to,
      ...documentsEmail(language, publicUrl, { prenom: candidate.prenom, reference, returnAddress }),
      // Named in the mail's language (carte-de-route-….pdf in French).
      attachments: documents
        .filter((document) => document.candidateId === candidate.id)
        .map((document) => ({
          filename: documentFileName(document.kind, reference, language),
          documentPath: document.path,
        })),
    },
    tx,
  );
  const change = { actorId, action: 'candidate.documents_sent' as const, details: { to }, now };
  if (mode_livraison === 'email' && candidate.statut === 'to_process')
    await transitionCandidate(tx, candidate, 'processed', {
      ...change,
      set: { documentsSentAt: now, processedAt: now },
    });
  else await recordCandidateChange(tx, candidate, { ...change, set: { documentsSentAt: now } });
}

/**
 * Draws the candidates' documents and emails them now, each candidate's row locked while its mail is queued: after a
 * buyer's correction, a delivery moved to email, or a guardian's consent. `still` skips a candidate whose state
 * changed meanwhile.
 */
export async function emailDocumentsNow(
  deps: { db: Database; mail: MailService; publicUrl: string; documents: DocumentsService },
  candidateIds: number[],
  options: { actorId: number | null; still?: (candidate: CandidateRow) => boolean },
): Promise<void> {
  if (candidateIds.length === 0) return;
  const documentRows = await deps.documents.ensureFor(candidateIds, { render: true });
  const returnAddress = await deps.documents.returnAddress();
  await deps.db.transaction(async (tx) => {
    for (const candidateId of candidateIds) {
      const [row] = await tx
        .select({ candidate: candidates, order: orders })
        .from(candidates)
        .innerJoin(orders, eq(orders.id, candidates.orderId))
        .where(eq(candidates.id, candidateId))
        .for('update', { of: candidates });
      if (!row || (options.still && !options.still(row.candidate))) continue;
      await emailDocuments(tx, deps.mail, deps.publicUrl, {
        candidate: row.candidate,
        orderId: row.order.id,
        locale: row.order.locale,
        mode_livraison: row.order.mode_livraison,
        to: row.candidate.email,
        documents: documentRows,
        returnAddress,
        actorId: options.actorId,
      });
    }
  });
  deps.mail.kick();
}
