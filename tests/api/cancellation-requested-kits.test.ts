/**
 * A buyer's open cancellation request stops the kit (issue 48): the admin list rows carry it, printing, labels,
 * emailing the documents and marking posted or handed over answer 409 `cancellation_requested` for a batch naming
 * it (nothing of that batch done, nobody mailed), the dashboard counts it, and deciding the request lets the rest go.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidates, mailOutbox, printJobs } from '../../server/db/schema/index.ts';
import { CLI } from '../../server/services/guards.ts';
import { candidatesOf, paidOrder } from '../support/registrations.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import { signedInAdmin, signedInUser } from '../support/users.ts';

type User = Awaited<ReturnType<typeof signedInUser>>;
type Row = { id: number; reference: string; cancellation_request: { id: number; asked_at: string } | null };

let t: TestApp;
let admin: User;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: Record<string, unknown>, headers = admin.auth) =>
  t.app.inject({ method: 'POST', url, headers, payload });

async function askToCancel(buyer: User, orderId: number, candidateIds: number[]) {
  const asked = await post(
    `/api/orders/${orderId}/cancellation-requests`,
    { candidate_ids: candidateIds, reason: 'Blessure au genou' },
    buyer.auth,
  );
  expect(asked.statusCode).toBe(201);
  return asked.json<{ id: number }>().id;
}

async function listRows(list: string): Promise<Row[]> {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/admin/candidates?list=${list}&pageSize=100`,
    headers: admin.auth,
  });
  expect(answer.statusCode).toBe(200);
  return answer.json().items;
}

const openRequestsCount = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: admin.auth })).json().counts
    .cancellation_requests;

describe('an open cancellation request', () => {
  it('shows on the list rows, and the dashboard counts it until it is decided', async () => {
    const before = await openRequestsCount();
    const buyer = await signedInUser(t);
    const order = await paidOrder(t, buyer, { mode_livraison: 'postal' });
    const [first, second] = order.candidats;
    const requestId = await askToCancel(buyer, order.id, [first!.id]);

    const rows = await listRows('traitements');
    const asked = rows.find((row) => row.id === first!.id)!;
    expect(asked.cancellation_request).toEqual({ id: requestId, asked_at: expect.any(String) });
    expect(new Date(asked.cancellation_request!.asked_at).toISOString()).toBe(
      asked.cancellation_request!.asked_at,
    );
    expect(Date.now() - Date.parse(asked.cancellation_request!.asked_at)).toBeLessThan(60_000);
    expect(rows.find((row) => row.id === second!.id)!.cancellation_request).toBeNull();
    expect(await openRequestsCount()).toBe(before + 1);

    const declined = await post(`/api/admin/cancellation-requests/${requestId}/decline`, {
      reason: 'Le kit est déjà préparé',
    });
    expect(declined.statusCode).toBe(200);
    expect(
      (await listRows('traitements')).find((row) => row.id === first!.id)!.cancellation_request,
    ).toBeNull();
    expect(await openRequestsCount()).toBe(before);
  });

  it('refuses print jobs, labels and emailing the documents of a batch naming it, with the row named', async () => {
    const buyer = await signedInUser(t);
    const order = await paidOrder(t, buyer, { mode_livraison: 'postal' });
    const [first, second] = order.candidats;
    await askToCancel(buyer, order.id, [second!.id]);
    const ids = [first!.id, second!.id];
    const jobsBefore = await t.db.select().from(printJobs);

    for (const url of [
      '/api/admin/print-jobs',
      '/api/admin/candidates/labels?lang=fr',
      '/api/admin/candidates/send-documents',
    ]) {
      const refused = await post(url, { ids });
      expect(refused.statusCode, url).toBe(409);
      expect(refused.json().error).toEqual({
        code: 'cancellation_requested',
        message: expect.stringContaining(second!.reference),
        fields: { 'ids.1': 'validation:cancellation_requested' },
      });
    }
    expect(await t.db.select().from(printJobs)).toHaveLength(jobsBefore.length);
    // Nothing was started: the buyer may still change the other registration.
    const [untouched] = await t.db.select().from(candidates).where(eq(candidates.id, first!.id));
    expect(untouched!.processingStartedAt ?? null).toBeNull();

    // Without it, the same batch goes.
    const job = await post('/api/admin/print-jobs', { ids: [first!.id] });
    expect(job.statusCode).toBe(202);
    const labels = await post('/api/admin/candidates/labels?lang=fr', { ids: [first!.id] });
    expect(labels.statusCode).toBe(200);
  });

  it('refuses marking posted or handed over: nothing marked, no "on its way" mail', async () => {
    const buyer = await signedInUser(t);
    for (const delivery of [
      { mode_livraison: 'postal' },
      { mode_livraison: 'retrait', point_retrait: 'sault' },
    ]) {
      const order = await paidOrder(t, buyer, delivery);
      const [first, second] = order.candidats;
      const requestId = await askToCancel(buyer, order.id, [first!.id]);
      const emails = (
        await t.db
          .select()
          .from(candidates)
          .where(inArray(candidates.id, [first!.id, second!.id]))
      ).map((row) => row.email);
      const mailsBefore = await t.db.select().from(mailOutbox).where(inArray(mailOutbox.to, emails));

      const refused = await post('/api/admin/candidates/processed', { ids: [first!.id, second!.id] });
      expect(refused.statusCode, delivery.mode_livraison).toBe(409);
      expect(refused.json().error.code).toBe('cancellation_requested');
      expect(refused.json().error.fields).toEqual({ 'ids.0': 'validation:cancellation_requested' });
      expect((await candidatesOf(t, order.id)).map((row) => row.statut)).toEqual([
        'to_process',
        'to_process',
      ]);
      expect(await t.db.select().from(mailOutbox).where(inArray(mailOutbox.to, emails))).toHaveLength(
        mailsBefore.length,
      );

      // The service refuses whoever calls it, as the API does (a page or the CLI calls the same method).
      await expect(t.services.admin.markProcessed(CLI, [first!.id])).rejects.toMatchObject({
        statusCode: 409,
        code: 'cancellation_requested',
      });

      // Approved, the registration is withdrawn; the other kit goes, its rider told.
      const approved = await post(`/api/admin/cancellation-requests/${requestId}/approve`, {});
      expect(approved.statusCode).toBe(200);
      const marked = await post('/api/admin/candidates/processed', { ids: [first!.id, second!.id] });
      expect(marked.statusCode).toBe(200);
      expect(marked.json()).toEqual({ updated: 1 });
      expect((await candidatesOf(t, order.id)).map((row) => row.statut)).toEqual(['withdrawn', 'processed']);
    }
  });
});
