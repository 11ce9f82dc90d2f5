/**
 * Paid registrations for admin tests: an order placed and approved through the test provider, its minors' guardians
 * having confirmed by their emailed links (unless the test is about that).
 */
import { asc, desc, eq } from 'drizzle-orm';
import { candidates, mailOutbox, payments } from '../../server/db/schema/index.ts';
import { orderPayload } from './orders.ts';
import type { TestApp } from './test-app.ts';
import type { signedInUser } from './users.ts';

type User = Awaited<ReturnType<typeof signedInUser>>;

/** The token of the latest guardian link mailed to `email`. */
export async function guardianToken(t: TestApp, email: string): Promise<string> {
  const [mail] = await t.db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const token = /\/guardian\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no guardian link mailed to ${email}`);
  return token;
}

/** Every guardian of the order confirms by their link, as the guardian's page would post it. */
export async function confirmGuardians(t: TestApp, orderId: number) {
  const waiting = await t.db.select().from(candidates).where(eq(candidates.orderId, orderId));
  for (const candidate of waiting) {
    if (candidate.statut !== 'awaiting_consent' || !candidate.tuteur) continue;
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/guardian-consents/${await guardianToken(t, candidate.tuteur.email)}`,
      payload: { decision: 'confirm', autorisation_parentale: true, certificat_medical: true },
    });
    if (answer.statusCode !== 200) throw new Error(`consent failed: ${answer.body}`);
  }
}

export async function paidOrder(
  t: TestApp,
  buyer: User,
  overrides: Record<string, unknown> = {},
  options: { guardianConsent?: boolean; lang?: string } = {},
) {
  const created = await t.app.inject({
    method: 'POST',
    url: `/api/orders${options.lang ? `?lang=${options.lang}` : ''}`,
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
  if (options.guardianConsent !== false) await confirmGuardians(t, id);
  const order = (await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: buyer.auth })).json<{
    id: number;
    candidats: { id: number; reference: string }[];
  }>();
  return order;
}

/** The order's candidates in their order, read from the database: their ids and statuses. */
export async function candidatesOf(t: TestApp, orderId: number) {
  return t.db
    .select({ id: candidates.id, statut: candidates.statut })
    .from(candidates)
    .where(eq(candidates.orderId, orderId))
    .orderBy(asc(candidates.commande_index));
}
