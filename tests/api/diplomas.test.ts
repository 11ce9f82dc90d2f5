/**
 * Diplomas (decision 0033): the laureate's PDF and who may download it, the public check (`GET
 * /api/diplomas/{code}`) and its signed statement verified with the published keys alone, initials for a rider who
 * restricted public display, an administrator's cancellation (revoked at once, number never reused), a correction
 * seen at once, the club's earlier records, and the signing key kept in the database or given by configuration.
 */
import { and, eq } from 'drizzle-orm';
import { createLocalJWKSet, exportPKCS8, generateKeyPair, jwtVerify, decodeProtectedHeader } from 'jose';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today } from '../../domain/dates.ts';
import { auditLog, candidates, homologations, mailOutbox } from '../../server/db/schema/index.ts';
import { createDiplomaKeys } from '../../server/services/homologations/diploma-keys.ts';
import { addLaureates, hideEmail, laureateRecord } from '../support/laureates.ts';
import { candidatePayload } from '../support/orders.ts';
import { paidOrder } from '../support/registrations.ts';
import { cingleRide } from '../support/rides.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import { toGpx } from '../support/track-files.ts';
import { signedInAdmin, signedInUser, verifiedUser } from '../support/users.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
type Rider = Awaited<ReturnType<typeof verifiedUser>>;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://club.example' });
  admin = await signedInAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const CODE = /^[A-Za-z0-9_-]{43}$/;

const adminPost = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: admin.auth, payload });

/** A rider who registered themselves, attached a complete track, and was homologated cingle today. */
async function homologatedRider(email: string) {
  const rider = await verifiedUser(t, { email });
  const order = await paidOrder(t, rider, { candidats: [candidatePayload({ email })] });
  const candidateId = order.candidats[0]!.id;
  const attached = await t.app.inject({
    method: 'POST',
    url: `/api/candidates/${candidateId}/track`,
    headers: { ...rider.auth, 'content-type': 'application/gpx+xml' },
    payload: Buffer.from(toGpx(cingleRide(undefined, { sampleS: 20 }).points)),
    remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.1`,
  });
  expect(attached.statusCode, attached.body).toBe(200);
  expect(
    (await adminPost('/api/admin/scan', { text: order.candidats[0]!.reference, confirm: true })).statusCode,
  ).toBe(200);
  const homologated = await adminPost(`/api/admin/candidates/${candidateId}/homologate`, {
    date_passage: today(),
    epreuve_realisee: 'cingle',
  });
  expect(homologated.statusCode, homologated.body).toBe(200);
  const { homologationId, numero } = homologated.json<{ homologationId: number; numero: number }>();
  const [row] = await t.db.select().from(homologations).where(eq(homologations.id, homologationId));
  return { rider, candidateId, homologationId, numero, code: row!.diplomaCode };
}

async function check(code: string) {
  return t.app.inject({ method: 'GET', url: `/api/diplomas/${code}` });
}

/** Verifies a statement as an outsider would: with the published JWKS and nothing else. */
async function verifyWithPublishedKeys(jws: string) {
  const jwks = await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
  expect(jwks.statusCode).toBe(200);
  const { payload } = await jwtVerify(jws, createLocalJWKSet(jwks.json()), {
    issuer: 'https://club.example',
    algorithms: ['EdDSA'],
  });
  return payload;
}

describe('a homologated rider’s diploma', () => {
  let rider: Rider;
  let homologationId: number;
  let numero: number;
  let code: string;

  beforeAll(async () => {
    ({ rider, homologationId, numero, code } = await homologatedRider('diploma.owner@example.org'));
  });

  it('has an unguessable code, listed with the PDF’s address in the rider’s homologations', async () => {
    expect(code).toMatch(CODE);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/me/homologations?lang=gb',
      headers: rider.auth,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual([
      expect.objectContaining({
        id: homologationId,
        numero,
        diploma_url: `/api/homologations/${homologationId}/diploma`,
        check_url: `https://club.example/gb/diplomas/${code}`,
      }),
    ]);
  });

  it('is emailed with its check page', async () => {
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'diploma.owner@example.org'));
    const mail = mails.find(
      (row) => row.subject === `Cinglé du Mont-Ventoux n° ${numero} : votre brevet est homologué`,
    );
    expect(mail!.text).toContain(`https://club.example/fr/diplomas/${code}`);
    expect(mail!.text).toContain('https://club.example/fr/account?tab=homologations');
  });

  it('is an A4 landscape PDF for its laureate and for administrators, a 404 for anyone else', async () => {
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/homologations/${homologationId}/diploma?lang=gb`,
      headers: rider.auth,
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['content-disposition']).toBe(`attachment; filename="diploma-cingle-${numero}.pdf"`);
    const pdf = await PDFDocument.load(own.rawPayload);
    const [page] = pdf.getPages();
    expect(Math.round(page!.getWidth())).toBe(842);
    expect(Math.round(page!.getHeight())).toBe(595);
    expect(pdf.getTitle()).toBe(`Diploma Cinglé du Mont-Ventoux ${numero}`);

    const byAdmin = await t.app.inject({
      method: 'GET',
      url: `/api/homologations/${homologationId}/diploma`,
      headers: admin.auth,
    });
    expect(byAdmin.statusCode).toBe(200);

    const stranger = await signedInUser(t);
    for (const headers of [stranger.auth]) {
      const refused = await t.app.inject({
        method: 'GET',
        url: `/api/homologations/${homologationId}/diploma`,
        headers,
      });
      expect(refused.statusCode).toBe(404);
    }
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/homologations/${homologationId}/diploma`,
    });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/homologations/999999/diploma',
      headers: admin.auth,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('checks publicly as valid, with a statement that verifies with the published keys alone', async () => {
    const response = await check(code);
    expect(response.statusCode).toBe(200);
    const diploma = response.json();
    expect(diploma).toEqual({
      code,
      status: 'valid',
      name: 'Paul Durand',
      epreuve: 'cingle',
      numero,
      date_passage: today(),
      homologated_at: expect.any(String),
      revoked_at: null,
      check_url: `https://club.example/fr/diplomas/${code}`,
      jws: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
    });
    expect(decodeProtectedHeader(diploma.jws)).toMatchObject({ alg: 'EdDSA', kid: expect.any(String) });
    expect(await verifyWithPublishedKeys(diploma.jws)).toMatchObject({
      sub: code,
      status: 'valid',
      name: 'Paul Durand',
      epreuve: 'cingle',
      numero,
      date_passage: today(),
      check_url: `https://club.example/fr/diplomas/${code}`,
    });

    // A statement whose facts were changed after signing does not verify.
    const [header, claims, signature] = diploma.jws.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(claims, 'base64url').toString()), numero: numero + 1 }),
    ).toString('base64url');
    await expect(verifyWithPublishedKeys(`${header}.${forged}.${signature}`)).rejects.toThrow(/signature/i);

    const statement = await t.app.inject({ method: 'GET', url: `/api/diplomas/${code}/statement` });
    expect(statement.statusCode).toBe(200);
    expect(statement.headers['content-disposition']).toBe(
      `attachment; filename="diploma-cingle-${numero}.jwt"`,
    );
    expect((await verifyWithPublishedKeys(statement.body)).sub).toBe(code);
  });

  it('answers 404 for an unknown or malformed code, whatever its shape', async () => {
    for (const unknown of [
      'A'.repeat(43),
      '1234',
      String(numero),
      code.slice(0, 42),
      `${code}x`,
      "'%20or%201=1--",
    ]) {
      const response = await check(unknown);
      expect(response.statusCode, unknown).toBe(404);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/diplomas/${unknown}/statement` })).statusCode,
      ).toBe(404);
    }
  });

  it('shows a correction at once', async () => {
    const corrected = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/homologations/${homologationId}`,
      headers: admin.auth,
      payload: { date_passage: '2026-07-14', commentaire: null },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const diploma = (await check(code)).json();
    expect(diploma.date_passage).toBe('2026-07-14');
    expect((await verifyWithPublishedKeys(diploma.jws)).date_passage).toBe('2026-07-14');
  });
});

describe('a rider who restricted public display', () => {
  it('is confirmed with initials only, in the page’s facts and in the statement', async () => {
    const { code } = await homologatedRider('hidden.diploma@example.org');
    await hideEmail(t, 'hidden.diploma@example.org');
    const diploma = (await check(code)).json();
    expect(diploma).toMatchObject({ status: 'valid', name: 'P. D.' });
    expect((await verifyWithPublishedKeys(diploma.jws)).name).toBe('P. D.');
  });
});

describe('an administrator’s cancellation', () => {
  let cancelled: Awaited<ReturnType<typeof homologatedRider>>;

  beforeAll(async () => {
    cancelled = await homologatedRider('cancelled.diploma@example.org');
  });

  it('is for administrators only, with a reason', async () => {
    const url = `/api/admin/homologations/${cancelled.homologationId}/cancel`;
    const rider = await t.app.inject({
      method: 'POST',
      url,
      headers: cancelled.rider.auth,
      payload: { reason: 'x' },
    });
    expect(rider.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url, payload: { reason: 'x' } });
    expect(anonymous.statusCode).toBe(401);
    for (const payload of [{}, { reason: '   ' }, { reason: 42 }, { reason: 'x'.repeat(5000) }]) {
      const refused = await adminPost(url, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await adminPost('/api/admin/homologations/999999/cancel', { reason: 'x' })).statusCode).toBe(404);
    expect((await check(cancelled.code)).json().status).toBe('valid');
  });

  it('revokes the diploma at once, takes the ride out of the public tables and tells the rider', async () => {
    const reason = 'Les tampons de la carte ne correspondent pas au jour déclaré.';
    const response = await adminPost(`/api/admin/homologations/${cancelled.homologationId}/cancel`, {
      reason,
    });
    expect(response.statusCode, response.body).toBe(200);

    const diploma = (await check(cancelled.code)).json();
    expect(diploma).toMatchObject({
      status: 'revoked',
      numero: cancelled.numero,
      revoked_at: expect.any(String),
    });
    expect((await verifyWithPublishedKeys(diploma.jws)).status).toBe('revoked');

    const ranking = await t.app.inject({ method: 'GET', url: '/api/laureates?epreuve=cingle&limit=100' });
    expect(ranking.body).not.toContain(`"numero":${cancelled.numero},`);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/me/homologations',
      headers: cancelled.rider.auth,
    });
    expect(mine.json()).toEqual([]);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/homologations/${cancelled.homologationId}/diploma`,
      headers: cancelled.rider.auth,
    });
    expect(pdf.statusCode).toBe(404);

    const [candidate] = await t.db.select().from(candidates).where(eq(candidates.id, cancelled.candidateId));
    expect(candidate).toMatchObject({ statut: 'rejected', rejectionReason: reason });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'homologation.cancelled'),
          eq(auditLog.entityId, String(cancelled.candidateId)),
        ),
      );
    expect(entry!.after).toMatchObject({ statut: 'rejected', reason, numero: cancelled.numero });
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'cancelled.diploma@example.org'))
      // Oldest first: the last one is the cancellation's (PostgreSQL gives no order otherwise).
      .orderBy(mailOutbox.id);
    expect(mails.at(-1)!.subject).toBe(
      `Cinglé du Mont-Ventoux n° ${cancelled.numero} : votre homologation a été annulée`,
    );
    expect(mails.at(-1)!.text).toContain(reason);

    expect(
      (await adminPost(`/api/admin/homologations/${cancelled.homologationId}/cancel`, { reason })).statusCode,
    ).toBe(404);
  });

  it('never gives the number again', async () => {
    const next = await homologatedRider('after.cancel@example.org');
    expect(next.numero).toBeGreaterThan(cancelled.numero);
  });
});

describe('the club’s earlier records', () => {
  it('have a diploma too, which administrators download', async () => {
    await addLaureates(t, [
      laureateRecord({ numero: 88, email: 'old.rider@example.org', epreuve: 'bicingle' }),
    ]);
    const [row] = await t.db
      .select()
      .from(homologations)
      .where(and(eq(homologations.epreuve, 'bicingle'), eq(homologations.numero, 88)));
    expect(row!.diplomaCode).toMatch(CODE);
    expect((await check(row!.diplomaCode)).json()).toMatchObject({
      status: 'valid',
      numero: 88,
      epreuve: 'bicingle',
    });
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/homologations/${row!.id}/diploma`,
      headers: admin.auth,
    });
    expect(pdf.statusCode).toBe(200);
  });
});

describe('the signing key', () => {
  it('is made once and kept in the database: another instance signs with it', async () => {
    const here = await t.services.diplomas.publicKeys();
    const elsewhere = createDiplomaKeys({ db: t.db });
    expect((await elsewhere.current()).kid).toBe(here.keys.at(-1)!.kid);
  });

  it('rotates, and the statements signed before still verify', async () => {
    const { code } = await homologatedRider('rotation.diploma@example.org');
    const before = (await check(code)).json().jws as string;
    const { kid, retired } = await t.services.diplomas.rotateKey();
    expect(retired).toEqual([decodeProtectedHeader(before).kid]);
    const after = (await check(code)).json().jws as string;
    expect(decodeProtectedHeader(after).kid).toBe(kid);
    expect((await verifyWithPublishedKeys(before)).sub).toBe(code);
    expect((await verifyWithPublishedKeys(after)).sub).toBe(code);
  });

  it('can be given by configuration instead', async () => {
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const pem = await exportPKCS8(privateKey);
    const configured = await createTestApp({
      PUBLIC_URL: 'https://club.example',
      DIPLOMA_SIGNING_KEY: pem.replaceAll('\n', '\\n'),
    });
    try {
      const [laureate] = await addLaureates(configured, [laureateRecord({ numero: 7 })]).then(async () =>
        configured.db.select().from(homologations),
      );
      const response = await configured.app.inject({
        method: 'GET',
        url: `/api/diplomas/${laureate!.diplomaCode}`,
      });
      const jwks = (await configured.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
      expect(jwks.keys).toHaveLength(1);
      const { payload } = await jwtVerify(response.json().jws, createLocalJWKSet(jwks));
      expect(payload.numero).toBe(7);
      const rotation = configured.services.diplomas.rotateKey();
      await expect(rotation).rejects.toMatchObject({ code: 'configured_key' });
    } finally {
      await configured.close();
    }
  });
});
