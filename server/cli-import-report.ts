/**
 * What the command line shows of `laureates:import` and `demo:seed` (server/cli.ts): the rows refused, the
 * summary of what was (or would be) written, and a progress bar while a long write runs.
 */
import { Presets, SingleBar } from 'cli-progress';
import type { RowError } from './laureate-import/parse.ts';
import type { ImportReport } from './services/laureates/laureate-import.ts';

const SHOWN_ERRORS = 100;

/** Rows listed under a heading, at most SHOWN_ERRORS of them. */
function listedRows(heading: string, rows: RowError[]): string[] {
  const lines = rows.slice(0, SHOWN_ERRORS).map((row) => `  line ${row.line}: ${row.message}`);
  if (rows.length > SHOWN_ERRORS) lines.push(`  ... and ${rows.length - SHOWN_ERRORS} more`);
  return [heading, ...lines];
}

const rowCount = (rows: RowError[]) => new Set(rows.map((row) => row.line)).size;

/** Rows imported with a date kept as unknown, for a person to look at; nothing when there is none. */
function formatRowWarnings(warnings: RowError[]): string[] {
  if (warnings.length === 0) return [];
  return listedRows(`Warning: ${rowCount(warnings)} row(s) keep a date as unknown.`, warnings);
}

/** Why nothing was imported: the refused rows, then the warnings. */
export function formatRowErrors(errors: RowError[], warnings: RowError[] = []): string {
  return [
    ...listedRows(`Nothing was imported: ${rowCount(errors)} row(s) have errors.`, errors),
    ...formatRowWarnings(warnings),
  ].join('\n');
}

/** What was, or in a dry run would be, written, and the rows that keep a date as unknown. */
export function formatImportReport(
  report: ImportReport,
  ignoredColumns: string[],
  warnings: RowError[] = [],
): string {
  const numbers = Object.entries(report.lastNumeros)
    .map(([epreuve, numero]) => `${epreuve} ${numero}`)
    .join(', ');
  return [
    report.dryRun ? 'Dry run: nothing was written.' : 'Done.',
    `${report.rows} homologation(s) read, ${report.inserted} ${report.dryRun ? 'to import' : 'imported'}, ${report.skipped} already present (skipped).`,
    `${report.laureatesCreated} new laureate(s), ${report.laureatesLinked} existing laureate(s) with new homologations.`,
    numbers && `Last numbers: ${numbers}.`,
    ignoredColumns.length > 0 && `Ignored column(s): ${ignoredColumns.join(', ')}.`,
    ...formatRowWarnings(warnings),
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
