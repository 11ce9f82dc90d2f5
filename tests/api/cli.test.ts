import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../server/cli.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-cli-'));
const environment = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('npm run cli', () => {
  it('creates an admin, changes roles, and refuses bad input', async () => {
    const lines: string[] = [];
    const print = (line: string) => lines.push(line);
    expect(
      await runCli(
        ['user:create', '--email', 'President@Example.org', '--password', 'Ventoux1910', '--admin'],
        environment,
        print,
      ),
    ).toBe(0);
    expect(lines.pop()).toMatch(/Created admin president@example\.org/);
    expect(
      await runCli(
        ['user:role', '--email', 'president@example.org', '--role', 'user', '--president'],
        environment,
        print,
      ),
    ).toBe(0);
    expect(lines.pop()).toBe('president@example.org is now user (president).');
    expect(
      await runCli(['user:create', '--email', 'x@example.org', '--password', 'weak'], environment, print),
    ).toBe(1);
    expect(
      await runCli(
        ['user:create', '--email', 'president@example.org', '--password', 'Ventoux1910'],
        environment,
        print,
      ),
    ).toBe(1);
    expect(
      await runCli(['user:role', '--email', 'nobody@example.org', '--role', 'admin'], environment, print),
    ).toBe(1);
    expect(await runCli(['nonsense'], environment, print)).toBe(2);
  });

  it('rotates the diploma signing key, the retired one staying published', async () => {
    const lines: string[] = [];
    const print = (line: string) => lines.push(line);
    expect(await runCli(['diplomas:rotate-key'], environment, print)).toBe(0);
    const first = /signed with key (\S+?)[.;]/.exec(lines.pop()!)?.[1];
    expect(first).toBeTruthy();
    expect(await runCli(['diplomas:rotate-key'], environment, print)).toBe(0);
    expect(lines.pop()).toMatch(new RegExp(`; retired ${first} \\(still published\\)\\.$`));
  });
});
