import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { PRICE_APPLY_DELAY_MS, catalogueFiltersMachine, type CatalogueFiltersEmitted } from '../../../machines/catalogue-filters.machine';

const bounds = { min: 0, max: 800 };

function start(min: number | null = null, max: number | null = null) {
  const actor = createActor(catalogueFiltersMachine, { input: { bounds, min, max } }).start();
  const applied: CatalogueFiltersEmitted[] = [];
  actor.on('price.apply', (e) => applied.push(e));
  return { actor, applied };
}

describe('catalogue filters machine (price range)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts from the URL, filling missing bounds with the slider ends', () => {
    const { actor } = start(null, 300);
    expect(actor.getSnapshot().context.draft).toEqual({ min: 0, max: 300 });
  });

  it('starts unfiltered, at the slider ends, when the URL sets no bound (issue 32 §5)', () => {
    const { actor } = start();
    expect(actor.getSnapshot().context.draft).toEqual({ min: 0, max: 800 });
  });

  it('applies once, after the shopper stops dragging', () => {
    const { actor, applied } = start();
    actor.send({ type: 'price.change', max: 600 });
    vi.advanceTimersByTime(PRICE_APPLY_DELAY_MS - 100);
    actor.send({ type: 'price.change', max: 500 });
    vi.advanceTimersByTime(PRICE_APPLY_DELAY_MS - 100);
    expect(applied).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(applied).toEqual([{ type: 'price.apply', min: null, max: 500 }]);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('applies at once on commit and not again when the timer would fire', () => {
    const { actor, applied } = start();
    actor.send({ type: 'price.change', min: 150 });
    actor.send({ type: 'price.commit' });
    // only the handle the shopper moved becomes a bound: nothing dearer is cut off
    expect(applied).toEqual([{ type: 'price.apply', min: 150, max: null }]);
    vi.advanceTimersByTime(PRICE_APPLY_DELAY_MS * 2);
    expect(applied).toHaveLength(1);
  });

  it('does not navigate when the range ends where it started', () => {
    const { actor, applied } = start(100, 400);
    actor.send({ type: 'price.change', min: 200 });
    actor.send({ type: 'price.change', min: 100 });
    vi.advanceTimersByTime(PRICE_APPLY_DELAY_MS);
    actor.send({ type: 'price.commit' });
    expect(applied).toEqual([]);
  });

  it('treats the slider ends as no bound', () => {
    const { actor, applied } = start(100, 400);
    actor.send({ type: 'price.change', min: 0, max: 800 });
    actor.send({ type: 'price.commit' });
    expect(applied).toEqual([{ type: 'price.apply', min: null, max: null }]);
  });

  it('clamps to the bounds and never lets the thumbs cross', () => {
    const { actor } = start(100, 400);
    actor.send({ type: 'price.change', min: 650 });
    expect(actor.getSnapshot().context.draft).toEqual({ min: 650, max: 650 });
    actor.send({ type: 'price.change', max: 5000 });
    expect(actor.getSnapshot().context.draft).toEqual({ min: 650, max: 800 });
    actor.send({ type: 'price.change', max: 20 });
    expect(actor.getSnapshot().context.draft).toEqual({ min: 20, max: 20 });
  });

  it('drops a pending edit when the URL changes under it (back button)', () => {
    const { actor, applied } = start();
    actor.send({ type: 'price.change', max: 300 });
    actor.send({ type: 'filters.sync', bounds, min: 50, max: null });
    vi.advanceTimersByTime(PRICE_APPLY_DELAY_MS * 2);
    expect(applied).toEqual([]);
    expect(actor.getSnapshot().context.draft).toEqual({ min: 50, max: 800 });
  });
});
