/**
 * JavaScript budgets of the public pages, read from the production build's manifest (no browser, no timing):
 * the client entry and the modules of every route from the root to the page, each file counted once, gzip.
 * Targets (issue 13): 170 KB per public page, 200 KB for the statistics. Where a page is not there yet, its
 * ceiling is today's size, so it can only shrink; docs/decisions/0026-public-page-loading.md says what holds
 * each of them above the target.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

interface ManifestRoute {
  id: string;
  parentId?: string;
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

const TARGET_KB = 170;
const CEILINGS_KB: Record<string, number> = {
  home: 188, // the carousel (embla) and its autoplay
  roads: 178,
  rules: 181, // the tabs
  club: 174,
  privacy: 173,
  laureates: 290, // the filters: Mantine's Select, Combobox and Pagination with floating-ui
  stats: 200,
};

const clientDir = path.resolve('build/client');

async function manifest(): Promise<Manifest> {
  const build = (await import(path.resolve('build/server/index.js'))) as { assets: Manifest };
  return build.assets;
}

function scriptsOf(assets: Manifest, pageId: string): Set<string> {
  const files = new Set([assets.entry.module, ...assets.entry.imports]);
  for (
    let route = assets.routes[pageId];
    route;
    route = route.parentId ? assets.routes[route.parentId] : undefined
  ) {
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return files;
}

const gzipKb = (files: Iterable<string>) =>
  [...files].reduce((sum, file) => sum + gzipSync(fs.readFileSync(path.join(clientDir, file))).length, 0) /
  1024;

test.describe('JavaScript budget of the public pages', () => {
  for (const [pageId, budget] of Object.entries(CEILINGS_KB)) {
    test(`${pageId} loads at most ${budget} KB of gzip JavaScript`, async () => {
      const assets = await manifest();
      expect(assets.routes[pageId], `route ${pageId} in the build`).toBeDefined();
      const kb = gzipKb(scriptsOf(assets, pageId));
      test.info().annotations.push({
        type: 'gzip KB',
        description: `${kb.toFixed(1)} (target ${pageId === 'stats' ? 200 : TARGET_KB})`,
      });
      expect(kb).toBeGreaterThan(50); // the manifest was read: React alone is more
      expect(kb).toBeLessThanOrEqual(budget);
    });
  }
});
