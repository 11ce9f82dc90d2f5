/**
 * `GET /metrics` (decision 0040): only with the METRICS_TOKEN, a 404 without the setting; the figures move with
 * what the site does; and whatever is asked, no label holds a person's email, token, code or id, and the number
 * of series does not grow with the paths asked for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cingleRide } from '../support/rides.ts';
import { paidOrder } from '../support/registrations.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import { toGpx } from '../support/track-files.ts';
import { signedInUser } from '../support/users.ts';

const TOKEN = 'metrics-token-0123456789abcdef';
let t: TestApp;
let withoutToken: TestApp;

beforeAll(async () => {
  withoutToken = await createTestApp();
});
beforeAll(async () => {
  // Built last: the queue gauges read the database of the last server built (one per process outside tests).
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await t.close();
  await withoutToken.close();
});

async function scrape(): Promise<string> {
  const response = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** The value of one series, 0 when it does not exist yet. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

/** Every label set of the text (`{method="GET",route="/health",status="200"}`). */
function labelSets(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .map((line) => /\{(.*)\}/.exec(line)?.[1])
    .filter((labels): labels is string => labels !== undefined);
}

describe('GET /metrics', () => {
  it('is a 404 while METRICS_TOKEN is not set', async () => {
    const response = await withoutToken.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('answers only the token: 401 without it, with another, or with a session', async () => {
    const rider = await signedInUser(t);
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}x` }, rider.auth, { authorization: TOKEN }]) {
      const response = await t.app.inject({ url: '/metrics', headers });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.body).not.toContain('http_request_duration_seconds');
    }
    const response = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    for (const name of [
      'http_request_duration_seconds_bucket',
      'job_queue_depth{kind="mail"}',
      'job_queue_oldest_age_seconds{kind="print"}',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ])
      expect(response.body).toContain(name);
  });

  it('counts mail, payments and ride checks, and reads the queues', async () => {
    const before = await scrape();
    const rider = await signedInUser(t);
    await paidOrder(t, rider);
    const queued = await scrape();
    expect(sample(queued, 'job_queue_depth{kind="mail"}')).toBeGreaterThan(0);
    expect(sample(queued, 'job_queue_oldest_age_seconds{kind="mail"}')).toBeGreaterThanOrEqual(0);
    await t.services.mail.processDue();
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/track-checks',
      headers: { 'content-type': 'application/gpx+xml' },
      payload: Buffer.from(toGpx(cingleRide(undefined, { sampleS: 30 }).points)),
    });
    expect(check.statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/track-checks',
      headers: { 'content-type': 'application/gpx+xml' },
      payload: Buffer.from('not a track'),
    });
    expect(refused.statusCode).toBe(400);

    const after = await scrape();
    const moved = (series: string) => sample(after, series) - sample(before, series);
    expect(moved('payments_total{provider="test",outcome="confirmed"}')).toBe(1);
    expect(moved('mail_deliveries_total{outcome="sent"}')).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'job_queue_depth{kind="mail"}')).toBe(0);
    expect(moved('ride_check_duration_seconds_count{outcome="analysed"}')).toBe(1);
    expect(moved('ride_check_duration_seconds_count{outcome="refused"}')).toBe(1);
    expect(
      moved('http_request_duration_seconds_count{method="POST",route="/api/track-checks",status="200"}'),
    ).toBe(1);
  });

  it('labels requests by route pattern: no person in a label, and as many series for 60 paths as for 2', async () => {
    const rider = await signedInUser(t, { email: 'metrics.rider@example.org' });
    const secrets = [rider.email, rider.token, 'ZQ7PERSONALCODE', '987654'];
    await t.app.inject({ url: '/api/orders/987654', headers: rider.auth });
    await t.app.inject({ url: '/api/diplomas/ZQ7PERSONALCODE' });
    await t.app.inject({
      method: 'POST',
      url: `/api/account/reset-password/${encodeURIComponent(rider.email)}/${rider.token}`,
      payload: { password: 'Ventoux1910x', password_confirmation: 'Ventoux1910x' },
    });
    await t.app.inject({ url: `/api/laureates?search=${encodeURIComponent(rider.email)}` });
    await t.app.inject({ url: `/api/no-such-thing/${rider.email}` });
    const routes = (text: string) =>
      new Set(
        labelSets(text)
          .map((labels) => /route="([^"]*)"/.exec(labels)?.[1])
          .filter((route) => route !== undefined),
      );
    const few = routes(await scrape());
    for (let index = 0; index < 30; index++) {
      await t.app.inject({ url: `/api/orders/${100_000 + index}`, headers: rider.auth });
      await t.app.inject({ url: `/api/no-such-thing-${index}/${rider.email}` });
    }
    const text = await scrape();
    const many = routes(text);
    expect(many).toEqual(few);
    expect(many).toContain('/api/orders/:id');
    expect(many).toContain('/api/diplomas/:code');
    expect(many).toContain('/api/account/reset-password/:email/:token');
    expect(many).toContain('/api/*');
    for (const labels of labelSets(text)) {
      for (const secret of secrets) expect(labels).not.toContain(secret);
      expect(labels).not.toMatch(/@|\d{4,}/);
    }
  });
});
