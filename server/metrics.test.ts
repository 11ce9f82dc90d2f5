import { describe, expect, it } from 'vitest';
import {
  collectProcessMetrics,
  metricsRegistry,
  recordMailDelivery,
  recordPageCache,
  recordPayment,
  recordRefund,
  recordRequest,
  recordRideCheck,
  recordActivityServiceCall,
  recordActivityServiceWait,
} from './metrics.ts';
import { bearerMatches, routeLabel } from './plugins/metrics.ts';

async function valueOf(name: string, labels: Record<string, string>): Promise<number> {
  const metric = metricsRegistry.getSingleMetric(name);
  const { values } = await metric!.get();
  const match = values.find(
    (value) =>
      Object.entries(labels).every(([key, expected]) => String(value.labels[key]) === expected) &&
      Object.keys(value.labels).length === Object.keys(labels).length,
  );
  return match?.value ?? 0;
}

describe('the metrics module', () => {
  it('counts each thing recorded under its outcome', async () => {
    const before = await valueOf('refunds_total', { outcome: 'succeeded' });
    recordRefund('succeeded');
    recordRefund('succeeded');
    recordRefund('failed');
    expect(await valueOf('refunds_total', { outcome: 'succeeded' })).toBe(before + 2);

    recordPayment('test', 'confirmed');
    expect(await valueOf('payments_total', { provider: 'test', outcome: 'confirmed' })).toBeGreaterThan(0);
    recordMailDelivery('failed');
    expect(await valueOf('mail_deliveries_total', { outcome: 'failed' })).toBeGreaterThan(0);
    recordPageCache('hit');
    expect(await valueOf('page_cache_requests_total', { result: 'hit' })).toBeGreaterThan(0);
    recordActivityServiceCall('ridewithgps', 'rate_limited');
    recordActivityServiceWait('strava', 'service');
    expect(
      await valueOf('activity_service_calls_total', { provider: 'ridewithgps', outcome: 'rate_limited' }),
    ).toBeGreaterThan(0);
    expect(
      await valueOf('activity_service_rate_limit_waits_total', { provider: 'strava', limit: 'service' }),
    ).toBeGreaterThan(0);
    recordRideCheck('analysed', 0.2);
    expect(await metricsRegistry.metrics()).toMatch(
      /^ride_check_duration_seconds_count\{outcome="analysed"\} [1-9]/m,
    );
  });

  it('keeps the methods to a fixed list', async () => {
    recordRequest('PROPFIND', '/health', 404, 0.001);
    const text = await metricsRegistry.metrics();
    expect(text).toContain('method="OTHER",route="/health",status="404"');
    expect(text).not.toContain('PROPFIND');
  });

  it('includes the process and Node.js figures', async () => {
    collectProcessMetrics();
    collectProcessMetrics();
    const text = await metricsRegistry.metrics();
    for (const name of [
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_active_handles_total',
    ])
      expect(text).toContain(name);
  });
});

describe('routeLabel', () => {
  const label = (route: string | undefined, url: string) => routeLabel({ routeOptions: { url: route }, url });

  it("keeps an API route's pattern", () => {
    expect(label('/api/orders/:id', '/api/orders/12?x=1')).toBe('/api/orders/:id');
    expect(label('/api/account/reset-password/:email/:token', '/api/account/reset-password/a@b.c/tok')).toBe(
      '/api/account/reset-password/:email/:token',
    );
  });

  it("names a page by the registry's pattern, and the build's files by their folder", () => {
    expect(label('*', '/fr/laureates/31?sort=name')).toBe('/:lang/laureates/:laureateId');
    expect(label('*', '/no-locale/path')).toBe('*');
    expect(label('/assets/entry-client-Bx7.js', '/assets/entry-client-Bx7.js')).toBe('/assets/*');
    expect(label('/flags/*', '/flags/fr.svg')).toBe('/flags/*');
  });

  it('answers "unmatched" for a request that matched no route', () => {
    expect(label(undefined, '/whatever/12345')).toBe('unmatched');
  });
});

describe('bearerMatches', () => {
  const token = 'a'.repeat(24);
  it('accepts the token alone', () => {
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`Bearer ${token}x`, token)).toBe(false);
    expect(bearerMatches(token, token)).toBe(false);
    expect(bearerMatches(undefined, token)).toBe(false);
    expect(bearerMatches('Bearer ', token)).toBe(false);
  });
});
