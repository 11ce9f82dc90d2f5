/**
 * Property-based robustness suite: every route of the OpenAPI document the server builds receives generated bad
 * input (wrong types, NUL, lone surrogates, huge numbers, ids beyond the database's integer range, impossible
 * dates, huge strings, wrong content types, malformed JSON) as an anonymous visitor, a plain user and an admin.
 * No answer may be a 5xx or show a stack trace or an internal name; signed-out callers of a guarded route get 401
 * and plain users of an admin route 403, whatever they send. What was logged meanwhile must hold no secret.
 *
 * Bounded for `npm test`: a fixed seed and FUZZ_RUNS generated requests per route and role (default 12).
 * FUZZ_RUNS=500 FUZZ_SEED=<n> explore further.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { Writable } from 'node:stream';
import { fc, test } from '@fast-check/vitest';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { today } from '../../domain/dates.ts';
import { createLogger } from '../../server/logging.ts';
import { candidatePayload, orderPayload } from '../support/orders.ts';
import { paidOrder } from '../support/registrations.ts';
import { createTestApp } from '../support/test-app.ts';
import { enrolTotp } from '../support/second-factor.ts';
import { SoftPasskey } from '../support/passkey.ts';
import { PASSWORD, injectCall, signedInAdmin, signedInUser } from '../support/users.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
/** FUZZ_REPORT=<file>: explore without stopping at the first failure, and write every 5xx request to the file. */
const REPORT = process.env.FUZZ_REPORT;
const COLLECT = Boolean(REPORT);

// ---------------------------------------------------------------------------------------------------------------
// The server under test, with a logger whose every line is kept.

const logLines: string[] = [];
const logSink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString('utf8'));
    done();
  },
});
// A route's whole catalogue is one test: on a busy machine it may take longer than the default 30 seconds.
vi.setConfig({ testTimeout: 180_000 });

// Every activity service is configured, so that its routes are judged too; none of the fuzzed users is
// connected, so no call leaves the machine (the addresses point at a closed local port all the same).
const t = await createTestApp(
  {
    STRAVA_CLIENT_ID: '4242',
    STRAVA_CLIENT_SECRET: 'fuzz-client-secret',
    STRAVA_OAUTH_URL: 'http://127.0.0.1:9/oauth',
    STRAVA_API_URL: 'http://127.0.0.1:9/api/v3',
    RWGPS_CLIENT_ID: 'fuzz-rwgps',
    RWGPS_CLIENT_SECRET: 'fuzz-rwgps-secret',
    RWGPS_URL: 'http://127.0.0.1:9',
    INTERVALS_CLIENT_ID: '77',
    INTERVALS_CLIENT_SECRET: 'fuzz-intervals-secret',
    INTERVALS_URL: 'http://127.0.0.1:9',
  },
  { log: createLogger('trace', logSink) },
);
afterAll(async () => {
  await t.close();
});

const user = await signedInUser(t);
/** Well-formed passkey answers, to challenges the site never gave. */
const fuzzPasskey = new SoftPasskey(t.config.publicUrl);
const admin = await signedInAdmin(t);
// Objects with id 1 exist (order, candidates, payment, document, homologation), so that the valid parts of a
// request reach the services and the database: candidate 1 waits for its homologation, candidate 2 has one.
const order = await paidOrder(t, user);
for (const candidate of order.candidats) {
  const scanned = await t.app.inject({
    method: 'POST',
    url: '/api/admin/scan',
    headers: admin.auth,
    payload: { text: candidate.reference, confirm: true },
  });
  if (scanned.statusCode !== 200) throw new Error(`scan failed: ${scanned.body}`);
}
const homologated = await t.app.inject({
  method: 'POST',
  url: `/api/admin/candidates/${order.candidats[1]!.id}/homologate`,
  headers: admin.auth,
  payload: { date_passage: today(), epreuve_realisee: 'galerien' },
});
if (homologated.statusCode !== 200) throw new Error(`homologation failed: ${homologated.body}`);

type Role = 'anonymous' | 'user' | 'admin';
const ROLES: Role[] = ['anonymous', 'user', 'admin'];
const sessionTokens: string[] = [user.token, admin.token];

/** Signing out ends the session it is sent with: that route gets a session of its own each time. */
const SESSION_ENDING = new Set(['POST /api/logout']);

/**
 * Removing one's own second factor would leave the run's administrator without one (every later admin route would
 * answer 403 second_factor_required): those requests are sent by an administrator of their own.
 */
const FACTOR_REMOVING = new Set(['DELETE /api/me/second-factors/totp']);

// Made before the run: the run's sign-ins spend the address's budget.
const spareAdmin = await signedInAdmin(t);

/** The spare administrator in a session that passed its factor, the factor set up again if a request removed it. */
async function factorRemovingAdmin(): Promise<Record<string, string>> {
  const { token } = await t.services.sessions.create(spareAdmin.id, { secondFactorPassed: true });
  sessionTokens.push(token);
  const call = injectCall(t, token);
  const status = await call('GET', '/api/me/second-factors');
  if (!(status.body as { totp: unknown }).totp) await enrolTotp(call);
  return { authorization: `Bearer ${token}` };
}

async function authOf(role: Role, route: Route): Promise<Record<string, string>> {
  if (role === 'anonymous') return {};
  if (role === 'admin' && FACTOR_REMOVING.has(routeName(route))) return factorRemovingAdmin();
  const account = role === 'user' ? user : admin;
  if (!SESSION_ENDING.has(routeName(route))) return account.auth;
  const { token } = await t.services.sessions.create(account.id);
  sessionTokens.push(token);
  return { authorization: `Bearer ${token}` };
}

// ---------------------------------------------------------------------------------------------------------------
// The routes, read from the OpenAPI document.

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
}
interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: unknown;
  security?: unknown[];
  tags?: string[];
}
interface Route {
  method: string;
  path: string;
  pathParams: Parameter[];
  query: Parameter[];
  hasBody: boolean;
  guarded: boolean;
  adminOnly: boolean;
}

const spec = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
const routes: Route[] = Object.entries(spec.paths).flatMap(([path, operations]) =>
  Object.entries(operations)
    .filter(([method]) => ['get', 'post', 'put', 'delete', 'patch'].includes(method))
    .map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      pathParams: (operation.parameters ?? []).filter((parameter) => parameter.in === 'path'),
      query: (operation.parameters ?? []).filter((parameter) => parameter.in === 'query'),
      hasBody: operation.requestBody !== undefined,
      guarded: (operation.security ?? []).length > 0,
      adminOnly: (operation.tags ?? []).includes('admin'),
    })),
);
const routeName = (route: Route) => `${route.method} ${route.path}`;

/** A valid value for a parameter, so that one bad part at a time is what the server judges. */
function validParameter(parameter: Parameter): string {
  const schema = parameter.schema ?? {};
  const choices = schema.enum ?? schema.anyOf?.flatMap((option) => option.enum ?? []);
  if (choices?.length) return String(choices.includes('test') ? 'test' : choices[0]);
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (schema.format === 'email' || parameter.name === 'email') return user.email;
  if (parameter.name === 'list') return 'traitements';
  const type = schema.type ?? schema.anyOf?.[0]?.type;
  return type === 'integer' || type === 'number' || /id$|^order$/i.test(parameter.name) ? '1' : 'abc';
}

/** Valid bodies, each route's own: generated bad input changes one part of them. */
const VALID_BODIES: Record<string, () => unknown> = {
  'POST /api/signup': () => ({
    civilite: 'mme',
    nom: 'Martin',
    prenom: 'Claire',
    date_naissance: '1985-04-12',
    tel: user.tel,
    adresse: user.adresse,
    complement: '',
    cp: '84410',
    ville: 'Bédoin',
    pays: 'fr',
    nationalite: 'fr',
    email: `fuzz.${crypto.randomBytes(4).toString('hex')}@example.org`,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  }),
  'POST /api/login': () => ({ email: user.email, password: 'Wrong-password1' }),
  'POST /api/login/second-factor': () => ({
    ticket: crypto.randomBytes(32).toString('base64url'),
    code: '123456',
  }),
  'POST /api/me/second-factors/totp/confirm': () => ({ code: '123456' }),
  'POST /api/me/second-factor/verify': () => ({ code: 'abcde-fghjk' }),
  'POST /api/me/passkeys/options': () => ({ current_password: 'Wrong-password1' }),
  'POST /api/login/passkey/options': () => ({ ticket: crypto.randomBytes(32).toString('base64url') }),
  'POST /api/login/passkey': () => ({ response: fuzzPasskey.authenticate({ challenge: 'AAAA' }) }),
  'POST /api/me/passkeys': () => ({
    // A passkey of its own: registering gives the answers of `fuzzPasskey` one more field.
    response: new SoftPasskey(t.config.publicUrl).register({
      challenge: 'AAAA',
      rp: {},
      user: { id: 'AAAA' },
    }),
    name: 'Fuzz',
  }),
  'POST /api/me/passkeys/verify': () => ({ response: fuzzPasskey.authenticate({ challenge: 'AAAA' }) }),
  'POST /api/account/verify-email': () => ({ token: crypto.randomBytes(32).toString('base64url') }),
  'PUT /api/me': () => ({
    civilite: 'mme',
    nom: 'Martin',
    prenom: 'Claire',
    date_naissance: '1985-04-12',
    tel: user.tel,
    adresse: user.adresse,
    complement: 'Bâtiment B',
    cp: '84410',
    ville: 'Bédoin',
    pays: 'fr',
    nationalite: 'fr',
    email: user.email,
  }),
  'PUT /api/me/password': () => ({
    current_password: 'Wrong-password1',
    password: 'Ventoux2000',
    password_confirmation: 'Ventoux2000',
  }),
  'DELETE /api/account': () => ({ current_password: 'Wrong-password1' }),
  'POST /api/account/forgot-password': () => ({ email: user.email, lang: 'fr' }),
  'POST /api/account/reset-password/{email}/{token}': () => ({ password: 'Ventoux2000' }),
  'POST /api/public-display-restriction': () => ({ email: user.email, lang: 'fr' }),
  'POST /api/public-display-restriction/confirm': () => ({ token: 'abcdef' }),
  'PUT /api/me/public-display': () => ({ hidden: false }),
  'PUT /api/me/public-name': () => ({ display: 'initial' }),
  'POST /api/guardian-consents/{token}': () => ({
    decision: 'confirm',
    autorisation_parentale: true,
    certificat_medical: true,
  }),
  'POST /api/admin/candidates/{id}/guardian-consent': () => ({ note: 'Signed form received' }),
  'PUT /api/orders/draft': () => ({ candidats: [candidatePayload()] }),
  'POST /api/orders/price': () => ({ candidats: [candidatePayload()] }),
  'POST /api/orders': () => orderPayload(),
  'PATCH /api/orders/{id}': () => ({
    mode_livraison: 'postal',
    date_livraison: today(),
    adresse_livraison: { ville: 'Bédoin' },
  }),
  'PATCH /api/candidates/{id}': () => ({ nom: 'Martin', epreuve: 'galerien' }),
  'POST /api/candidates/{id}/stamps': () => ({
    stamps: [
      {
        client_id: crypto.randomUUID(),
        control: 'foot-bedoin',
        at: new Date(Date.now() - 3_600_000).toISOString(),
        lat: 44.1253,
        lon: 5.1805,
        accuracy_m: 12,
      },
    ],
  }),
  'POST /api/admin/candidates/processed': () => ({ ids: [1] }),
  'POST /api/admin/candidates/send-documents': () => ({ ids: [1] }),
  'POST /api/admin/candidates/labels': () => ({ ids: [1] }),
  'POST /api/admin/print-jobs': () => ({ ids: [1] }),
  'POST /api/admin/scan': () => ({ text: '00000001-00' }),
  'POST /api/admin/candidates/{id}/homologate': () => ({
    date_passage: today(),
    epreuve_realisee: 'cingle',
    commentaire: 'Belle montée',
  }),
  'POST /api/admin/candidates/{id}/reject': () => ({ reason: 'Carte illisible' }),
  'PUT /api/admin/homologations/{id}': () => ({ date_passage: today(), commentaire: 'Corrigé' }),
  'POST /api/admin/homologations/{id}/cancel': () => ({ reason: 'Carte falsifiée' }),
  'POST /api/admin/orders/{id}/refunds': () => ({ candidate_ids: [1], reason: 'Blessure avant le départ' }),
  'POST /api/admin/orders/{id}/refunds/preview': () => ({
    candidate_ids: [1],
    reason: 'Blessure avant le départ',
  }),
  'POST /api/admin/refunds/{id}/withdraw': () => ({ candidate_ids: [1] }),
  // Every role: a grant takes nothing away, so no session of the run ends.
  'PUT /api/admin/users/{id}/roles': () => ({ roles: ['desk', 'president', 'treasurer', 'admin'] }),
  // Without If-Match every change is refused (400) before it is made: the settings stay as they are.
  'PATCH /api/admin/settings': () => ({ refund_fee_cents: 500, registrations_open: true }),
  'POST /api/admin/users/invitations': () => ({
    email: `invited.${crypto.randomBytes(4).toString('hex')}@example.org`,
    prenom: 'Lucie',
    nom: 'Martin',
    roles: ['desk'],
  }),
  'POST /api/admin/cancellation-requests/{id}/decline': () => ({ reason: 'Le kit est déjà parti' }),
  'POST /api/orders/{id}/cancellation-requests': () => ({ candidate_ids: [1], reason: 'Je me suis blessé' }),
  'POST /api/admin/homologations/batch': () => ({ items: [{ candidate_id: 1, date_passage: today() }] }),
  'POST /api/admin/candidates/{id}/evidence-requests': () => ({
    message: 'Pouvez-vous joindre votre trace ?',
  }),
  'POST /api/payments/{provider}/webhook': () => ({ type: 'payment', id: 1 }),
};

// ---------------------------------------------------------------------------------------------------------------
// Bad input.

/** Lone surrogates cannot be percent-encoded as UTF-8: they are sent as the bytes a careless client would send. */
function encodeComponent(value: string): string {
  return value
    .split(/([\ud800-\udfff])/)
    .map((part) => (/^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
}

const CANARY_QUERY = `canary-${crypto.randomBytes(6).toString('hex')}`;

/** Values that broke or could break a server: as they appear in a URL (already encoded). */
const badUrlValue = fc.oneof(
  fc.constantFrom(
    '2147483648',
    '2147483647',
    '4294967296',
    '9223372036854775808',
    '99999999999999999999999',
    '1e400',
    '-1',
    '0',
    '1.5',
    '0x10',
    'NaN',
    'Infinity',
    '%00',
    'a%00b',
    '%ED%A0%80',
    '%C0%AF',
    '%',
    '2024-02-30',
    '2023-02-29',
    '0000-01-01',
    '99999-01-01',
    '%27%20OR%201%3D1--',
    'x'.repeat(5000),
    CANARY_QUERY,
  ),
  fc.string({ unit: 'binary', maxLength: 12 }).map(encodeComponent),
);

const hugeText = 'Ventoux '.repeat(20_000);

/** Values that a JSON body may carry in place of a valid one. */
const badJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    '\u0000',
    'Mar\u0000tin',
    '\ud800',
    'Ventoux\udfff',
    '\ud83d',
    '',
    ' ',
    hugeText,
    '2024-02-30',
    '2023-02-29',
    '2024-13-01',
    '0000-01-01',
    '9999-12-31',
    '1970-01-01T00:00:00Z',
    2147483648,
    -2147483649,
    2 ** 53 + 2,
    1e308,
    -1,
    0,
    1.5,
    null,
    true,
    false,
    [],
    [null],
    {},
    { $ne: null },
    '__proto__',
  ),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 2 }),
);

/**
 * The catalogue every route receives in full, before the random cases: each dangerous value in each part of the
 * request (every body field, path parameter and query parameter), and each malformed body.
 */
const DANGEROUS_JSON: unknown[] = [
  'Mar\u0000tin',
  'Ventoux\ud800',
  2147483648,
  '2024-02-30',
  { nested: true },
  hugeText,
];
const DANGEROUS_URL = [
  '2147483648',
  '99999999999999999999',
  'a%00b',
  '%ED%A0%80',
  '-1',
  '2024-02-30',
  'x'.repeat(300),
];
const CATALOGUE_RAW = [
  { contentType: 'application/json', payload: '{"nom": "Mart' },
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: '[1,2]' },
  { contentType: 'application/json', payload: '{"nom":"\\u0000"}' },
  { contentType: 'text/plain', payload: 'hello' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'nom=Martin' },
];

function catalogue(route: Route): Mutation[] {
  const cases: Mutation[] = [];
  route.pathParams.forEach((_parameter, index) => {
    for (const value of DANGEROUS_URL) cases.push({ kind: 'param', index, value });
  });
  for (const parameter of route.query)
    for (const value of DANGEROUS_URL) cases.push({ kind: 'query', name: parameter.name, value });
  const valid = VALID_BODIES[routeName(route)]?.();
  if (valid !== undefined)
    leafPaths(valid).forEach((_path, index) => {
      for (const value of DANGEROUS_JSON) cases.push({ kind: 'field', index, value });
    });
  if (route.method !== 'GET') for (const raw of CATALOGUE_RAW) cases.push({ kind: 'raw', ...raw });
  return cases;
}

/** The role that passes the route's guard with the least rights: the catalogue is sent as that role. */
function catalogueRole(route: Route): Role {
  return route.adminOnly ? 'admin' : route.guarded ? 'user' : 'anonymous';
}

type Mutation =
  | { kind: 'param'; index: number; value: string }
  | { kind: 'query'; name: string | null; value: string }
  | { kind: 'field'; index: number; value: unknown }
  | { kind: 'raw'; contentType: string; payload: string }
  | { kind: 'root'; value: unknown };

const rawBodies = fc.constantFrom(
  { contentType: 'application/json', payload: '{"nom": "Mart' },
  { contentType: 'application/json', payload: '{"a":1}}' },
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: '{"nom":"\\u0000"}' },
  { contentType: 'application/json', payload: '{"nom":"\\ud800"}' },
  { contentType: 'application/json', payload: '{"__proto__":{"admin":true}}' },
  { contentType: 'application/json', payload: '{"constructor":{"prototype":{"x":1}}}' },
  { contentType: 'application/json', payload: '['.repeat(5000) },
  { contentType: 'application/json', payload: `{"x":"${'a'.repeat(1_100_000)}"}` },
  { contentType: 'application/json; charset=latin1', payload: '{"a":1}' },
  { contentType: 'text/plain', payload: 'hello' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'nom=Martin&email=a%40b.c' },
  {
    contentType: 'multipart/form-data; boundary=x',
    payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
  },
  { contentType: 'application/xml', payload: '<a/>' },
  { contentType: 'application/octet-stream', payload: '\u0000\u0001' },
  { contentType: 'nonsense', payload: 'x' },
);

/** Every leaf of a JSON value, as a path of keys and indexes. */
function leafPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value))
    return value.length ? value.flatMap((item, index) => leafPaths(item, [...prefix, index])) : [prefix];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...prefix, key]));
  return [prefix];
}

function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value)) {
    const copy: unknown[] = [...value];
    copy[Number(head)] = replaceAt(copy[Number(head)], rest, replacement);
    return copy;
  }
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  copy[head] = replaceAt(copy[head], rest, replacement);
  return copy;
}

function mutations(route: Route): fc.Arbitrary<Mutation> {
  const choices: fc.Arbitrary<Mutation>[] = [
    fc.record({
      kind: fc.constant('query' as const),
      name: fc.option(fc.constantFrom(...route.query.map((parameter) => parameter.name), 'id'), {
        nil: null,
      }),
      value: badUrlValue,
    }),
  ];
  if (route.pathParams.length)
    choices.push(
      fc.record({
        kind: fc.constant('param' as const),
        index: fc.nat(route.pathParams.length - 1),
        value: badUrlValue,
      }),
    );
  if (route.method !== 'GET') {
    choices.push(rawBodies.map((raw) => ({ kind: 'raw' as const, ...raw })));
    choices.push(fc.record({ kind: fc.constant('root' as const), value: badJsonValue }));
  }
  if (route.hasBody)
    choices.push(
      fc.record({ kind: fc.constant('field' as const), index: fc.nat(1000), value: badJsonValue }),
      fc.record({ kind: fc.constant('field' as const), index: fc.nat(1000), value: badJsonValue }),
    );
  return fc.oneof(...choices);
}

function requestOf(route: Route, mutation: Mutation): InjectOptions {
  let url = route.path;
  route.pathParams.forEach((parameter, index) => {
    const value =
      mutation.kind === 'param' && mutation.index === index
        ? mutation.value
        : encodeComponent(validParameter(parameter));
    url = url.replace(`{${parameter.name}}`, value);
  });
  const query = route.query
    .filter((parameter) => parameter.required)
    .map((parameter) => [parameter.name, encodeComponent(validParameter(parameter))]);
  if (mutation.kind === 'query') {
    const name = mutation.name ?? 'extra';
    const kept = query.filter(([key]) => key !== name);
    query.length = 0;
    query.push(...kept, [name, mutation.value]);
  }
  if (query.length) url += `?${query.map(([key, value]) => `${key}=${value}`).join('&')}`;

  const request: InjectOptions = { method: route.method as InjectOptions['method'], url };
  const valid = VALID_BODIES[routeName(route)]?.();
  if (mutation.kind === 'raw') {
    request.headers = { 'content-type': mutation.contentType };
    request.payload = mutation.payload;
  } else if (mutation.kind === 'root') {
    request.headers = { 'content-type': 'application/json' };
    request.payload = JSON.stringify(mutation.value) ?? 'undefined';
  } else if (mutation.kind === 'field' && valid !== undefined) {
    const paths = leafPaths(valid);
    request.payload = replaceAt(valid, paths[mutation.index % paths.length]!, mutation.value) as object;
  } else if (valid !== undefined) {
    request.payload = valid as object;
  }
  return request;
}

// ---------------------------------------------------------------------------------------------------------------
// What no answer may show.

const INTERNALS =
  /drizzle|pglite|postgres|node_modules|\/work\/|\bat \/|\bat file:|\bat async\b|\.ts:\d+|Failed query|\bselect\b[^"]*\bfrom\b|\binsert into\b|\bupdate\b[^"]*\bset\b|\bdelete from\b|syntax error|relation "|violates|sqlstate/i;

const figures = { requests: 0, fiveXX: new Set<string>() };

function describeRequest(request: InjectOptions): string {
  const payload = typeof request.payload === 'string' ? request.payload : JSON.stringify(request.payload);
  return `${request.method} ${request.url} ${(payload ?? '').slice(0, 200)}`;
}

async function send(route: Route, role: Role, mutation: Mutation) {
  const request = requestOf(route, mutation);
  request.headers = { ...request.headers, ...(await authOf(role, route)) };
  const response = await t.app.inject(request);
  figures.requests += 1;
  if (response.statusCode >= 500)
    figures.fiveXX.add(`${role}: ${response.statusCode} ${describeRequest(request)}`);
  const type = String(response.headers['content-type'] ?? '');
  const body = type.startsWith('application/pdf') ? '' : response.body;
  return { request, response, body };
}

describe.each(ROLES)('bad input as %s', (role) => {
  describe.each(routes.map((route) => [routeName(route), route] as const))('%s', (_name, route) => {
    const examples =
      role === catalogueRole(route) ? catalogue(route).map((mutation) => [mutation] as [Mutation]) : [];
    test.prop([mutations(route)], { numRuns: examples.length + RUNS, seed: SEED, examples })(
      'no 5xx, no internals, guards first',
      async (mutation) => {
        const { request, response, body } = await send(route, role, mutation);
        const context = `${role} ${describeRequest(request)} -> ${response.statusCode} ${body.slice(0, 300)}`;
        if (COLLECT) return;
        expect(response.statusCode, context).toBeLessThan(500);
        expect(body, context).not.toMatch(INTERNALS);
        // A path that is not valid UTF-8, or an empty segment, reaches no route: there is no guard to run.
        const routed = !/"code":"(bad_url|not_found)","message":"(Malformed address|No route)/.test(body);
        if (routed && route.guarded && role === 'anonymous') expect(response.statusCode, context).toBe(401);
        if (routed && route.adminOnly && role === 'user') expect(response.statusCode, context).toBe(403);
      },
    );
  });
});

describe('the suite itself', () => {
  it('covers every route of the OpenAPI document, with a valid body for each route that takes one', () => {
    expect(routes.length).toBeGreaterThan(30);
    const missing = routes.filter((route) => route.hasBody && !VALID_BODIES[routeName(route)]);
    expect(missing.map(routeName)).toEqual([]);
  });

  it('logged nothing secret meanwhile: no password, hash, token, phone, address or query string', () => {
    const log = logLines.join('');
    expect(log.length).toBeGreaterThan(0);
    const secrets = [
      PASSWORD,
      'Wrong-password1',
      '$argon2id$',
      ...sessionTokens,
      user.tel,
      admin.tel,
      user.adresse,
      candidatePayload().portable,
      candidatePayload().adresse,
      CANARY_QUERY,
    ];
    for (const secret of secrets) expect(log.includes(secret), `log holds ${secret}`).toBe(false);
  });

  it('reports its figures', () => {
    const catalogued = routes.reduce((sum, route) => sum + catalogue(route).length, 0);
    const cases = routes.length * ROLES.length * RUNS + catalogued;
    const summary =
      `fuzz: ${routes.length} routes x ${ROLES.length} roles x ${RUNS} generated cases + ${catalogued} ` +
      `catalogue cases = ${cases} cases, ${figures.requests} requests, ${figures.fiveXX.size} distinct requests answered 5xx`;
    process.stdout.write(`${summary}\n`);
    if (REPORT) fs.writeFileSync(REPORT, [...figures.fiveXX].join('\n'));
    expect(figures.requests).toBeGreaterThanOrEqual(cases);
  });
});
