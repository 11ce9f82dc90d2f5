/**
 * Which orders are part of the club's accounts: those in which money moved (status `paid`, a `paid_at`, or a
 * payment confirmed or refunded). They outlive their owner's account (decision 0028) and the retention job
 * (decision 0043); every other order is the buyer's personal data only.
 */
import { type SQL, sql } from 'drizzle-orm';
import { orders, payments } from '../../db/schema/index.ts';

/** Payment states that mean money moved: the order is part of the accounts, whatever its status now. */
const MONEY_MOVED = ['confirmed', 'refunded'] as const;

/** A condition on `orders`: true for an order in which money moved. */
export function moneyMoved(): SQL {
  return sql`(${orders.status} = 'paid' or ${orders.paidAt} is not null or exists (
    select 1 from ${payments}
    where ${payments.orderId} = ${orders.id}
      and ${payments.status} in (${sql.join(
        MONEY_MOVED.map((status) => sql`${status}`),
        sql`, `,
      )})))`;
}
