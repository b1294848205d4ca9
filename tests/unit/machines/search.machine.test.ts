import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SearchHit } from '../../../services/search.service';
import { searchMachine, type SearchInput } from '../../../machines/search.machine';

interface Pending {
  input: SearchInput;
  signal: AbortSignal;
  resolve: (v: { items: SearchHit[]; totalItems: number }) => void;
  reject: (e: unknown) => void;
}

const hit = (id: string, name = `Product ${id}`): SearchHit => ({
  id,
  name,
  slug: `product-${id}`,
  thumbnail: null,
  brand: null,
  price: null,
  priceVaries: false,
  detail: null,
});

function start() {
  const requests: Pending[] = [];
  const machine = searchMachine.provide({
    actors: {
      searchProducts: fromPromise<{ items: SearchHit[]; totalItems: number }, SearchInput>(
        ({ input, signal }) =>
          new Promise((resolve, reject) => {
            requests.push({ input, signal, resolve, reject });
          }),
      ),
    },
  });
  const actor = createActor(machine).start();
  return { actor, requests };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('search machine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('does nothing under 3 trimmed characters', async () => {
    const { actor, requests } = start();

    actor.send({ type: 'search.type', value: '  ab  ' });
    await vi.advanceTimersByTimeAsync(5000);

    expect(requests).toHaveLength(0);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.query).toBe('  ab  ');
  });

  it('waits 500 ms after the last keystroke before searching', async () => {
    const { actor, requests } = start();

    actor.send({ type: 'search.type', value: 'sho' });
    await vi.advanceTimersByTimeAsync(499);
    expect(requests).toHaveLength(0);
    expect(actor.getSnapshot().matches('debouncing')).toBe(true);

    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.input).toEqual({ term: 'sho', skip: 0, take: 100 });
    expect(actor.getSnapshot().value).toBe('searching');
  });

  it('restarts the debounce on each keystroke', async () => {
    const { actor, requests } = start();

    actor.send({ type: 'search.type', value: 'sho' });
    await vi.advanceTimersByTimeAsync(300);
    actor.send({ type: 'search.type', value: 'shoe' });
    await vi.advanceTimersByTimeAsync(300);
    expect(requests).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(200);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.input.term).toBe('shoe');
  });

  it('searches after at most 1 s of continuous typing', async () => {
    const { actor, requests } = start();

    const words = ['sho', 'shoe', 'shoes', 'shoes ', 'shoes r', 'shoes re'];
    for (const value of words) {
      actor.send({ type: 'search.type', value });
      await vi.advanceTimersByTimeAsync(200); // always under the 500 ms debounce
    }
    // 6 x 200 ms = 1200 ms of typing: the max wait fired at 1000 ms with the text of that moment.
    expect(requests).toHaveLength(1);
    expect(requests[0]!.input.term).toBe('shoes r');
  });

  it('normalises Arabic spelling in the term but keeps what was typed', async () => {
    const { actor, requests } = start();

    actor.send({ type: 'search.type', value: 'إبريق قهوة' });
    await vi.advanceTimersByTimeAsync(500);

    expect(requests[0]!.input.term).toBe('ابريق قهوه');
    expect(actor.getSnapshot().context.query).toBe('إبريق قهوة');
  });

  it('shows results, or noResults when nothing matches', async () => {
    const { actor, requests } = start();

    actor.send({ type: 'search.type', value: 'shoe' });
    await vi.advanceTimersByTimeAsync(500);
    requests[0]!.resolve({ items: [hit('1'), hit('2')], totalItems: 2 });
    await flush();
    expect(actor.getSnapshot().value).toBe('results');
    expect(actor.getSnapshot().context.results.map((r) => r.id)).toEqual(['1', '2']);

    actor.send({ type: 'search.type', value: 'zzzz' });
    await vi.advanceTimersByTimeAsync(500);
    requests[1]!.resolve({ items: [], totalItems: 0 });
    await flush();
    expect(actor.getSnapshot().value).toBe('noResults');
    expect(actor.getSnapshot().context.results).toEqual([]);
  });

  it('applies only the latest response: a stale request is aborted and its late answer ignored', async () => {
    const { actor, requests } = start();

    actor.send({ type: 'search.type', value: 'sho' });
    await vi.advanceTimersByTimeAsync(500);
    actor.send({ type: 'search.type', value: 'shoe' });
    expect(requests[0]!.signal.aborted).toBe(true);

    await vi.advanceTimersByTimeAsync(500);
    requests[1]!.resolve({ items: [hit('new')], totalItems: 1 });
    await flush();
    requests[0]!.resolve({ items: [hit('stale')], totalItems: 1 });
    await flush();

    expect(actor.getSnapshot().value).toBe('results');
    expect(actor.getSnapshot().context.results.map((r) => r.id)).toEqual(['new']);
  });

  it('drops an in-flight search when the text becomes too short', async () => {
    const { actor, requests } = start();

    actor.send({ type: 'search.type', value: 'shoe' });
    await vi.advanceTimersByTimeAsync(500);
    actor.send({ type: 'search.type', value: 'sh' });
    requests[0]!.resolve({ items: [hit('1')], totalItems: 1 });
    await flush();

    expect(requests[0]!.signal.aborted).toBe(true);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.results).toEqual([]);
  });

  it('goes to failed on an error and retries on search.retry', async () => {
    const { actor, requests } = start();

    actor.send({ type: 'search.type', value: 'shoe' });
    await vi.advanceTimersByTimeAsync(500);
    requests[0]!.reject(new Error('offline'));
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');

    actor.send({ type: 'search.retry' });
    expect(requests).toHaveLength(2);
    requests[1]!.resolve({ items: [hit('1')], totalItems: 1 });
    await flush();
    expect(actor.getSnapshot().value).toBe('results');
  });

  it('clears and emits the selected product on search.select', async () => {
    const { actor, requests } = start();
    const selected = vi.fn();
    actor.on('search.selected', selected);

    actor.send({ type: 'search.type', value: 'shoe' });
    await vi.advanceTimersByTimeAsync(500);
    requests[0]!.resolve({ items: [hit('1')], totalItems: 1 });
    await flush();
    actor.send({ type: 'search.select', slug: 'product-1' });

    expect(selected).toHaveBeenCalledWith({ type: 'search.selected', slug: 'product-1' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ query: '', results: [] });
  });

  it('search.clear cancels a pending debounce', async () => {
    const { actor, requests } = start();

    actor.send({ type: 'search.type', value: 'shoe' });
    await vi.advanceTimersByTimeAsync(300);
    actor.send({ type: 'search.clear' });
    await vi.advanceTimersByTimeAsync(2000);

    expect(requests).toHaveLength(0);
    expect(actor.getSnapshot().value).toBe('idle');
  });
});
