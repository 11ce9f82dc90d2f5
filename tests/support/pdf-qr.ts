/**
 * Reads the QR code printed on a PDF's first page, as a phone would from the paper: the page is rendered to an
 * image by poppler's `pdftoppm` (scripts/ensure-chromium.ts installs it for the browser tests) and the code
 * read from the pixels by ZXing (zxing-wasm, the reader the admin scanner uses).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

const require = createRequire(import.meta.url);
const run = promisify(execFile);

export async function qrTextOfPdf(pdf: Uint8Array): Promise<string[]> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-qr-'));
  try {
    const input = path.join(directory, 'document.pdf');
    fs.writeFileSync(input, pdf);
    await run('pdftoppm', [
      '-png',
      '-r',
      '150',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      input,
      path.join(directory, 'page'),
    ]);
    const image = fs.readFileSync(path.join(directory, 'page.png'));
    await prepareZXingModule({
      overrides: {
        wasmBinary: fs.readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')).buffer,
      },
      fireImmediately: true,
    });
    const results = await readBarcodes(new Uint8Array(image), { formats: ['QRCode'], tryHarder: true });
    return results.filter((result) => result.isValid).map((result) => result.text);
  } finally {
    fs.rmSync(directory, { recursive: true, force: true });
  }
}
