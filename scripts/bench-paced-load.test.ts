import { once } from 'node:events';
import http from 'node:http';
import type net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { pacedLoad, percentileOfSorted } from './bench-paced-load.ts';

let server: http.Server | undefined;

async function serve(handler: http.RequestListener): Promise<string> {
  server = http.createServer(handler);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

const load = { rate: 200, seconds: 1, headers: {}, connections: 20, timeoutMs: 10_000 };

describe('the paced load of bench:mixed', () => {
  it('sends rate × seconds requests and counts the answers that are not a success apart', async () => {
    const url = await serve((request, response) => {
      response.writeHead(request.url === '/missing' ? 404 : 200).end('x');
    });
    const result = await pacedLoad({ ...load, url, paths: ['/', '/', '/', '/missing'] });
    expect(result.sent).toBe(200);
    expect(result.non2xx).toBe(50);
    expect(result.latencies).toHaveLength(150);
    expect(result.errors + result.timeouts).toBe(0);
  });

  it("counts a stall of the server's thread in every request due during it, from when each was due", async () => {
    let answered = 0;
    const url = await serve((_request, response) => {
      answered += 1;
      // Once, the thread that answers is held 300 ms: the requests due meanwhile keep being sent.
      if (answered === 20) {
        const until = performance.now() + 300;
        while (performance.now() < until);
      }
      response.end('x');
    });
    const result = await pacedLoad({ ...load, url, paths: ['/'] });
    expect(result.latencies).toHaveLength(200);
    // At 200/s, some 60 requests fall due during 300 ms: at least a tenth of the run waited 100 ms or more, where
    // a generator that waits for its answers before sending would have recorded one slow request.
    expect(result.latencies.filter((latency) => latency >= 100).length).toBeGreaterThanOrEqual(20);
    expect(percentileOfSorted(result.latencies, 0.95)).toBeGreaterThanOrEqual(100);
  });
});
