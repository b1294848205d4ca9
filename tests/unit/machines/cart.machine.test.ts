import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { cartMachine, type CartIntent, type CartMutationResult, type CartSeed } from '../../../machines/cart.machine';
import type { CartUpdateResult, Order, RemoveLineResult } from '../../../services/cart.service';
import { deferred, fakeOrder } from './cart-fixtures';

function start(fakes: {
  fetch?: () => Promise<Order | null>;
  mutate?: (intent: CartIntent) => Promise<CartMutationResult>;
  seed?: CartSeed | null;
}) {
  const spies = {
    fetch: vi.fn(fakes.fetch ?? (async () => null)),
    mutate: vi.fn(fakes.mutate ?? (async (): Promise<CartMutationResult> => ({ ok: true, order: fakeOrder([]) }))),
    announceChange: vi.fn(),
  };
  // Each named actor turns its input back into the intent, so one fake answers all three.
  const actor = createActor(
    cartMachine.provide({
      actors: {
        fetchActiveOrder: fromPromise(() => spies.fetch()),
        addToCart: fromPromise(
          ({ input }) =>
            spies.mutate({ kind: 'add', variantId: input.productVariantId, quantity: input.quantity }) as Promise<CartUpdateResult>,
        ),
        adjustLine: fromPromise(
          ({ input }) =>
            spies.mutate({ kind: 'setQuantity', lineId: input.orderLineId, quantity: input.quantity }) as Promise<CartUpdateResult>,
        ),
        removeLine: fromPromise(({ input }) => spies.mutate({ kind: 'remove', lineId: input.orderLineId }) as Promise<RemoveLineResult>),
      },
      actions: { announceChange: () => spies.announceChange() },
    }),
    { input: { seed: fakes.seed } },
  ).start();
  // The shop machine sends the first sync once the session has a token.
  actor.send({ type: 'cart.sync' });
  const settled = (state: string) => vi.waitFor(() => expect(actor.getSnapshot().value).toBe(state));
  const lastCount = () => actor.getSnapshot().context.count;
  return { actor, spies, settled, lastCount };
}

describe('cart machine', () => {
  describe('seeded with the order the page read on the server (issue 38 §2)', () => {
    it('starts from the seed: the first sync fetches nothing, a later sync does', async () => {
      const seed = { order: fakeOrder([{ id: 'l1', variantId: 'v1', quantity: 2 }]) };
      const { actor, spies, settled, lastCount } = start({ seed, fetch: async () => fakeOrder([]) });
      await settled('ready');
      expect(spies.fetch).not.toHaveBeenCalled();
      expect(actor.getSnapshot().context.order).toBe(seed.order);
      expect(lastCount()).toBe(1);
      actor.send({ type: 'cart.sync' });
      await settled('ready');
      expect(spies.fetch).toHaveBeenCalledTimes(1);
      expect(actor.getSnapshot().context.order?.lines).toEqual([]);
    });

    it('an empty seed (no cart) is an answer too', async () => {
      const { actor, spies, settled, lastCount } = start({ seed: { order: null } });
      await settled('ready');
      expect(spies.fetch).not.toHaveBeenCalled();
      expect(actor.getSnapshot().context.order).toBeNull();
      expect(lastCount()).toBe(0);
    });

    it("the session's sign-in sync for the seed's own customer fetches nothing; another customer's does", async () => {
      const seed = { order: fakeOrder([{ id: 'l1', variantId: 'v1', quantity: 1 }], { customer: { id: 'c7' } } as Partial<Order>) };
      const { actor, spies, settled } = start({ seed });
      await settled('ready');
      actor.send({ type: 'cart.sync', customerId: 'c7' });
      await settled('ready');
      expect(spies.fetch).not.toHaveBeenCalled();
      // covered once: a later sign-in (another tab signed out and in again) loads
      actor.send({ type: 'cart.sync', customerId: 'c7' });
      await settled('ready');
      expect(spies.fetch).toHaveBeenCalledTimes(1);

      const other = start({ seed });
      await other.settled('ready');
      other.actor.send({ type: 'cart.sync', customerId: 'c8' });
      await other.settled('ready');
      expect(other.spies.fetch).toHaveBeenCalledTimes(1);
    });
  });

  it('loads the server cart on start and reports its line count', async () => {
    const { actor, settled, lastCount } = start({ fetch: async () => fakeOrder([{ id: 'l1', variantId: 'v1', quantity: 2 }]) });

    await settled('ready');

    expect(actor.getSnapshot().context.order?.lines).toHaveLength(1);
    expect(lastCount()).toBe(1);
  });

  it('adds a variant: the count goes up at once, then reconciles with the returned order', async () => {
    const answer = deferred<CartMutationResult>();
    const { actor, spies, settled, lastCount } = start({ mutate: () => answer.promise });
    await settled('ready');

    actor.send({ type: 'cart.add', variantId: 'v9', quantity: 3 });

    expect(actor.getSnapshot().value).toEqual({ mutating: 'adding' });
    expect(lastCount()).toBe(1);
    expect(spies.mutate).toHaveBeenCalledWith({ kind: 'add', variantId: 'v9', quantity: 3 });

    // The server merged the variant into an existing line and capped nothing: its order wins.
    answer.resolve({ ok: true, order: fakeOrder([{ id: 'l5', variantId: 'v9', quantity: 2 }]) });
    await settled('ready');
    expect(lastCount()).toBe(1);
    expect(spies.announceChange).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.lastDone).toEqual({ kind: 'add', variantId: 'v9', quantity: 3 });
  });

  it('a double click adds once; a different intent meanwhile is queued and sent after', async () => {
    const first = deferred<CartMutationResult>();
    const calls: CartIntent[] = [];
    const { actor, settled } = start({
      mutate: (intent) => {
        calls.push(intent);
        return calls.length === 1
          ? first.promise
          : Promise.resolve({
              ok: true,
              order: fakeOrder([
                { id: 'l1', variantId: 'v1', quantity: 1 },
                { id: 'l2', variantId: 'v2', quantity: 1 },
              ]),
            });
      },
    });
    await settled('ready');

    actor.send({ type: 'cart.add', variantId: 'v1', quantity: 1 });
    actor.send({ type: 'cart.add', variantId: 'v1', quantity: 1 });
    actor.send({ type: 'cart.add', variantId: 'v2', quantity: 1 });
    actor.send({ type: 'cart.add', variantId: 'v2', quantity: 1 });
    first.resolve({ ok: true, order: fakeOrder([{ id: 'l1', variantId: 'v1', quantity: 1 }]) });
    await settled('ready');

    expect(calls).toEqual([
      { kind: 'add', variantId: 'v1', quantity: 1 },
      { kind: 'add', variantId: 'v2', quantity: 1 },
    ]);
    expect(actor.getSnapshot().context.order?.lines).toHaveLength(2);
  });

  it('quantity changes coalesce: only the last value queued behind the one in flight is sent', async () => {
    const first = deferred<CartMutationResult>();
    const calls: CartIntent[] = [];
    const { actor, settled } = start({
      fetch: async () => fakeOrder([{ id: 'l1', variantId: 'v1', quantity: 1 }]),
      mutate: (intent) => {
        calls.push(intent);
        return calls.length === 1
          ? first.promise
          : Promise.resolve({ ok: true, order: fakeOrder([{ id: 'l1', variantId: 'v1', quantity: 4 }]) });
      },
    });
    await settled('ready');

    actor.send({ type: 'cart.setQuantity', lineId: 'l1', quantity: 2 });
    actor.send({ type: 'cart.setQuantity', lineId: 'l1', quantity: 3 });
    actor.send({ type: 'cart.setQuantity', lineId: 'l1', quantity: 4 });
    first.resolve({ ok: true, order: fakeOrder([{ id: 'l1', variantId: 'v1', quantity: 2 }]) });
    await settled('ready');

    expect(calls.map((c) => (c.kind === 'setQuantity' ? c.quantity : c.kind))).toEqual([2, 4]);
  });

  it('insufficient stock: takes the order the server capped and shows the available quantity', async () => {
    const { actor, settled, lastCount } = start({
      fetch: async () => fakeOrder([{ id: 'l1', variantId: 'v1', quantity: 1 }]),
      mutate: async () => ({
        ok: false,
        code: 'INSUFFICIENT_STOCK_ERROR',
        message: 'Only 3 items were added to the order due to insufficient stock',
        quantityAvailable: 3,
        order: fakeOrder([{ id: 'l1', variantId: 'v1', quantity: 3 }]),
      }),
    });
    await settled('ready');

    actor.send({ type: 'cart.setQuantity', lineId: 'l1', quantity: 50 });
    await settled('ready');

    const { context } = actor.getSnapshot();
    expect(context.stockNotice).toEqual({ variantId: 'v1', quantityAvailable: 3 });
    expect(context.order?.lines[0]?.quantity).toBe(3);
    expect(context.failed).toBeNull();
    expect(lastCount()).toBe(1);
  });

  it.each([
    { code: 'ORDER_LIMIT_ERROR', message: 'limit', maxItems: 20 },
    { code: 'ORDER_MODIFICATION_ERROR', message: 'not modifiable' },
    { code: 'NEGATIVE_QUANTITY_ERROR', message: 'negative' },
    { code: 'ORDER_INTERCEPTOR_ERROR', message: 'per product', interceptorError: 'MAX_PER_PRODUCT' },
  ] as const)('$code keeps the previous cart and offers a retry', async (failure) => {
    const previous = fakeOrder([{ id: 'l1', variantId: 'v1', quantity: 1 }]);
    let attempt = 0;
    const { actor, spies, settled, lastCount } = start({
      fetch: async () => previous,
      mutate: async () =>
        ++attempt === 1 ? { ok: false, ...failure } : { ok: true, order: fakeOrder([{ id: 'l1', variantId: 'v1', quantity: 2 }]) },
    });
    await settled('ready');

    actor.send({ type: 'cart.add', variantId: 'v1', quantity: 1 });
    await vi.waitFor(() => expect(actor.getSnapshot().context.failed).not.toBeNull());

    expect(actor.getSnapshot().context.order).toBe(previous);
    expect(actor.getSnapshot().context.failed?.error).toMatchObject({ code: failure.code, message: failure.message });
    expect(lastCount()).toBe(1); // the optimistic count rolled back

    actor.send({ type: 'cart.retry' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.order?.lines[0]?.quantity).toBe(2));
    expect(spies.mutate).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.failed).toBeNull();
  });

  it('a network failure keeps the cart; retry sends the same intent again', async () => {
    let attempt = 0;
    const { actor, spies, settled } = start({
      mutate: async (intent) => {
        if (++attempt === 1) throw new TypeError('Failed to fetch');
        expect(intent).toEqual({ kind: 'remove', lineId: 'l1' });
        return { ok: true, order: fakeOrder([]) };
      },
      fetch: async () => fakeOrder([{ id: 'l1', variantId: 'v1', quantity: 1 }]),
    });
    await settled('ready');

    actor.send({ type: 'cart.remove', lineId: 'l1' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.failed?.error.code).toBe('NETWORK'));
    expect(actor.getSnapshot().context.order?.lines).toHaveLength(1);

    actor.send({ type: 'cart.retry' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.order?.lines).toHaveLength(0));
    expect(spies.mutate).toHaveBeenCalledTimes(2);
  });

  it('a failure while the store is down is marked unavailable; retry adds the line once', async () => {
    let attempt = 0;
    const down = Object.assign(new Error('The store is briefly unavailable.'), { status: 503, code: 'STORE_UNAVAILABLE' });
    const { actor, spies, settled } = start({
      mutate: async (intent) => {
        if (++attempt === 1) throw down;
        expect(intent).toMatchObject({ kind: 'add', variantId: 'v2', quantity: 1 });
        return {
          ok: true,
          order: fakeOrder([
            { id: 'l1', variantId: 'v1', quantity: 1 },
            { id: 'l2', variantId: 'v2', quantity: 1 },
          ]),
        };
      },
      fetch: async () => fakeOrder([{ id: 'l1', variantId: 'v1', quantity: 1 }]),
    });
    await settled('ready');

    actor.send({ type: 'cart.add', variantId: 'v2', quantity: 1 });
    await vi.waitFor(() =>
      expect(actor.getSnapshot().context.failed?.error).toEqual({
        code: 'NETWORK',
        message: 'The store is briefly unavailable.',
        unavailable: true,
      }),
    );
    expect(actor.getSnapshot().context.order?.lines).toHaveLength(1);

    actor.send({ type: 'cart.retry' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.order?.lines).toHaveLength(2));
    expect(spies.mutate).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.failed).toBeNull();
  });

  it('a failed first load offers a retry that loads again', async () => {
    let attempt = 0;
    const { actor, settled } = start({
      fetch: async () => {
        if (++attempt === 1) throw new Error('offline');
        return fakeOrder([{ id: 'l1', variantId: 'v1', quantity: 1 }]);
      },
    });
    await settled('loadFailed');
    expect(actor.getSnapshot().context.failed?.error.code).toBe('LOAD_FAILED');

    actor.send({ type: 'cart.retry' });
    await settled('ready');
    expect(actor.getSnapshot().context.order?.lines).toHaveLength(1);
  });

  it('a sync (other tab, login) refetches; during a mutation it waits until the queue is through', async () => {
    const answer = deferred<CartMutationResult>();
    let fetches = 0;
    const { actor, spies, settled } = start({
      fetch: async () =>
        ++fetches === 1
          ? null
          : fakeOrder([
              { id: 'l1', variantId: 'v1', quantity: 1 },
              { id: 'l7', variantId: 'v7', quantity: 1 },
            ]),
      mutate: () => answer.promise,
    });
    await settled('ready');

    actor.send({ type: 'cart.add', variantId: 'v1', quantity: 1 });
    actor.send({ type: 'cart.sync' });
    expect(spies.fetch).toHaveBeenCalledTimes(1);
    answer.resolve({ ok: true, order: fakeOrder([{ id: 'l1', variantId: 'v1', quantity: 1 }]) });
    await vi.waitFor(() => expect(spies.fetch).toHaveBeenCalledTimes(2));
    await settled('ready');

    expect(actor.getSnapshot().context.order?.lines).toHaveLength(2);
  });

  it('takes a newer order from the coupon flow', async () => {
    const { actor, settled, spies } = start({ fetch: async () => fakeOrder([{ id: 'l1', variantId: 'v1', quantity: 1 }]) });
    await settled('ready');

    const discounted = fakeOrder([{ id: 'l1', variantId: 'v1', quantity: 1 }], { couponCodes: ['WELCOME10'] });
    actor.send({ type: 'cart.orderChanged', order: discounted });

    expect(actor.getSnapshot().context.order).toBe(discounted);
    expect(spies.announceChange).toHaveBeenCalled();
  });

  it('clicks while the first load is on its way are kept and sent after it', async () => {
    const load = deferred<Order | null>();
    const { actor, spies, settled } = start({ fetch: () => load.promise });

    actor.send({ type: 'cart.add', variantId: 'v3', quantity: 1 });
    expect(spies.mutate).not.toHaveBeenCalled();
    load.resolve(null);
    await settled('ready');

    expect(spies.mutate).toHaveBeenCalledWith({ kind: 'add', variantId: 'v3', quantity: 1 });
  });

  it('keeps clicks and makes no call until the session is there (first cart.sync)', async () => {
    const spies = {
      fetch: vi.fn(async (): Promise<Order | null> => null),
      add: vi.fn(async (): Promise<CartUpdateResult> => ({ ok: true, order: fakeOrder([]) })),
    };
    const actor = createActor(
      cartMachine.provide({
        actors: { fetchActiveOrder: fromPromise(() => spies.fetch()), addToCart: fromPromise(() => spies.add()) },
        actions: { announceChange: () => {} },
      }),
      { input: {} },
    ).start();

    actor.send({ type: 'cart.add', variantId: 'v1', quantity: 1 });
    actor.send({ type: 'session.checked', customerId: null, cartCount: 4, wishlistCount: 0 });

    expect(actor.getSnapshot().value).toBe('waiting');
    expect(actor.getSnapshot().context.count).toBe(4);
    expect(spies.fetch).not.toHaveBeenCalled();
    actor.send({ type: 'cart.sync' });
    await vi.waitFor(() => expect(spies.add).toHaveBeenCalledTimes(1));
  });

  it("the session check's count stands in until the order is loaded, and no longer after", async () => {
    const load = deferred<Order | null>();
    const { actor, settled } = start({ fetch: () => load.promise });

    expect(actor.getSnapshot().context.count).toBeNull();
    actor.send({ type: 'session.checked', customerId: '7', cartCount: 3, wishlistCount: 0 });
    expect(actor.getSnapshot().context.count).toBe(3);
    load.resolve(fakeOrder([{ id: 'l1', variantId: 'v1', quantity: 5 }]));
    await settled('ready');
    expect(actor.getSnapshot().context.count).toBe(1);

    actor.send({ type: 'session.checked', customerId: '7', cartCount: 9, wishlistCount: 0 });
    expect(actor.getSnapshot().context.count).toBe(1);
  });

  it('dispatches each intent kind to its own named actor', async () => {
    const calls: string[] = [];
    const ok = async (): Promise<CartUpdateResult> => ({ ok: true, order: fakeOrder([{ id: 'l1', variantId: 'v1', quantity: 1 }]) });
    const actor = createActor(
      cartMachine.provide({
        actors: {
          fetchActiveOrder: fromPromise(async (): Promise<Order | null> => fakeOrder([{ id: 'l1', variantId: 'v1', quantity: 1 }])),
          addToCart: fromPromise(async ({ input }) => (calls.push(`add ${input.productVariantId}x${input.quantity}`), ok())),
          adjustLine: fromPromise(async ({ input }) => (calls.push(`adjust ${input.orderLineId}=${input.quantity}`), ok())),
          removeLine: fromPromise(
            async ({ input }): Promise<RemoveLineResult> => (calls.push(`remove ${input.orderLineId}`), { ok: true, order: fakeOrder([]) }),
          ),
        },
        actions: { announceChange: () => {} },
      }),
      { input: {} },
    ).start();
    actor.send({ type: 'cart.sync' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('ready'));

    actor.send({ type: 'cart.add', variantId: 'v2', quantity: 2 });
    actor.send({ type: 'cart.setQuantity', lineId: 'l1', quantity: 3 });
    actor.send({ type: 'cart.setQuantity', lineId: 'l1', quantity: 0 });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('ready'));

    expect(calls).toEqual(['add v2x2', 'remove l1']);
  });
});
