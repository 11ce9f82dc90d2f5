/**
 * The volunteers' batch actions on kits: marking them processed (posted, emailed or handed over), emailing the
 * documents again, and the address labels. Printing the documents is a background job (print-jobs.ts).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { candidateReference } from '../../domain/references.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { candidates, orders } from '../db/schema.ts';
import { renderLabels } from '../documents/labels.ts';
import { transitionCandidate } from './candidate-transitions.ts';
import { emailDocuments } from './documents-mail.ts';
import type { DocumentsService } from './documents.ts';
import type { MailService } from './mail.ts';

export function createKitsService(deps: {
  db: Database;
  config: Config;
  mail: MailService;
  documents: DocumentsService;
}) {
  const { db, config, mail } = deps;
  return {
    /** Kits posted, emailed or handed over: to_process -> processed. Answers how many changed. */
    async markProcessed(ids: number[], actorId: number) {
      return db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: candidates.id, statut: candidates.statut })
          .from(candidates)
          .where(inArray(candidates.id, ids))
          .for('update');
        // Kits in another status are left as they are: a batch may hold some already processed.
        const toProcess = rows.filter((candidate) => candidate.statut === 'to_process');
        for (const candidate of toProcess) {
          await transitionCandidate(tx, candidate, 'processed', {
            actorId,
            action: 'candidate.processed',
            set: { processedAt: new Date() },
          });
        }
        return toProcess.length;
      });
    },

    /**
     * Emails each paid candidate their route card and frame plate: the kits the automatic sending after payment
     * could not send, or, on the administrator's explicit and confirmed request, once more.
     */
    async sendDocuments(ids: number[], actorId: number) {
      const rows = await db
        .select({ candidate: candidates, locale: orders.locale, mode_livraison: orders.mode_livraison })
        .from(candidates)
        .innerJoin(orders, eq(orders.id, candidates.orderId))
        .where(and(inArray(candidates.id, ids), eq(orders.status, 'paid')));
      const documentRows = await deps.documents.ensureFor(
        rows.map((row) => row.candidate.id),
        { render: true },
      );
      await db.transaction(async (tx) => {
        for (const { candidate, locale, mode_livraison } of rows) {
          if (candidate.orderId === null) continue;
          await emailDocuments(tx, mail, config.publicUrl, {
            candidate,
            orderId: candidate.orderId,
            locale,
            mode_livraison,
            to: candidate.email,
            documents: documentRows,
            actorId,
          });
        }
      });
      mail.kick();
      return rows.length;
    },

    /** The delivery addresses of the chosen kits, as a sheet of labels (PDF). */
    async labels(ids: number[]) {
      const rows = await db
        .select({ candidate: candidates, order: orders })
        .from(candidates)
        .innerJoin(orders, eq(orders.id, candidates.orderId))
        .where(inArray(candidates.id, ids))
        .orderBy(asc(candidates.orderId), asc(candidates.commande_index));
      return renderLabels(
        rows.map(({ candidate, order }) => ({
          ...order.adresse_livraison,
          reference: candidateReference(candidate.orderId, candidate.commande_index),
        })),
      );
    },
  };
}
