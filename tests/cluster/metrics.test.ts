/**
 * Metrics of a server of two instances (`WORKERS=2`, PostgreSQL): the primary answers on METRICS_PORT for both
 * instances (prom-client's cluster aggregator), and `/metrics` with the token on the shared port, whichever
 * instance takes it, gives the same figures. Requests served by either instance are all counted; the queue gauges,
 * read by each from the one database, are not doubled.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ServerProcess,
  createTestDatabase,
  ensureBuild,
  startTwoInstances,
} from '../support/server-process.ts';

const port = Number(process.env.CLUSTER_PORT ?? 3230) + 9;
const metricsPort = port + 1;
const TOKEN = 'cluster-metrics-token-0123456789';
const HEALTH_COUNT = 'http_request_duration_seconds_count{method="GET",route="/health",status="200"}';

function sample(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('metrics of two instances', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-cluster-metrics-'));
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: ServerProcess;

  beforeAll(async () => {
    ensureBuild();
    database = await createTestDatabase('cv_metrics');
    server = await startTwoInstances(port, database.url, {
      DATA_DIR: dataDir,
      METRICS_PORT: String(metricsPort),
      METRICS_TOKEN: TOKEN,
      SHUTDOWN_DRAIN_MS: '0',
    });
  }, 180_000);

  afterAll(async () => {
    if (server.process.exitCode === null) {
      server.process.kill('SIGTERM');
      await server.exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  });

  it('counts the requests of both instances, on METRICS_PORT and with the token on the shared port', async () => {
    const scrapePort = async () => (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const before = sample(await scrapePort(), HEALTH_COUNT);
    // New connections each time, so that both instances take some.
    const requests = 40;
    for (let index = 0; index < requests; index++) {
      const response = await fetch(`http://127.0.0.1:${port}/health`, { headers: { connection: 'close' } });
      expect(response.status).toBe(200);
    }
    const aggregated = await scrapePort();
    expect(sample(aggregated, HEALTH_COUNT) - before).toBe(requests);
    // Each instance reports its own process figures; the shared queue is read once, not summed.
    expect(aggregated).toContain('process_resident_memory_bytes');
    expect(sample(aggregated, 'job_queue_depth{kind="print"}')).toBe(0);

    const relayed = await fetch(`http://127.0.0.1:${port}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}`, connection: 'close' },
    });
    expect(relayed.status).toBe(200);
    expect(sample(await relayed.text(), HEALTH_COUNT) - before).toBe(requests);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/other`)).status).toBe(404);
  });
});
