/**
 * A minor's kit waits for the guardian (decision 0035): before the answer the buyer is offered no document (the
 * order lists none, a document's address answers 409 `awaiting_consent`), no kit email is queued, and an
 * administrator may look at the PDF but not send it, print it or label it (409). Once the guardian confirms — by
 * the link or on paper — the documents are listed and open, and a kit by email goes out at once. The buyer's
 * confirmation email says the guardian's answer comes first, and to which address the request went.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, mailOutbox } from '../../server/db/schema/index.ts';
import { minorCandidate } from '../support/orders.ts';
import { guardianToken, paidOrder } from '../support/registrations.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import { signedInAdmin, signedInUser } from '../support/users.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
type Buyer = Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
});
afterAll(async () => {
  await t.close();
});

let minors = 0;

/** A paid order of one minor, their guardian (a fresh address) not having answered yet. */
async function minorOrder(buyer: Buyer, mode_livraison: 'postal' | 'email', lang = 'gb') {
  minors += 1;
  const guardian = `guardian.${minors}@example.org`;
  const rider = `minor.${minors}@example.org`;
  const order = await paidOrder(
    t,
    buyer,
    {
      candidats: [
        minorCandidate({ email: rider, tuteur: { nom: 'Durand', prenom: 'Marie', email: guardian } }),
      ],
      mode_livraison,
    },
    { guardianConsent: false, lang },
  );
  return { orderId: order.id, id: order.candidats[0]!.id, guardian, rider };
}

const get = (url: string, auth?: Record<string, string>) =>
  t.app.inject({ method: 'GET', url, ...(auth ? { headers: auth } : {}) });
const post = (url: string, payload: object, auth: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, headers: auth, payload });
const confirm = async (guardian: string) =>
  expect(
    (
      await post(
        `/api/guardian-consents/${await guardianToken(t, guardian)}`,
        { decision: 'confirm', autorisation_parentale: true, certificat_medical: true },
        {},
      )
    ).statusCode,
  ).toBe(200);

const documentIds = async (candidateId: number) =>
  (await t.db.select().from(documents).where(eq(documents.candidateId, candidateId))).map((row) => row.id);
const listed = async (buyer: Buyer, orderId: number) =>
  (await get(`/api/orders/${orderId}`, buyer.auth)).json().candidats[0].documents as { url: string }[];
const kitMails = async (to: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.id))).filter(
    (mail) => mail.attachments.length > 0,
  );

describe('before the guardian’s answer', () => {
  let buyer: Buyer;
  let minor: Awaited<ReturnType<typeof minorOrder>>;

  beforeAll(async () => {
    buyer = await signedInUser(t);
    minor = await minorOrder(buyer, 'postal');
  });

  it('lists no document to the buyer, and refuses them the PDF with 409 awaiting_consent', async () => {
    expect(await listed(buyer, minor.orderId)).toEqual([]);
    expect((await get('/api/orders', buyer.auth)).json()[0].candidats[0].documents).toEqual([]);
    const ids = await documentIds(minor.id);
    expect(ids).toHaveLength(2);
    for (const id of ids) {
      const answer = await get(`/documents/${id}`, buyer.auth);
      expect(answer.statusCode).toBe(409);
      expect(answer.json().error.code).toBe('awaiting_consent');
    }
  });

  it('answers another user 404 and a visitor 401, as before', async () => {
    const [id] = await documentIds(minor.id);
    expect((await get(`/documents/${id}`, (await signedInUser(t)).auth)).statusCode).toBe(404);
    expect((await get(`/documents/${id}`)).statusCode).toBe(401);
  });

  it('lets an administrator look at the PDF', async () => {
    const [id] = await documentIds(minor.id);
    const answer = await get(`/documents/${id}`, admin.auth);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    const file = await get(`/api/admin/candidates/${minor.id}`, admin.auth);
    expect(file.json().documents).toHaveLength(2);
  });

  it('refuses an administrator to email, print or label the kit (409), and queues nothing', async () => {
    for (const url of [
      '/api/admin/candidates/send-documents',
      '/api/admin/print-jobs',
      '/api/admin/candidates/labels',
    ]) {
      const answer = await post(url, { ids: [minor.id] }, admin.auth);
      expect(answer.statusCode, url).toBe(409);
      expect(answer.json().error.code).toBe('awaiting_consent');
    }
    expect(await kitMails(minor.rider)).toHaveLength(0);
  });

  it('emails no kit when the buyer moves the delivery to email', async () => {
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${minor.orderId}`,
      headers: buyer.auth,
      payload: { mode_livraison: 'email' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await kitMails(minor.rider)).toHaveLength(0);
    expect(await kitMails(buyer.email)).toHaveLength(0);
  });

  it('after the answer, lists the documents, opens them, and emails the kit once', async () => {
    const waiting = async () =>
      (await get('/api/admin/dashboard', admin.auth)).json().counts.consent as number;
    const before = await waiting();
    expect(before).toBeGreaterThan(0);
    await confirm(minor.guardian);
    expect(await waiting()).toBe(before - 1);
    const links = await listed(buyer, minor.orderId);
    expect(links.map((link) => link.url).sort()).toEqual(
      (await documentIds(minor.id)).map((id) => `/documents/${id}`).sort(),
    );
    for (const link of links) {
      const answer = await get(link.url, buyer.auth);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('application/pdf');
    }
    // The order was moved to email before the answer: the answer sends the kit.
    const reference = (await get(`/api/orders/${minor.orderId}`, buyer.auth)).json().candidats[0].reference;
    const [kit, ...more] = await kitMails(minor.rider);
    expect(more).toHaveLength(0);
    expect(kit!.attachments.map((file) => file.filename).sort()).toEqual([
      `frame-plate-${reference}.pdf`,
      `route-card-${reference}.pdf`,
    ]);
  });
});

describe('a kit by email', () => {
  it('is not in the mail queue before the answer, and goes out when the guardian confirms', async () => {
    const buyer = await signedInUser(t);
    const minor = await minorOrder(buyer, 'email');
    expect(await kitMails(minor.rider)).toHaveLength(0);
    expect(await kitMails(buyer.email)).toHaveLength(0);
    await confirm(minor.guardian);
    expect(await kitMails(minor.rider)).toHaveLength(1);
    const sent = await post('/api/admin/candidates/send-documents', { ids: [minor.id] }, admin.auth);
    expect(sent.json()).toEqual({ queued: 1 });
  });

  it('goes out when an administrator records a consent received on paper', async () => {
    const buyer = await signedInUser(t);
    const minor = await minorOrder(buyer, 'email');
    const recorded = await post(
      `/api/admin/candidates/${minor.id}/guardian-consent`,
      { note: 'Signed form received by post' },
      admin.auth,
    );
    expect(recorded.statusCode).toBe(204);
    expect(await kitMails(minor.rider)).toHaveLength(1);
    expect(await listed(buyer, minor.orderId)).toHaveLength(2);
  });
});

const confirmationTo = async (to: string, subject: RegExp) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).find((mail) =>
    subject.test(mail.subject),
  );

describe('the buyer’s confirmation email', () => {
  it('says the guardian answers first, and to which address the request went, in the order’s language', async () => {
    const buyer = await signedInUser(t);
    const english = await minorOrder(buyer, 'postal', 'gb');
    const mail = await confirmationTo(buyer.email, /^Your registration/);
    expect(mail!.text).toContain(
      `Léa Durand is a minor: their kit goes out only once their legal guardian has agreed. We have sent the request to Marie Durand at ${english.guardian}`,
    );
    expect(mail!.html).toContain(english.guardian);
    const other = await signedInUser(t);
    const french = await minorOrder(other, 'postal', 'fr');
    const courriel = await confirmationTo(other.email, /^Votre inscription/);
    expect(courriel!.text).toContain(
      `Nous avons envoyé la demande à Marie Durand à l'adresse ${french.guardian}`,
    );
  });
});
