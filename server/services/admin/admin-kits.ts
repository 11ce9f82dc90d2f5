/**
 * The volunteers' batch actions on kits: marking them processed (posted, emailed or handed over), emailing the
 * documents again, and the address labels. Printing the documents is a background job (print-jobs.ts).
 */
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { formatTimestampDate } from '../../../domain/format.ts';
import { localeOr } from '../../../domain/locales.ts';
import { candidateReference } from '../../../domain/references.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { candidates, orders } from '../../db/schema/index.ts';
import type { DocumentDrawer } from '../../documents/drawing-thread.ts';
import { translator } from '../../i18n.ts';
import { kitSentEmail } from '../../mail/templates.ts';
import { transitionCandidate } from '../registrations/candidate-transitions.ts';
import { emailDocuments } from '../documents/documents-mail.ts';
import { type DocumentsService, refuseWithheldKits } from '../documents/documents.ts';
import type { MailService } from '../documents/mail.ts';
import { markProcessingStarted } from '../registrations/registration-changes.ts';
import { refuseWhileCancellationRequested } from '../registrations/cancellation-requests-pending.ts';
import { actorIdOf, type Caller, permitted } from '../guards.ts';
import type { SettingsService } from '../platform/settings.ts';

type CandidateRow = typeof candidates.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

interface KitsDeps {
  db: Database;
  config: Config;
  settings: SettingsService;
  mail: MailService;
  documents: DocumentsService;
  drawer: DocumentDrawer;
}

async function queueKitSentEmail(
  { config, mail, settings }: KitsDeps,
  tx: Database,
  candidate: CandidateRow,
  order: OrderRow,
  now: Date,
) {
  const language = localeOr(order.locale);
  // The point the order chose, retired since or not.
  const pickupPoint = (await settings.values()).pickup_points.find(
    (point) => point.id === order.point_retrait,
  );
  await mail.queue(
    {
      to: candidate.email,
      ...kitSentEmail(language, config.publicUrl, {
        prenom: candidate.prenom,
        reference: candidateReference(order.id, candidate.commande_index),
        challenge: translator(language, 'documents')(`challenges.${candidate.epreuve}`),
        mode: order.mode_livraison === 'retrait' ? 'retrait' : 'postal',
        date: formatTimestampDate(language, now),
        pickupPoint: pickupPoint ? `${pickupPoint.name}, ${pickupPoint.address}` : null,
      }),
    },
    tx,
  );
}

/**
 * Kits posted, emailed or handed over: to_process -> processed. The rider of a kit posted or handed over is
 * told so by email (a kit sent by email was its own message). Answers how many changed. A batch naming a kit
 * whose buyer asked to cancel is refused whole (409 `cancellation_requested`): nothing is marked, nobody mailed.
 */
async function markProcessed(deps: KitsDeps, caller: Caller, ids: number[]) {
  const actorId = actorIdOf(caller, 'registrations.process');
  const changed = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .select({ candidate: candidates, order: orders })
      .from(candidates)
      .innerJoin(orders, eq(orders.id, candidates.orderId))
      .where(inArray(candidates.id, ids))
      .for('update', { of: candidates });
    await refuseWhileCancellationRequested(tx, ids);
    // Kits in another status are left as they are: a batch may hold some already processed.
    const toProcess = rows.filter(({ candidate }) => candidate.statut === 'to_process');
    const now = new Date();
    for (const { candidate, order } of toProcess) {
      await transitionCandidate(tx, candidate, 'processed', {
        actorId,
        action: 'candidate.processed',
        set: { processedAt: now },
        now,
      });
      if (order.mode_livraison !== 'email') await queueKitSentEmail(deps, tx, candidate, order, now);
    }
    return toProcess.length;
  });
  if (changed > 0) deps.mail.kick();
  return changed;
}

/**
 * Emails each paid candidate their route card and frame plate: the kits the automatic sending after payment
 * could not send, or, on the administrator's explicit and confirmed request, once more. Not while the buyer's
 * request to cancel one of them is open (409 `cancellation_requested`).
 */
async function sendDocuments({ db, config, mail, documents }: KitsDeps, caller: Caller, ids: number[]) {
  const actorId = actorIdOf(caller, 'registrations.process');
  await refuseWhileCancellationRequested(db, ids);
  await refuseWithheldKits(db, ids);
  const rows = await db
    .select({ candidate: candidates, locale: orders.locale, mode_livraison: orders.mode_livraison })
    .from(candidates)
    .innerJoin(orders, eq(orders.id, candidates.orderId))
    .where(and(inArray(candidates.id, ids), eq(orders.status, 'paid'), ne(candidates.statut, 'withdrawn')));
  const documentRows = await documents.ensureFor(
    rows.map((row) => row.candidate.id),
    { render: true },
  );
  const returnAddress = await documents.returnAddress();
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
        returnAddress,
        actorId,
      });
    }
  });
  mail.kick();
  return rows.length;
}

/**
 * The delivery addresses of the chosen kits, as a sheet of labels (PDF), one per address of each order; its title
 * in `locale`, the administrator's language. The kits count as started: their buyers can no longer change them.
 * Not while the buyer's request to cancel one of them is open (409).
 */
async function labels({ db, drawer }: KitsDeps, caller: Caller, ids: number[], locale?: string) {
  const admin = permitted(caller, 'registrations.process');
  await refuseWhileCancellationRequested(db, ids);
  await refuseWithheldKits(db, ids);
  await markProcessingStarted(db, ids);
  const rows = await db
    .select({ candidate: candidates, order: orders })
    .from(candidates)
    .innerJoin(orders, eq(orders.id, candidates.orderId))
    // A refunded registration gets no label, even if the page that chose it is older than the refund.
    .where(and(inArray(candidates.id, ids), ne(candidates.statut, 'withdrawn')))
    .orderBy(asc(candidates.orderId), asc(candidates.commande_index));
  const kits = rows.map(({ candidate, order }) => ({
    orderId: order.id,
    address: order.adresse_livraison,
    reference: candidateReference(candidate.orderId, candidate.commande_index),
  }));
  return drawer.kitLabels(kits, locale ?? admin?.locale ?? 'fr');
}

/** Administrators only (guards.ts), each operation checking its caller. */
export function createKitsService(deps: KitsDeps) {
  return {
    markProcessed: (caller: Caller, ids: number[]) => markProcessed(deps, caller, ids),
    sendDocuments: (caller: Caller, ids: number[]) => sendDocuments(deps, caller, ids),
    labels: (caller: Caller, ids: number[], locale?: string) => labels(deps, caller, ids, locale),
  };
}
