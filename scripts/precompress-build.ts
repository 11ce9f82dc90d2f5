/**
 * The last step of `npm run build`: writes a Brotli copy (`x.js.br`), at the best quality, beside each script and
 * stylesheet of the client build's `assets/`. The server sends it as is to a browser that accepts Brotli
 * (@fastify/static's `preCompressed`, server/plugins/pages.ts), instead of compressing at quality 5 on the fly
 * (server/plugins/compression.ts): the layout's stylesheet goes from about 14.4 to 12.7 KB, inside the first
 * round trip of a new connection on a phone network. Quality 11 is too slow to run on each answer, but is paid
 * once here. A browser that accepts only gzip still gets the file compressed on the fly.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { MIN_BYTES } from '../server/plugins/compression.ts';

const brotli = promisify(zlib.brotliCompress);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const assets = path.join(root, 'build/client/assets');

const names = (await fs.readdir(assets)).filter((name) => /\.(js|css)$/.test(name));
let written = 0;
let before = 0;
let after = 0;
for (const name of names) {
  const file = path.join(assets, name);
  const text = await fs.readFile(file);
  if (text.length < MIN_BYTES) continue;
  const compressed = await brotli(text, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: text.length,
    },
  });
  await fs.writeFile(`${file}.br`, compressed);
  written += 1;
  before += text.length;
  after += compressed.length;
}
console.log(
  `Brotli copies of ${written} scripts and stylesheets: ${(before / 1024).toFixed(0)} KB as ${(after / 1024).toFixed(0)} KB`,
);
