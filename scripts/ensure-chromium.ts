/**
 * Browser tests drive Debian's Chromium, never a downloaded browser. This finds it (CHROMIUM_PATH or
 * /usr/bin/chromium), installs the `chromium` package when missing on Debian as root, and otherwise stops
 * with a clear message: browser tests are never silently skipped. The journeys also read the QR code printed on a
 * PDF (the diploma), through poppler's `pdftoppm` (package `poppler-utils`), ensured the same way.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

const PDF_RASTERISER = '/usr/bin/pdftoppm';

function install(packages: string[]) {
  const isDebian = fs.existsSync('/etc/debian_version');
  const isRoot = process.getuid?.() === 0;
  if (!isDebian || !isRoot) {
    console.error(
      `Missing for the browser tests: ${packages.join(', ')}. Install Debian's "chromium" and "poppler-utils" ` +
        'packages (CHROMIUM_PATH may name another Chromium or Chrome binary).',
    );
    process.exit(1);
  }
  console.log(`Installing the Debian packages ${packages.join(', ')}...`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', ...packages], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

if (import.meta.main) {
  const missing = [
    ...(fs.existsSync(chromiumPath()) ? [] : ['chromium']),
    ...(fs.existsSync(PDF_RASTERISER) ? [] : ['poppler-utils']),
  ];
  if (missing.length > 0) install(missing);
  if (!fs.existsSync(chromiumPath()) || !fs.existsSync(PDF_RASTERISER)) {
    console.error(`Still missing: ${chromiumPath()} or ${PDF_RASTERISER}.`);
    process.exit(1);
  }
  console.log(`Browser tests use ${chromiumPath()}`);
}
