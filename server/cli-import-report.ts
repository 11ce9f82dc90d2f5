/**
 * What the command line shows of `laureates:import` and `demo:seed` (server/cli.ts): the rows refused, the
 * summary of what was (or would be) written, and a progress bar while a long write runs.
 */
import { Presets, SingleBar } from 'cli-progress';
import type { RowError } from './laureate-import/parse.ts';
import type { ImportReport } from './services/laureates/laureate-import.ts';

const SHOWN_ERRORS = 100;

/** Why nothing was imported: the refused rows, at most SHOWN_ERRORS of them. */
export function formatRowErrors(errors: RowError[]): string {
  const lines = errors.slice(0, SHOWN_ERRORS).map((error) => `  line ${error.line}: ${error.message}`);
  if (errors.length > SHOWN_ERRORS) lines.push(`  ... and ${errors.length - SHOWN_ERRORS} more`);
  const rows = new Set(errors.map((error) => error.line)).size;
  return [`Nothing was imported: ${rows} row(s) have errors.`, ...lines].join('\n');
}

/** What was, or in a dry run would be, written. */
export function formatImportReport(report: ImportReport, ignoredColumns: string[]): string {
  const numbers = Object.entries(report.lastNumeros)
    .map(([epreuve, numero]) => `${epreuve} ${numero}`)
    .join(', ');
  return [
    report.dryRun ? 'Dry run: nothing was written.' : 'Done.',
    `${report.rows} homologation(s) read, ${report.inserted} ${report.dryRun ? 'to import' : 'imported'}, ${report.skipped} already present (skipped).`,
    `${report.laureatesCreated} new laureate(s), ${report.laureatesLinked} existing laureate(s) with new homologations.`,
    numbers && `Last numbers: ${numbers}.`,
    ignoredColumns.length > 0 && `Ignored column(s): ${ignoredColumns.join(', ')}.`,
  ]
    .filter(Boolean)
    .join('\n');
}

/** A progress bar on stderr for long writes, only when a person watches (a TTY). */
export function progressBar():
  { update: (done: number, total: number) => void; stop: () => void } | undefined {
  if (!process.stderr.isTTY) return undefined;
  const bar = new SingleBar(
    {
      stream: process.stderr,
      format: 'writing {bar} {percentage}% | {value}/{total} rows | {eta}s',
    },
    Presets.shades_classic,
  );
  let started = false;
  return {
    update(done, total) {
      if (!started) bar.start(total, 0);
      started = true;
      bar.update(done);
    },
    stop: () => started && bar.stop(),
  };
}
