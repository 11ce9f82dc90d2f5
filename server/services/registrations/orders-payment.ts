/**
 * Paying an order: the attempt's hosted page at the provider, and a new attempt on the buyer's unpaid order
 * (paying again from the account, or the same draft placed again).
 */
import { and, count, eq } from 'drizzle-orm';
import type { SessionUser } from '../../../contracts/account.ts';
import { type Locale, localeOr } from '../../../domain/locales.ts';
import { orderReference } from '../../../domain/references.ts';
import type { PaymentMode } from '../../../domain/statuses.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { candidates, orders } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { translator } from '../../i18n.ts';
import type { OrderRow } from './orders-presented.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import type { PaymentsService } from '../payments/payments.ts';

/** What placing and paying orders work with. */
export interface OrderDeps {
  db: Database;
  config: Config;
  payments: PaymentsService;
}

export const notPayable = (message: string) => new AppError(409, 'order_not_payable', message);

/** The moment an attempt started at `now` gives up: each attempt gets the full delay. */
export const expiryFrom = (config: Config, now: Date) =>
  new Date(now.getTime() + config.orderExpiryMinutes * 60_000);

/** Pending and failed orders can be paid until they expire; paid and cancelled ones cannot. */
function payable(order: OrderRow, now: Date) {
  if (order.status === 'paid') throw notPayable('The order is paid');
  if (order.status === 'cancelled') throw notPayable('The order is cancelled');
  if (order.expiresAt <= now) throw notPayable('The order has expired');
}

/** Another person's order answers 404, as if it did not exist. */
export async function ownOrder(db: Database, userId: number, orderId: number) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw notFound('No such order');
  return order;
}

/** Asks the provider for the attempt's hosted page; answers where the buyer goes. */
export function startSession(
  payments: PaymentsService,
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

/** A new attempt row on the order, checked payable again under its lock. */
async function newAttempt(
  deps: OrderDeps,
  order: OrderRow,
  attempt: { provider: PaymentProvider; mode?: PaymentMode },
  now: Date,
) {
  const { db, config, payments } = deps;
  const { provider, mode } = attempt;
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
    payable(locked!, now);
    await tx
      .update(orders)
      .set({
        status: 'pending',
        mode_paiement: mode ?? locked!.mode_paiement,
        // A new attempt gets the full delay again, so that the order does not expire under the buyer.
        expiresAt: expiryFrom(config, now),
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
}

/**
 * A new payment attempt on the buyer's unpaid order: earlier attempts still open are closed first. Paid, expired
 * and cancelled orders answer 409.
 */
export async function payOrder(
  deps: OrderDeps,
  user: SessionUser,
  orderId: number,
  options: { locale?: Locale; mode?: PaymentMode; now?: Date },
): Promise<string> {
  const { db, payments } = deps;
  const now = options.now ?? new Date();
  const order = await ownOrder(db, user.id, orderId);
  const provider = payments.providerFor(options.mode ?? order.mode_paiement);
  payable(order, now);
  if ((await payments.closeOpenAttempts(order.id)) === 'paid') throw notPayable('The order is paid');
  const paymentId = await newAttempt(deps, order, { provider, mode: options.mode }, now);
  const [{ value: candidateCount } = { value: 0 }] = await db
    .select({ value: count() })
    .from(candidates)
    .where(eq(candidates.orderId, order.id));
  return startSession(payments, user, paymentId, {
    orderId: order.id,
    count: candidateCount,
    price: { total: order.totalCents, currency: order.currency },
    locale: options.locale ?? localeOr(order.locale),
  });
}
