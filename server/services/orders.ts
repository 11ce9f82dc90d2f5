/**
 * Orders: the price, the creation of an order with its candidates and a first payment attempt at the
 * provider, and the buyer's view of their orders. The payment itself is settled by services/payments.ts.
 */
import crypto from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray } from 'drizzle-orm';
import type { PickupPoint, PresentedOrder } from '../../contracts/orders.ts';
import { type Locale, LOCALE_TAGS, localeOr } from '../../domain/locales.ts';
import { formatOpeningHours } from '../../domain/opening-hours.ts';
import { normalizePhone } from '../../domain/phone.ts';
import { type Price, priceOrder } from '../../domain/prices.ts';
import {
  candidateReference,
  orderReference,
  SCAN_TOKEN_RANDOM_BYTES,
  scanTokenFromBytes,
} from '../../domain/references.ts';
import { canChangeDelivery, candidateChangeScope } from '../../domain/registration-changes.ts';
import type { RegistrationProgress } from '../../domain/registration-progress.ts';
import type { Order } from '../../domain/schemas/order.ts';
import type { PaymentMode } from '../../domain/statuses.ts';
import { earliestPostalDate, today } from '../../domain/dates.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { candidates, documents, guardianConsents, orders } from '../db/schema.ts';
import { AppError, notFound, validationError } from '../errors.ts';
import { translator } from '../i18n.ts';
import type { PaymentsService } from './payments.ts';
import { loadRegistrationProgress } from './registration-progress.ts';
import type { createOrderDraftsService } from './order-drafts.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { type Caller, signedIn } from './guards.ts';

export function newScanToken(): string {
  return scanTokenFromBytes(crypto.randomBytes(SCAN_TOKEN_RANDOM_BYTES));
}

type OrderRow = typeof orders.$inferSelect;
type CandidateRow = typeof candidates.$inferSelect;

/** The order as its owner sees it (docs/API.md payload shape), with document links once documents exist. */
export function presentOrder(
  order: OrderRow,
  orderCandidates: CandidateRow[],
  documentRows: { id: number; candidateId: number; kind: 'route_card' | 'frame_plate' }[],
  progress: ReadonlyMap<number, RegistrationProgress>,
  consents: ReadonlyMap<number, { sentAt: Date; decision: 'confirmed' | 'refused' | null }>,
): PresentedOrder {
  return {
    id: order.id,
    reference: orderReference(order.id),
    status: order.status,
    /** Unpaid and not expired: the account offers to pay it (again). */
    payable: (order.status === 'pending' || order.status === 'failed') && order.expiresAt > new Date(),
    delivery_changeable: canChangeDelivery({ ...order, candidates: orderCandidates }),
    price: {
      unit_price: order.unitPriceCents,
      count: orderCandidates.length,
      total: order.totalCents,
      currency: order.currency,
    },
    date_commande: order.date_commande.toISOString(),
    mode_livraison: order.mode_livraison,
    date_livraison: order.date_livraison,
    point_retrait: order.point_retrait,
    mode_paiement: order.mode_paiement,
    adresse_livraison: order.adresse_livraison,
    adresse_facturation: order.adresse_facturation,
    candidats: orderCandidates.map((candidate) => ({
      id: candidate.id,
      commande_index: candidate.commande_index,
      reference: candidateReference(order.id, candidate.commande_index),
      statut: candidate.statut,
      epreuve: candidate.epreuve,
      civilite: candidate.civilite,
      nom: candidate.nom,
      prenom: candidate.prenom,
      email: candidate.email,
      date_naissance: candidate.date_naissance,
      documents: documentRows
        .filter((document) => document.candidateId === candidate.id)
        .map((document) => ({ kind: document.kind, url: `/documents/${document.id}` })),
      documents_sent_at: candidate.documentsSentAt?.toISOString() ?? null,
      progress: progress.get(candidate.id)!,
      changeable:
        order.status === 'paid'
          ? candidateChangeScope({ ...candidate, mode_livraison: order.mode_livraison })
          : null,
      guardian: candidate.tuteur
        ? {
            ...candidate.tuteur,
            sent_at: consents.get(candidate.id)?.sentAt.toISOString() ?? null,
            decision: consents.get(candidate.id)?.decision ?? null,
          }
        : null,
    })),
  };
}

/**
 * What was ordered, all but the payment method: placing the same draft again (back from the provider without
 * paying) finds the pending order instead of creating a second one.
 */
function orderContentHash(input: Order): string {
  const { mode_paiement: _method, ...content } = input;
  return crypto.createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

const notPayable = (message: string) => new AppError(409, 'order_not_payable', message);

export function createOrdersService(deps: {
  db: Database;
  config: Config;
  payments: PaymentsService;
  orderDrafts: ReturnType<typeof createOrderDraftsService>;
}) {
  const { db, config, payments } = deps;

  async function loadPresented(orderRows: OrderRow[]): Promise<PresentedOrder[]> {
    if (orderRows.length === 0) return [];
    const ids = orderRows.map((order) => order.id);
    const candidateRows = await db
      .select()
      .from(candidates)
      .where(inArray(candidates.orderId, ids))
      .orderBy(asc(candidates.commande_index));
    const documentRows = candidateRows.length
      ? await db
          .select({ id: documents.id, candidateId: documents.candidateId, kind: documents.kind })
          .from(documents)
          .where(
            inArray(
              documents.candidateId,
              candidateRows.map((candidate) => candidate.id),
            ),
          )
      : [];
    const progress = await loadRegistrationProgress(db, orderRows, candidateRows);
    const minors = candidateRows.filter((candidate) => candidate.tuteur).map((candidate) => candidate.id);
    const consentRows = minors.length
      ? await db.select().from(guardianConsents).where(inArray(guardianConsents.candidateId, minors))
      : [];
    const consents = new Map(consentRows.map((row) => [row.candidateId, row]));
    return orderRows.map((order) =>
      presentOrder(
        order,
        candidateRows.filter((candidate) => candidate.orderId === order.id),
        documentRows,
        progress,
        consents,
      ),
    );
  }

  async function existingForKey(userId: number, key: string) {
    const [order] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
    if (!order) return null;
    const [payment] = await db
      .select()
      .from(payments.table)
      .where(eq(payments.table.orderId, order.id))
      .orderBy(desc(payments.table.id))
      .limit(1);
    return {
      id: order.id,
      redirectUrl:
        payment?.redirectUrl ?? `${config.publicUrl}/${order.locale}/confirmation?order=${order.id}`,
    };
  }

  async function ownOrder(userId: number, orderId: number) {
    const [order] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
    if (!order) throw notFound('No such order');
    return order;
  }

  /** Pending and failed orders can be paid until they expire; paid and cancelled ones cannot. */
  function payable(order: OrderRow, now: Date) {
    if (order.status === 'paid') throw notPayable('The order is paid');
    if (order.status === 'cancelled') throw notPayable('The order is cancelled');
    if (order.expiresAt <= now) throw notPayable('The order has expired');
  }

  function startSession(
    user: { email: string },
    paymentId: number,
    order: { orderId: number; count: number; price: { total: number; currency: string }; locale: Locale },
  ) {
    const t = translator(order.locale, 'documents');
    return payments.startSession(paymentId, {
      orderId: order.orderId,
      reference: orderReference(order.orderId),
      amountCents: order.price.total,
      currency: order.price.currency,
      description: t('orderDescription', { count: order.count }),
      locale: order.locale,
      customerEmail: user.email,
    });
  }

  const service = {
    priceCents: () => config.priceCents,

    earliestPostalDate: (now = new Date()) => earliestPostalDate(today(now), config.postalWorkingDays),

    /** The pick-up points with their hours written in the reader's language. */
    pickupPoints(locale: Locale = 'fr'): PickupPoint[] {
      return config.pickupPoints.map((point) => ({
        id: point.id,
        name: point.name,
        address: point.address,
        hours: formatOpeningHours(point.hours, LOCALE_TAGS[locale]),
      }));
    },

    price(count: number): Price {
      return priceOrder(count, config.priceCents);
    },

    /**
     * Creates the order (pending), its candidates (pending_payment) and a payment attempt, then asks the provider
     * for its hosted page. The same Idempotency-Key gives back the same order: a double click creates one.
     */
    /** The order a user already placed with this Idempotency-Key, and where its payment goes; null if none. */
    placedWith: (userId: number, idempotencyKey: string) => existingForKey(userId, idempotencyKey),

    async create(
      caller: Caller,
      input: Order,
      options: { idempotencyKey?: string; locale: Locale; now?: Date },
    ): Promise<{ id: number; redirectUrl: string }> {
      const user = signedIn(caller);
      const now = options.now ?? new Date();
      if (options.idempotencyKey) {
        const existing = await existingForKey(user.id, options.idempotencyKey);
        if (existing) return existing;
      }
      if (
        input.mode_livraison === 'retrait' &&
        !config.pickupPoints.some((point) => point.id === input.point_retrait)
      ) {
        throw validationError({ point_retrait: 'validation:point_retrait_required' });
      }
      const provider = payments.providerFor(input.mode_paiement);
      const contentHash = orderContentHash(input);
      const [pending] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.userId, user.id),
            eq(orders.contentHash, contentHash),
            eq(orders.status, 'pending'),
            gt(orders.expiresAt, now),
          ),
        )
        .orderBy(desc(orders.id))
        .limit(1);
      if (pending) {
        const redirectUrl = await service.pay(user, pending.id, {
          locale: options.locale,
          mode: input.mode_paiement,
          now,
        });
        return { id: pending.id, redirectUrl };
      }
      const price = priceOrder(input.candidats.length, config.priceCents);
      let created: { orderId: number; paymentId: number };
      try {
        created = await db.transaction(async (tx) => {
          const [order] = await tx
            .insert(orders)
            .values({
              userId: user.id,
              status: 'pending',
              mode_livraison: input.mode_livraison,
              date_livraison: input.date_livraison,
              point_retrait: input.mode_livraison === 'retrait' ? (input.point_retrait ?? null) : null,
              adresse_livraison: input.adresse_livraison,
              adresse_facturation: input.adresse_facturation,
              mode_paiement: input.mode_paiement,
              avertissement_condition_physique: input.avertissement_condition_physique,
              avertissement_mineurs: input.avertissement_mineurs,
              unitPriceCents: price.unit_price,
              totalCents: price.total,
              currency: price.currency,
              locale: options.locale,
              idempotencyKey: options.idempotencyKey ?? null,
              contentHash,
              date_commande: now,
              expiresAt: new Date(now.getTime() + config.orderExpiryMinutes * 60_000),
            })
            .returning({ id: orders.id });
          await tx.insert(candidates).values(
            input.candidats.map((candidate, position) => ({
              ...candidate,
              portable: normalizePhone(candidate.portable, candidate.pays) ?? candidate.portable,
              orderId: order!.id,
              commande_index: position + 1,
              statut: 'pending_payment' as const,
              scanToken: newScanToken(),
            })),
          );
          const [payment] = await tx
            .insert(payments.table)
            .values({
              orderId: order!.id,
              provider: provider.id,
              amountCents: price.total,
              currency: price.currency,
            })
            .returning({ id: payments.table.id });
          return { orderId: order!.id, paymentId: payment!.id };
        });
      } catch (error) {
        if (options.idempotencyKey && isUniqueViolation(error)) {
          const existing = await existingForKey(user.id, options.idempotencyKey);
          if (existing) return existing;
        }
        throw error;
      }
      // The draft stays until the order is paid (services/order-notifications.ts), so that a cancelled payment
      // gives the buyer back what they had typed.
      const redirectUrl = await startSession(user, created.paymentId, {
        orderId: created.orderId,
        count: input.candidats.length,
        price,
        locale: options.locale,
      });
      return { id: created.orderId, redirectUrl };
    },

    /**
     * A new payment attempt on the buyer's unpaid order (paying again from the account, or the same draft placed
     * again): earlier attempts still open are closed first. Paid, expired and cancelled orders answer 409.
     */
    async pay(
      caller: Caller,
      orderId: number,
      options: { locale?: Locale; mode?: PaymentMode; now?: Date } = {},
    ): Promise<string> {
      const user = signedIn(caller);
      const now = options.now ?? new Date();
      const order = await ownOrder(user.id, orderId);
      const provider = payments.providerFor(options.mode ?? order.mode_paiement);
      payable(order, now);
      if ((await payments.closeOpenAttempts(order.id)) === 'paid') throw notPayable('The order is paid');
      const paymentId = await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
        payable(locked!, now);
        await tx
          .update(orders)
          .set({
            status: 'pending',
            mode_paiement: options.mode ?? locked!.mode_paiement,
            // A new attempt gets the full delay again, so that the order does not expire under the buyer.
            expiresAt: new Date(now.getTime() + config.orderExpiryMinutes * 60_000),
            updatedAt: now,
          })
          .where(eq(orders.id, order.id));
        const [payment] = await tx
          .insert(payments.table)
          .values({
            orderId: order.id,
            provider: provider.id,
            amountCents: locked!.totalCents,
            currency: locked!.currency,
          })
          .returning({ id: payments.table.id });
        return payment!.id;
      });
      const [{ value: candidateCount } = { value: 0 }] = await db
        .select({ value: count() })
        .from(candidates)
        .where(eq(candidates.orderId, order.id));
      return startSession(user, paymentId, {
        orderId: order.id,
        count: candidateCount,
        price: { total: order.totalCents, currency: order.currency },
        locale: options.locale ?? localeOr(order.locale),
      });
    },

    async list(userId: number): Promise<PresentedOrder[]> {
      const rows = await db
        .select()
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.date_commande));
      return loadPresented(rows);
    },

    /** Another user's order answers 404, as if it did not exist. */
    async get(userId: number, orderId: number): Promise<PresentedOrder> {
      const [order] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
      if (!order) throw notFound('No such order');
      return (await loadPresented([order]))[0]!;
    },

    async status(userId: number, orderId: number) {
      const [order] = await db
        .select({ status: orders.status })
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
      if (!order) throw notFound('No such order');
      return order;
    },

    /** The buyer gives up an unpaid order (a button, never a link). Answers its status afterwards. */
    async cancel(userId: number, orderId: number) {
      const status = await payments.cancelByBuyer(orderId, userId);
      if (status === 'paid') throw notPayable('The order is paid');
      return { status };
    },
  };
  return service;
}
