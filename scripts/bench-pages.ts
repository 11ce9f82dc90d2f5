/**
 * `npm run bench:pages`: Lighthouse against a production start, on the seven public pages (home, roads, rules,
 * club, privacy, laureates, stats).
 *
 * Builds the pages when there is no build, starts `node server/main.ts` on a free port with a throw-away data
 * directory (an empty database, so the demo content is loaded as on a fresh install), runs Lighthouse through
 * Debian's Chromium (CHROME_PATH, /usr/bin/chromium by default), and prints for each page the four category
 * scores, LCP, CLS, TBT, and the gzip size of the JavaScript and CSS the page loads. Stops the server at the end.
 * It measures and reports; it asserts nothing (targets, decision 0041: 100 in every category, LCP <= 1.0 s, TBT 0 ms,
 * CLS 0, no script file: the public pages ship no client).
 *
 * Options: --desktop (Lighthouse's desktop preset instead of the default mobile one), --runs=N (median of N
 * runs per page, default 1), --lang=xx (default fr), --reports=DIR (also write each Lighthouse report there, as
 * JSON, to see what holds a figure back), --pages=home,privacy,... (only these pages, while working on them).
 */
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';

import { HOST, ensureBuild, freePort, startSite } from './bench-site.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const args = process.argv.slice(2);
const option = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
const desktop = args.includes('--desktop');
const runs = Math.max(1, Number(option('runs') ?? 1));
const lang = option('lang') ?? 'fr';
const reportsDir = option('reports');
const ALL_PAGES = ['', '/roads', '/rules', '/club', '/privacy', '/laureates', '/stats'];
const onlyPages = option('pages')
  ?.split(',')
  .map((page) => (page === 'home' ? '' : `/${page}`));
const PAGES = ALL_PAGES.filter((page) => !onlyPages || onlyPages.includes(page)).map(
  (page) => `/${lang}${page}`,
);

interface PageFigures {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  jsGzipBytes: number;
  cssGzipBytes: number;
  jsFiles: number;
  cssFiles: number;
}

/** Gzip size of each file as a compressing proxy would send it, whatever the server itself does. */
async function gzipSizes(urls: string[]): Promise<number> {
  let total = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    total += gzipSync(body).length;
  }
  return total;
}

/** One Lighthouse run in a fresh browser: a reused one sometimes loses the trace of the next page. */
async function lighthouseRun(url: string) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    return await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
      desktop ? desktopConfig : undefined,
    );
  } finally {
    chrome.kill();
  }
}

async function measure(url: string): Promise<PageFigures> {
  const result = await lighthouseRun(url);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  if (reportsDir) {
    fs.mkdirSync(reportsDir, { recursive: true });
    const name = new URL(url).pathname.replaceAll('/', '_') || '_';
    fs.writeFileSync(path.join(reportsDir, `${name}-${Date.now()}.json`), JSON.stringify(lhr));
  }
  const requests = (
    lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] }
  )?.items;
  const ofType = (type: string) =>
    [
      ...new Set((requests ?? []).filter((item) => item.resourceType === type).map((item) => item.url)),
    ].filter((address) => address.startsWith(`http://${HOST}`));
  const scripts = ofType('Script');
  const styles = ofType('Stylesheet');
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    scores: Object.fromEntries(
      CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
    ) as PageFigures['scores'],
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    jsGzipBytes: await gzipSizes(scripts),
    cssGzipBytes: await gzipSizes(styles),
    jsFiles: scripts.length,
    cssFiles: styles.length,
  };
}

/** On a busy machine Chromium sometimes loses the trace (NO_NAVSTART): such a run is repeated, twice at most. */
async function measureWithRetries(url: string): Promise<PageFigures> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await measure(url);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`  ${url}: ${(error as Error).message.split('\n')[0]} - measuring again`);
    }
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function medianFigures(all: PageFigures[]): PageFigures {
  const pick = (read: (figures: PageFigures) => number) => median(all.map(read));
  return {
    scores: Object.fromEntries(
      CATEGORIES.map((category) => [category, pick((figures) => figures.scores[category])]),
    ) as PageFigures['scores'],
    lcpMs: pick((figures) => figures.lcpMs),
    cls: pick((figures) => figures.cls),
    tbtMs: pick((figures) => figures.tbtMs),
    jsGzipBytes: pick((figures) => figures.jsGzipBytes),
    cssGzipBytes: pick((figures) => figures.cssGzipBytes),
    jsFiles: pick((figures) => figures.jsFiles),
    cssFiles: pick((figures) => figures.cssFiles),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function printTable(rows: [string, PageFigures][]) {
  const header = ['page', 'perf', 'a11y', 'b.p.', 'seo', 'LCP', 'CLS', 'TBT', 'JS gzip', 'CSS gzip'];
  const lines = rows.map(([page, figures]) => [
    page,
    String(figures.scores.performance),
    String(figures.scores.accessibility),
    String(figures.scores['best-practices']),
    String(figures.scores.seo),
    `${(figures.lcpMs / 1000).toFixed(2)} s`,
    figures.cls.toFixed(3),
    `${Math.round(figures.tbtMs)} ms`,
    `${kb(figures.jsGzipBytes)} (${figures.jsFiles})`,
    `${kb(figures.cssGzipBytes)} (${figures.cssFiles})`,
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]!.length)),
  );
  const format = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ');
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) console.log(format(line));
  console.log('\n(JS and CSS: gzip size of the files the page loads, number of files in brackets.)');
  console.log(
    'Targets (decision 0041): 100 in every category, LCP <= 1.0 s, TBT 0 ms, CLS 0, no script file (the pages ship no client).',
  );
}

async function main() {
  ensureBuild();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-bench-pages-'));
  const server = await startSite(port, dataDir);
  try {
    console.log(
      `Lighthouse ${desktop ? 'desktop' : 'mobile'} preset, ${runs} run(s) per page, server on port ${port}\n`,
    );
    // A server in service is warm: one request per page first, so the first page measured does not pay for
    // compiling its code paths and filling the caches of a process that has just started.
    for (const page of PAGES) await (await fetch(`http://${HOST}:${port}${page}`)).arrayBuffer();
    const rows: [string, PageFigures][] = [];
    for (const page of PAGES) {
      const all: PageFigures[] = [];
      for (let run = 0; run < runs; run += 1)
        all.push(await measureWithRetries(`http://${HOST}:${port}${page}`));
      rows.push([page, medianFigures(all)]);
    }
    printTable(rows);
  } finally {
    server.kill('SIGTERM');
    if (server.exitCode === null) await once(server, 'exit');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
