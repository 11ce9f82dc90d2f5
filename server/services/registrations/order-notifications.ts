/**
 * What follows a payment: the order draft is cleared, the documents of every candidate are generated, the buyer receives the
 * confirmation with the order and candidate references (and, for a minor, that the kit waits for the guardian's
 * answer, asked at the address the buyer typed), each minor's guardian their link, and, for delivery by email, each candidate's
 * documents go to that candidate's address (or the buyer's when they share it), which processes the kit
 * (documents-mail.ts).
 */
import { asc, eq } from 'drizzle-orm';
import { formatExactMoney } from '../../../domain/format.ts';
import { localeOr } from '../../../domain/locales.ts';
import { candidateReference, orderReference } from '../../../domain/references.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { candidates, orderDrafts, orders, users } from '../../db/schema/index.ts';
import { translator } from '../../i18n.ts';
import { orderConfirmationEmail } from '../../mail/templates.ts';
import { emailDocuments } from '../documents/documents-mail.ts';
import type { DocumentsService } from '../documents/documents.ts';
import type { MailService } from '../documents/mail.ts';

export function createOrderNotifications(deps: {
  db: Database;
  config: Config;
  mail: MailService;
  documents: DocumentsService;
  guardianConsents: { requestAfterPayment(tx: Database, order: typeof orders.$inferSelect): Promise<void> };
}) {
  const { db, config, mail } = deps;
  return async function onOrderPaid(orderId: number): Promise<void> {
    const [row] = await db
      .select({ order: orders, buyer: users })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, orderId));
    if (!row) return;
    const { order, buyer } = row;
    const orderCandidates = await db
      .select()
      .from(candidates)
      .where(eq(candidates.orderId, orderId))
      .orderBy(asc(candidates.commande_index));
    const documentRows = await deps.documents.ensureFor(
      orderCandidates.map((candidate) => candidate.id),
      { render: order.mode_livraison === 'email' },
    );
    const locale = localeOr(order.locale);
    const t = translator(locale, 'documents');
    const returnAddress = await deps.documents.returnAddress();

    await db.transaction(async (tx) => {
      await tx.delete(orderDrafts).where(eq(orderDrafts.userId, buyer.id));
      await mail.queue(
        {
          to: buyer.email,
          ...orderConfirmationEmail(locale, config.publicUrl, {
            prenom: buyer.prenom,
            reference: orderReference(order.id),
            total: formatExactMoney(locale, order.totalCents, order.currency),
            candidates: orderCandidates.map((candidate) => ({
              reference: candidateReference(order.id, candidate.commande_index),
              name: `${candidate.prenom} ${candidate.nom}`,
              challenge: t(`challenges.${candidate.epreuve}`),
            })),
            guardians: orderCandidates.flatMap(({ statut, tuteur, prenom, nom }) =>
              statut === 'awaiting_consent' && tuteur
                ? [
                    {
                      candidate: `${prenom} ${nom}`,
                      guardian: `${tuteur.prenom} ${tuteur.nom}`,
                      email: tuteur.email,
                    },
                  ]
                : [],
            ),
            ordersUrl: `${config.publicUrl}/${locale}/account?tab=orders`,
          }),
        },
        tx,
      );
      await deps.guardianConsents.requestAfterPayment(tx, order);
      if (order.mode_livraison !== 'email') return;
      // A minor's kit waits for their guardian's consent.
      for (const candidate of orderCandidates.filter((row) => row.statut === 'to_process')) {
        await emailDocuments(tx, mail, config.publicUrl, {
          candidate,
          orderId: order.id,
          locale,
          mode_livraison: order.mode_livraison,
          to: candidate.email || buyer.email,
          documents: documentRows,
          returnAddress,
          actorId: null,
        });
      }
    });
    mail.kick();
  };
}
