import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackAnalysis } from '../../domain/schemas/track.ts';
import { candidates, candidateTracks } from '../../server/db/schema/index.ts';
import { paidOrder } from '../support/registrations.ts';
import { cingleRide, Ride } from '../support/rides.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import { BILLION_LAUGHS, gzip, gzipBomb, toFit, toGpx, toTcx } from '../support/track-files.ts';
import { signedInAdmin, signedInUser } from '../support/users.ts';

let t: TestApp;
const ride = cingleRide(undefined, { sampleS: 20 }).points;
const gpxFile = toGpx(ride);
/** One ascent, by Sault: every challenge lacks something. */
const saultFile = toGpx(new Ride('2026-07-14T06:00:00Z', { sampleS: 20 }).climb('sault').points);
const SAULT_MISSING = {
  cingle: ['bedoin', 'malaucene'],
  galerien: ['bedoin', 'malaucene', 'forest'],
  bicingle: ['bedoin', 'bedoin', 'malaucene', 'malaucene', 'sault'],
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function multipart(field: string, content: string | Uint8Array, filename = 'ride.gpx') {
  const boundary = '----cingles-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const check = (payload: string | Uint8Array, contentType: string, ip = '10.1.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/track-checks',
    headers: { 'content-type': contentType },
    payload: Buffer.from(payload),
    remoteAddress: ip,
  });

describe('POST /api/track-checks', () => {
  it.each([
    ['application/gpx+xml', () => gpxFile, 'gpx'],
    ['application/vnd.garmin.tcx+xml', () => toTcx(ride), 'tcx'],
    ['application/vnd.ant.fit', () => toFit(ride), 'fit'],
    ['application/gzip', () => gzip(toFit(ride)), 'fit'],
    ['application/octet-stream', () => gzip(gpxFile), 'gpx'],
  ] as const)('analyses a cingle sent as %s, anonymously', async (type, file, format) => {
    const response = await check(file(), type);
    expect(response.statusCode).toBe(200);
    const analysis = response.json<TrackAnalysis>();
    expect(analysis.format).toBe(format);
    expect(analysis.points).toBe(ride.length);
    expect(analysis.timed).toBe(true);
    expect(analysis.day).toBe('2026-07-14');
    expect(analysis.ascents.map((a) => a.road)).toEqual(['bedoin', 'malaucene', 'sault']);
    expect(analysis.ascents[0]).toMatchObject({
      start_time: expect.any(String),
      duration_s: expect.any(Number),
    });
    expect(analysis.verdict).toEqual({ cingle: 'complete', galerien: 'incomplete', bicingle: 'incomplete' });
    expect(analysis.missing).toEqual({
      cingle: [],
      galerien: ['forest'],
      bicingle: ['bedoin', 'malaucene', 'sault'],
    });
  });

  it('says what each challenge still lacks after a single ascent by Sault', async () => {
    const response = await check(saultFile, 'application/gpx+xml', '10.1.0.2');
    expect(response.statusCode).toBe(200);
    const analysis = response.json<TrackAnalysis>();
    expect(analysis.verdict).toEqual({
      cingle: 'incomplete',
      galerien: 'incomplete',
      bicingle: 'incomplete',
    });
    expect(analysis.missing).toEqual(SAULT_MISSING);
  });

  it('takes the file as the field "file" of a multipart form', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/track-checks',
      remoteAddress: '10.1.0.2',
      ...multipart('file', gpxFile),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<TrackAnalysis>().verdict.cingle).toBe('complete');
  });

  it('answers 400 for a form without the field "file"', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/track-checks',
      remoteAddress: '10.1.0.2',
      ...multipart('other', gpxFile),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ file: 'validation:required' });
  });

  it.each([
    ['garbage', 'application/octet-stream', 'not a track at all'],
    ['an entity bomb', 'application/gpx+xml', BILLION_LAUGHS],
    ['JSON', 'application/json', '{"lat": 44}'],
  ])('answers 400 invalid_track for %s', async (_name, type, body) => {
    const response = await check(body, type, '10.1.0.3');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid_track');
  });

  it('answers 413 for a gzip bomb and for a body over 25 MB', async () => {
    const bomb = await check(gzipBomb(100), 'application/gzip', '10.1.0.4');
    expect(bomb.statusCode).toBe(413);
    const huge = await check(
      new Uint8Array(25 * 1024 * 1024 + 100 * 1024),
      'application/octet-stream',
      '10.1.0.4',
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('payload_too_large');
  });

  it('answers 415 for a type that cannot hold a track', async () => {
    const response = await check(gpxFile, 'image/png', '10.1.0.5');
    expect(response.statusCode).toBe(415);
  });

  it('limits the checks per address (429 with Retry-After)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1)
      statuses.push((await check('x', 'application/octet-stream', '10.1.9.9')).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('a track attached to a candidate', () => {
  let buyer: Awaited<ReturnType<typeof signedInUser>>;
  let candidateId: number;

  beforeAll(async () => {
    buyer = await signedInUser(t);
    candidateId = (await paidOrder(t, buyer)).candidats[0]!.id;
  });

  const attach = (id: number, headers: Record<string, string>, file: string | Uint8Array = gpxFile) =>
    t.app.inject({
      method: 'POST',
      url: `/api/candidates/${id}/track`,
      headers: { ...headers, 'content-type': 'application/gpx+xml' },
      payload: Buffer.from(file),
      remoteAddress: '10.2.0.1',
    });
  const read = (id: number, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/candidates/${id}/track`, headers });

  it('asks for a sign-in first (401), then refuses another person with 404', async () => {
    expect((await attach(candidateId, {})).statusCode).toBe(401);
    expect((await read(candidateId)).statusCode).toBe(401);
    const stranger = await signedInUser(t);
    expect((await attach(candidateId, stranger.auth)).statusCode).toBe(404);
    expect((await read(candidateId, stranger.auth)).statusCode).toBe(404);
    expect((await attach(999_999, buyer.auth)).statusCode).toBe(404);
  });

  it('checks the file before anything is stored (400)', async () => {
    const response = await attach(candidateId, buyer.auth, 'not a track');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid_track');
    expect(await t.db.select().from(candidateTracks)).toEqual([]);
  });

  it('stores the file gzipped with its analysis, for the buyer and the admins only', async () => {
    const attached = await attach(candidateId, buyer.auth);
    expect(attached.statusCode).toBe(200);
    expect(attached.json()).toMatchObject({ candidate_id: candidateId, format: 'gpx' });
    expect(attached.json().analysis.verdict.cingle).toBe('complete');

    const [row] = await t.db
      .select()
      .from(candidateTracks)
      .where(eq(candidateTracks.candidateId, candidateId));
    expect([...row!.fileGz.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    expect(row!.fileGz.length).toBeLessThan(gpxFile.length / 3);

    const own = await read(candidateId, buyer.auth);
    expect(own.statusCode).toBe(200);
    expect(own.json().analysis.ascents).toHaveLength(3);
    const admin = await signedInAdmin(t);
    expect((await read(candidateId, admin.auth)).json().analysis.verdict.cingle).toBe('complete');
  });

  it('says what the attached ride lacks, also of an analysis stored before that was said', async () => {
    const other = (await paidOrder(t, buyer)).candidats[0]!.id;
    const attached = await attach(other, buyer.auth, saultFile);
    expect(attached.statusCode).toBe(200);
    expect(attached.json().analysis.missing).toEqual(SAULT_MISSING);

    const [row] = await t.db.select().from(candidateTracks).where(eq(candidateTracks.candidateId, other));
    const { missing: _missing, ...older } = row!.analysis;
    await t.db.update(candidateTracks).set({ analysis: older }).where(eq(candidateTracks.candidateId, other));
    const read_ = await read(other, buyer.auth);
    expect(read_.json().analysis.missing).toEqual(SAULT_MISSING);
    // The tests below count the stored files.
    await t.db.delete(candidateTracks).where(eq(candidateTracks.candidateId, other));
  });

  it('replaces the file on a new upload', async () => {
    const replaced = await attach(candidateId, buyer.auth, toFit(ride));
    expect(replaced.json().format).toBe('fit');
    expect(await t.db.select().from(candidateTracks)).toHaveLength(1);
  });

  it('goes with the candidate', async () => {
    const other = (await paidOrder(t, buyer)).candidats[0]!.id;
    await attach(other, buyer.auth);
    await t.db.delete(candidates).where(eq(candidates.id, other));
    expect(await t.db.select().from(candidateTracks).where(eq(candidateTracks.candidateId, other))).toEqual(
      [],
    );
  });
});
