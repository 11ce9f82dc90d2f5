/**
 * What the scan says when a card cannot simply be taken in (issue 48): a rejected ride answers 409 `rejected` with
 * its day and reason until the volunteer confirms reopening it (audited, no "card received" mail); a minor whose
 * guardian has not answered answers 409 `awaiting_consent`; an unknown reference answers 404 with the reference
 * read. The candidate page's "reopen" goes through the same rule. Cards back without a ride are homologated in a
 * batch on the day the volunteer gives. And the history's CSV names who decided and why a ride was rejected.
 */
import { parse } from 'csv-parse/sync';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, today } from '../../domain/dates.ts';
import { auditLog, candidates, homologations, mailOutbox } from '../../server/db/schema/index.ts';
import { candidatePayload, minorCandidate } from '../support/orders.ts';
import { paidOrder } from '../support/registrations.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import { signedInAdmin, signedInUser } from '../support/users.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const adminGet = (url: string) => t.app.inject({ method: 'GET', url, headers: admin.auth });
const adminPost = (url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: admin.auth, ...(payload ? { payload } : {}) });

/** A paid registration (kit by post, marked sent), its card scanned back and rejected with `reason`. */
async function rejectedCandidate(nom: string, reason: string) {
  const buyer = await signedInUser(t);
  const order = await paidOrder(t, buyer, {
    candidats: [candidatePayload({ nom, email: `${nom.toLowerCase()}@example.org` })],
    mode_livraison: 'postal',
    avertissement_mineurs: false,
  });
  const candidate = order.candidats[0]!;
  expect((await adminPost('/api/admin/candidates/processed', { ids: [candidate.id] })).statusCode).toBe(200);
  expect((await adminPost('/api/admin/scan', { text: candidate.reference })).statusCode).toBe(200);
  const rejected = await adminPost(`/api/admin/candidates/${candidate.id}/reject`, { reason });
  expect(rejected.statusCode).toBe(200);
  return { ...candidate, email: `${nom.toLowerCase()}@example.org` };
}

const cardReceivedMails = (email: string) =>
  t.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), like(mailOutbox.subject, 'Nous avons reçu votre carte de route%')));

const statusOf = async (id: number) =>
  (await t.db.select({ statut: candidates.statut }).from(candidates).where(eq(candidates.id, id)))[0]!.statut;

const reopenings = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'candidate'),
        eq(auditLog.entityId, String(id)),
        eq(auditLog.action, 'candidate.reopened'),
      ),
    );

describe('scanning a rejected card', () => {
  it('answers 409 rejected with the day and the reason, and changes nothing', async () => {
    const candidate = await rejectedCandidate('Refusun', 'Tampon de Sault illisible.');
    const mailsBefore = (await cardReceivedMails(candidate.email)).length;

    for (const confirm of [undefined, false]) {
      const refused = await adminPost('/api/admin/scan', { text: candidate.reference, confirm });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toEqual({
        code: 'rejected',
        message: `This ride was rejected on ${today()}: Tampon de Sault illisible.`,
        details: { day: today(), reason: 'Tampon de Sault illisible.' },
      });
    }
    expect(await statusOf(candidate.id)).toBe('rejected');
    expect(await reopenings(candidate.id)).toHaveLength(0);
    expect(await cardReceivedMails(candidate.email)).toHaveLength(mailsBefore);
  });

  it('reopens it once confirmed: audited with who and the reason, and no "card received" mail', async () => {
    const candidate = await rejectedCandidate('Refusdeux', 'Pas de tampon au sommet.');
    const mailsBefore = (await cardReceivedMails(candidate.email)).length;
    expect(mailsBefore).toBe(1);

    const reopened = await adminPost('/api/admin/scan', { text: candidate.reference, confirm: true });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({
      candidateId: candidate.id,
      statut: 'card_received',
      previous: 'rejected',
    });
    expect(await statusOf(candidate.id)).toBe('card_received');
    const [entry, ...more] = await reopenings(candidate.id);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      actorId: admin.id,
      before: { statut: 'rejected' },
      after: { statut: 'card_received', from: 'scan', reason: 'Pas de tampon au sommet.' },
    });
    expect(await cardReceivedMails(candidate.email)).toHaveLength(mailsBefore);

    // Back among the cards to judge, the ride can now be homologated.
    const homologated = await adminPost(`/api/admin/candidates/${candidate.id}/homologate`, {
      date_passage: today(),
      epreuve_realisee: 'cingle',
    });
    expect(homologated.statusCode).toBe(200);
  });
});

describe('reopening a rejected ride from the candidate page', () => {
  it('moves it back to card_received, audited, without mail; anything not rejected answers 409', async () => {
    const candidate = await rejectedCandidate('Refustrois', 'Carte sans date.');
    const mailsBefore = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, candidate.email)))
      .length;

    const reopened = await adminPost(`/api/admin/candidates/${candidate.id}/reopen`);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toEqual({ statut: 'card_received' });
    expect(await statusOf(candidate.id)).toBe('card_received');
    const [entry] = await reopenings(candidate.id);
    expect(entry).toMatchObject({
      actorId: admin.id,
      after: { statut: 'card_received', from: 'candidate', reason: 'Carte sans date.' },
    });
    const mailsAfter = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, candidate.email));
    expect(mailsAfter).toHaveLength(mailsBefore);
    const file = await adminGet(`/api/admin/candidates/${candidate.id}`);
    expect(file.json().candidate).toMatchObject({ statut: 'card_received', rejectionReason: null });

    const again = await adminPost(`/api/admin/candidates/${candidate.id}/reopen`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('conflict');
    expect((await adminPost('/api/admin/candidates/999999/reopen')).statusCode).toBe(404);
  });

  it('is for administrators only', async () => {
    const candidate = await rejectedCandidate('Refusquatre', 'Hors délai.');
    const rider = await signedInUser(t);
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/admin/candidates/${candidate.id}/reopen`,
      headers: rider.auth,
    });
    expect(answer.statusCode).toBe(403);
    expect(await statusOf(candidate.id)).toBe('rejected');
  });
});

describe('other refusals of the scan', () => {
  it('answers 409 awaiting_consent for a minor whose guardian has not answered', async () => {
    const buyer = await signedInUser(t);
    const order = await paidOrder(
      t,
      buyer,
      { candidats: [minorCandidate()], mode_livraison: 'postal' },
      { guardianConsent: false },
    );
    const candidate = order.candidats[0]!;
    expect(await statusOf(candidate.id)).toBe('awaiting_consent');
    for (const confirm of [undefined, true]) {
      const refused = await adminPost('/api/admin/scan', { text: candidate.reference, confirm });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('awaiting_consent');
    }
    expect(await statusOf(candidate.id)).toBe('awaiting_consent');
  });

  it('answers 404 unknown_reference with the reference read', async () => {
    const refused = await adminPost('/api/admin/scan', { text: ' 09999999-07 ' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toEqual({
      code: 'unknown_reference',
      message: 'No candidate has the reference 09999999-07',
      details: { reference: '09999999-07' },
    });
  });
});

describe('a batch of cards back without a ride', () => {
  it('lists them as missing evidence and homologates each on the day given for it', async () => {
    const buyer = await signedInUser(t);
    const order = await paidOrder(t, buyer, {
      candidats: [
        candidatePayload({ nom: 'Cartesuna' }),
        candidatePayload({ nom: 'Cartesdeux', email: 'deux@example.org' }),
      ],
      avertissement_mineurs: false,
    });
    const [first, second] = order.candidats as [
      { id: number; reference: string },
      { id: number; reference: string },
    ];
    for (const card of [first, second])
      expect((await adminPost('/api/admin/scan', { text: card.reference, confirm: true })).statusCode).toBe(
        200,
      );

    const list = await adminGet('/api/admin/candidates?list=in_progress&evidence=missing&q=Cartes');
    expect(
      list
        .json()
        .items.map((row: { id: number }) => row.id)
        .sort(),
    ).toEqual([first.id, second.id].sort());
    expect(list.json().items[0].evidence).toMatchObject({ state: 'missing', track: null, request: null });

    // Registered three days ago, the second rider rode the day before today.
    await t.db
      .update(candidates)
      .set({ createdAt: new Date(Date.now() - 3 * 86_400_000) })
      .where(eq(candidates.id, second.id));
    const yesterday = addDays(today(), -1);
    const answer = await adminPost('/api/admin/homologations/batch', {
      items: [
        { candidate_id: first.id, date_passage: today() },
        { candidate_id: second.id, date_passage: yesterday },
      ],
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().results.map((line: { status: string }) => line.status)).toEqual([
      'homologated',
      'homologated',
    ]);
    const records = await t.db.select().from(homologations);
    expect(records.find((row) => row.candidateId === first.id)?.date_passage).toBe(today());
    expect(records.find((row) => row.candidateId === second.id)?.date_passage).toBe(yesterday);
  });
});

describe('the history CSV', () => {
  it('names who homologated or rejected, and the reason of a rejection', async () => {
    const rejected = await rejectedCandidate('Csvrefus', 'Tampon manquant au Chalet Reynard.');
    const buyer = await signedInUser(t);
    const order = await paidOrder(t, buyer, {
      candidats: [candidatePayload({ nom: 'Csvhomolog' })],
      avertissement_mineurs: false,
    });
    const homologated = order.candidats[0]!;
    await adminPost('/api/admin/scan', { text: homologated.reference, confirm: true });
    await adminPost(`/api/admin/candidates/${homologated.id}/homologate`, {
      date_passage: today(),
      epreuve_realisee: 'cingle',
    });
    const name = (await adminGet('/api/me')).json();
    const adminName = `${name.prenom} ${name.nom}`;

    const french = await adminGet('/api/admin/candidates.csv?list=history&q=Csv&lang=fr');
    const [header, ...rows] = parse(french.body, { bom: true, delimiter: ';' }) as string[][];
    expect(header!.slice(-2)).toEqual(['Homologateur', 'Motif du refus']);
    const rejectedRow = rows.find((row) => row[0] === rejected.reference)!;
    expect(rejectedRow.slice(-2)).toEqual([`refusé par ${adminName}`, 'Tampon manquant au Chalet Reynard.']);
    const homologatedRow = rows.find((row) => row[0] === homologated.reference)!;
    expect(homologatedRow.slice(-2)).toEqual([adminName, '']);

    const english = await adminGet('/api/admin/candidates.csv?list=history&q=Csv&lang=gb');
    const [englishHeader] = parse(english.body, { bom: true }) as string[][];
    expect(englishHeader!.slice(-2)).toEqual(['Homologator', 'Reason for rejection']);

    const raw = await adminGet('/api/admin/candidates.csv?list=history&q=Csvrefus');
    const [rawHeader, rawRow] = parse(raw.body, { bom: true }) as string[][];
    expect(rawHeader!.slice(-2)).toEqual(['homologateur', 'rejection_reason']);
    expect(rawRow!.slice(-2)).toEqual([adminName, 'Tampon manquant au Chalet Reynard.']);
  });
});
