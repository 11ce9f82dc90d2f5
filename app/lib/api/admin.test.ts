import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR } from './client.ts';
import { pollPrintJob, printJobFileUrl } from './admin.ts';
import type { PrintJobStatus } from '../../components/admin/types.ts';

const noWait = async () => {};

function reader(statuses: (PrintJobStatus | Error)[]) {
  const calls: string[] = [];
  const read = async (jobId: string) => {
    calls.push(jobId);
    const next = statuses.shift();
    if (!next) throw new Error('read too often');
    if (next instanceof Error) throw next;
    return next;
  };
  return { read, calls };
}

describe('pollPrintJob', () => {
  it('reports each status and answers the finished job', async () => {
    const { read, calls } = reader([
      { status: 'running', done: 0, total: 3 },
      { status: 'running', done: 2, total: 3 },
      { status: 'done', done: 3, total: 3 },
    ]);
    const progress: number[] = [];
    const result = await pollPrintJob('job-1', {
      read,
      wait: noWait,
      signal: new AbortController().signal,
      onProgress: (status) => progress.push(status.done),
    });
    expect(result).toEqual({ status: 'done', done: 3, total: 3 });
    expect(progress).toEqual([0, 2, 3]);
    expect(calls).toEqual(['job-1', 'job-1', 'job-1']);
  });

  it('throws when the job failed', async () => {
    const { read } = reader([{ status: 'failed', done: 1, total: 3 }]);
    await expect(
      pollPrintJob('job-2', {
        read,
        wait: noWait,
        signal: new AbortController().signal,
        onProgress: () => {},
      }),
    ).rejects.toMatchObject({ code: 'internal' });
  });

  it('rides out a short network failure but not an error answer', async () => {
    const offline = new ApiError(0, NETWORK_ERROR, 'offline');
    const retried = reader([offline, { status: 'done', done: 1, total: 1 }]);
    await expect(
      pollPrintJob('job-3', {
        read: retried.read,
        wait: noWait,
        signal: new AbortController().signal,
        onProgress: () => {},
      }),
    ).resolves.toMatchObject({ status: 'done' });

    const missing = reader([new ApiError(404, 'not_found', 'gone')]);
    await expect(
      pollPrintJob('job-4', {
        read: missing.read,
        wait: noWait,
        signal: new AbortController().signal,
        onProgress: () => {},
      }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const { read } = reader([
      { status: 'running', done: 0, total: 2 },
      { status: 'running', done: 1, total: 2 },
    ]);
    await expect(
      pollPrintJob('job-5', {
        read,
        wait: async () => controller.abort(new Error('closed')),
        signal: controller.signal,
        onProgress: () => {},
      }),
    ).rejects.toThrow('closed');
  });
});

describe('printJobFileUrl', () => {
  it('escapes the job id', () => {
    expect(printJobFileUrl('a/b')).toBe('/api/admin/print-jobs/a%2Fb/file');
  });

  it("names the file in the admin's language", () => {
    expect(printJobFileUrl('j1', 'fr')).toBe('/api/admin/print-jobs/j1/file?lang=fr');
  });
});
