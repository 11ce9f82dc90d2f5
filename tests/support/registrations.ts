/** Paid registrations for admin tests: an order placed and approved through the test provider. */
import { desc, eq } from 'drizzle-orm';
import { payments } from '../../server/db/schema.ts';
import { orderPayload } from './orders.ts';
import type { TestApp } from './test-app.ts';
import type { signedInUser } from './users.ts';

type User = Awaited<ReturnType<typeof signedInUser>>;

export async function paidOrder(t: TestApp, buyer: User, overrides: Record<string, unknown> = {}) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: buyer.auth,
    payload: orderPayload(overrides),
  });
  if (created.statusCode !== 201) throw new Error(`order failed: ${created.body}`);
  const { id } = created.json<{ id: number }>();
  // The latest attempt: placing the same content again reuses the pending order with a new attempt.
  const [payment] = await t.db
    .select()
    .from(payments)
    .where(eq(payments.orderId, id))
    .orderBy(desc(payments.id))
    .limit(1);
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/payments/test/${payment!.id}/approve`,
    headers: buyer.auth,
  });
  if (paid.statusCode !== 200) throw new Error(`payment failed: ${paid.body}`);
  const order = (await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: buyer.auth })).json<{
    id: number;
    candidats: { id: number; reference: string }[];
  }>();
  return order;
}
