/**
 * Loads the build's type-stripped copy of each of the project's TypeScript modules (scripts/strip-types.ts,
 * decision 0059), so that Node's own type stripper is never loaded: it is swc compiled to WebAssembly, and holds
 * about 17 MB for the life of every process that loads it (the server, the embedded database's process, each
 * instance of WORKERS). Given to Node with `--import` (server/node-flags.ts); it runs in worker threads too.
 *
 * A copy is named by the hash of the source it was stripped from: a file changed since the build has none, and Node
 * strips it as usual. The copies keep every character's position (types become spaces), so stack traces point at
 * the TypeScript source's lines and columns.
 *
 * JavaScript, not TypeScript: this file runs before any module is loaded, and would itself load the stripper.
 */
import fs from 'node:fs';
import { registerHooks } from 'node:module';
import { URL, fileURLToPath } from 'node:url';
import { strippedCopyName } from './stripped-copy-name.mjs';

const projectRoot = new URL('../', import.meta.url).href;
const copies = new URL('../build/stripped/', import.meta.url);

/** The project's own ES modules written in TypeScript (package.json says "type": "module"). */
function isProjectModule(url) {
  return url.startsWith(projectRoot) && url.endsWith('.ts') && !url.includes('/node_modules/');
}

function readCopy(source) {
  try {
    return fs.readFileSync(new URL(strippedCopyName(source), copies), 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw error;
  }
}

registerHooks({
  load(url, context, nextLoad) {
    if (isProjectModule(url)) {
      const copy = readCopy(fs.readFileSync(fileURLToPath(url)));
      if (copy !== null) return { format: 'module', source: copy, shortCircuit: true };
    }
    return nextLoad(url, context);
  },
});
