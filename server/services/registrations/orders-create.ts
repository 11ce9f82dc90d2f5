/**
 * Placing an order: the order (pending), its candidates (pending_payment) and a first payment attempt, then the
 * provider's hosted page. The same Idempotency-Key gives back the same order (a double click creates one), and the
 * same draft placed again finds its pending order instead of creating a second one.
 */
import crypto from 'node:crypto';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { SessionUser } from '../../../contracts/account.ts';
import { today } from '../../../domain/dates.ts';
import type { Locale } from '../../../domain/locales.ts';
import { normalizePhone } from '../../../domain/phone.ts';
import { type Price, priceOrder } from '../../../domain/prices.ts';
import { SCAN_TOKEN_RANDOM_BYTES, scanTokenFromBytes } from '../../../domain/references.ts';
import type { Order } from '../../../domain/schemas/order.ts';
import { inLanguage, offeredPickupPoints, priceOn } from '../../../domain/settings.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { candidates, orders } from '../../db/schema/index.ts';
import { registrationsClosed, validationError } from '../../errors.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import type { SettingsService } from '../platform/settings.ts';
import { type OrderDeps, expiryFrom, payOrder, startSession } from './orders-payment.ts';

export interface PlaceOptions {
  idempotencyKey?: string;
  locale: Locale;
  now?: Date;
}

type Placed = { id: number; redirectUrl: string };

export function newScanToken(): string {
  return scanTokenFromBytes(crypto.randomBytes(SCAN_TOKEN_RANDOM_BYTES));
}

/** What was ordered, all but the payment method: the same draft placed again has the same hash. */
function orderContentHash(input: Order): string {
  const { mode_paiement: _method, ...content } = input;
  return crypto.createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

/** The order a user already placed with this Idempotency-Key, and where its payment goes; null if none. */
export async function placedWith(deps: OrderDeps, userId: number, key: string): Promise<Placed | null> {
  const { db, config, payments } = deps;
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
    redirectUrl: payment?.redirectUrl ?? `${config.publicUrl}/${order.locale}/confirmation?order=${order.id}`,
  };
}

/** The buyer's unexpired pending order with the same content, if any. */
async function pendingWithSameContent(db: Database, userId: number, contentHash: string, now: Date) {
  const [pending] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.contentHash, contentHash),
        eq(orders.status, 'pending'),
        gt(orders.expiresAt, now),
      ),
    )
    .orderBy(desc(orders.id))
    .limit(1);
  return pending;
}

/** The order, its candidates and its first attempt, in one transaction. */
function insertOrder(
  deps: OrderDeps,
  userId: number,
  input: Order,
  placing: { price: Price; provider: PaymentProvider; contentHash: string; options: PlaceOptions; now: Date },
) {
  const { db, config, payments } = deps;
  const { price, provider, contentHash, options, now } = placing;
  return db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        userId,
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
        expiresAt: expiryFrom(config, now),
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
}

export async function placeOrder(
  deps: OrderDeps & { settings: SettingsService },
  user: SessionUser,
  input: Order,
  options: PlaceOptions,
): Promise<Placed> {
  const { payments } = deps;
  const now = options.now ?? new Date();
  const key = options.idempotencyKey;
  const existing = key ? await placedWith(deps, user.id, key) : null;
  if (existing) return existing;
  const settings = await deps.settings.values();
  if (
    input.mode_livraison === 'retrait' &&
    !offeredPickupPoints(settings.pickup_points).some((point) => point.id === input.point_retrait)
  )
    throw validationError({ point_retrait: 'validation:point_retrait_required' });
  const provider = payments.providerFor(input.mode_paiement);
  const contentHash = orderContentHash(input);
  const pending = await pendingWithSameContent(deps.db, user.id, contentHash, now);
  if (pending) {
    const redirectUrl = await payOrder(deps, user, pending.id, {
      locale: options.locale,
      mode: input.mode_paiement,
      now,
    });
    return { id: pending.id, redirectUrl };
  }
  // Closed registrations refuse a new order; one already made (above) goes on.
  if (!settings.registrations_open)
    throw registrationsClosed(inLanguage(settings.closed_message, options.locale));
  // Priced once, with the price in force on the day it is made: the order keeps it, paid or not.
  const price = priceOrder(input.candidats.length, priceOn(settings.prices, today(now)));
  let created: { orderId: number; paymentId: number };
  try {
    created = await insertOrder(deps, user.id, input, { price, provider, contentHash, options, now });
  } catch (error) {
    // Two requests with the same key at once: the second finds the first's order.
    const first = key && isUniqueViolation(error) ? await placedWith(deps, user.id, key) : null;
    if (first) return first;
    throw error;
  }
  // The draft stays until the order is paid (services/registrations/order-notifications.ts), so that a cancelled payment
  // gives the buyer back what they had typed.
  const redirectUrl = await startSession(payments, user, created.paymentId, {
    orderId: created.orderId,
    count: input.candidats.length,
    price,
    locale: options.locale,
  });
  return { id: created.orderId, redirectUrl };
}
