/**
 * The Prometheus metrics of the process (prom-client; docs/DEPLOY.md "Metrics", decision 0040): one registry, the
 * metrics the site records, and one small function per thing recorded, called where it happens.
 *
 * Every label takes its values from a fixed list or from a route's pattern (`/api/orders/:id`, never the path
 * itself): a label never holds an email, a name, a token or an id of a person, and the number of series stays
 * bounded whatever the requests.
 */
import client from 'prom-client';
import type { ProviderFailure } from './activities/provider.ts';
import type { PaymentProviderId } from '../domain/payment-methods.ts';
import type { ActivityProvider } from '../domain/activity-providers.ts';

export const metricsRegistry = new client.Registry();

let processFigures = false;

/** Process and Node.js figures: CPU, resident memory, heap, handles, event loop lag, GC. Once per process. */
export function collectProcessMetrics() {
  if (processFigures) return;
  processFigures = true;
  client.collectDefaultMetrics({ register: metricsRegistry });
}

const registers = [metricsRegistry];

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

const httpDuration = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer a request, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

/** `route` is a pattern (server/plugins/metrics.ts chooses it), never a path as asked for. */
export function recordRequest(method: string, route: string, status: number, seconds: number) {
  httpDuration.observe(
    { method: KNOWN_METHODS.has(method) ? method : 'OTHER', route, status: String(status) },
    seconds,
  );
}

const pageCache = new client.Counter({
  name: 'page_cache_requests_total',
  help: 'Anonymous page requests the page cache could answer: from memory (hit) or rendered (miss)',
  labelNames: ['result'] as const,
  registers,
});

export function recordPageCache(result: 'hit' | 'miss') {
  pageCache.inc({ result });
}

const mails = new client.Counter({
  name: 'mail_deliveries_total',
  help: 'Attempts to deliver a queued mail, by outcome (a failed one is tried again later)',
  labelNames: ['outcome'] as const,
  registers,
});

export function recordMailDelivery(outcome: 'sent' | 'failed') {
  mails.inc({ outcome });
}

export type PaymentOutcome = 'confirmed' | 'failed' | 'cancelled' | 'expired' | 'amount_mismatch';

const payments = new client.Counter({
  name: 'payments_total',
  help: 'Payment attempts that reached an end, by provider and outcome',
  labelNames: ['provider', 'outcome'] as const,
  registers,
});

export function recordPayment(provider: PaymentProviderId, outcome: PaymentOutcome) {
  payments.inc({ provider, outcome });
}

export type RefundOutcome = 'succeeded' | 'pending' | 'failed';

const refunds = new client.Counter({
  name: 'refunds_total',
  help: 'Refunds asked of a payment provider, by outcome',
  labelNames: ['outcome'] as const,
  registers,
});

/** Called once per refund asked of a provider, with what it answered. */
export function recordRefund(outcome: RefundOutcome) {
  refunds.inc({ outcome });
}

const activityServiceCalls = new client.Counter({
  name: 'activity_service_calls_total',
  help: 'Calls to an activity service (Strava, Ride with GPS, intervals.icu), by outcome',
  labelNames: ['provider', 'outcome'] as const,
  registers,
});

export function recordActivityServiceCall(provider: ActivityProvider, outcome: 'ok' | ProviderFailure) {
  activityServiceCalls.inc({ provider, outcome });
}

const activityServiceWaits = new client.Counter({
  name: 'activity_service_rate_limit_waits_total',
  help: "Requests told to wait for a service's budget: the club's own counters (club) or the service's 429 (service)",
  labelNames: ['provider', 'limit'] as const,
  registers,
});

export function recordActivityServiceWait(provider: ActivityProvider, limit: 'club' | 'service') {
  activityServiceWaits.inc({ provider, limit });
}

const rideChecks = new client.Histogram({
  name: 'ride_check_duration_seconds',
  help: 'Time to read and analyse a ride file, by outcome (refused: not a readable track)',
  labelNames: ['outcome'] as const,
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers,
});

/** The histogram's `_count` is the number of ride checks. */
export function recordRideCheck(outcome: 'analysed' | 'refused', seconds: number) {
  rideChecks.observe({ outcome }, seconds);
}

export interface JobQueueFigures {
  kind: 'mail' | 'print';
  depth: number;
  oldestAgeSeconds: number;
}

let readJobQueues: (() => Promise<JobQueueFigures[]>) | undefined;

/** Where the job queue gauges are read at each scrape (the database, through a service). */
export function observeJobQueues(read: () => Promise<JobQueueFigures[]>) {
  readJobQueues = read;
}

let reading: Promise<void> | undefined;

/** Both gauges are set by one read per scrape, whichever of them the registry collects first. */
function collectJobQueues(): Promise<void> {
  reading ??= (async () => {
    try {
      for (const { kind, depth, oldestAgeSeconds } of (await readJobQueues?.()) ?? []) {
        queueDepth.set({ kind }, depth);
        queueAge.set({ kind }, oldestAgeSeconds);
      }
    } finally {
      reading = undefined;
    }
  })();
  return reading;
}

// The queues live in the shared database: every instance reads the same figures, which are therefore not summed.
const queueDepth = new client.Gauge({
  name: 'job_queue_depth',
  help: 'Jobs waiting in a queue, by kind',
  labelNames: ['kind'] as const,
  aggregator: 'max',
  registers,
  collect: collectJobQueues,
});

const queueAge = new client.Gauge({
  name: 'job_queue_oldest_age_seconds',
  help: 'Age of the oldest job waiting in a queue, by kind (0 when none waits)',
  labelNames: ['kind'] as const,
  aggregator: 'max',
  registers,
  collect: collectJobQueues,
});

export const METRICS_CONTENT_TYPE = metricsRegistry.contentType;
