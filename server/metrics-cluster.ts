/**
 * Metrics with WORKERS > 1 (prom-client's cluster aggregator): the primary asks every instance for its figures and
 * answers them together, summed (the shared queues' gauges: their maximum, server/metrics.ts). An instance asked
 * for `/metrics` on the shared port passes the question to the primary, so that whichever instance the request
 * reaches, the answer covers them all.
 */
import cluster from 'node:cluster';
import client from 'prom-client';
import { metricsRegistry } from './metrics.ts';

const ASK = 'cingles:metrics';
const ANSWER = 'cingles:metrics-answer';
const ANSWER_WITHIN_MS = 10_000;

interface Question {
  type: typeof ASK;
  id: number;
}

interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

/** In the primary: the figures of every instance, for METRICS_PORT, and the answer to an instance that asks. */
export function aggregateInstances(): () => Promise<string> {
  const aggregator = new client.AggregatorRegistry();
  cluster.on('message', (worker, message: Partial<Question>) => {
    if (message?.type !== ASK) return;
    const answer = (fields: Partial<Answer>) => worker.send({ type: ANSWER, id: message.id, ...fields });
    aggregator.clusterMetrics().then(
      (text) => answer({ text }),
      (error: Error) => answer({ error: error.message }),
    );
  });
  return () => aggregator.clusterMetrics();
}

/** In an instance: what `/metrics` answers. With a primary, every instance's figures, asked of it. */
export function instanceMetrics(): () => Promise<string> {
  if (!cluster.isWorker) return () => metricsRegistry.metrics();
  // The primary's aggregator reads this registry (the constructor installs the instance's side).
  client.AggregatorRegistry.setRegistries([metricsRegistry]);
  new client.AggregatorRegistry();
  let nextId = 0;
  const waiting = new Map<number, (answer: Answer) => void>();
  process.on('message', (message: Partial<Answer>) => {
    if (message?.type === ANSWER && message.id !== undefined) waiting.get(message.id)?.(message as Answer);
  });
  return () =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(
        () => settle({ type: ANSWER, id, error: 'the primary did not answer' }),
        ANSWER_WITHIN_MS,
      );
      function settle(answer: Answer) {
        clearTimeout(timer);
        waiting.delete(id);
        if (answer.text !== undefined) resolve(answer.text);
        else reject(new Error(`metrics of the instances: ${answer.error}`));
      }
      waiting.set(id, settle);
      process.send!({ type: ASK, id } satisfies Question);
    });
}
