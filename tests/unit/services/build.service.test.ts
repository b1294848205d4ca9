import { describe, expect, it, vi } from 'vitest';
import { fetchLatestBuild, LATEST_BUILD_PATH } from '../../../services/build.service';

const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('latest-build check', () => {
  it('asks past every cache: no-store and a query that changes per call', async () => {
    const fetchImpl = vi.fn(async () => answer({ id: 'abc123' }));
    await expect(fetchLatestBuild(fetchImpl as unknown as typeof fetch, 42)).resolves.toEqual({ id: 'abc123' });
    await fetchLatestBuild(fetchImpl as unknown as typeof fetch, 43);
    const calls = fetchImpl.mock.calls as unknown as Array<[string, RequestInit]>;
    expect(calls.map(([url]) => url)).toEqual([`${LATEST_BUILD_PATH}?t=42`, `${LATEST_BUILD_PATH}?t=43`]);
    expect(calls[0]![1].cache).toBe('no-store');
  });

  it.each([
    ['an error status', answer({ id: 'abc' }, 503)],
    ['no id', answer({})],
    ['an id that is not a build id', answer({ id: '<script>' })],
    ['not JSON', new Response('<html>', { status: 200 })],
  ])('rejects %s', async (_, response) => {
    await expect(fetchLatestBuild((async () => response) as unknown as typeof fetch, 1)).rejects.toThrow();
  });
});
