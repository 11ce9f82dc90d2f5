/**
 * The embedded database with a real server process: the command line reaches the database through the running
 * server (admin socket), and configurations that cannot work are refused at start.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSocketPath } from '../../server/admin-socket.ts';
import { runCli } from '../../server/cli.ts';

const root = path.resolve(import.meta.dirname, '../..');
const port = Number(process.env.CLUSTER_PORT ?? 3230) + 2;

function run(environment: Record<string, string>) {
  return spawnSync(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...environment },
    encoding: 'utf8',
    timeout: 120_000,
  });
}

describe('refused configurations', () => {
  it('stops WORKERS=2 on the embedded database with a message naming DATABASE_URL', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-refused-'));
    try {
      const result = run({ WORKERS: '2', DATA_DIR: dataDir, PORT: String(port) });
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/WORKERS: 2 processes need DATABASE_URL/);
      // Refused before anything was opened.
      expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the command line beside a running server (embedded database)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-cli-server-'));
  const environment = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  let server: ChildProcess;
  let exited: Promise<number | null>;
  const output: string[] = [];
  const url = `http://127.0.0.1:${port}`;

  beforeAll(async () => {
    if (!fs.existsSync(path.join(root, 'build/server/index.js')))
      spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    server = spawn(process.execPath, ['server/main.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        SHUTDOWN_DRAIN_MS: '0',
        DEMO_CONTENT: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    exited = new Promise((resolve) => server.on('exit', (code) => resolve(code)));
    const deadline = Date.now() + 150_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited:\n${output.join('')}`);
      const ready = await fetch(`${url}/ready`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) break;
      if (Date.now() > deadline) throw new Error(`the server did not start:\n${output.join('')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the admin socket private to the server’s user', () => {
    const socket = adminSocketPath(dataDir);
    expect(fs.statSync(socket).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(socket)).mode & 0o777).toBe(0o700);
  });

  it('creates the first administrator while the server runs, who can then sign in', async () => {
    const lines: string[] = [];
    const print = (line: string) => lines.push(line);
    const create = [
      'user:create',
      '--email',
      'President@Example.org',
      '--password',
      'Ventoux1910',
      '--admin',
    ];
    expect(await runCli(create, environment, print, print)).toBe(0);
    expect(lines.pop()).toMatch(
      /^Created president@example\.org \(id \d+\) with the roles desk, president, treasurer, admin/,
    );
    // The same refusals as with the server stopped: an existing address, bad input, an unknown command.
    expect(await runCli(create, environment, print, print)).toBe(1);
    expect(lines.join('\n')).toMatch(/Usage: npm run cli/);
    expect(await runCli(['user:role', '--email', 'x', '--role', 'admin'], environment, print, print)).toBe(1);
    expect(await runCli(['nonsense'], environment, print, print)).toBe(2);

    const login = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'president@example.org', password: 'Ventoux1910' }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const me = await fetch(`${url}/api/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await me.json()) as { roles: string[] }).roles).toEqual([
      'desk',
      'president',
      'treasurer',
      'admin',
    ]);
  });

  it('imports laureates (relative file names) and shows them at once, and backs up', async () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-cli-cwd-'));
    const previous = process.cwd();
    process.chdir(work);
    try {
      fs.writeFileSync(
        'riders.csv',
        'epreuve;numero;nom;prenom\nCinglé;1;Embedded;Rider\nGalérien;2;Embedded;Other\n',
      );
      const lines: string[] = [];
      expect(await runCli(['laureates:import', 'riders.csv'], environment, (line) => lines.push(line))).toBe(
        0,
      );
      const page = (await (await fetch(`${url}/api/laureates?q=Embedded`)).json()) as { total: number };
      expect(page.total).toBe(2);

      expect(await runCli(['db:backup', 'backup.sql'], environment, (line) => lines.push(line))).toBe(0);
      expect(lines.pop()).toMatch(/^Backed up \d+ rows of \d+ tables to .*backup\.sql/);
      expect(fs.readFileSync(path.join(work, 'backup.sql'), 'utf8')).toContain('"Embedded"');
      // The server's database is not empty: a restore is refused, nothing changes.
      expect(
        await runCli(
          ['db:restore', 'backup.sql'],
          environment,
          () => {},
          (line) => lines.push(line),
        ),
      ).toBe(1);
      expect(lines.join('\n')).toMatch(/not empty/);
    } finally {
      process.chdir(previous);
      fs.rmSync(work, { recursive: true, force: true });
    }
    expect(server.exitCode).toBeNull();
  });
});
