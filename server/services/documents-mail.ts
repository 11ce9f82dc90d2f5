/**
 * Emailing a candidate's route card and frame plate, one rule for both ways it happens: automatically right after
 * payment, and when an administrator sends them again. The message is queued in the caller's transaction, the
 * candidate records when it was sent, and for a kit delivered by email the sending is its processing: a candidate
 * still `to_process` becomes `processed`. Every sending is in the candidate's history (`candidate.documents_sent`).
 */
import { eq } from 'drizzle-orm';
import { localeOr } from '../../domain/locales.ts';
import { candidateReference } from '../../domain/references.ts';
import type { DeliveryMode } from '../../domain/statuses.ts';
import type { Database } from '../db/client.ts';
import { candidates } from '../db/schema.ts';
import { documentsEmail } from '../mail/templates.ts';
import { recordAudit } from './audit.ts';
import type { MailService } from './mail.ts';

type CandidateRow = typeof candidates.$inferSelect;

export interface DocumentsMail {
  candidate: CandidateRow;
  orderId: number;
  locale: string;
  mode_livraison: DeliveryMode;
  to: string;
  documents: readonly { candidateId: number; kind: string; path: string }[];
  /** The administrator who sent them again; null for the sending after payment. */
  actorId: number | null;
}

export async function emailDocuments(
  tx: Database,
  mail: MailService,
  publicUrl: string,
  { candidate, orderId, locale, mode_livraison, to, documents, actorId }: DocumentsMail,
  now: Date = new Date(),
): Promise<void> {
  const reference = candidateReference(orderId, candidate.commande_index);
  await mail.queue(
    {
      to,
      ...documentsEmail(localeOr(locale), publicUrl, { prenom: candidate.prenom, reference }),
      attachments: documents
        .filter((document) => document.candidateId === candidate.id)
        .map((document) => ({
          filename: `${document.kind === 'route_card' ? 'route-card' : 'frame-plate'}-${reference}.pdf`,
          documentPath: document.path,
        })),
    },
    tx,
  );
  const processes = mode_livraison === 'email' && candidate.statut === 'to_process';
  await tx
    .update(candidates)
    .set({
      documentsSentAt: now,
      updatedAt: now,
      ...(processes ? { statut: 'processed' as const, processedAt: now } : {}),
    })
    .where(eq(candidates.id, candidate.id));
  await recordAudit(tx, {
    actorId,
    action: 'candidate.documents_sent',
    entity: 'candidate',
    entityId: candidate.id,
    before: { statut: candidate.statut },
    after: { statut: processes ? 'processed' : candidate.statut, to },
  });
}
