/**
 * A copy of everything the site holds about a person (decision 0043): `GET /api/me/export` for a buyer, a rider
 * registered by someone else, a laureate and a Strava user; what it never holds; who may have it; its rate limit.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI } from '../../server/services/guards.ts';
import { activityConnections, candidates, payments, sessions, users } from '../../server/db/schema/index.ts';
import { addLaureates, laureateRecord } from '../support/laureates.ts';
import { candidatePayload, minorCandidate } from '../support/orders.ts';
import { paidOrder } from '../support/registrations.ts';
import { cingleRide } from '../support/rides.ts';
import { phoneStamp, yesterdayAt } from '../support/stamps.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import { toGpx } from '../support/track-files.ts';
import { signedInAdmin, signedInUser, verifiedUser } from '../support/users.ts';
import { readZip } from '../support/zip.ts';

let t: TestApp;
type User = Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  // Every person of the file signs in from the same address.
  t = await createTestApp({ RATE_LIMIT_IP_FACTOR: '50' });
});
afterAll(async () => {
  await t.close();
});

async function exportOf(user: User) {
  const response = await t.app.inject({ method: 'GET', url: '/api/me/export', headers: user.auth });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  expect(response.headers['content-disposition']).toMatch(
    /^attachment; filename="cingles-ventoux-data-\d{4}-\d{2}-\d{2}\.zip"$/,
  );
  expect(response.headers['cache-control']).toBe('no-store');
  return readZip(response.rawPayload);
}

const gpx = toGpx(cingleRide(undefined, { sampleS: 60 }).points);

describe('GET /api/me/export', () => {
  let buyer: User;
  let rider: User;
  let riderCandidateId: number;
  let minorCandidateId: number;

  beforeAll(async () => {
    buyer = await verifiedUser(t, { prenom: 'Bernard', nom: 'Acheteur' });
    rider = await verifiedUser(t, { prenom: 'Rose', nom: 'Inscrite' });
    const order = await paidOrder(t, buyer, {
      candidats: [
        candidatePayload({ email: buyer.email, prenom: 'Bernard', nom: 'Acheteur' }),
        candidatePayload({ email: rider.email, prenom: 'Rose', nom: 'Inscrite' }),
        minorCandidate({ email: 'minor.export@example.org', prenom: 'Lou' }),
      ],
    });
    riderCandidateId = order.candidats[1]!.id;
    minorCandidateId = order.candidats[2]!.id;
    const attached = await t.app.inject({
      method: 'POST',
      url: `/api/candidates/${order.candidats[0]!.id}/track`,
      headers: { ...buyer.auth, 'content-type': 'application/gpx+xml' },
      payload: Buffer.from(gpx),
      remoteAddress: '10.33.0.1',
    });
    expect(attached.statusCode, attached.body).toBe(200);
    const stamped = await t.app.inject({
      method: 'POST',
      url: `/api/candidates/${order.candidats[0]!.id}/stamps`,
      headers: buyer.auth,
      payload: { stamps: [phoneStamp('foot-bedoin', yesterdayAt(2), { client_id: 'export-stamp-1' })] },
    });
    expect(stamped.statusCode, stamped.body).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/me/export' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthorized');
  });

  it("gives a buyer their account, orders with candidates and payments, rides, sessions, mail and history, with a README in the account's language", async () => {
    const zip = await exportOf(buyer);
    expect(zip.names).toEqual(
      expect.arrayContaining([
        'README.txt',
        'account.json',
        'orders.json',
        'sessions.json',
        'rides.json',
        'mail.json',
        'audit.json',
      ]),
    );
    expect(zip.json('account.json').records).toEqual([
      expect.objectContaining({ email: buyer.email, prenom: 'Bernard', nom: 'Acheteur', locale: 'fr' }),
    ]);
    const [order] = zip.json<{
      records: {
        status: string;
        candidates: { id: number; prenom: string; guardian_consent: { decision: string } | null }[];
        payments: { status: string }[];
      }[];
    }>('orders.json').records;
    expect(order!.status).toBe('paid');
    expect(order!.candidates.map((candidate) => candidate.prenom)).toEqual(['Bernard', 'Rose', 'Lou']);
    expect(order!.payments.map((payment) => payment.status)).toContain('confirmed');
    // The guardian consent the buyer asked for is with the minor's registration.
    const minor = order!.candidates.find((candidate) => candidate.id === minorCandidateId);
    expect(minor?.guardian_consent?.decision).toBe('confirmed');

    const [ride] = zip.json('rides.json').records;
    expect(ride).toMatchObject({
      format: 'gpx',
      source: 'upload',
      file: expect.stringMatching(/^rides\/\d+\.gpx$/),
    });
    expect(new TextDecoder().decode(zip.bytes(ride!.file as string))).toBe(gpx);

    expect(zip.json('route_card_stamps.json').records).toEqual([
      expect.objectContaining({
        client_id: 'export-stamp-1',
        control: 'foot-bedoin',
        status: 'accepted',
        accuracy_m: 12,
        flags: [],
      }),
    ]);

    expect(zip.json('sessions.json').records.length).toBeGreaterThan(0);
    expect(zip.json('mail.json').records.map((mail) => mail.to)).toContain(buyer.email);
    expect(zip.json('audit.json').records.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['user.verify_email']),
    );

    const readme = zip.text('README.txt')!;
    expect(readme).toContain('Vos données au Club des Cinglés du Mont-Ventoux');
    expect(readme).toContain('- orders.json: Commandes et paiements.');
    expect(readme).toContain('contact@clubcinglesventoux.org');
  });

  it('gives a rider registered by someone else their registration, not the buyer’s order', async () => {
    const zip = await exportOf(rider);
    expect(zip.json('orders.json').records).toEqual([]);
    const registrations = zip.json('registrations.json').records;
    expect(registrations).toEqual([
      expect.objectContaining({ id: riderCandidateId, prenom: 'Rose', email: rider.email }),
    ]);
    const text = zip.everything();
    expect(text).not.toContain('Bernard');
    expect(text).not.toContain('adresse_facturation');
    expect(text).not.toContain('Lou');
  });

  it('leaves a stranger’s copy without anyone else’s data', async () => {
    const stranger = await verifiedUser(t);
    const zip = await exportOf(stranger);
    expect(zip.json('orders.json').records).toEqual([]);
    expect(zip.json('registrations.json').records).toEqual([]);
    expect(zip.json('rides.json').records).toEqual([]);
    const text = zip.everything();
    for (const name of ['Bernard', 'Rose', 'Lou', buyer.email, rider.email]) expect(text).not.toContain(name);
  });

  it('gives a laureate their records and homologations, once their address is verified', async () => {
    const email = 'laureate.export@example.org';
    await addLaureates(t, [
      laureateRecord({ email, prenom: 'Aline', nom: 'Lauréate', epreuve: 'cingle', numero: 424_242 }),
    ]);
    const unverified = await signedInUser(t, { email });
    const before = await exportOf(unverified);
    expect(before.json('laureates.json').records).toEqual([]);
    expect(before.names).not.toContain('mail.json');
    expect(before.text('README.txt')).toContain("Votre adresse e-mail n'est pas encore confirmée");

    const laureate = await verifiedUser(t, { email: 'laureate.verified@example.org' });
    await addLaureates(t, [
      laureateRecord({
        email: laureate.email.toUpperCase(),
        prenom: 'Aline',
        nom: 'Vérifiée',
        epreuve: 'galerien',
        numero: 424_243,
      }),
    ]);
    const [record] = (await exportOf(laureate)).json<{
      records: { nom: string; homologations: { epreuve: string; numero: number }[] }[];
    }>('laureates.json').records;
    expect(record).toMatchObject({
      nom: 'Vérifiée',
      homologations: [{ epreuve: 'galerien', numero: 424_243 }],
    });
  });

  it('gives a Strava user their athlete id and dates, never the tokens', async () => {
    const athlete = await signedInUser(t, { locale: 'gb' });
    await t.db.update(users).set({ locale: 'gb' }).where(eq(users.id, athlete.id));
    await t.db.insert(activityConnections).values({
      userId: athlete.id,
      provider: 'strava',
      athleteId: '987654',
      accessToken: new TextEncoder().encode('sealed-access-token'),
      refreshToken: new TextEncoder().encode('sealed-refresh-token'),
      expiresAt: new Date(Date.now() + 3_600_000),
      scope: 'read,activity:read_all',
    });
    const zip = await exportOf(athlete);
    expect(zip.json('activity_connections.json').records).toEqual([
      expect.objectContaining({ provider: 'strava', athlete_id: '987654', scope: 'read,activity:read_all' }),
    ]);
    const text = zip.everything();
    expect(text).not.toContain('sealed-');
    expect(text).not.toMatch(/access_token|refresh_token/);
    expect(zip.text('README.txt')).toContain('Your data at the Club des Cinglés du Mont-Ventoux');
  });

  it('never holds a password hash, a session token or its hash, a route card secret or a provider reference', async () => {
    const zip = await exportOf(buyer);
    const text = zip.everything();
    const [account] = await t.db.select().from(users).where(eq(users.id, buyer.id));
    const ownSessions = await t.db.select().from(sessions).where(eq(sessions.userId, buyer.id));
    const registrations = await t.db.select().from(candidates).where(eq(candidates.email, buyer.email));
    const attempts = await t.db.select().from(payments);
    const secrets = [
      account!.passwordHash,
      buyer.token,
      ...ownSessions.map((session) => session.tokenHash),
      ...registrations.map((registration) => registration.scanToken),
      ...attempts.flatMap((attempt) => (attempt.providerRef ? [attempt.providerRef] : [])),
    ];
    expect(secrets.length).toBeGreaterThan(3);
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/password|token_hash|scan_token|provider_ref/i);
  });

  it('gives a laureate without an account, writing by post, their records (data:export)', async () => {
    const email = 'by.post@example.org';
    await addLaureates(t, [laureateRecord({ email, nom: 'Postale', epreuve: 'bicingle', numero: 424_244 })]);
    const copy = await t.services.dataExport.forAddress(CLI, email, 'it');
    const zip = readZip(copy.bytes);
    expect(zip.names).not.toContain('account.json');
    expect(zip.json('laureates.json').records).toEqual([expect.objectContaining({ nom: 'Postale' })]);
    expect(zip.text('README.txt')).toContain('I Suoi dati presso il Club des Cinglés du Mont-Ventoux');
  });

  it('is rate-limited per account: 429 with Retry-After', async () => {
    const person = await signedInUser(t);
    const ask = () => t.app.inject({ method: 'GET', url: '/api/me/export', headers: person.auth });
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await ask()).statusCode).toBe(200);
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('what was asked and given back about a registration', () => {
  it('is in the buyer’s copy: the club’s request about a ride, a request to cancel, a refund; never in a stranger’s', async () => {
    const admin = await signedInAdmin(t);
    const buyer = await verifiedUser(t, { prenom: 'Agnès', nom: 'Rembourse' });
    const stranger = await verifiedUser(t, { prenom: 'Hugo', nom: 'Ailleurs' });
    // Posted kits: a registration can be cancelled until its kit goes out.
    const order = await paidOrder(t, buyer, {
      mode_livraison: 'postal',
      candidats: [
        candidatePayload({ email: buyer.email, prenom: 'Agnès', nom: 'Rembourse' }),
        candidatePayload({ email: 'ami.rembourse@example.org', prenom: 'Paul', nom: 'Ami' }),
      ],
    });
    const mine = order.candidats[0]!;
    const friend = order.candidats[1]!;
    const post = (url: string, payload: object, headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url, payload, headers });
    expect(
      (
        await post(
          `/api/admin/candidates/${mine.id}/evidence-requests`,
          { message: 'Votre trace ?' },
          admin.auth,
        )
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await post(
          `/api/orders/${order.id}/cancellation-requests`,
          { candidate_ids: [friend.id], reason: 'Mon ami s’est blessé' },
          buyer.auth,
        )
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await post(
          `/api/admin/orders/${order.id}/refunds`,
          { candidate_ids: [friend.id], reason: 'Blessure' },
          { ...admin.auth, 'idempotency-key': 'export-refund-0001' },
        )
      ).statusCode,
    ).toBe(201);

    const zip = await exportOf(buyer);
    expect(zip.json('evidence_requests.json').records).toEqual([
      { candidate_id: mine.id, message: 'Votre trace ?', asked_at: expect.any(String), answered_at: null },
    ]);
    expect(zip.json('cancellation_requests.json').records).toEqual([
      expect.objectContaining({
        order_id: order.id,
        candidate_ids: [friend.id],
        reason: 'Mon ami s’est blessé',
      }),
    ]);
    expect(zip.json('refunds.json').records).toEqual([
      expect.objectContaining({ order_id: order.id, candidate_ids: [friend.id], reason: 'Blessure' }),
    ]);
    const theirs = await exportOf(stranger);
    for (const kind of ['evidence_requests.json', 'cancellation_requests.json', 'refunds.json'])
      expect(theirs.json(kind).records).toEqual([]);
  });
});
