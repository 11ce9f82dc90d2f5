import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogOutput } from './log-output.ts';

const { O_RDONLY, O_WRONLY, O_NONBLOCK } = fs.constants;
const opened: number[] = [];
const folders: string[] = [];

/** A named pipe's two ends, as a log pipe to another process has: non-blocking, as Node leaves stdout. */
function pipe() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-log-output-'));
  folders.push(folder);
  const fifo = path.join(folder, 'log');
  execFileSync('mkfifo', [fifo]);
  const reader = fs.openSync(fifo, O_RDONLY | O_NONBLOCK);
  const writer = fs.openSync(fifo, O_WRONLY | O_NONBLOCK);
  opened.push(writer);
  return { reader, writer };
}

afterEach(() => {
  for (const fd of opened.splice(0)) fs.closeSync(fd);
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

const line = (index: number) =>
  `${JSON.stringify({ level: 30, msg: `line ${index}`, pad: 'x'.repeat(200) })}\n`;

describe('the log output', () => {
  it('writes the lines to a reader that reads', async () => {
    const { reader, writer } = pipe();
    opened.push(reader);
    const output = createLogOutput(writer);
    output.write(line(1));
    output.write(line(2));
    const expected = line(1) + line(2);
    let received = '';
    const buffer = Buffer.alloc(4096);
    const deadline = Date.now() + 5000;
    while (received.length < expected.length && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      try {
        received += buffer.subarray(0, fs.readSync(reader, buffer)).toString();
      } catch {
        // EAGAIN: nothing written yet.
      }
    }
    expect(received).toBe(expected);
  });

  it('drops the lines once the reader is gone, and its exit flush returns at once', () => {
    const { reader, writer } = pipe();
    const output = createLogOutput(writer);
    for (let index = 0; index < 50; index++) output.write(line(index));
    fs.closeSync(reader);
    for (let index = 50; index < 100; index++) output.write(line(index));
    const started = performance.now();
    output.flushSync();
    output.flushSync();
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('gives up on a reader that stops reading after about a second, dropping what it could not write', () => {
    const { reader, writer } = pipe();
    opened.push(reader);
    const output = createLogOutput(writer);
    // Well beyond what the pipe holds (64 KiB on Linux): the rest can never be written.
    for (let index = 0; index < 2000; index++) output.write(line(index));
    const started = performance.now();
    output.flushSync();
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(900);
    expect(elapsed).toBeLessThan(3000);
  });
});
