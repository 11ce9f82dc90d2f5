/**
 * A step of `npm run build`: writes the type-stripped copy of each TypeScript module the server may load (server/,
 * domain/, contracts/, app/) into build/stripped/, named by the hash of its source. The production process loads
 * them through server/stripped-modules.mjs instead of stripping each module itself, which would load Node's type
 * stripper and keep it (decision 0059). Stripping is Node's own, so a copy is exactly what Node would have run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripTypeScriptTypes } from 'node:module';
import { strippedCopyName } from '../server/stripped-copy-name.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE_DIRECTORIES = ['server', 'domain', 'contracts', 'app'];
const output = path.join(root, 'build/stripped');

function* typeScriptModules(directory: string): Generator<string> {
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* typeScriptModules(file);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts'))
      yield file;
  }
}

fs.rmSync(output, { recursive: true, force: true });
fs.mkdirSync(output, { recursive: true });
let written = 0;
for (const directory of SOURCE_DIRECTORIES)
  for (const file of typeScriptModules(path.join(root, directory))) {
    const source = fs.readFileSync(file);
    fs.writeFileSync(
      path.join(output, strippedCopyName(source)),
      stripTypeScriptTypes(source.toString('utf8')),
    );
    written += 1;
  }
console.log(`Type-stripped copies of ${written} TypeScript modules in build/stripped/`);
