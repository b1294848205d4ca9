import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { isFavourite, wishlistMachine, type MemberWishlist, type WishlistItem } from '../../../machines/wishlist.machine';
import type { ProductName } from '../../../services/wishlist.service';
import { deferred } from './cart-fixtures';

const item = (id: string): WishlistItem => ({ id, slug: `p-${id}`, name: `Product ${id}`, image: null, price: 1000, variantId: `v${id}` });

function start(
  guestItems: WishlistItem[],
  fakes: {
    fetch?: () => Promise<MemberWishlist>;
    toggle?: (productId: string) => Promise<{ productId: string; isFav: boolean; count: number }>;
    merge?: (ids: string[]) => Promise<number>;
    names?: (input: { productIds: string[]; locale: string }) => Promise<ProductName[]>;
  } = {},
) {
  const spies = {
    fetch: vi.fn(fakes.fetch ?? (async () => ({ items: [], count: 0, locale: 'ar' }))),
    toggle: vi.fn(fakes.toggle ?? (async (productId: string) => ({ productId, isFav: true, count: 1 }))),
    merge: vi.fn(fakes.merge ?? (async (ids: string[]) => ids.length)),
    names: vi.fn(fakes.names ?? (async (): Promise<ProductName[]> => [])),
    persistGuest: vi.fn<(p: { items: WishlistItem[] }) => void>(),
    clearGuest: vi.fn(),
    announceChange: vi.fn(),
  };
  const actor = createActor(
    wishlistMachine.provide({
      actors: {
        fetchWishList: fromPromise(() => spies.fetch()),
        toggleFav: fromPromise(({ input }) => spies.toggle(input.productId)),
        mergeWishList: fromPromise(({ input }) => spies.merge(input.productIds)),
        fetchProductNames: fromPromise(({ input }) => spies.names(input)),
      },
      actions: {
        persistGuest: (_, p) => spies.persistGuest(p),
        clearGuest: () => spies.clearGuest(),
        announceChange: () => spies.announceChange(),
      },
    }),
    { input: { guestItems } },
  ).start();
  const lastCount = () => actor.getSnapshot().context.count;
  return { actor, spies, lastCount };
}

describe('wishlist machine', () => {
  it('a guest toggles locally: stored, counted, and toggled back off', () => {
    const { actor, spies, lastCount } = start([item('1')]);
    expect(lastCount()).toBe(1);

    actor.send({ type: 'wishlist.toggle', productId: '2', item: item('2') });
    expect(isFavourite(actor.getSnapshot().context, '2')).toBe(true);
    expect(spies.persistGuest).toHaveBeenLastCalledWith({ items: [item('2'), item('1')] });
    expect(lastCount()).toBe(2);

    actor.send({ type: 'wishlist.toggle', productId: '1' });
    expect(actor.getSnapshot().context.ids).toEqual(['2']);
    expect(lastCount()).toBe(1);
    expect(spies.toggle).not.toHaveBeenCalled();
  });

  it("merges a guest's favourites on login, clears the local list and shows the account's", async () => {
    const { actor, spies, lastCount } = start([item('1'), item('2')], {
      fetch: async () => ({ items: [item('1'), item('2'), item('9')], count: 3, locale: 'ar' }),
    });

    actor.send({ type: 'wishlist.signedIn' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('member')).toBe(true));

    expect(spies.merge).toHaveBeenCalledWith(['1', '2']);
    expect(spies.clearGuest).toHaveBeenCalled();
    expect(actor.getSnapshot().context.ids).toEqual(['1', '2', '9']);
    expect(lastCount()).toBe(3);
  });

  it('a failed merge keeps the guest list stored (merged at the next login)', async () => {
    const { actor, spies } = start([item('1')], { merge: async () => Promise.reject(new Error('offline')) });

    actor.send({ type: 'wishlist.signedIn' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('member')).toBe(true));

    expect(spies.clearGuest).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.error?.code).toBe('MERGE_FAILED');
  });

  it('a member toggles on the server; the heart flips at once and a double click is ignored', async () => {
    const answer = deferred<{ productId: string; isFav: boolean; count: number }>();
    const { actor, spies, lastCount } = start([], { toggle: () => answer.promise });
    actor.send({ type: 'wishlist.signedIn' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ member: 'idle' })).toBe(true));

    actor.send({ type: 'wishlist.toggle', productId: '5', item: item('5') });
    actor.send({ type: 'wishlist.toggle', productId: '5', item: item('5') });
    expect(isFavourite(actor.getSnapshot().context, '5')).toBe(true);

    answer.resolve({ productId: '5', isFav: true, count: 4 });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ member: 'idle' })).toBe(true));

    expect(spies.toggle).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.items).toEqual([item('5')]);
    expect(lastCount()).toBe(4);
  });

  it('a failed member toggle rolls the heart back and reports the error', async () => {
    const { actor } = start([], { toggle: async () => Promise.reject(new TypeError('Failed to fetch')) });
    actor.send({ type: 'wishlist.signedIn' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ member: 'idle' })).toBe(true));

    actor.send({ type: 'wishlist.toggle', productId: '5', item: item('5') });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toEqual({ code: 'NETWORK', productId: '5' }));

    expect(isFavourite(actor.getSnapshot().context, '5')).toBe(false);
  });

  it('sign-out empties the list; another tab syncs a guest list', () => {
    const { actor, lastCount } = start([]);

    actor.send({ type: 'wishlist.sync', guestItems: [item('3')] });

    expect(actor.getSnapshot().context.ids).toEqual(['3']);
    expect(lastCount()).toBe(1);
  });
});

describe('wishlist machine, a sync during a toggle', () => {
  it('a failed reload drops the abandoned toggle, so the next one is sent alone', async () => {
    const toggles: string[] = [];
    let fetches = 0;
    const { actor } = start([], {
      fetch: async () => {
        if (++fetches === 2) throw new Error('offline');
        return { items: [], count: 0, locale: 'ar' };
      },
      toggle: (productId) => {
        toggles.push(productId);
        return toggles.length === 1 ? new Promise(() => {}) : Promise.resolve({ productId, isFav: true, count: 1 });
      },
    });
    actor.send({ type: 'wishlist.signedIn' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ member: 'idle' }));

    actor.send({ type: 'wishlist.toggle', productId: '2', item: item('2') });
    actor.send({ type: 'wishlist.sync' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error?.code).toBe('LOAD_FAILED'));

    expect(actor.getSnapshot().context.queue).toEqual([]);
    expect(isFavourite(actor.getSnapshot().context, '2')).toBe(false);
    actor.send({ type: 'wishlist.toggle', productId: '3', item: item('3') });
    await vi.waitFor(() => expect(actor.getSnapshot().context.ids).toEqual(['3']));
    expect(toggles).toEqual(['2', '3']);
  });
});

describe('wishlist machine, the count', () => {
  it("a member's count from the session check stands in while the list loads; a guest's local list wins", async () => {
    const list = deferred<MemberWishlist>();
    const { actor } = start([item('1')], { fetch: () => list.promise });

    actor.send({ type: 'session.checked', customerId: '7', cartCount: 0, wishlistCount: 5 });
    expect(actor.getSnapshot().context.count).toBe(1);

    actor.send({ type: 'wishlist.signedIn' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('loading'));
    actor.send({ type: 'session.checked', customerId: '7', cartCount: 0, wishlistCount: 5 });
    expect(actor.getSnapshot().context.count).toBe(5);

    list.resolve({ items: [item('1'), item('2'), item('3')], count: 3, locale: 'ar' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ member: 'idle' }));
    expect(actor.getSnapshot().context.count).toBe(3);
  });
});

describe('wishlist machine, names in the page’s language', () => {
  it("a guest's favourites are renamed in the page's language by one call, in a state of their own", async () => {
    const names = deferred<ProductName[]>();
    const { actor, spies } = start([item('1'), item('2')], { names: () => names.promise });

    actor.send({ type: 'wishlist.localize', locale: 'en' });
    expect(actor.getSnapshot().value).toEqual({ guest: 'localizing' });
    // A heart toggled while the names are on their way stays toggled.
    actor.send({ type: 'wishlist.toggle', productId: '3', item: item('3') });
    names.resolve([{ id: '1', name: 'Leather bag' }]);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ guest: 'idle' }));

    expect(spies.names.mock.calls).toEqual([[{ productIds: ['1', '2'], locale: 'en' }]]);
    // Product 2 is no longer sold: it keeps the name it was saved with.
    expect(actor.getSnapshot().context.items.map((i) => i.name)).toEqual(['Product 3', 'Leather bag', 'Product 2']);
  });

  it('asks again in the new language when the page switches before the names came; a failure keeps the saved names', async () => {
    const answers = [deferred<ProductName[]>(), deferred<ProductName[]>()];
    const { actor, spies } = start([item('1')], { names: () => answers[spies.names.mock.calls.length - 1]!.promise });

    actor.send({ type: 'wishlist.localize', locale: 'ar' });
    actor.send({ type: 'wishlist.localize', locale: 'en' });
    answers[0]!.resolve([{ id: '1', name: 'حقيبة' }]);
    answers[1]!.reject(new TypeError('Failed to fetch'));
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ guest: 'idle' }));

    expect(spies.names.mock.calls.map(([input]) => input.locale)).toEqual(['ar', 'en']);
    expect(actor.getSnapshot().context.items.map((i) => i.name)).toEqual(['Product 1']);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('a guest with nothing saved asks for nothing', () => {
    const { actor, spies } = start([]);

    actor.send({ type: 'wishlist.localize', locale: 'en' });

    expect(actor.getSnapshot().value).toEqual({ guest: 'idle' });
    expect(spies.names).not.toHaveBeenCalled();
  });

  it("a member's list is fetched again only when the page's language is not the list's", async () => {
    const { actor, spies } = start([], { fetch: async () => ({ items: [item('1')], count: 1, locale: 'ar' }) });
    actor.send({ type: 'wishlist.signedIn' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ member: 'idle' }));

    actor.send({ type: 'wishlist.localize', locale: 'ar' });
    expect(actor.getSnapshot().value).toEqual({ member: 'idle' });
    actor.send({ type: 'wishlist.localize', locale: 'en' });
    expect(actor.getSnapshot().value).toEqual({ member: 'reloading' });

    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ member: 'idle' }));
    expect(spies.fetch).toHaveBeenCalledTimes(2);
    expect(spies.names).not.toHaveBeenCalled();
  });
});
