/**
 * Orders: the price, the creation of an order with its candidates and a first payment attempt at the
 * provider, and the buyer's view of their orders. The payment itself is settled by services/payments/payments.ts.
 *
 * This module is the service's face and the home of who may: placing and paying need the signed-in buyer, and a
 * buyer reads and gives up only their own orders (another person's answers 404). The work lives in
 * orders-create.ts, orders-payment.ts and orders-presented.ts.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { PickupPoint, PresentedOrder } from '../../../contracts/orders.ts';
import { type Locale, LOCALE_TAGS } from '../../../domain/locales.ts';
import { formatOpeningHours } from '../../../domain/opening-hours.ts';
import { inLanguage, offeredPickupPoints } from '../../../domain/settings.ts';
import { type Price, priceOrder } from '../../../domain/prices.ts';
import type { Order } from '../../../domain/schemas/order.ts';
import type { PaymentMode } from '../../../domain/statuses.ts';
import { earliestPostalDate, today } from '../../../domain/dates.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { type Caller, signedIn } from '../guards.ts';
import type { createOrderDraftsService } from './order-drafts.ts';
import { type PlaceOptions, placeOrder, placedWith } from './orders-create.ts';
import { notPayable, ownOrder, payOrder } from './orders-payment.ts';
import { loadPresented } from './orders-presented.ts';
import type { PaymentsService } from '../payments/payments.ts';
import type { SettingsService } from '../platform/settings.ts';

export function createOrdersService(deps: {
  db: Database;
  config: Config;
  payments: PaymentsService;
  orderDrafts: ReturnType<typeof createOrderDraftsService>;
  settings: SettingsService;
}) {
  const { db, config, payments, settings } = deps;

  return {
    earliestPostalDate: (now = new Date()) => earliestPostalDate(today(now), config.postalWorkingDays),

    /**
     * The pick-up points with their hours written in the reader's language: those a buyer may choose, or `all` to
     * name the point an earlier order chose, retired since.
     */
    async pickupPoints(locale: Locale = 'fr', which: 'offered' | 'all' = 'offered'): Promise<PickupPoint[]> {
      const points = (await settings.values()).pickup_points;
      return (which === 'all' ? points : offeredPickupPoints(points)).map((point) => ({
        id: point.id,
        name: point.name,
        address: point.address,
        hours: formatOpeningHours(point.hours, LOCALE_TAGS[locale]),
      }));
    },

    /** Whether the club takes new orders, and if not its message in `locale` (French when empty). */
    async registrations(locale: Locale = 'fr'): Promise<{ open: boolean; message: string }> {
      const values = await settings.values();
      return { open: values.registrations_open, message: inLanguage(values.closed_message, locale) };
    },

    /** The price of `count` kits ordered now: the price in force today (club settings). */
    async price(count: number, now: Date = new Date()): Promise<Price> {
      return priceOrder(count, await settings.priceCentsOn(now));
    },

    /** The order a user already placed with this Idempotency-Key, and where its payment goes; null if none. */
    placedWith: (userId: number, idempotencyKey: string) => placedWith(deps, userId, idempotencyKey),

    /**
     * Creates the order (pending), its candidates (pending_payment) and a payment attempt, then asks the provider
     * for its hosted page. The same Idempotency-Key gives back the same order: a double click creates one.
     */
    create: (caller: Caller, input: Order, options: PlaceOptions) =>
      placeOrder(deps, signedIn(caller), input, options),

    /**
     * A new payment attempt on the buyer's unpaid order (paying again from the account, or the same draft placed
     * again): earlier attempts still open are closed first. Paid, expired and cancelled orders answer 409.
     */
    pay: (
      caller: Caller,
      orderId: number,
      options: { locale?: Locale; mode?: PaymentMode; now?: Date } = {},
    ): Promise<string> => payOrder(deps, signedIn(caller), orderId, options),

    async list(userId: number): Promise<PresentedOrder[]> {
      const rows = await db
        .select()
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.date_commande));
      return loadPresented(db, rows);
    },

    /** Another user's order answers 404, as if it did not exist. */
    async get(userId: number, orderId: number): Promise<PresentedOrder> {
      return (await loadPresented(db, [await ownOrder(db, userId, orderId)]))[0]!;
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
}
