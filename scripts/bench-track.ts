/**
 * `npm run bench:track`: how long the track check takes on a long day's file, per format.
 *
 * Generates a cingle of about 12,000 points (the test rides' generator, GPS noise, one fix every 2.5 s), writes it
 * as GPX, TCX and FIT (FIT with Garmin's encoder), then for each format reads and analyses it RUNS times in this
 * process and prints the median and best times of reading, of analysing and of both, with the file size and the
 * process's peak memory. Target: under 1 s for the whole check.
 *
 * The plausibility flags (decision 0038: `synthetic_timing`, and the fingerprint an attached ride keeps for
 * `duplicate_track`) are timed on their own in each run: the check without them is the check minus their time,
 * and their share of it must stay at or under 20 % (the script exits with an error otherwise).
 *
 * Memory: a GPX of about 25 MB (the upload limit) is written to a temporary file and checked in a fresh child
 * process, which prints its peak RSS and heap before and after: the growth is what one check of the largest allowed
 * file costs, without the generation of the file in the figure. `--large` also times that file and a gzip bomb.
 *
 * Options (environment): BENCH_RUNS (5).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { analyseTrack } from '../domain/track/analyse.ts';
import { trackFingerprint } from '../domain/track/fingerprint.ts';
import { plausibilityFlags } from '../domain/track/plausibility.ts';
import { readTrack } from '../server/track/read-track.ts';
import { cingleRide } from '../tests/support/rides.ts';
import { gzipBomb, toFit, toGpx, toTcx } from '../tests/support/track-files.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** What the flags may add to the check of a long day's file. */
const FLAGS_MAX_SHARE = 0.2;
const large = process.argv.includes('--large');
const memoryFile = process.argv[process.argv.indexOf('--memory-of') + 1];

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
  const flags: number[] = [];
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
    // The same work the check and the attachment do for the flags, timed alone (ascents do not change its cost).
    const f0 = performance.now();
    plausibilityFlags(track.points, analysis.timed, []);
    trackFingerprint(track.points);
    flags.push(performance.now() - f0);
    points = analysis.points;
    verdict = analysis.verdict.cingle;
  }
  const totals = reads.map((read, index) => read + analyses[index]!);
  const withFlags = median(totals);
  const flagsMs = median(flags);
  const share = flagsMs / (withFlags - flagsMs);
  console.log(
    `${name.padEnd(10)} ${mb(file.length).padStart(8)} ${String(points).padStart(8)} pts | read ${ms(median(reads))}` +
      ` | analyse ${ms(median(analyses))} | total median ${ms(median(totals))}, best ${ms(Math.min(...totals))}` +
      ` | CPU median ${ms(median(cpu))}` +
      ` | cingle: ${verdict}`,
  );
  console.log(
    `${''.padEnd(10)} check with flags ${ms(withFlags)}, without ${ms(withFlags - flagsMs)}: flags ${ms(flagsMs)},` +
      ` +${(share * 100).toFixed(1)} % (target ≤ ${FLAGS_MAX_SHARE * 100} %)`,
  );
  if (runs > 1 && share > FLAGS_MAX_SHARE) process.exitCode = 1;
}

/** In the child process: one check of the file, with the process's memory before and after. */
async function memoryOf(file: string) {
  const bytes = readFileSync(file);
  const heapBefore = v8.getHeapStatistics().used_heap_size;
  const peak = () => process.resourceUsage().maxRSS * 1024;
  const before = Math.max(peak(), process.memoryUsage().rss);
  const track = await readTrack(bytes);
  const afterRead = peak();
  const analysis = analyseTrack(track.format, track.points);
  const afterAnalysis = peak();
  const heapAfter = v8.getHeapStatistics().used_heap_size;
  console.log(
    `GPX ${mb(bytes.length)}, ${analysis.points} pts: RSS before ${mb(before)}, peak after reading` +
      ` ${mb(afterRead)} (+${mb(afterRead - before)}), after analysing ${mb(afterAnalysis)}` +
      ` (+${mb(afterAnalysis - before)}); heap in use ${mb(heapBefore)} -> ${mb(heapAfter)} with the points held`,
  );
}

if (memoryFile && process.argv.includes('--memory-of')) {
  await memoryOf(memoryFile);
  process.exit(0);
}

const ride = cingleRide('2026-07-14T04:00:00Z', { sampleS: 2.5 }).points;
const encode = (text: string) => new TextEncoder().encode(text);
console.log(`track check, ${RUNS} runs each (median; the first run includes the JIT warm-up)`);
await measure('GPX', encode(toGpx(ride)));
await measure('TCX', encode(toTcx(ride)));
await measure('FIT', toFit(ride));

// About 25 MB: a point every 0.12 s over the ride.
const largeGpx = encode(toGpx(cingleRide('2026-07-14T04:00:00Z', { sampleS: 0.12 }).points));
const directory = mkdtempSync(path.join(tmpdir(), 'bench-track-'));
try {
  const file = path.join(directory, 'large.gpx');
  writeFileSync(file, largeGpx);
  const script = new URL(import.meta.url).pathname;
  process.stdout.write(
    `memory, fresh process: ${execFileSync(process.execPath, [script, '--memory-of', file])}`,
  );
} finally {
  rmSync(directory, { recursive: true, force: true });
}

if (large) {
  await measure('GPX 25 MB', largeGpx, 1);
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
