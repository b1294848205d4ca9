import { describe, expect, it, vi } from 'vitest';
import { watchAdminEdits } from '../../../../src/server/admin-edits.mjs';

type Answer = string | Error | Response;

/** A fetch that answers Vendure's `{ generation }` from a list, one per call. */
function vendure(answers: Answer[]) {
  const urls: string[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL) => {
    urls.push(String(url));
    const next = answers.shift();
    if (next === undefined) throw new Error('no more answers');
    if (next instanceof Error) throw next;
    if (next instanceof Response) return next;
    return new Response(JSON.stringify({ generation: next }), { headers: { 'content-type': 'application/json' } });
  });
  return { fetch: fetch as typeof fetch & typeof globalThis.fetch, urls };
}

const URL_ = 'http://vendure.test/storefront-changes';

describe('watchAdminEdits (the storefront learns of admin edits)', () => {
  it('calls onChange once per new generation, not for the first one it sees', async () => {
    const { fetch, urls } = vendure(['g1', 'g1', 'g2', 'g2', 'g3']);
    const onChange = vi.fn();
    const watch = watchAdminEdits({ url: URL_, intervalMs: 0, onChange, fetch, settleMs: 60_000 });
    for (let i = 0; i < 5; i++) await watch.poll();
    expect(onChange.mock.calls).toEqual([['g2'], ['g3']]);
    expect(urls).toEqual(Array(5).fill(URL_));
    watch.stop();
  });

  it('drops nothing while Vendure does not answer, and still sees the change after it', async () => {
    const down = new Response('down', { status: 503 });
    const notJson = new Response('<html>', { status: 200 });
    const { fetch } = vendure(['g1', new Error('ECONNREFUSED'), down, notJson, 'g1', 'g2']);
    const onChange = vi.fn();
    const watch = watchAdminEdits({ url: URL_, intervalMs: 0, onChange, fetch, settleMs: 60_000 });
    for (let i = 0; i < 5; i++) await watch.poll();
    expect(onChange).not.toHaveBeenCalled();
    await watch.poll();
    expect(onChange.mock.calls).toEqual([['g2']]);
    watch.stop();
  });

  it('drops the caches once more when the other processes have caught up (settleMs later)', async () => {
    const { fetch } = vendure(['g1', 'g2']);
    const onChange = vi.fn();
    const watch = watchAdminEdits({ url: URL_, intervalMs: 0, onChange, fetch, settleMs: 20 });
    await watch.poll();
    await watch.poll();
    expect(onChange.mock.calls).toEqual([['g2']]);
    await vi.waitFor(() => expect(onChange.mock.calls).toEqual([['g2'], ['g2']]));
    await new Promise((r) => setTimeout(r, 50));
    expect(onChange).toHaveBeenCalledTimes(2);
    watch.stop();
  });

  it('polls by itself every intervalMs until stopped', async () => {
    const { fetch } = vendure(['g1', 'g2', 'g2', 'g2', 'g2', 'g2', 'g2', 'g2', 'g2', 'g2']);
    const onChange = vi.fn();
    const watch = watchAdminEdits({ url: URL_, intervalMs: 5, onChange, fetch, settleMs: 60_000 });
    await vi.waitFor(() => expect(onChange.mock.calls).toEqual([['g2']]));
    watch.stop();
    const calls = fetch.mock.calls.length;
    await new Promise((r) => setTimeout(r, 30));
    expect(fetch.mock.calls.length).toBeLessThanOrEqual(calls + 1);
  });
});
