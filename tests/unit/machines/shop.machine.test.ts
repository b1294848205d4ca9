import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, setup, type AnyActorRef } from 'xstate';
import { cartMachine, type CartSeed } from '../../../machines/cart.machine';
import { sessionMachine } from '../../../machines/session.machine';
import { shopMachine, type ShopInput, type TabMessage } from '../../../machines/shop.machine';
import type { wishlistMachine, WishlistItem } from '../../../machines/wishlist.machine';
import type { CheckUserResult } from '../../../services/session.service';
import type { Order } from '../../../services/cart.service';
import { deferred, fakeOrder } from './cart-fixtures';

/** A child that only writes down what it was told (the flow is what is under test here). */
function recorder(log: string[]) {
  return setup({}).createMachine({
    on: {
      '*': {
        actions: ({ event }) => {
          const e = event as { type: string; cartCount?: number; wishlistCount?: number; guestItems?: WishlistItem[] };
          if (e.type === 'session.checked') log.push(`session.checked ${e.cartCount}/${e.wishlistCount}`);
          else if (e.type === 'wishlist.sync') log.push(`wishlist.sync ${e.guestItems?.map((i) => i.id).join(',') ?? '-'}`);
          else log.push(e.type);
        },
      },
    },
  });
}

function start(input: ShopInput, fakes: { createSession?: () => Promise<{ token: string }>; checkUser?: () => Promise<CheckUserResult> }) {
  const cart: string[] = [];
  const wishlist: string[] = [];
  const postToTabs = vi.fn<(p: { message: TabMessage }) => void>();
  const machine = shopMachine.provide({
    actors: {
      session: sessionMachine.provide({
        actors: {
          createSession: fromPromise(() => (fakes.createSession ?? (async () => ({ token: 'new' })))()),
          checkUser: fromPromise(() => (fakes.checkUser ?? (async () => ({ customerId: null, cartCount: 0, wishlistCount: 0 })))()),
        },
      }),
      cart: recorder(cart) as unknown as typeof cartMachine,
      wishlist: recorder(wishlist) as unknown as typeof wishlistMachine,
    },
    actions: { postToTabs: (_, p) => postToTabs(p) },
  });
  const actor = createActor(machine, { input }).start();
  const session = actor.system.get('session') as AnyActorRef;
  return { actor, session, cart, wishlist, postToTabs };
}

const guest = (token: string | null): ShopInput => ({ session: { token }, guestWishlist: [] });

describe('shop machine (session ↔ cart ↔ wishlist)', () => {
  it('first visit: the cart calls nothing until the new session has its token', async () => {
    const created = deferred<{ token: string }>();
    const { actor, cart, wishlist } = start(guest(null), { createSession: () => created.promise });

    expect(actor.getSnapshot().value).toBe('waitingForSession');
    expect(cart).toEqual([]);

    created.resolve({ token: 'tok-1' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('ready'));
    expect(cart).toEqual(['cart.sync']);
    expect(wishlist).toEqual([]);
  });

  it("stored guest token: the cart loads at once and takes the check's count as a hint", async () => {
    const { actor, cart, wishlist } = start(guest('tok'), {
      checkUser: async () => ({ customerId: null, cartCount: 2, wishlistCount: 0 }),
    });

    expect(actor.getSnapshot().value).toBe('ready');
    await vi.waitFor(() => expect(cart).toEqual(['cart.sync', 'session.checked 2/0']));
    expect(wishlist).toEqual(['session.checked 2/0']);
  });

  it('stored customer token: the check signs the wishlist in and reloads the cart, then hands on its counts', async () => {
    const { actor, cart, wishlist } = start(guest('tok'), { checkUser: async () => ({ customerId: '7', cartCount: 3, wishlistCount: 5 }) });

    await vi.waitFor(() => expect(wishlist).toEqual(['wishlist.signedIn', 'session.checked 3/5']));
    expect(cart).toEqual(['cart.sync', 'cart.sync', 'session.checked 3/5']);
    expect(actor.getSnapshot().context.customerId).toBe('7');
  });

  it('sign-in: after the check, the cart reloads (merged order) and the wishlist merges', async () => {
    let check: CheckUserResult = { customerId: null, cartCount: 1, wishlistCount: 0 };
    const { session, cart, wishlist } = start(guest('tok'), { checkUser: async () => check });
    await vi.waitFor(() => expect(cart).toHaveLength(2));

    check = { customerId: '9', cartCount: 4, wishlistCount: 2 };
    session.send({ type: 'session.signedIn' });

    await vi.waitFor(() => expect(wishlist).toEqual(['session.checked 1/0', 'wishlist.signedIn', 'session.checked 4/2']));
    expect(cart).toEqual(['cart.sync', 'session.checked 1/0', 'cart.sync', 'session.checked 4/2']);
  });

  it('sign-out: the cart holds while the fresh session is created, then reloads; the wishlist signs out', async () => {
    const created = deferred<{ token: string }>();
    const { actor, session, cart, wishlist } = start(guest('tok'), {
      checkUser: async () => ({ customerId: '7', cartCount: 3, wishlistCount: 5 }),
      createSession: () => created.promise,
    });
    await vi.waitFor(() => expect(actor.getSnapshot().context.customerId).toBe('7'));
    cart.length = 0;
    wishlist.length = 0;

    session.send({ type: 'session.signedOut' });

    expect(actor.getSnapshot().value).toBe('waitingForSession');
    expect(cart).toEqual(['cart.hold']);
    expect(wishlist).toEqual(['wishlist.signedOut']);
    created.resolve({ token: 'tok-2' });
    await vi.waitFor(() => expect(cart).toEqual(['cart.hold', 'cart.sync']));
    expect(actor.getSnapshot().context.customerId).toBeNull();
  });

  it('tells other tabs of changes and syncs on theirs', () => {
    const item: WishlistItem = { id: 'p1', slug: 'p-1', name: 'P1', image: null, price: null, variantId: null };
    const { actor, cart, wishlist, postToTabs } = start(guest('tok'), { checkUser: () => new Promise(() => {}) });

    actor.send({ type: 'cart.changed' });
    actor.send({ type: 'wishlist.changed' });
    actor.send({ type: 'tabs.cartChanged' });
    actor.send({ type: 'tabs.wishlistChanged', guestItems: [item] });

    expect(postToTabs.mock.calls).toEqual([[{ message: { type: 'cart' } }], [{ message: { type: 'wishlist' } }]]);
    expect(cart).toEqual(['cart.sync', 'cart.sync']);
    expect(wishlist).toEqual(['wishlist.sync p1']);
  });
});

describe("shop machine with the cart page's server-read order (issue 38 §2)", () => {
  /** The real cart machine, its fetch a spy: how many activeOrder requests the page start costs. */
  function startSeeded(seed: CartSeed | null, customerId: string | null) {
    const fetch = vi.fn(async (): Promise<Order | null> => fakeOrder([]));
    const machine = shopMachine.provide({
      actors: {
        session: sessionMachine.provide({
          actors: {
            createSession: fromPromise(async () => ({ token: 'new' })),
            checkUser: fromPromise(async () => ({ customerId, cartCount: 1, wishlistCount: 0 })),
          },
        }),
        cart: cartMachine.provide({ actors: { fetchActiveOrder: fromPromise(() => fetch()) }, actions: { announceChange: () => {} } }),
      },
    });
    const actor = createActor(machine, { input: { session: { token: 'tok' }, guestWishlist: [], cartSeed: seed } }).start();
    const cart = actor.system.get('cart') as AnyActorRef;
    return { actor, cart, fetch };
  }

  it("a signed-in shopper's seeded cart asks nothing, though the check signs the customer in", async () => {
    const order = fakeOrder([{ id: 'l1', variantId: 'v1', quantity: 1 }], { customer: { id: '7' } } as Partial<Order>);
    const { actor, cart, fetch } = startSeeded({ order }, '7');
    await vi.waitFor(() => expect(actor.getSnapshot().context.customerId).toBe('7'));
    await vi.waitFor(() => expect(cart.getSnapshot().value).toBe('ready'));
    expect(fetch).not.toHaveBeenCalled();
    expect(cart.getSnapshot().context.order).toBe(order);
  });

  it("a guest's seeded cart asks nothing", async () => {
    const order = fakeOrder([{ id: 'l1', variantId: 'v1', quantity: 1 }]);
    const { actor, cart, fetch } = startSeeded({ order }, null);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('ready'));
    await vi.waitFor(() => expect(cart.getSnapshot().value).toBe('ready'));
    await new Promise((r) => setTimeout(r, 20));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('without a seed the cart loads, as before', async () => {
    const { cart, fetch } = startSeeded(null, null);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(cart.getSnapshot().value).toBe('ready'));
  });
});
