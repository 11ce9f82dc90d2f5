/** The text of a PDF as a reader would copy it (poppler's `pdftotext`, beside `pdftoppm` of pdf-qr.ts). */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Every page's text, its runs of white space made single spaces. */
export async function textOfPdf(pdf: Uint8Array): Promise<string> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-text-'));
  try {
    const input = path.join(directory, 'document.pdf');
    fs.writeFileSync(input, pdf);
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', input, '-']);
    return stdout.replace(/\s+/g, ' ');
  } finally {
    fs.rmSync(directory, { recursive: true, force: true });
  }
}
