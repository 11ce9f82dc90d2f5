/**
 * Which built files the service worker stores when it installs: the scripts, styles and catalogues the pages that
 * open offline need (the public offline pages and the rider's route card), read from Vite's build manifest, and
 * nothing else (the admin, the account and the order forms stay on the network: a rider's phone should not
 * download what it will never open on the mountain).
 */
import { LOCALES } from '../../domain/locales.ts';
import { type Page } from '../../domain/pages.ts';
import { PAGES_OPEN_OFFLINE, offlineNamespaces } from './offline-scope.ts';

/** One entry of `.vite/manifest.json` (https://vite.dev/guide/backend-integration). */
export interface ViteManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
export type ViteManifest = Record<string, ViteManifestChunk>;

/** React Router builds each route module under this query. */
const ROUTE_SUFFIX = '?__react-router-build-client-route';
const CATALOGUE_PREFIX = 'locales/';

function routeKeys(pages: readonly Page[]): string[] {
  const layouts = [...new Set(pages.map((page) => page.layout))];
  return [
    'app/entry.client.tsx',
    `app/root.tsx${ROUTE_SUFFIX}`,
    ...layouts.map((layout) => `app/components/layouts/${layout}-layout.tsx${ROUTE_SUFFIX}`),
    ...pages.map((page) => `app/${page.file}${ROUTE_SUFFIX}`),
  ];
}

/**
 * The files (relative to the client build) the offline pages load: their route modules with every chunk they
 * import, now or later (a menu opened on a phone), their styles, and the catalogues of their namespaces in every
 * language, so that switching language on the mountain still works.
 */
export function offlineBuildFiles(
  manifest: ViteManifest,
  pages: readonly Page[] = PAGES_OPEN_OFFLINE,
): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || key.startsWith(CATALOGUE_PREFIX)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no entry for ${key}`);
    files.add(chunk.file);
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  for (const key of routeKeys(pages)) visit(key);
  for (const locale of LOCALES)
    for (const namespace of offlineNamespaces()) {
      const catalogue = manifest[`${CATALOGUE_PREFIX}${locale}/${namespace}.json`];
      if (!catalogue) throw new Error(`The build manifest has no catalogue ${locale}/${namespace}`);
      files.add(catalogue.file);
    }
  return [...files].sort();
}
