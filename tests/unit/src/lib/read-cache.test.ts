import { describe, expect, it, vi } from 'vitest';
import { createReadCache, stableKey } from '../../../../src/lib/read-cache';

describe('read cache', () => {
  it('serves a hit until the TTL passes, per operation, variables and language', async () => {
    let now = 1000;
    const cache = createReadCache({ ttlMs: 30_000, maxEntries: 10, now: () => now });
    const fetch = vi.fn(async () => ({ n: fetch.mock.calls.length }));
    expect(await cache.read('GetFaqs', {}, 'ar', fetch)).toEqual({ n: 1 });
    expect(await cache.read('GetFaqs', {}, 'ar', fetch)).toEqual({ n: 1 });
    expect(await cache.read('GetFaqs', {}, 'en', fetch)).toEqual({ n: 2 });
    expect(await cache.read('GetPolitics', { type: 'usage' }, 'ar', fetch)).toEqual({ n: 3 });
    now += 30_001;
    expect(await cache.read('GetFaqs', {}, 'ar', fetch)).toEqual({ n: 4 });
  });

  it('shares one request between concurrent misses', async () => {
    const cache = createReadCache({ ttlMs: 1000, maxEntries: 10 });
    let resolve!: (v: string) => void;
    const fetch = vi.fn(() => new Promise<string>((r) => (resolve = r)));
    const a = cache.read('Alert', null, 'ar', fetch);
    const b = cache.read('Alert', null, 'ar', fetch);
    resolve('x');
    expect(await Promise.all([a, b])).toEqual(['x', 'x']);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('never caches a failure', async () => {
    const cache = createReadCache({ ttlMs: 1000, maxEntries: 10 });
    const fetch = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce('ok');
    await expect(cache.read('Alert', null, 'ar', fetch)).rejects.toThrow('down');
    expect(await cache.read('Alert', null, 'ar', fetch)).toBe('ok');
  });

  it('evicts the least recently used entries beyond maxEntries', async () => {
    const cache = createReadCache({ ttlMs: 60_000, maxEntries: 2 });
    const fetch = vi.fn(async () => fetch.mock.calls.length);
    await cache.read('a', null, 'ar', fetch);
    await cache.read('b', null, 'ar', fetch);
    await cache.read('a', null, 'ar', fetch); // a is now the most recent
    await cache.read('c', null, 'ar', fetch); // evicts b
    expect(cache.size).toBe(2);
    await cache.read('a', null, 'ar', fetch);
    expect(fetch).toHaveBeenCalledTimes(3);
    await cache.read('b', null, 'ar', fetch);
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it('clears one operation or everything', async () => {
    const cache = createReadCache({ ttlMs: 60_000, maxEntries: 10 });
    await cache.read('a', null, 'ar', async () => 1);
    await cache.read('b', null, 'ar', async () => 2);
    cache.clear('a');
    expect(cache.size).toBe(1);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('builds keys independent of object key order', () => {
    expect(stableKey({ b: 1, a: { d: 2, c: 3 } })).toBe(stableKey({ a: { c: 3, d: 2 }, b: 1 }));
    expect(stableKey([2, 1])).not.toBe(stableKey([1, 2]));
  });
});
