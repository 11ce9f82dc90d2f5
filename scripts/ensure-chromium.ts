/**
 * Browser tests drive Debian's Chromium, never a downloaded browser. This finds it (CHROMIUM_PATH or
 * /usr/bin/chromium), installs the `chromium` package when missing on Debian as root, and otherwise stops
 * with a clear message: browser tests are never silently skipped.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

function install() {
  const isDebian = fs.existsSync('/etc/debian_version');
  const isRoot = process.getuid?.() === 0;
  if (!isDebian || !isRoot) {
    console.error(
      `Chromium not found at ${chromiumPath()}. Install Debian's "chromium" package (apt-get install chromium) ` +
        'or set CHROMIUM_PATH to a Chromium or Chrome binary.',
    );
    process.exit(1);
  }
  console.log('Chromium missing: installing the Debian package "chromium"...');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

if (import.meta.main) {
  if (!fs.existsSync(chromiumPath())) install();
  if (!fs.existsSync(chromiumPath())) {
    console.error(`Chromium still not found at ${chromiumPath()}.`);
    process.exit(1);
  }
  console.log(`Browser tests use ${chromiumPath()}`);
}
