/**
 * `npm run bench:track`: how long the track check takes on a long day's file, per format.
 *
 * Generates a cingle of about 12,000 points (the test rides' generator, GPS noise, one fix every 2.5 s), writes it
 * as GPX, TCX and FIT (FIT with Garmin's encoder), then for each format reads and analyses it RUNS times in this
 * process and prints the median and best times of reading, of analysing and of both, with the file size and the
 * process's peak memory. Target: under 1 s for the whole check. `--large` adds a GPX of about 25 MB (the upload
 * limit) and a gzip bomb, to show the memory stays bounded.
 *
 * Options (environment): BENCH_RUNS (5).
 */
import { analyseTrack } from '../domain/track/analyse.ts';
import { readTrack } from '../server/track/read-track.ts';
import { cingleRide } from '../tests/support/rides.ts';
import { gzipBomb, toFit, toGpx, toTcx } from '../tests/support/track-files.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const large = process.argv.includes('--large');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(0).padStart(6)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** CPU time used by this process, ms: on a busy shared machine wall time mostly measures the neighbours. */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

async function measure(name: string, file: Uint8Array, runs = RUNS) {
  const reads: number[] = [];
  const analyses: number[] = [];
  const cpu: number[] = [];
  let points = 0;
  let verdict = '';
  for (let run = 0; run < runs; run += 1) {
    const c0 = cpuMs();
    const t0 = performance.now();
    const track = await readTrack(file);
    const t1 = performance.now();
    const analysis = analyseTrack(track.format, track.points);
    const t2 = performance.now();
    cpu.push(cpuMs() - c0);
    reads.push(t1 - t0);
    analyses.push(t2 - t1);
    points = analysis.points;
    verdict = analysis.verdict.cingle;
  }
  const totals = reads.map((read, index) => read + analyses[index]!);
  console.log(
    `${name.padEnd(10)} ${mb(file.length).padStart(8)} ${String(points).padStart(8)} pts | read ${ms(median(reads))}` +
      ` | analyse ${ms(median(analyses))} | total median ${ms(median(totals))}, best ${ms(Math.min(...totals))}` +
      ` | CPU median ${ms(median(cpu))}` +
      ` | cingle: ${verdict}`,
  );
}

const ride = cingleRide('2026-07-14T04:00:00Z', { sampleS: 2.5 }).points;
const encode = (text: string) => new TextEncoder().encode(text);
console.log(`track check, ${RUNS} runs each (median; the first run includes the JIT warm-up)`);
await measure('GPX', encode(toGpx(ride)));
await measure('TCX', encode(toTcx(ride)));
await measure('FIT', toFit(ride));

if (large) {
  const long = cingleRide('2026-07-14T04:00:00Z', { sampleS: 0.12 }).points;
  await measure('GPX 25 MB', encode(toGpx(long)), 1);
  const bomb = gzipBomb(1024);
  const t0 = performance.now();
  const outcome = await readTrack(bomb).then(
    () => 'read (unexpected)',
    (error: { statusCode?: number }) => `refused ${error.statusCode}`,
  );
  console.log(`gzip bomb  ${mb(bomb.length)} -> 1 GB: ${outcome} in ${ms(performance.now() - t0)}`);
}
// maxRSS is in kilobytes: the high-water mark of the whole process, data generation included.
console.log(`peak RSS ${mb(process.resourceUsage().maxRSS * 1024)}`);
