/**
 * Refunds, cancellation requests and the ledger through the API, paid with the built-in test provider: the rules
 * (never more than paid, the same key gives the same refund, withdrawn candidates), the permissions, the buyer's
 * emails, and concurrent refunds of one order (run on PostgreSQL too by the api-pg project).
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, candidates, mailOutbox, printJobs, refunds } from '../../server/db/schema/index.ts';
import { candidatesOf, paidOrder } from '../support/registrations.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import { signedInAdmin, signedInUser } from '../support/users.ts';

type User = Awaited<ReturnType<typeof signedInUser>>;

let t: TestApp;
let admin: User;

const FEE = 300;
/** Kits posted wait `to_process` (a kit emailed is processed at payment). */
const POSTAL = { mode_livraison: 'postal' };

beforeAll(async () => {
  t = await createTestApp({ REFUND_FEE_CENTS: String(FEE) });
  admin = await signedInAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const refund = (
  orderId: number,
  payload: Record<string, unknown>,
  headers: Record<string, string> = admin.auth,
) => t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/refunds`, headers, payload });

const statusesOf = async (orderId: number) => (await candidatesOf(t, orderId)).map((row) => row.statut);

async function mailsTo(email: string) {
  return t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id));
}

describe('POST /api/admin/orders/{id}/refunds', () => {
  it('refunds one of two candidates at its price: withdrawn, out of the lists, the buyer emailed in the order’s language', async () => {
    const buyer = await signedInUser(t);
    const order = await paidOrder(t, buyer, POSTAL, { lang: 'de' });
    const [first, second] = order.candidats;

    const response = await refund(order.id, {
      candidate_ids: [first!.id],
      reason: 'Schlüsselbeinbruch im Juni',
    });

    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      order_id: order.id,
      amount_cents: 2500,
      currency: 'EUR',
      status: 'succeeded',
      provider: 'test',
      source: 'admin',
      reason: 'Schlüsselbeinbruch im Juni',
      candidate_ids: [first!.id],
    });
    expect(await statusesOf(order.id)).toEqual(['withdrawn', 'to_process']);

    const [mail] = await mailsTo(buyer.email);
    expect(mail!.subject).toBe(`Erstattung für Ihre Bestellung ${order.id.toString().padStart(8, '0')}`);
    expect(mail!.text).toContain('25,00');
    expect(mail!.text).toContain('Schlüsselbeinbruch im Juni');
    expect(mail!.text).toContain('Paul Durand');

    // Out of the processing list, in the history.
    const toProcess = await t.app.inject({
      method: 'GET',
      url: '/api/admin/candidates?list=traitements&pageSize=100',
      headers: admin.auth,
    });
    const ids = toProcess.json().items.map((item: { id: number }) => item.id);
    expect(ids).toContain(second!.id);
    expect(ids).not.toContain(first!.id);
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/admin/candidates?list=history&pageSize=100',
      headers: admin.auth,
    });
    expect(history.json().items.map((item: { id: number }) => item.id)).toContain(first!.id);

    // The audit log says who did it; the buyer sees the status.
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'candidate'), eq(auditLog.entityId, String(first!.id))));
    expect(entries.find((entry) => entry.action === 'candidate.withdrawn')?.actorId).toBe(admin.id);
    const seen = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: buyer.auth });
    expect(seen.json().candidats[0].statut).toBe('withdrawn');

    // The order shows what was refunded, and what remains.
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${order.id}/refunds`,
      headers: admin.auth,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({
      paid_cents: 5000,
      refundable_cents: 2500,
      items: [{ amount_cents: 2500, status: 'succeeded' }],
      candidates: [
        { id: first!.id, statut: 'withdrawn', refundable: false },
        { id: second!.id, statut: 'to_process', refundable: true },
      ],
    });
  });

  it('leaves a withdrawn candidate out of print jobs and labels', async () => {
    const buyer = await signedInUser(t);
    const order = await paidOrder(t, buyer, POSTAL);
    const [first, second] = order.candidats;
    await refund(order.id, { candidate_ids: [first!.id], reason: 'Blessure' });

    const job = await t.app.inject({
      method: 'POST',
      url: '/api/admin/print-jobs',
      headers: admin.auth,
      payload: { ids: [first!.id, second!.id] },
    });
    expect(job.statusCode).toBe(202);
    expect(job.json().total).toBe(1);
    const [row] = await t.db.select().from(printJobs).where(eq(printJobs.id, job.json().jobId));
    expect(row!.candidateIds).toEqual([second!.id]);
  });

  it('refunds a partial amount without withdrawing anyone, and never more than remains paid', async () => {
    const buyer = await signedInUser(t);
    const order = await paidOrder(t, buyer, POSTAL);

    const partial = await refund(order.id, { amount_cents: 1000, reason: 'Geste commercial' });
    expect(partial.statusCode).toBe(201);
    expect(partial.json()).toMatchObject({ amount_cents: 1000, candidate_ids: [], status: 'succeeded' });
    expect(await statusesOf(order.id)).toEqual(['to_process', 'to_process']);

    const tooMuch = await refund(order.id, { amount_cents: 4001, reason: 'Trop' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error.code).toBe('refund_exceeds_payment');
    // Two candidates at 25 € are more than the 40 € left.
    const both = await refund(order.id, { candidate_ids: order.candidats.map((c) => c.id), reason: 'Tout' });
    expect(both.statusCode).toBe(422);
    expect((await refund(order.id, { amount_cents: 4000, reason: 'Le reste' })).statusCode).toBe(201);
  });

  it('gives the same refund for the same Idempotency-Key', async () => {
    const buyer = await signedInUser(t);
    const order = await paidOrder(t, buyer, POSTAL);
    const headers = { ...admin.auth, 'idempotency-key': 'refund-double-click-1' };
    const first = await refund(order.id, { amount_cents: 500, reason: 'Double clic' }, headers);
    const again = await refund(order.id, { amount_cents: 500, reason: 'Double clic' }, headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(1);
  });

  it('refuses an order not paid (409 not_paid), a candidate refunded twice (409), and bad input (400)', async () => {
    const buyer = await signedInUser(t);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: buyer.auth,
      payload: (await import('../support/orders.ts')).orderPayload(),
    });
    const unpaid = await refund(placed.json().id, { amount_cents: 100, reason: 'x' });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().error.code).toBe('not_paid');

    const order = await paidOrder(t, buyer, POSTAL);
    const [first] = order.candidats;
    expect((await refund(order.id, { candidate_ids: [first!.id], reason: 'Blessure' })).statusCode).toBe(201);
    const twice = await refund(order.id, { candidate_ids: [first!.id], reason: 'Encore' });
    expect(twice.statusCode).toBe(409);

    const other = await paidOrder(t, buyer, POSTAL);
    const foreign = await refund(order.id, { candidate_ids: [other.candidats[0]!.id], reason: 'x' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields).toEqual({ candidate_ids: 'validation:not_in_order' });

    for (const payload of [
      { reason: 'ni candidats ni montant' },
      { amount_cents: 0, reason: 'zéro' },
      { amount_cents: 12.5, reason: 'fraction' },
      { amount_cents: 100 },
      { amount_cents: 100, reason: '   ' },
    ]) {
      const response = await refund(order.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await refund(999_999, { amount_cents: 100, reason: 'x' })).statusCode).toBe(404);
  });

  it('is for administrators only: 401 without a session, 403 for a rider', async () => {
    const buyer = await signedInUser(t);
    const order = await paidOrder(t, buyer, POSTAL);
    expect((await refund(order.id, { amount_cents: 100, reason: 'x' }, {})).statusCode).toBe(401);
    const riderTry = await refund(order.id, { amount_cents: 100, reason: 'x' }, buyer.auth);
    expect(riderTry.statusCode).toBe(403);
    for (const url of [
      `/api/admin/orders/${order.id}/refunds`,
      '/api/admin/cancellation-requests',
      '/api/admin/ledger.csv',
    ]) {
      expect((await t.app.inject({ method: 'GET', url, headers: buyer.auth })).statusCode).toBe(403);
    }
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
  });

  it('never gives back more than was paid when refunds of one order arrive together', async () => {
    const buyer = await signedInUser(t);
    const order = await paidOrder(t, buyer, POSTAL);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        refund(order.id, { amount_cents: 1500, reason: `Concurrent ${index}` }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 422, 422, 422]);
    const rows = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(rows.reduce((total, row) => total + row.amountCents, 0)).toBe(4500);
  });
});

describe('cancellation requests', () => {
  const ask = (user: User, orderId: number, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/cancellation-requests`,
      headers: user.auth,
      payload,
    });

  it('a buyer asks, a volunteer approves: refunded less the fee, stated in the mail', async () => {
    const buyer = await signedInUser(t);
    const order = await paidOrder(t, buyer, POSTAL, { lang: 'gb' });
    const [, minor] = order.candidats;

    const asked = await ask(buyer, order.id, { candidate_ids: [minor!.id], reason: 'Broken collarbone' });
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).toEqual({ id: expect.any(Number), status: 'open' });
    const again = await ask(buyer, order.id, { candidate_ids: [minor!.id], reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('request_open');

    const dashboard = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: admin.auth });
    expect(dashboard.json().counts.cancellation_requests).toBeGreaterThanOrEqual(1);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/cancellation-requests',
      headers: admin.auth,
    });
    const listed = list.json().items.find((item: { id: number }) => item.id === asked.json().id);
    expect(listed).toMatchObject({
      status: 'open',
      reason: 'Broken collarbone',
      refund_cents: 2500 - FEE,
      fee_cents: FEE,
      candidates: [{ id: minor!.id }],
    });

    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/cancellation-requests/${asked.json().id}/approve`,
      headers: admin.auth,
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      status: 'approved',
      refund: {
        amount_cents: 2500 - FEE,
        status: 'succeeded',
        source: 'request',
        candidate_ids: [minor!.id],
      },
    });
    expect(await statusesOf(order.id)).toEqual(['to_process', 'withdrawn']);
    const [mail] = await mailsTo(buyer.email);
    expect(mail!.text).toContain('€22.00');
    expect(mail!.text).toContain('cancellation fee of €3.00');

    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/admin/cancellation-requests/${asked.json().id}/approve`,
      headers: admin.auth,
    });
    expect(twice.statusCode).toBe(409);
  });

  it('a volunteer declines with a reason, which the buyer is emailed', async () => {
    const buyer = await signedInUser(t);
    const order = await paidOrder(t, buyer, POSTAL);
    const asked = await ask(buyer, order.id, {
      candidate_ids: [order.candidats[0]!.id],
      reason: 'Changé d’avis',
    });
    const declined = await t.app.inject({
      method: 'POST',
      url: `/api/admin/cancellation-requests/${asked.json().id}/decline`,
      headers: admin.auth,
      payload: { reason: 'Le règlement ne prévoit pas de remboursement pour convenance.' },
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toEqual({ id: asked.json().id, status: 'declined' });
    const [mail] = await mailsTo(buyer.email);
    expect(mail!.subject).toContain('demande d');
    expect(mail!.text).toContain('Le règlement ne prévoit pas de remboursement pour convenance.');
    expect(await statusesOf(order.id)).toEqual(['to_process', 'to_process']);
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
  });

  it('refuses a registration a volunteer started (409 already_processed), another person’s order (404)', async () => {
    const buyer = await signedInUser(t);
    const order = await paidOrder(t, buyer, POSTAL);
    const [first] = order.candidats;
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/candidates/processed',
      headers: admin.auth,
      payload: { ids: [first!.id] },
    });
    const late = await ask(buyer, order.id, { candidate_ids: [first!.id], reason: 'Trop tard' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('already_processed');

    const stranger = await signedInUser(t);
    const foreign = await ask(stranger, order.id, { candidate_ids: [first!.id], reason: 'Pas à moi' });
    expect(foreign.statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/cancellation-requests`,
      payload: { candidate_ids: [first!.id], reason: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
    const riderApproves = await t.app.inject({
      method: 'POST',
      url: '/api/admin/cancellation-requests/1/approve',
      headers: stranger.auth,
    });
    expect(riderApproves.statusCode).toBe(403);
  });
});

describe('GET /api/admin/ledger.csv', () => {
  it('lists payments and refunds with signed euros, Paris time, and monthly totals, formula-safe', async () => {
    const ledger = await createTestApp();
    try {
      const volunteer = await signedInAdmin(ledger);
      const buyer = await signedInUser(ledger);
      const order = await paidOrder(ledger, buyer);
      await ledger.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order.id}/refunds`,
        headers: volunteer.auth,
        payload: { candidate_ids: [order.candidats[0]!.id], reason: 'Blessure' },
      });

      const response = await ledger.app.inject({
        method: 'GET',
        url: '/api/admin/ledger.csv',
        headers: volunteer.auth,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      const lines = response.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n');
      expect(lines[0]).toBe('date,order,candidates,provider,provider_reference,amount_eur,kind');
      const reference = String(order.id).padStart(8, '0');
      expect(lines[1]).toMatch(
        new RegExp(
          `^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2},${reference},${reference}-01 ${reference}-02,test,test_\\w+,50.00,payment$`,
        ),
      );
      expect(lines[2]).toMatch(
        new RegExp(`,${reference},${reference}-01,test,test_refund_\\w+,-25.00,refund$`),
      );
      expect(lines[3]).toBe('');
      expect(lines[4]).toBe('month,money_in_eur,money_out_eur,net_eur');
      expect(lines[5]).toMatch(/^\d{4}-\d{2},50.00,-25.00,25.00$/);

      const dashboard = await ledger.app.inject({
        method: 'GET',
        url: '/api/admin/dashboard',
        headers: volunteer.auth,
      });
      expect(dashboard.json().season.money).toEqual({ inCents: 5000, outCents: 2500, netCents: 2500 });

      const empty = await ledger.app.inject({
        method: 'GET',
        url: '/api/admin/ledger.csv?from=2001-01-01&to=2001-12-31',
        headers: volunteer.auth,
      });
      expect(
        empty.body
          .replace(/^\uFEFF/, '')
          .trim()
          .split('\n'),
      ).toEqual([
        'date,order,candidates,provider,provider_reference,amount_eur,kind',
        '',
        'month,money_in_eur,money_out_eur,net_eur',
      ]);
      const backwards = await ledger.app.inject({
        method: 'GET',
        url: '/api/admin/ledger.csv?from=2026-12-31&to=2026-01-01',
        headers: volunteer.auth,
      });
      expect(backwards.statusCode).toBe(400);
      expect(
        (
          await ledger.app.inject({
            method: 'GET',
            url: '/api/admin/ledger.csv?from=2026-02-30',
            headers: volunteer.auth,
          })
        ).statusCode,
      ).toBe(400);
    } finally {
      await ledger.close();
    }
  });
});

describe('the homologated riders’ share (issue 48)', () => {
  it('is never refundable: by amount, the refund stops at the other riders’ share', async () => {
    const buyer = await signedInUser(t);
    const order = await paidOrder(t, buyer, POSTAL);
    const [homologated, other] = order.candidats;
    // A homologated rider, as the president's desk leaves it.
    await t.db.update(candidates).set({ statut: 'homologated' }).where(eq(candidates.id, homologated!.id));

    const view = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${order.id}/refunds`,
      headers: admin.auth,
    });
    expect(view.json()).toMatchObject({ paid_cents: 5000, refundable_cents: 2500 });

    const tooMuch = await refund(order.id, { amount_cents: 2501, reason: 'Geste commercial' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error.code).toBe('refund_exceeds_payment');
    const preview = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/refunds/preview`,
      headers: admin.auth,
      payload: { amount_cents: 5000, reason: 'Geste commercial' },
    });
    expect(preview.statusCode).toBe(422);
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);

    const allowed = await refund(order.id, { candidate_ids: [other!.id], reason: 'Blessure' });
    expect(allowed.statusCode).toBe(201);
    expect(allowed.json()).toMatchObject({ amount_cents: 2500, status: 'succeeded' });
    const after = await refund(order.id, { amount_cents: 1, reason: 'Encore' });
    expect(after.statusCode).toBe(422);
    expect(await statusesOf(order.id)).toEqual(['homologated', 'withdrawn']);
  });
});

describe('POST /api/admin/orders/{id}/refunds/preview', () => {
  it('answers whom, how much and through which provider, and moves nothing', async () => {
    const buyer = await signedInUser(t);
    const order = await paidOrder(t, buyer, POSTAL);
    const [first] = order.candidats;
    const reference = String(order.id).padStart(8, '0');

    const preview = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/refunds/preview`,
      headers: admin.auth,
      payload: { candidate_ids: [first!.id], reason: 'Blessure' },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({
      order_id: order.id,
      order_reference: reference,
      amount_cents: 2500,
      currency: 'EUR',
      provider: 'test',
      buyer: { name: expect.any(String), email: buyer.email },
      candidates: [{ id: first!.id, reference: `${reference}-01`, name: 'Paul Durand' }],
      refundable_after_cents: 2500,
    });
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
    expect(await statusesOf(order.id)).toEqual(['to_process', 'to_process']);
    expect(await mailsTo(buyer.email)).not.toContainEqual(
      expect.objectContaining({ subject: expect.stringContaining('refund') }),
    );

    const stranger = await signedInUser(t);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/refunds/preview`,
      headers: stranger.auth,
      payload: { candidate_ids: [first!.id], reason: 'Blessure' },
    });
    expect(refused.statusCode).toBe(403);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/orders/999999/refunds/preview',
      headers: admin.auth,
      payload: { amount_cents: 100, reason: 'Blessure' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('a refund then names the volunteer who made it', async () => {
    const buyer = await signedInUser(t);
    const order = await paidOrder(t, buyer, POSTAL);
    const made = await refund(order.id, { amount_cents: 500, reason: 'Geste' });
    expect(made.json().actor_name).toBe(`${admin.prenom} ${admin.nom}`);
  });
});

describe('GET /api/admin/ledger.csv?lang=', () => {
  it('writes the French file as a French spreadsheet reads it, and the monthly totals as a second file', async () => {
    const ledger = await createTestApp();
    try {
      const volunteer = await signedInAdmin(ledger);
      const buyer = await signedInUser(ledger);
      const order = await paidOrder(ledger, buyer);
      await ledger.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order.id}/refunds`,
        headers: volunteer.auth,
        payload: { candidate_ids: [order.candidats[0]!.id], reason: 'Blessure' },
      });
      const reference = String(order.id).padStart(8, '0');
      const get = (query: string) =>
        ledger.app.inject({ method: 'GET', url: `/api/admin/ledger.csv?${query}`, headers: volunteer.auth });

      const movements = await get('lang=fr');
      expect(movements.statusCode).toBe(200);
      expect(movements.body.startsWith('\uFEFF')).toBe(true);
      expect(movements.headers['content-disposition']).toBe(
        'attachment; filename="journal-des-mouvements.csv"',
      );
      const rows = movements.body.slice(1).trim().split('\n');
      expect(rows[0]).toBe(
        'Date;Commande;Inscriptions;Moyen de paiement;Référence du prestataire;Montant (€);Mouvement',
      );
      expect(rows[1]).toMatch(
        new RegExp(
          `^\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2};${reference};${reference}-01 ${reference}-02;Paiement de test;test_\\w+;50,00;Paiement$`,
        ),
      );
      expect(rows[2]).toMatch(
        new RegExp(`;${reference};${reference}-01;Paiement de test;test_refund_\\w+;-25,00;Remboursement$`),
      );
      expect(rows).toHaveLength(3);

      const months = await get('lang=fr&table=months&from=2020-01-01&to=2099-12-31');
      expect(months.headers['content-disposition']).toBe(
        'attachment; filename="totaux-par-mois-2020-01-01_2099-12-31.csv"',
      );
      const monthRows = months.body.slice(1).trim().split('\n');
      expect(monthRows[0]).toBe('Mois;Encaissé (€);Remboursé (€);Net (€)');
      expect(monthRows[1]).toMatch(/^[^;]+ \d{4};50,00;-25,00;25,00$/);

      const english = await get('lang=gb&table=months');
      expect(english.body.slice(1).trim().split('\n')[0]).toBe('Month,Money in (€),Refunded (€),Net (€)');
      expect(english.body).toContain(',50.00,-25.00,25.00');
      const german = await get('lang=de');
      expect(german.body.slice(1).split('\n')[0]).toContain('Datum;Bestellung;');
      expect(german.body).toContain(';-25,00;Erstattung');

      expect((await get('lang=xx')).statusCode).toBe(400);
      expect((await get('table=months')).body.slice(1).trim().split('\n')[0]).toBe(
        'month,money_in_eur,money_out_eur,net_eur',
      );
    } finally {
      await ledger.close();
    }
  });
});
