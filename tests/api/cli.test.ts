import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../server/cli.ts';
import { readZip } from '../support/zip.ts';

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
    expect(lines.pop()).toMatch(
      /^Created president@example\.org \(id \d+\) with the roles desk, president, treasurer, admin\./,
    );
    const desk = ['user:create', '--email', 'desk@example.org', '--password', 'Ventoux1910'];
    expect(await runCli([...desk, '--roles', 'desk,cards'], environment, print)).toBe(1);
    expect(await runCli([...desk, '--roles', 'desk'], environment, print)).toBe(0);
    expect(lines.pop()).toMatch(/^Created desk@example\.org \(id \d+\) with the roles desk\./);
    expect(
      await runCli(
        ['user:roles', '--email', 'desk@example.org', '--roles', 'treasurer, desk', '--president'],
        environment,
        print,
      ),
    ).toBe(0);
    expect(lines.pop()).toBe('desk@example.org now holds the roles desk, treasurer (president).');
    expect(
      await runCli(['user:roles', '--email', 'desk@example.org', '--roles', ''], environment, print),
    ).toBe(0);
    expect(lines.pop()).toBe('desk@example.org now holds no role of the back office.');
    // The club's only administrator keeps the role: nobody could grant it again.
    expect(
      await runCli(['user:role', '--email', 'president@example.org', '--role', 'user'], environment, print),
    ).toBe(1);
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
    // Eleven commands, each opening the embedded database as the CLI does.
  }, 120_000);

  it('rotates the diploma signing key, the retired one staying published', async () => {
    const lines: string[] = [];
    const print = (line: string) => lines.push(line);
    expect(await runCli(['diplomas:rotate-key'], environment, print)).toBe(0);
    const first = /signed with key (\S+?)[.;]/.exec(lines.pop()!)?.[1];
    expect(first).toBeTruthy();
    expect(await runCli(['diplomas:rotate-key'], environment, print)).toBe(0);
    expect(lines.pop()).toMatch(new RegExp(`; retired ${first} \\(still published\\)\\.$`));
  });

  it('writes the copy of a person’s data asked by post, and runs the retention job or counts it dry', async () => {
    const lines: string[] = [];
    const print = (line: string) => lines.push(line);
    const file = path.join(dataDir, 'copy.zip');
    expect(
      await runCli(
        ['data:export', '--email', 'President@Example.org', '--out', file, '--locale', 'de'],
        environment,
        print,
      ),
    ).toBe(0);
    expect(lines.pop()).toMatch(/^Wrote the copy of president@example\.org's data to .*copy\.zip/);
    const zip = readZip(fs.readFileSync(file));
    expect(zip.json('account.json').records).toEqual([
      expect.objectContaining({ email: 'president@example.org' }),
    ]);
    expect(zip.text('README.txt')).toContain('Ihre Daten beim Club des Cinglés du Mont-Ventoux');
    expect(await runCli(['data:export', '--email', 'president@example.org'], environment, print)).toBe(1);

    expect(await runCli(['retention:run', '--dry-run'], environment, print)).toBe(0);
    expect(lines.slice(-3)).toEqual([
      'mail: 0 would be deleted',
      'audit: 0 would be deleted',
      'Dry run: nothing was deleted.',
    ]);
    expect(await runCli(['retention:run'], environment, print)).toBe(0);
    expect(lines.at(-1)).toBe('audit: 0 deleted');
  });
});
