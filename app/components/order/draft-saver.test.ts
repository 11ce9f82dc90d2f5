import { describe, expect, it, vi } from 'vitest';
import { DraftSaver, type DraftTransport } from './draft-saver.ts';

/** A server whose answers the test releases one by one, recording what it ends up holding. */
function controlledServer() {
  const pending: Array<() => void> = [];
  const log: string[] = [];
  let held: string | null = 'initial';
  const transport: DraftTransport = {
    put: (body) =>
      new Promise<void>((resolve) => {
        log.push(`put ${body}`);
        pending.push(() => {
          held = body;
          resolve();
        });
      }),
    delete: () =>
      new Promise<void>((resolve) => {
        log.push('delete');
        pending.push(() => {
          held = null;
          resolve();
        });
      }),
  };
  const answerNext = async () => {
    await vi.waitFor(() => expect(pending.length).toBeGreaterThan(0));
    pending.shift()?.();
  };
  return { transport, log, answerNext, held: () => held };
}

const quietEvents = { onSaving: () => {}, onSaved: () => {}, onError: () => {} };

describe('DraftSaver', () => {
  it('sends nothing while the page shows what the server holds', async () => {
    const server = controlledServer();
    const saver = new DraftSaver('initial', server.transport, quietEvents);
    expect(await saver.save()).toBe(true);
    expect(server.log).toEqual([]);
    expect(saver.unsavedBody()).toBeNull();
  });

  it('never sends two saves at once and ends with the latest body', async () => {
    const server = controlledServer();
    const saver = new DraftSaver('initial', server.transport, quietEvents);
    saver.update('a');
    const first = saver.save();
    await vi.waitFor(() => expect(server.log).toEqual(['put a']));
    saver.update('b');
    const second = saver.save();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(server.log).toEqual(['put a']);
    await server.answerNext();
    expect(await first).toBe(true);
    await vi.waitFor(() => expect(server.log).toEqual(['put a', 'put b']));
    await server.answerNext();
    expect(await second).toBe(true);
    expect(server.log).toEqual(['put a', 'put b']);
    expect(server.held()).toBe('b');
  });

  it('deletes only after the save in flight, and no save queued behind the deletion revives the draft', async () => {
    const server = controlledServer();
    const saver = new DraftSaver('initial', server.transport, quietEvents);
    saver.update('one candidate');
    const inFlight = saver.save();
    const discarded = saver.discard('empty');
    // A debounced save that fires while the deletion waits, still seeing the old body.
    const late = saver.save();
    await server.answerNext();
    await server.answerNext();
    await Promise.all([inFlight, discarded]);
    expect(await late).toBe(true);
    expect(server.log).toEqual(['put one candidate', 'delete']);
    expect(server.held()).toBeNull();
    expect(saver.unsavedBody()).toBeNull();
  });

  it('reports a refused deletion and keeps saving afterwards', async () => {
    const put = vi.fn(() => Promise.resolve());
    const saver = new DraftSaver(
      'initial',
      { put, delete: () => Promise.reject(new Error('offline')) },
      quietEvents,
    );
    await expect(saver.discard('empty')).rejects.toThrow('offline');
    saver.update('changed');
    expect(await saver.save()).toBe(true);
    expect(put).toHaveBeenCalledWith('changed');
  });

  it('reports a failed save and offers the body for a last request when the page goes away', async () => {
    const onError = vi.fn();
    const saver = new DraftSaver(
      'initial',
      { put: () => Promise.reject(new Error('offline')), delete: () => Promise.resolve() },
      { ...quietEvents, onError },
    );
    saver.update('typed');
    expect(await saver.save()).toBe(false);
    expect(onError).toHaveBeenCalledOnce();
    expect(saver.unsavedBody()).toBe('typed');
  });

  it('sends nothing while paused, and a forced save sends even an unchanged body', async () => {
    const put = vi.fn((_body: string) => Promise.resolve());
    const saver = new DraftSaver('initial', { put, delete: () => Promise.resolve() }, quietEvents);
    saver.pause();
    saver.update('typed');
    expect(await saver.save()).toBe(true);
    expect(saver.unsavedBody()).toBeNull();
    expect(put).not.toHaveBeenCalled();
    saver.resume();
    await saver.save();
    expect(await saver.save(true)).toBe(true);
    expect(put.mock.calls).toEqual([['typed'], ['typed']]);
  });
});
