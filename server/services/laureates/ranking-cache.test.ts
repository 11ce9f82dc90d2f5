import { describe, expect, it } from 'vitest';
import type { LaureatesPage } from '../../../domain/schemas/laureates.ts';
import { clearRankingCache, createRankingCache, keptPage, PAGE_STALE_MS } from './ranking-cache.ts';

const TTL = 10_000;
const pageOf = (total: number): LaureatesPage => ({ items: [], total, page: 1, pageSize: 25 });

/** A read the test answers when it chooses, counting how many were asked for. */
function reads() {
  const pending: { resolve: (page: LaureatesPage) => void; reject: (error: Error) => void }[] = [];
  return {
    pending,
    read: () =>
      new Promise<LaureatesPage>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
  };
}

/** Lets the promise callbacks of the cache run. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

/** A cache holding page 1 under `k`, read at 0 and settled: the start of every test of a page past its time. */
async function keptOnce() {
  const cache = createRankingCache();
  const { pending, read } = reads();
  const first = keptPage(cache, 'k', { ttlMs: TTL, now: 0 }, read);
  pending[0]!.resolve(pageOf(1));
  await first;
  await settled();
  return { cache, pending, read };
}

describe('keptPage', () => {
  it('shares one read among requests arriving together, then answers from memory while fresh', async () => {
    const cache = createRankingCache();
    const { pending, read } = reads();
    const first = keptPage(cache, 'k', { ttlMs: TTL, now: 0 }, read);
    const second = keptPage(cache, 'k', { ttlMs: TTL, now: 5 }, read);
    expect(pending).toHaveLength(1);
    pending[0]!.resolve(pageOf(1));
    expect(await first).toEqual(pageOf(1));
    expect(await second).toEqual(pageOf(1));
    expect(await keptPage(cache, 'k', { ttlMs: TTL, now: TTL - 1 }, read)).toEqual(pageOf(1));
    expect(pending).toHaveLength(1);
  });

  it('answers a page past its time at once while one newer read runs, then the newer page', async () => {
    const { cache, pending, read } = await keptOnce();

    expect(await keptPage(cache, 'k', { ttlMs: TTL, now: TTL + 1 }, read)).toEqual(pageOf(1));
    expect(await keptPage(cache, 'k', { ttlMs: TTL, now: TTL + 2 }, read)).toEqual(pageOf(1));
    expect(pending).toHaveLength(2);
    pending[1]!.resolve(pageOf(2));
    await settled();
    expect(await keptPage(cache, 'k', { ttlMs: TTL, now: TTL + 3 }, read)).toEqual(pageOf(2));
    expect(pending).toHaveLength(2);
  });

  it('does not keep a page read in the background when the ranking changed meanwhile', async () => {
    const { cache, pending, read } = await keptOnce();
    await keptPage(cache, 'k', { ttlMs: TTL, now: TTL + 1 }, read);
    clearRankingCache(cache);
    pending[1]!.resolve(pageOf(2));
    await settled();

    const after = keptPage(cache, 'k', { ttlMs: TTL, now: TTL + 2 }, read);
    expect(pending).toHaveLength(3);
    pending[2]!.resolve(pageOf(3));
    expect(await after).toEqual(pageOf(3));
  });

  it('keeps answering the old page after a failed background read, and tries again with the next visitor', async () => {
    const { cache, pending, read } = await keptOnce();
    await keptPage(cache, 'k', { ttlMs: TTL, now: TTL + 1 }, read);
    pending[1]!.reject(new Error('connection lost'));
    await settled();

    expect(await keptPage(cache, 'k', { ttlMs: TTL, now: TTL + 2 }, read)).toEqual(pageOf(1));
    expect(pending).toHaveLength(3);
  });

  it('reads before answering once a page is older than the time it may be answered stale', async () => {
    const { cache, pending, read } = await keptOnce();

    const late = keptPage(cache, 'k', { ttlMs: TTL, now: TTL + PAGE_STALE_MS }, read);
    expect(pending).toHaveLength(2);
    pending[1]!.resolve(pageOf(2));
    expect(await late).toEqual(pageOf(2));
  });

  it('forgets a failed first read, so that the next visitor asks again', async () => {
    const cache = createRankingCache();
    const { pending, read } = reads();
    const first = keptPage(cache, 'k', { ttlMs: TTL, now: 0 }, read);
    pending[0]!.reject(new Error('timeout'));
    await expect(first).rejects.toThrow('timeout');
    await settled();
    void keptPage(cache, 'k', { ttlMs: TTL, now: 1 }, read);
    expect(pending).toHaveLength(2);
  });
});
