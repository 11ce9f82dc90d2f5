/**
 * `npm run bench:documents`: how long drawing one document takes, on the document thread the site uses
 * (server/documents/drawing-thread.ts, decision 0056). A payment by email draws two (route card and frame plate),
 * so this time bounds the orders one process confirms per second.
 *
 * Draws RUNS route cards and RUNS frame plates one after the other, after a warm-up (the thread's start and the
 * fonts' first parse are not counted), and prints the median and p99 per document. Target: a median under 40 ms.
 *
 * Options (environment): BENCH_RUNS (40).
 */
import { createDocumentDrawer } from '../server/documents/drawing-thread.ts';
import { sampleCandidate, sampleReturnAddress } from '../tests/support/documents.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const TARGET_MEDIAN_MS = 40;

const candidate = sampleCandidate('C-1042-1');
const returnAddress = sampleReturnAddress;

const percentile = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))]!;

async function main() {
  const drawer = createDocumentDrawer();
  try {
    await drawer.document('route_card', candidate, returnAddress);
    await drawer.document('frame_plate', candidate, returnAddress);
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      for (const kind of ['route_card', 'frame_plate'] as const) {
        const started = performance.now();
        await drawer.document(kind, { ...candidate, reference: `C-1042-${run + 1}` }, returnAddress);
        times.push(performance.now() - started);
      }
    }
    const median = percentile(times, 0.5);
    console.log(
      `${times.length} documents: median ${median.toFixed(1)} ms, p99 ${percentile(times, 0.99).toFixed(1)} ms ` +
        `(target: median <= ${TARGET_MEDIAN_MS} ms ${median <= TARGET_MEDIAN_MS ? 'met' : 'NOT met'})`,
    );
    if (median > TARGET_MEDIAN_MS) process.exitCode = 1;
  } finally {
    await drawer.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
