/**
 * The command line beside a running server on the embedded database (decision 0018). PGlite serves one process,
 * so while the server holds it, `npm run cli -- …` sends its arguments over a private unix socket in DATA_DIR
 * (directory 0700, socket 0600: only the server's user reaches it) and the server runs the very same command
 * with its own services; the output and the exit code come back over the socket.
 *
 * Protocol: one JSON line `{argv, cwd}` from the client; JSON lines `{out}` / `{err}` and a last `{exit}` back.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export interface RemoteRun {
  argv: string[];
  /** The caller's working directory: file arguments are relative to it. */
  cwd: string;
}

export type CommandRunner = (
  request: RemoteRun,
  output: { print: (line: string) => void; printError: (line: string) => void },
) => Promise<number>;

export function adminSocketPath(dataDir: string): string {
  return path.join(dataDir, 'run', 'cli.sock');
}

/** Listens on the admin socket; returns the function that closes it. */
export async function startAdminSocket(dataDir: string, run: CommandRunner): Promise<() => Promise<void>> {
  const socketPath = adminSocketPath(dataDir);
  fs.mkdirSync(path.dirname(socketPath), { recursive: true, mode: 0o700 });
  fs.chmodSync(path.dirname(socketPath), 0o700);
  // A socket left by a server that was killed: this process owns the database now (it holds the lock).
  fs.rmSync(socketPath, { force: true });

  const server = net.createServer((connection) => {
    let buffer = '';
    let started = false;
    const send = (message: object) => {
      if (connection.writable) connection.write(`${JSON.stringify(message)}\n`);
    };
    connection.on('error', () => {});
    connection.on('data', (chunk) => {
      if (started) return;
      buffer += chunk.toString('utf8');
      const newline = buffer.indexOf('\n');
      if (newline < 0) {
        if (buffer.length > 1_000_000) connection.destroy();
        return;
      }
      started = true;
      let request: RemoteRun;
      try {
        const value = JSON.parse(buffer.slice(0, newline)) as Partial<RemoteRun>;
        if (!Array.isArray(value.argv) || !value.argv.every((arg) => typeof arg === 'string'))
          throw new Error('argv');
        if (typeof value.cwd !== 'string' || !path.isAbsolute(value.cwd)) throw new Error('cwd');
        request = { argv: value.argv, cwd: value.cwd };
      } catch {
        send({ err: 'Malformed request on the admin socket' });
        send({ exit: 2 });
        connection.end();
        return;
      }
      run(request, { print: (line) => send({ out: line }), printError: (line) => send({ err: line }) })
        .catch((error: unknown) => {
          send({ err: error instanceof Error ? error.message : String(error) });
          return 1;
        })
        .then((exit) => {
          send({ exit });
          connection.end();
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  fs.chmodSync(socketPath, 0o600);

  return () =>
    new Promise<void>((resolve) => {
      // Commands already running finish; no new one is taken.
      server.close(() => resolve());
      fs.rmSync(socketPath, { force: true });
    });
}

/**
 * Runs a command in the server that listens on `socketPath`. Resolves with its exit code, or null when no server
 * answers there (none running: the caller opens the database itself).
 */
export function runThroughServer(
  socketPath: string,
  request: RemoteRun,
  output: { print: (line: string) => void; printError: (line: string) => void },
): Promise<number | null> {
  return new Promise((resolve, reject) => {
    let connected = false;
    let exit: number | null = null;
    let buffer = '';
    const connection = net.createConnection(socketPath, () => {
      connected = true;
      connection.write(`${JSON.stringify(request)}\n`);
    });
    connection.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let newline = buffer.indexOf('\n'); newline >= 0; newline = buffer.indexOf('\n')) {
        const message = JSON.parse(buffer.slice(0, newline)) as { out?: string; err?: string; exit?: number };
        buffer = buffer.slice(newline + 1);
        if (message.out !== undefined) output.print(message.out);
        if (message.err !== undefined) output.printError(message.err);
        if (message.exit !== undefined) exit = message.exit;
      }
    });
    connection.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) resolve(null);
      else reject(error);
    });
    connection.on('close', () => {
      if (!connected) return;
      if (exit === null) reject(new Error('The server closed the connection before the command finished'));
      else resolve(exit);
    });
  });
}
