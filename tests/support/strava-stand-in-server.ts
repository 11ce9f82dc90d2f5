/**
 * The Strava stand-in as a process, for the browser journeys (playwright.config.ts starts it beside the site,
 * which points STRAVA_OAUTH_URL and STRAVA_API_URL at it). Every rider who connects is a new athlete with the
 * rides of strava-e2e-rides.ts.
 *
 * Test-only control, since a journey cannot reach into this process: `POST /control/refuse-application` with
 * `{"inactive": true}` makes Strava refuse the club's application (403 "Inactive", token exchange included),
 * `{"inactive": false}` accepts it again (tests/e2e/strava-inactive.last.spec.ts). The stand-in itself listens
 * on a free port behind a small front on `port` that answers the control route and passes on every other
 * request as it came.
 */
import http from 'node:http';
import { stravaRidesOfE2eAthletes } from './strava-e2e-rides.ts';
import { STRAVA_APPLICATION_INACTIVE, startStravaStandIn } from './strava-stand-in.ts';

const port = Number(process.argv[2] ?? process.env.STRAVA_STAND_IN_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('usage: strava-stand-in-server.ts <port>');
const standIn = await startStravaStandIn();
standIn.everyAthlete(stravaRidesOfE2eAthletes);
const inner = new URL(standIn.url);

function control(incoming: http.IncomingMessage, outgoing: http.ServerResponse) {
  const chunks: Buffer[] = [];
  incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
  incoming.on('end', () => {
    let inactive: unknown;
    try {
      ({ inactive } = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { inactive?: unknown });
    } catch {
      inactive = undefined;
    }
    if (typeof inactive !== 'boolean') {
      outgoing.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"inactive: boolean"}');
      return;
    }
    standIn.refuseApplication(inactive ? STRAVA_APPLICATION_INACTIVE : null);
    outgoing.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ inactive }));
  });
}

const front = http.createServer((incoming, outgoing) => {
  if (incoming.method === 'POST' && incoming.url === '/control/refuse-application')
    return control(incoming, outgoing);
  const passed = http.request(
    {
      hostname: inner.hostname,
      port: inner.port,
      method: incoming.method,
      path: incoming.url,
      headers: incoming.headers,
    },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    },
  );
  passed.on('error', () => outgoing.writeHead(502).end());
  incoming.pipe(passed);
});
await new Promise<void>((resolve) => front.listen(port, '127.0.0.1', resolve));

async function stop() {
  front.closeAllConnections();
  await new Promise((resolve) => front.close(resolve));
  await standIn.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
