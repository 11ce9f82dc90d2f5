/**
 * The price of an order: a unit price per candidate, in integer cents, with its currency. The server computes it;
 * the browser only shows what the server answered.
 */
import { z } from './schemas/zod.ts';

export const DEFAULT_CURRENCY = 'EUR';

/** The `{unit_price, count, total, currency}` object of the API (POST /api/orders/price, order.price). */
export const priceSchema = z.object({
  unit_price: z.int().nonnegative(),
  count: z.int().nonnegative(),
  total: z.int().nonnegative(),
  currency: z.string().regex(/^[A-Z]{3}$/),
});
export type Price = z.infer<typeof priceSchema>;

export function priceOrder(
  count: number,
  unitPriceCents: number,
  currency: string = DEFAULT_CURRENCY,
): Price {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`Invalid candidate count: ${count}`);
  if (!Number.isSafeInteger(unitPriceCents) || unitPriceCents < 0) {
    throw new RangeError(`Invalid unit price in cents: ${unitPriceCents}`);
  }
  if (!/^[A-Z]{3}$/.test(currency)) throw new RangeError(`Invalid currency code: ${currency}`);
  const total = count * unitPriceCents;
  if (!Number.isSafeInteger(total)) throw new RangeError('Order total out of range');
  return { unit_price: unitPriceCents, count, total, currency };
}
