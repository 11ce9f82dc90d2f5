import { eq, max } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, today } from '../../domain/dates.ts';
import { auditLog, candidates, homologations, laureates, mailOutbox } from '../../server/db/schema/index.ts';
import { candidatePayload } from '../support/orders.ts';
import { paidOrder } from '../support/registrations.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import { signedInAdmin, signedInUser, verifiedUser } from '../support/users.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let plain: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp({ HOMOLOGATION_OFFSETS: 'galerien=612' });
  admin = await signedInAdmin(t);
  plain = await verifiedUser(t);
});
afterAll(async () => {
  await t.close();
});

const as = (who: { auth: Record<string, string> } | null) => (who ? who.auth : {});

async function scan(text: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/scan',
    headers: admin.auth,
    payload: { text, confirm: true },
  });
}

async function homologate(candidateId: number, body: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/candidates/${candidateId}/homologate`,
    headers: admin.auth,
    payload: { date_passage: today(), epreuve_realisee: 'cingle', commentaire: '', ...body },
  });
}

describe('permissions', () => {
  const endpoints: [string, string, unknown?][] = [
    ['GET', '/api/admin/dashboard'],
    ['GET', '/api/admin/users'],
    ['GET', '/api/admin/candidates?list=traitements'],
    ['GET', '/api/admin/candidates.csv?list=email'],
    ['GET', '/api/admin/candidates/1'],
    ['POST', '/api/admin/candidates/processed', { ids: [1] }],
    ['POST', '/api/admin/candidates/send-documents', { ids: [1] }],
    ['POST', '/api/admin/candidates/labels', { ids: [1] }],
    ['POST', '/api/admin/print-jobs', { ids: [1] }],
    ['GET', '/api/admin/print-jobs/00000000-0000-4000-8000-000000000000'],
    ['POST', '/api/admin/scan', { text: 'x' }],
    [
      'POST',
      '/api/admin/candidates/1/homologate',
      { date_passage: '2026-01-01', epreuve_realisee: 'cingle' },
    ],
    ['POST', '/api/admin/candidates/1/reject', { reason: 'x' }],
    ['PUT', '/api/admin/homologations/1', { date_passage: null, commentaire: null }],
  ];

  it.each(endpoints)('%s %s: 401 signed out, 403 for a plain user', async (method, url, payload) => {
    const anonymous = await t.app.inject({ method: method as 'GET', url, payload: payload as object });
    expect(anonymous.statusCode).toBe(401);
    const user = await t.app.inject({
      method: method as 'GET',
      url,
      headers: as(plain),
      payload: payload as object,
    });
    expect(user.statusCode).toBe(403);
    expect(user.json().error.code).toBe('forbidden');
  });
});

describe('processing registrations', () => {
  it('lists paid candidates by delivery mode, searches, sorts and exports', async () => {
    const buyer = await signedInUser(t);
    const postal = await paidOrder(t, buyer, {
      mode_livraison: 'postal',
      candidats: [
        candidatePayload({ nom: 'Zébulon' }),
        candidatePayload({ nom: 'Abeille', email: 'abeille@example.org' }),
      ],
      avertissement_mineurs: false,
    });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/candidates?list=traitements&sort=nom&order=asc&q=',
      headers: admin.auth,
    });
    expect(list.statusCode).toBe(200);
    const names = list.json().items.map((item: { nom: string }) => item.nom);
    expect(names.indexOf('Abeille')).toBeLessThan(names.indexOf('Zébulon'));
    expect(list.json().items[0]).toMatchObject({ mode_livraison: 'postal', statut: 'to_process' });

    const byReference = await t.app.inject({
      method: 'GET',
      url: `/api/admin/candidates?list=traitements&q=${postal.candidats[1]!.reference}`,
      headers: admin.auth,
    });
    expect(byReference.json()).toMatchObject({ total: 1, items: [{ nom: 'Abeille' }] });
    const byEmail = await t.app.inject({
      method: 'GET',
      url: '/api/admin/candidates?list=traitements&q=abeille@',
      headers: admin.auth,
    });
    expect(byEmail.json().total).toBe(1);
    const emailList = await t.app.inject({
      method: 'GET',
      url: `/api/admin/candidates?list=email&q=${postal.candidats[0]!.reference}`,
      headers: admin.auth,
    });
    expect(emailList.json().total).toBe(0);
    const badQuery = await t.app.inject({
      method: 'GET',
      url: '/api/admin/candidates?list=everything',
      headers: admin.auth,
    });
    expect(badQuery.statusCode).toBe(400);

    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/candidates.csv?list=traitements&sort=nom',
      headers: admin.auth,
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'reference,nom,prenom,email,epreuve,created_at,date_livraison,mode_livraison,statut,ville,pays,numero,date_passage,homologateur,rejection_reason',
    );
    expect(lines.some((line) => line.startsWith(`${postal.candidats[0]!.reference},Zébulon,Paul,`))).toBe(
      true,
    );
  });

  it('prints documents in one PDF with progress, labels, and marks kits processed (audited)', async () => {
    const buyer = await signedInUser(t);
    const order = await paidOrder(t, buyer, { mode_livraison: 'postal' });
    const ids = order.candidats.map((candidate) => candidate.id);
    const job = await t.app.inject({
      method: 'POST',
      url: '/api/admin/print-jobs',
      headers: admin.auth,
      payload: { ids },
    });
    expect(job.statusCode).toBe(202);
    const { jobId } = job.json();
    // The page polls the job's progress; so does the test, until the job is done.
    await vi.waitFor(
      async () => {
        const status = (
          await t.app.inject({ method: 'GET', url: `/api/admin/print-jobs/${jobId}`, headers: admin.auth })
        ).json();
        expect(status).toEqual({ status: 'done', done: 2, total: 2 });
      },
      { timeout: 30_000, interval: 100 },
    );
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/admin/print-jobs/${jobId}/file`,
      headers: admin.auth,
    });
    expect(file.headers['content-type']).toBe('application/pdf');
    expect((await PDFDocument.load(file.rawPayload)).getPageCount()).toBe(4);
    const otherAdmin = await signedInAdmin(t);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/print-jobs/${jobId}`, headers: otherAdmin.auth }))
        .statusCode,
    ).toBe(404);

    const labels = await t.app.inject({
      method: 'POST',
      url: '/api/admin/candidates/labels',
      headers: admin.auth,
      payload: { ids },
    });
    expect((await PDFDocument.load(labels.rawPayload)).getPageCount()).toBe(1);

    const processed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/candidates/processed',
      headers: admin.auth,
      payload: { ids },
    });
    expect(processed.json()).toEqual({ updated: 2 });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admin/candidates/processed',
      headers: admin.auth,
      payload: { ids },
    });
    expect(again.json()).toEqual({ updated: 0 });
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'candidate.processed'));
    expect(
      entries.filter((entry) => ids.map(String).includes(entry.entityId)).map((entry) => entry.actorId),
    ).toEqual([admin.id, admin.id]);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/candidates/${ids[0]}`,
      headers: admin.auth,
    });
    expect(detail.json().candidate).toMatchObject({
      statut: 'processed',
      reference: order.candidats[0]!.reference,
    });
    expect(detail.json().candidate.scanToken).toBeUndefined();
    expect(detail.json().history.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(['candidate.processed', 'order.paid']),
    );
  });

  it('processes a kit delivered by email when its documents go out after payment', async () => {
    const buyer = await signedInUser(t);
    const order = await paidOrder(t, buyer);
    const candidateId = order.candidats[0]!.id;

    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/candidates/${candidateId}`,
      headers: admin.auth,
    });
    const { candidate, history } = detail.json();
    expect(candidate.statut).toBe('processed');
    expect(candidate.documents_sent_at).toEqual(expect.any(String));
    expect(candidate.processed_at).toBe(candidate.documents_sent_at);
    const sent = history.find((entry: { action: string }) => entry.action === 'candidate.documents_sent');
    expect(sent).toMatchObject({
      actor: null,
      before: { statut: 'to_process' },
      after: { statut: 'processed', to: 'paul.durand@example.org' },
    });

    // Not in the "by email" list any more, but among the processed; the buyer sees when it was sent.
    for (const [list, total] of [
      ['email', 0],
      ['traites', 1],
    ] as const) {
      const listed = await t.app.inject({
        method: 'GET',
        url: `/api/admin/candidates?list=${list}&q=${order.candidats[0]!.reference}`,
        headers: admin.auth,
      });
      expect(listed.json().total, list).toBe(total);
    }
    const mine = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: buyer.auth });
    expect(mine.json().candidats[0]).toMatchObject({
      statut: 'processed',
      documents_sent_at: candidate.documents_sent_at,
    });
  });

  it('leaves a posted kit to process, with nothing sent', async () => {
    const buyer = await signedInUser(t);
    const order = await paidOrder(t, buyer, { mode_livraison: 'postal' });
    const mine = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: buyer.auth });
    expect(mine.json().candidats[0]).toMatchObject({ statut: 'to_process', documents_sent_at: null });
  });

  it('sends the documents by email again when an administrator asks', async () => {
    const buyer = await signedInUser(t);
    const order = await paidOrder(t, buyer);
    const candidateId = order.candidats[0]!.id;
    const detailOf = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/candidates/${candidateId}`,
          headers: admin.auth,
        })
      ).json();
    const firstSending = (await detailOf()).candidate.documents_sent_at;
    const before = (await t.db.select().from(mailOutbox)).length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/candidates/send-documents',
      headers: admin.auth,
      payload: { ids: [candidateId] },
    });
    expect(response.json()).toEqual({ queued: 1 });
    const mails = await t.db.select().from(mailOutbox);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.attachments).toHaveLength(2);

    const { candidate, history } = await detailOf();
    expect(candidate.statut).toBe('processed');
    expect(Date.parse(candidate.documents_sent_at)).toBeGreaterThan(Date.parse(firstSending));
    const sendings = history.filter(
      (entry: { action: string }) => entry.action === 'candidate.documents_sent',
    );
    expect(sendings).toHaveLength(2);
    expect(sendings[0].actor).toMatchObject({ id: admin.id });
  });
});

describe('scanning returned route cards', () => {
  it('answers machine-readable reasons', async () => {
    expect((await scan('hello')).json().error.code).toBe('text_not_valid');
    expect((await scan('')).json().error.code).toBe('text_not_valid');
    expect((await scan('CV1-AAAAAAAAAAAAAAAAAAAAAAAAAA')).json().error.code).toBe('unknown_reference');
    expect((await scan('99999999-01')).statusCode).toBe(404);
  });

  it('moves the candidate to card_received, by reference or by the QR token', async () => {
    const buyer = await signedInUser(t);
    const order = await paidOrder(t, buyer);
    const [first, second] = order.candidats;
    const byReference = await scan(first!.reference);
    expect(byReference.json()).toEqual({
      candidateId: first!.id,
      reference: first!.reference,
      statut: 'card_received',
      previous: 'processed',
      nom: 'Durand',
      prenom: 'Paul',
      epreuve: 'cingle',
    });
    const [row] = await t.db
      .select({ scanToken: candidates.scanToken })
      .from(candidates)
      .where(eq(candidates.id, second!.id));
    expect((await scan(`  ${row!.scanToken}\n`)).json().candidateId).toBe(second!.id);
    expect((await scan(first!.reference)).statusCode).toBe(200);
  });

  it('refuses an unpaid registration and an already homologated one', async () => {
    const buyer = await signedInUser(t);
    const pending = (
      await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: buyer.auth,
        payload: (await import('../support/orders.ts')).orderPayload(),
      })
    ).json();
    expect((await scan(`${String(pending.id).padStart(8, '0')}-01`)).json().error.code).toBe('not_paid');
    const order = await paidOrder(t, buyer);
    const candidate = order.candidats[0]!;
    await scan(candidate.reference);
    expect((await homologate(candidate.id)).statusCode).toBe(200);
    const rescanned = await scan(candidate.reference);
    expect(rescanned.statusCode).toBe(409);
    expect(rescanned.json().error.code).toBe('already_homologated');
  });
});

describe('homologation', () => {
  it('gives the next number of the challenge actually ridden, links one laureate per person, and emails the rider', async () => {
    const buyer = await signedInUser(t);
    const first = await paidOrder(t, buyer, {
      candidats: [candidatePayload({ email: 'repeat.rider@example.org' })],
      avertissement_mineurs: false,
    });
    const second = await paidOrder(t, buyer, {
      candidats: [candidatePayload({ email: 'Repeat.Rider@example.org' })],
      avertissement_mineurs: false,
    });
    for (const order of [first, second]) await scan(order.candidats[0]!.reference);
    const galerien = (
      await homologate(first.candidats[0]!.id, {
        epreuve_realisee: 'galerien',
        commentaire: 'Forest road in the rain',
      })
    ).json();
    expect(galerien.numero).toBe(613);
    const cingle = (await homologate(second.candidats[0]!.id, { epreuve_realisee: 'cingle' })).json();
    expect(cingle.laureateId).toBe(galerien.laureateId);
    const rider = await t.db.select().from(laureates).where(eq(laureates.id, galerien.laureateId));
    expect(rider).toHaveLength(1);
    const [row] = await t.db
      .select()
      .from(homologations)
      .where(eq(homologations.id, galerien.homologationId));
    expect(row).toMatchObject({
      epreuve: 'galerien',
      numero: 613,
      homologateurId: admin.id,
      source: 'admin',
    });
    const mails = (await t.db.select().from(mailOutbox)).filter(
      (mail) => mail.to === 'repeat.rider@example.org',
    );
    expect(mails.some((mail) => mail.subject.includes('613'))).toBe(true);
  });

  it('checks the date of the ride', async () => {
    const buyer = await signedInUser(t);
    const order = await paidOrder(t, buyer);
    const candidate = order.candidats[0]!;
    await scan(candidate.reference);
    const future = await homologate(candidate.id, { date_passage: addDays(today(), 1) });
    expect(future.json().error.fields).toEqual({ date_passage: 'validation:date_passage_future' });
    const early = await homologate(candidate.id, { date_passage: addDays(today(), -2) });
    expect(early.json().error.fields).toEqual({
      date_passage: 'validation:date_passage_before_registration',
    });
    const garbage = await homologate(candidate.id, {
      date_passage: '31/12/2026',
      epreuve_realisee: 'triple',
    });
    expect(Object.keys(garbage.json().error.fields).sort()).toEqual(['date_passage', 'epreuve_realisee']);
  });

  it('needs the card first: a kit still to process cannot be homologated', async () => {
    const buyer = await signedInUser(t);
    const order = await paidOrder(t, buyer);
    const response = await homologate(order.candidats[0]!.id);
    expect(response.statusCode).toBe(409);
  });

  it('never shares or skips a number under 20 concurrent homologations', async () => {
    const buyer = await signedInUser(t);
    const ids: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const order = await paidOrder(t, buyer, {
        candidats: [
          candidatePayload({ email: `c${i}a@example.org`, nom: `Concurrent${i}` }),
          candidatePayload({ email: `c${i}b@example.org`, nom: `Parallel${i}` }),
        ],
        avertissement_mineurs: false,
        // Posted kits: no documents are rendered and emailed at payment, which this test has no use for.
        mode_livraison: 'postal',
      });
      for (const candidate of order.candidats) {
        await scan(candidate.reference);
        ids.push(candidate.id);
      }
    }
    const [current] = await t.db
      .select({ highest: max(homologations.numero) })
      .from(homologations)
      .where(eq(homologations.epreuve, 'bicingle'));
    const start = current?.highest ?? 0;
    const results = await Promise.all(ids.map((id) => homologate(id, { epreuve_realisee: 'bicingle' })));
    expect(results.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    const numbers = results.map((response) => response.json().numero).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, index) => start + index + 1));
  });

  it('rejects with a reason sent to the rider, and corrects a record without touching its number', async () => {
    const buyer = await signedInUser(t);
    const order = await paidOrder(t, buyer);
    const [rejected, homologated] = order.candidats;
    await scan(rejected!.reference);
    const missingReason = await t.app.inject({
      method: 'POST',
      url: `/api/admin/candidates/${rejected!.id}/reject`,
      headers: admin.auth,
      payload: { reason: ' ' },
    });
    expect(missingReason.json().error.fields).toEqual({ reason: 'validation:reason_required' });
    const rejection = await t.app.inject({
      method: 'POST',
      url: `/api/admin/candidates/${rejected!.id}/reject`,
      headers: admin.auth,
      payload: { reason: 'Summit stamp missing on the second ascent.' },
    });
    expect(rejection.json()).toEqual({ statut: 'rejected' });
    const mail = (await t.db.select().from(mailOutbox)).find((row) =>
      row.text.includes('Summit stamp missing'),
    );
    expect(mail?.to).toBe('paul.durand@example.org');

    await scan(homologated!.reference);
    const { homologationId, numero } = (await homologate(homologated!.id)).json();
    const yesterday = addDays(today(), -1);
    const correction = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/homologations/${homologationId}`,
      headers: admin.auth,
      payload: { date_passage: yesterday, commentaire: 'Date from the stamps' },
    });
    expect(correction.statusCode).toBe(200);
    const [row] = await t.db.select().from(homologations).where(eq(homologations.id, homologationId));
    expect(row).toMatchObject({ numero, date_passage: yesterday, commentaire: 'Date from the stamps' });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'homologation.corrected'));
    expect(audit.at(-1)).toMatchObject({
      actorId: admin.id,
      before: { date_passage: today(), commentaire: null },
    });
  });

  it('shows the rider their homologations with the number and who certified them', async () => {
    const rider = await verifiedUser(t);
    const order = await paidOrder(t, rider, {
      candidats: [candidatePayload({ email: rider.email })],
      avertissement_mineurs: false,
    });
    await scan(order.candidats[0]!.reference);
    const { numero } = (await homologate(order.candidats[0]!.id)).json();
    const mine = await t.app.inject({ method: 'GET', url: '/api/me/homologations', headers: rider.auth });
    expect(mine.json()).toEqual([
      expect.objectContaining({
        numero,
        epreuve: 'cingle',
        candidateReference: order.candidats[0]!.reference,
        certifiedBy: expect.objectContaining({ president: false }),
      }),
    ]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/me/homologations', headers: plain.auth })).json(),
    ).toEqual([]);
  });
});

describe('dashboard', () => {
  it('counts what there is to do, the season and the months', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: admin.auth });
    expect(response.statusCode).toBe(200);
    const dashboard = response.json();
    // Kits delivered by email are sent and processed with the payment; posted ones wait to be processed.
    expect(dashboard.counts.email).toBe(0);
    expect(dashboard.counts.traitements).toBeGreaterThan(0);
    expect(dashboard.season.orders).toBeGreaterThan(0);
    expect(dashboard.season.revenueCents % 2500).toBe(0);
    expect(dashboard.monthly).toHaveLength(12);
    expect(dashboard.monthly.at(-1).registrations).toBeGreaterThan(0);
    expect(dashboard.monthly.at(-1).homologations).toBeGreaterThan(0);
    expect(dashboard.latestActions.length).toBeGreaterThan(0);
  });
});
