/**
 * Passkeys (issue 42; decision 0050): adding one (a first factor makes the recovery codes; another needs a recent
 * factor), signing in with one alone or after the password, a step-up, removing one, and every answer refused: a
 * replayed or forged challenge, another site's origin, a device that did not verify its user, another person's
 * passkey. The passkey is made as an authenticator makes one (tests/support/passkey.ts).
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../contracts/cookies.ts';
import { MAX_PASSKEYS } from '../../domain/passkeys.ts';
import {
  auditLog,
  mailOutbox,
  passkeyChallenges,
  passkeys,
  recoveryCodes,
  secondFactors,
  sessions,
} from '../../server/db/schema/index.ts';
import { type SecondFactorEvent, secondFactorEmail } from '../../server/mail/security-templates.ts';
import { relyingPartyOf } from '../../server/services/accounts/passkey-ceremonies.ts';
import { hashToken } from '../../server/services/accounts/tokens.ts';
import { SoftPasskey } from '../support/passkey.ts';
import { totpCode } from '../support/second-factor.ts';
import { readZip } from '../support/zip.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import { PASSWORD, signedInStaff, signedInUser, signUp } from '../support/users.ts';
import { CLI } from '../../server/services/guards.ts';

let t: TestApp;
let origin: string;
beforeAll(async () => {
  // Many sign-ins from one address in one file: the per-IP budget of one person would run out.
  t = await createTestApp({ RATE_LIMIT_IP_FACTOR: '50' });
  origin = relyingPartyOf(t.config.publicUrl, '').origin;
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const post = (url: string, payload: object, headers: Headers = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const codeOf = (response: { json: () => { error?: { code?: string } } }) => response.json().error?.code;

/** Adds a new passkey to the account of `headers`' session; answers the passkey and the API's answer. */
async function addPasskey(headers: Headers, name?: string) {
  const passkey = new SoftPasskey(origin);
  // A first factor asks the password; a further one ignores it.
  const options = await post('/api/me/passkeys/options', { current_password: PASSWORD }, headers);
  expect(options.statusCode, options.body).toBe(200);
  const added = await post('/api/me/passkeys', { response: passkey.register(options.json()), name }, headers);
  return { passkey, added };
}

/** A rider whose only second factor is a passkey. */
async function riderWithPasskey() {
  const rider = await signedInUser(t);
  const { passkey, added } = await addPasskey(rider.auth, 'Téléphone');
  expect(added.statusCode, added.body).toBe(201);
  return { ...rider, passkey, recoveryCodes: added.json().recovery_codes as string[] };
}

async function ageSession(token: string, minutes: number) {
  await t.db
    .update(sessions)
    .set({ secondFactorAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(sessions.tokenHash, hashToken(token)));
}

async function signInOptions(ticket?: string) {
  const options = await post('/api/login/passkey/options', ticket ? { ticket } : {});
  expect(options.statusCode, options.body).toBe(200);
  return options.json() as { challenge: string; rpId: string; allowCredentials?: { id: string }[] };
}

async function securityMails(email: string, event: SecondFactorEvent) {
  const { subject } = secondFactorEmail('fr', t.config.publicUrl, { prenom: '', event });
  const mails = await t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.id));
  return mails.filter((mail) => mail.subject === subject).length;
}

describe('adding a passkey', () => {
  it('keeps a first passkey, counts the session as passed, makes ten recovery codes and tells its owner', async () => {
    const rider = await signedInUser(t);
    // A passkey signs in without the password: a first one asks it, so that a stolen session cannot plant one.
    for (const current_password of [undefined, 'Wrong-password1']) {
      const refused = await post('/api/me/passkeys/options', { current_password }, rider.auth);
      expect(refused.statusCode).toBe(400);
      expect(codeOf(refused)).toBe('wrong_current_password');
    }
    const options = await post('/api/me/passkeys/options', { current_password: PASSWORD }, rider.auth);
    expect(options.json()).toMatchObject({
      rp: { id: 'localhost' },
      user: { name: rider.email },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      excludeCredentials: [],
    });
    // Ed25519, ES256, RS256: not ML-DSA, which Node's crypto marks experimental.
    expect(options.json().pubKeyCredParams.map((param: { alg: number }) => param.alg)).toEqual([
      -8, -7, -257,
    ]);
    const passkey = new SoftPasskey(origin);
    const added = await post(
      '/api/me/passkeys',
      { response: passkey.register(options.json()), name: 'Téléphone' },
      rider.auth,
    );
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toEqual({
      passkey: {
        id: expect.any(Number),
        name: 'Téléphone',
        created_at: expect.any(String),
        last_used_at: null,
        backed_up: false,
      },
      recovery_codes: expect.any(Array),
    });
    expect(added.json().recovery_codes).toHaveLength(10);
    const status = await t.app.inject({ method: 'GET', url: '/api/me/second-factors', headers: rider.auth });
    expect(status.json()).toMatchObject({
      totp: null,
      recovery_codes_left: 10,
      passkeys: [{ name: 'Téléphone' }],
    });
    expect((await t.services.sessions.findUser(rider.token))?.secondFactorAt).not.toBeNull();
    expect(await securityMails(rider.email, 'passkey_added')).toBe(1);
    // The public key never leaves the server.
    const [stored] = await t.db.select().from(passkeys).where(eq(passkeys.credentialId, passkey.id));
    expect(JSON.stringify(status.json())).not.toContain(Buffer.from(stored!.publicKey).toString('base64url'));
  });

  it('asks a recent factor before another, excludes the ones held, and makes no new codes', async () => {
    const rider = await riderWithPasskey();
    await ageSession(rider.token, 16);
    const stale = await post('/api/me/passkeys/options', {}, rider.auth);
    expect(stale.statusCode).toBe(403);
    expect(codeOf(stale)).toBe('reauthentication_required');
    // So does an authenticator app.
    expect(codeOf(await post('/api/me/second-factors/totp', {}, rider.auth))).toBe(
      'reauthentication_required',
    );

    const stepUp = await post('/api/me/passkeys/verify/options', {}, rider.auth);
    expect(stepUp.json().allowCredentials).toEqual([
      { id: rider.passkey.id, type: 'public-key', transports: ['internal'] },
    ]);
    const verified = await post(
      '/api/me/passkeys/verify',
      { response: rider.passkey.authenticate(stepUp.json()) },
      rider.auth,
    );
    expect(verified.statusCode, verified.body).toBe(204);

    const options = await post('/api/me/passkeys/options', {}, rider.auth);
    expect(options.json().excludeCredentials).toEqual([expect.objectContaining({ id: rider.passkey.id })]);
    const second = new SoftPasskey(origin);
    const added = await post('/api/me/passkeys', { response: second.register(options.json()) }, rider.auth);
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ passkey: { name: '' }, recovery_codes: null });
    // The same passkey twice is one passkey.
    const again = await post('/api/me/passkeys/options', {}, rider.auth);
    const duplicate = await post('/api/me/passkeys', { response: second.register(again.json()) }, rider.auth);
    expect(duplicate.statusCode).toBe(409);
    expect(codeOf(duplicate)).toBe('passkey_exists');
  });

  it('never lets a session that did not pass the factor finish an app set-up left pending', async () => {
    const rider = await signedInUser(t);
    const started = await post('/api/me/second-factors/totp', {}, rider.auth);
    expect(started.statusCode).toBe(201);
    const { passkey } = await addPasskey(rider.auth);
    // Adding the passkey dropped the pending set-up.
    expect(await t.db.select().from(secondFactors).where(eq(secondFactors.userId, rider.id))).toEqual([]);

    // Started again after a step-up, then left; a stale session neither reads its secret nor confirms it.
    const restarted = await post('/api/me/second-factors/totp', {}, rider.auth);
    expect(restarted.statusCode).toBe(201);
    await ageSession(rider.token, 16);
    const status = await t.app.inject({ method: 'GET', url: '/api/me/second-factors', headers: rider.auth });
    expect(status.json().pending).toBeNull();
    const confirm = await post(
      '/api/me/second-factors/totp/confirm',
      { code: totpCode(restarted.json().secret) },
      rider.auth,
    );
    expect(confirm.statusCode).toBe(403);
    expect(codeOf(confirm)).toBe('reauthentication_required');
    expect(passkey.id).toEqual(expect.any(String));
  });

  it(`keeps at most ${MAX_PASSKEYS} passkeys`, async () => {
    const rider = await riderWithPasskey();
    const [held] = await t.db.select().from(passkeys).where(eq(passkeys.credentialId, rider.passkey.id));
    await t.db.insert(passkeys).values(
      Array.from({ length: MAX_PASSKEYS - 1 }, (_, index) => ({
        ...held!,
        id: undefined,
        credentialId: `${held!.credentialId}-${index}`,
      })),
    );
    const full = await post('/api/me/passkeys/options', {}, rider.auth);
    expect(full.statusCode).toBe(409);
    expect(codeOf(full)).toBe('passkey_limit');
  });

  it('refuses an answer to a challenge it did not give, from another origin, or without user verification', async () => {
    const rider = await signedInUser(t);
    const options = (
      await post('/api/me/passkeys/options', { current_password: PASSWORD }, rider.auth)
    ).json();
    const forged = { ...options, challenge: Buffer.from('not from the site').toString('base64url') };
    const refused = await post(
      '/api/me/passkeys',
      { response: new SoftPasskey(origin).register(forged) },
      rider.auth,
    );
    expect(refused.statusCode).toBe(400);
    expect(codeOf(refused)).toBe('passkey_invalid');
    const elsewhere = await post(
      '/api/me/passkeys',
      { response: new SoftPasskey('https://evil.example').register(options) },
      rider.auth,
    );
    expect(codeOf(elsewhere)).toBe('passkey_invalid');
    // The challenge was spent by the refused answer: a good one to it is refused too.
    const late = await post(
      '/api/me/passkeys',
      { response: new SoftPasskey(origin).register(options) },
      rider.auth,
    );
    expect(codeOf(late)).toBe('passkey_invalid');
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, rider.id))).toEqual([]);
  });

  it('answers 401 signed out and 400 for an answer of any other shape', async () => {
    expect((await post('/api/me/passkeys/options', {})).statusCode).toBe(401);
    expect((await post('/api/me/passkeys', {})).statusCode).toBe(401);
    const rider = await signedInUser(t);
    for (const response of [null, {}, 'x', { id: 'a', rawId: 'a', type: 'public-key', response: {} }]) {
      const refused = await post('/api/me/passkeys', { response }, rider.auth);
      expect(refused.statusCode, JSON.stringify(response)).toBe(400);
    }
    // No body at all: refused as a body of the wrong shape, not an error of ours.
    const bare = await t.app.inject({ method: 'POST', url: '/api/me/passkeys/options', headers: rider.auth });
    expect(bare.statusCode).toBe(400);
    const long = await post('/api/me/passkeys', { response: {}, name: 'x'.repeat(61) }, rider.auth);
    expect(long.statusCode).toBe(400);
  });
});

describe('signing in with a passkey', () => {
  it('signs in without the password: any passkey of the site may answer, and the session has passed its factor', async () => {
    const rider = await riderWithPasskey();
    const options = await signInOptions();
    expect(options.allowCredentials).toBeUndefined();
    expect(options.rpId).toBe('localhost');
    const signedIn = await post('/api/login/passkey', { response: rider.passkey.authenticate(options) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.httpOnly).toBe(true);
    const user = await t.services.sessions.findUser(signedIn.json().token);
    expect(user).toMatchObject({ email: rider.email, hasSecondFactor: true, secondFactorRecent: true });
    const [stored] = await t.db.select().from(passkeys).where(eq(passkeys.credentialId, rider.passkey.id));
    expect(stored).toMatchObject({ counter: 1, lastUsedAt: expect.any(Date) });
  });

  it('is the second step after the password: the ticket names the account’s passkeys and is spent once', async () => {
    const rider = await riderWithPasskey();
    const login = await post('/api/login', { email: rider.email, password: PASSWORD });
    expect(login.json()).toEqual({
      second_factor: 'required',
      ticket: expect.any(String),
      methods: ['passkey', 'recovery_code'],
    });
    const { ticket } = login.json();
    const options = await signInOptions(ticket);
    expect(options.allowCredentials?.map((credential) => credential.id)).toEqual([rider.passkey.id]);
    const signedIn = await post('/api/login/passkey', {
      ticket,
      response: rider.passkey.authenticate(options),
    });
    expect(signedIn.statusCode).toBe(200);
    const again = await post('/api/login/passkey', {
      ticket,
      response: rider.passkey.authenticate(await signInOptions()),
    });
    expect(again.statusCode).toBe(401);
    expect(codeOf(again)).toBe('ticket_expired');
  });

  it('refuses a replayed answer, a device that did not verify its user, another account’s passkey and an unknown one', async () => {
    const rider = await riderWithPasskey();
    const other = await riderWithPasskey();
    const options = await signInOptions();
    const answer = rider.passkey.authenticate(options);
    expect((await post('/api/login/passkey', { response: answer })).statusCode).toBe(200);
    const replayed = await post('/api/login/passkey', { response: answer });
    expect(replayed.statusCode).toBe(400);
    expect(codeOf(replayed)).toBe('passkey_invalid');

    const unverified = rider.passkey.authenticate(await signInOptions(), { userVerified: false });
    expect(codeOf(await post('/api/login/passkey', { response: unverified }))).toBe('passkey_invalid');

    const { ticket } = (await post('/api/login', { email: rider.email, password: PASSWORD })).json();
    const wrongPerson = other.passkey.authenticate(await signInOptions(ticket));
    expect(codeOf(await post('/api/login/passkey', { ticket, response: wrongPerson }))).toBe(
      'passkey_invalid',
    );

    const stranger = new SoftPasskey(origin).authenticate(await signInOptions());
    expect(codeOf(await post('/api/login/passkey', { response: stranger }))).toBe('passkey_invalid');
    expect(codeOf(await post('/api/login/passkey/options', { ticket: 'x'.repeat(40) }))).toBe(
      'ticket_expired',
    );
  });

  it('spends each challenge once, also for a synced passkey whose counter stays at 0, and only within five minutes', async () => {
    const rider = await signedInUser(t);
    const synced = new SoftPasskey(origin, { synced: true });
    const options = (
      await post('/api/me/passkeys/options', { current_password: PASSWORD }, rider.auth)
    ).json();
    expect(
      (await post('/api/me/passkeys', { response: synced.register(options) }, rider.auth)).statusCode,
    ).toBe(201);

    const signIn = await signInOptions();
    expect((await post('/api/login/passkey', { response: synced.authenticate(signIn) })).statusCode).toBe(
      200,
    );
    // A new signature over the same challenge: the counter cannot tell, the spent challenge does.
    const again = await post('/api/login/passkey', { response: synced.authenticate(signIn) });
    expect(codeOf(again)).toBe('passkey_invalid');

    const stepUp = (await post('/api/me/passkeys/verify/options', {}, rider.auth)).json();
    const verify = () =>
      post('/api/me/passkeys/verify', { response: synced.authenticate(stepUp) }, rider.auth);
    expect((await verify()).statusCode).toBe(204);
    expect(codeOf(await verify())).toBe('passkey_invalid');

    const late = await signInOptions();
    await t.db.update(passkeyChallenges).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(codeOf(await post('/api/login/passkey', { response: synced.authenticate(late) }))).toBe(
      'passkey_invalid',
    );
  });

  it('lets a person of the back office with only a passkey work', async () => {
    const desk = await signUp(t);
    await t.services.accounts.setRolesByEmail(CLI, desk.email, ['desk']);
    const login = await post('/api/login', { email: desk.email, password: PASSWORD });
    expect(login.json().second_factor).toBe('setup_required');
    const token = login.json().token as string;
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/admin/candidates?list=traitements',
      headers: bearer(token),
    });
    expect(codeOf(refused)).toBe('second_factor_required');
    const { passkey } = await addPasskey(bearer(token));
    const open = await t.app.inject({
      method: 'GET',
      url: '/api/admin/candidates?list=traitements',
      headers: bearer(token),
    });
    expect(open.statusCode).toBe(200);
    const signedIn = await post('/api/login/passkey', {
      response: passkey.authenticate(await signInOptions()),
    });
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/admin/candidates?list=traitements',
      headers: bearer(signedIn.json().token),
    });
    expect(again.statusCode).toBe(200);
  });
});

describe('removing a passkey', () => {
  it('needs a recent factor, answers 404 for another person’s, and takes the recovery codes with the last one', async () => {
    const rider = await riderWithPasskey();
    const other = await riderWithPasskey();
    const [held] = await t.db.select().from(passkeys).where(eq(passkeys.credentialId, rider.passkey.id));
    const [theirs] = await t.db.select().from(passkeys).where(eq(passkeys.credentialId, other.passkey.id));
    const remove = (id: number) =>
      t.app.inject({ method: 'DELETE', url: `/api/me/passkeys/${id}`, headers: rider.auth });
    expect((await remove(theirs!.id)).statusCode).toBe(404);
    await ageSession(rider.token, 16);
    expect(codeOf(await remove(held!.id))).toBe('reauthentication_required');
    await ageSession(rider.token, 0);
    expect((await remove(held!.id)).statusCode).toBe(204);
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, rider.id))).toEqual([]);
    expect(await securityMails(rider.email, 'passkey_removed')).toBe(1);
    // Back to the password alone.
    expect((await post('/api/login', { email: rider.email, password: PASSWORD })).json().token).toEqual(
      expect.any(String),
    );
    expect((await t.db.select().from(passkeys).where(eq(passkeys.id, theirs!.id))).length).toBe(1);
  });

  it('goes with an administrator’s reset of a lost factor, which the audit log names', async () => {
    const admin = await signedInStaff(t, ['admin']);
    const rider = await riderWithPasskey();
    const reset = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${rider.id}/second-factors`,
      headers: admin.auth,
    });
    expect(reset.statusCode).toBe(204);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, rider.id))).toEqual([]);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.second_factor_reset'), eq(auditLog.entityId, String(rider.id))));
    expect(entry?.before).toEqual({ second_factors: ['passkey'] });
  });

  it('refuses a step-up with another person’s passkey', async () => {
    const rider = await riderWithPasskey();
    const other = await riderWithPasskey();
    const options = (await post('/api/me/passkeys/verify/options', {}, rider.auth)).json();
    const refused = await post(
      '/api/me/passkeys/verify',
      { response: other.passkey.authenticate(options) },
      rider.auth,
    );
    expect(refused.statusCode).toBe(400);
    expect(codeOf(refused)).toBe('passkey_invalid');
    const none = await signedInUser(t);
    expect(codeOf(await post('/api/me/passkeys/verify/options', {}, none.auth))).toBe('no_passkey');
  });
});

describe('the copy of one’s data', () => {
  it('names each passkey and its dates, never its key', async () => {
    const rider = await riderWithPasskey();
    const copy = await t.app.inject({ method: 'GET', url: '/api/me/export', headers: rider.auth });
    const records = readZip(copy.rawPayload).json('second_factor.json').records;
    expect(records).toContainEqual({
      kind: 'passkey',
      name: 'Téléphone',
      backed_up: false,
      created_at: expect.any(String),
      last_used_at: null,
    });
    const text = JSON.stringify(records);
    const [stored] = await t.db.select().from(passkeys).where(eq(passkeys.credentialId, rider.passkey.id));
    expect(text).not.toContain(Buffer.from(stored!.publicKey).toString('base64'));
    expect(text).not.toContain(rider.passkey.id);
  });
});
