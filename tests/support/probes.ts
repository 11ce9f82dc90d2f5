/** Probing a server process from a test: its `/ready` on a connection of its own, and waiting for a condition. */
import http from 'node:http';

/** `/ready`'s status, or null when the connection fails; never on the stream's kept-alive connections. */
export function readyStatus(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: '/ready', agent: false, timeout: 1000 },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? null);
      },
    );
    request.on('error', () => resolve(null));
    request.on('timeout', () => request.destroy());
  });
}

/** Polls `check` until it holds; fails with `what` (and the server's output, when given) past the timeout. */
export async function until(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = 120_000,
  output?: string[],
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline)
      throw new Error(`${what} did not happen${output ? `:\n${output.join('')}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
