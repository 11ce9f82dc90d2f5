/**
 * Builds the service worker after the pages (`npm run build` runs both): bundles app/service-worker/ with Vite,
 * then lets Workbox (workbox-build's injectManifest) write the list of files to precache into it, with a revision
 * for each file whose name carries no hash. The list is the offline pages' own files (app/service-worker/precache.ts),
 * read from the client build's Vite manifest, which is then removed so it is never served.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { injectManifest } from 'workbox-build';
import { type ViteManifest, offlineBuildFiles } from '../app/service-worker/precache.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const client = path.join(root, 'build/client');
const viteManifestPath = path.join(client, '.vite/manifest.json');
const bundleDirectory = path.join(root, 'build/service-worker');
/** Small files outside the hashed assets that the offline pages show: the logo, icons and drawings. */
const STATIC_FILES = ['favicon.svg', 'icons/*.png', 'art/*.svg'];

if (!fs.existsSync(viteManifestPath)) throw new Error('No client build: run `react-router build` first.');
const manifest = JSON.parse(fs.readFileSync(viteManifestPath, 'utf8')) as ViteManifest;
const files = offlineBuildFiles(manifest);

// The pages a version keeps are filed under its own name, derived from every file it precaches.
const version = crypto.createHash('sha256');
for (const file of files) version.update(file).update(fs.readFileSync(path.join(client, file)));
const swVersion = version.digest('hex').slice(0, 12);

await build({
  configFile: false,
  logLevel: 'warn',
  mode: 'production',
  define: { __SW_VERSION__: JSON.stringify(swVersion), 'process.env.NODE_ENV': '"production"' },
  build: {
    outDir: bundleDirectory,
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    lib: {
      entry: path.join(root, 'app/service-worker/service-worker.ts'),
      formats: ['iife'],
      name: 'serviceWorker',
      fileName: () => 'sw.js',
    },
  },
});

const { count, size, warnings } = await injectManifest({
  swSrc: path.join(bundleDirectory, 'sw.js'),
  swDest: path.join(client, 'sw.js'),
  globDirectory: client,
  globPatterns: [...files, ...STATIC_FILES],
  // Hashed names are their own revision.
  dontCacheBustURLsMatching: /^assets\//,
  maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
});
for (const warning of warnings) console.warn(warning);

fs.rmSync(path.join(client, '.vite'), { recursive: true, force: true });
fs.rmSync(bundleDirectory, { recursive: true, force: true });
console.log(`Service worker ${swVersion}: ${count} files precached (${(size / 1024).toFixed(0)} KB)`);
