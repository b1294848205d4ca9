import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMachine, waitFor, type AnyActorRef, type InspectionEvent } from 'xstate';
import { cartCount } from '../../../../machines/cart.selectors';
import { wishlistCount } from '../../../../machines/wishlist.selectors';
import { createAppActors, type AppActorsDeps } from '../../../../src/app/actors';
import type { TokenStore } from '../../../../src/lib/token-store';

type Handler = (
  body: { operationName: string; variables: Record<string, unknown> },
  init: RequestInit,
  url: URL,
) => Response | Promise<Response>;

function json(data: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json', ...headers } });
}

function setup(handlers: Record<string, Handler>, over: Partial<AppActorsDeps> = {}) {
  const calls: Array<{ url: URL; init: RequestInit; operationName?: string }> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    if (url.pathname !== '/shop-api') {
      calls.push({ url, init });
      return new Response(null, { status: 204 });
    }
    const body = JSON.parse(String(init.body));
    calls.push({ url, init, operationName: body.operationName });
    const handler = handlers[body.operationName];
    if (!handler) throw new Error(`unexpected ${body.operationName}`);
    return await handler(body, init, url);
  });
  const stored: string[] = [];
  const tokenStore: TokenStore = {
    read: () => null,
    write: (token) => stored.push(token),
    clear: () => stored.push('<cleared>'),
  };
  const deps: AppActorsDeps = {
    locale: 'ar',
    token: null,
    tokenStore,
    shopApiUrl: 'http://shop.test/shop-api',
    cookieLocale: true,
    tokenSyncUrl: null,
    loadCatalog: vi.fn(async () => undefined),
    navigate: vi.fn(),
    writeLocaleCookie: vi.fn(),
    fetch: fetch as unknown as typeof globalThis.fetch,
    ...over,
  };
  const actors = createAppActors(deps);
  return { actors, deps, calls, stored };
}

const checkUserAnonymous: Handler = () =>
  json({ activeCustomer: null, activeOrder: { id: '1', lines: [{ id: 'a' }, { id: 'b' }] }, wishListLength: 0 });
const line = (id: string, variantId: string, quantity: number) => ({ id, quantity, productVariant: { id: variantId } });
/** The active order the cart loads once the session is there: two lines. */
const getOrders: Handler = () => json({ activeOrder: { id: '1', lines: [line('a', 'v1', 1), line('b', 'v2', 3)] } });

describe('createAppActors (composition root)', () => {
  afterEach(() => vi.useRealTimers());

  it('creates an anonymous session, stores its token and sends it on later calls', async () => {
    const { actors, calls, stored } = setup({
      createSession: () => json({ createSession: { token: 'tok-new' } }, { 'vendure-auth-token': 'tok-new' }),
      search: () => json({ searchProducts: { items: [], totalItems: 0 } }),
    });

    actors.start();
    await waitFor(actors.session, (s) => s.matches('anonymous'));

    expect(stored).toEqual(['tok-new']);
    expect(calls[0]!.url.searchParams.get('languageCode')).toBe('ar');
    expect(new Headers(calls[0]!.init.headers).has('authorization')).toBe(false);

    actors.search.send({ type: 'search.type', value: 'قهوة' });
    await waitFor(actors.search, (s) => s.matches('noResults'), { timeout: 2000 });
    const searchCall = calls.find((c) => c.operationName === 'search')!;
    expect(new Headers(searchCall.init.headers).get('authorization')).toBe('Bearer tok-new');
    actors.stop();
  });

  it('starts in stages: one long-lived actor per task, every one running once it resolves', async () => {
    const created: string[] = [];
    const inspect = (event: InspectionEvent) => {
      if (event.type !== '@xstate.actor') return;
      const id = (event.actorRef as AnyActorRef & { logic: { id?: string } }).logic.id;
      if (id) created.push(id);
    };
    const { actors } = setup(
      {
        createSession: () => json({ createSession: { token: 'tok-new' } }, { 'vendure-auth-token': 'tok-new' }),
        getOrders,
      },
      { inspect },
    );
    // What had been created when each task ended.
    const atPauses: string[][] = [];
    const pause = vi.fn(async () => {
      atPauses.push([...created]);
    });

    await actors.startInStages(pause);

    expect(pause.mock.calls.length).toBeGreaterThanOrEqual(6);
    // The locale alone in the first task; the shop (with its children) later, in a task of its own;
    // search after the shop.
    expect(atPauses[0]).toEqual(['locale']);
    const shopTask = atPauses.findIndex((ids) => ids.includes('shop'));
    expect(shopTask).toBeGreaterThan(1);
    expect(atPauses[shopTask - 1]).toEqual(['locale']);
    expect(atPauses[shopTask]).not.toContain('search');
    expect(atPauses.at(-1)).toEqual(expect.arrayContaining(['locale', 'shop', 'session', 'cart', 'wishlist', 'search']));
    await waitFor(actors.session, (s) => s.matches('anonymous'));
    expect(actors.search.getSnapshot().status).toBe('active');
    expect(actors.locale.getSnapshot().status).toBe('active');
    actors.stop();
  });

  it('checks a stored token; the cart and the wishlist own the counts (a guest keeps the local list)', async () => {
    const guestItems = [{ id: 'p1', slug: 'bag', name: 'Bag', image: null, price: null, variantId: null }];
    const { actors } = setup(
      { CheckUser: checkUserAnonymous, getOrders },
      { token: { token: 'tok-old', issuedAt: null }, guestWishlist: { read: () => guestItems, write: () => {}, clear: () => {} } },
    );

    actors.start();
    const snapshot = await waitFor(actors.session, (s) => s.matches('anonymous'));
    expect(snapshot.context).toMatchObject({ token: 'tok-old', customerId: null });

    const cart = await waitFor(actors.cart, (s) => s.matches('ready'));
    expect(cart.context.count).toBe(2);
    expect(actors.wishlist.getSnapshot().matches('guest')).toBe(true);
    expect(actors.wishlist.getSnapshot().context.count).toBe(1);
    actors.stop();
  });

  it('tells the other tabs of a change and syncs the cart when another tab changed it', async () => {
    let listener: ((message: { type: 'cart' } | { type: 'wishlist' }) => void) | null = null;
    const posted: unknown[] = [];
    const { actors, calls } = setup(
      { CheckUser: checkUserAnonymous, getOrders },
      {
        token: { token: 'tok-old', issuedAt: null },
        tabChannel: { post: (m) => posted.push(m), subscribe: (l) => ((listener = l), () => (listener = null)) },
      },
    );
    actors.start();
    await waitFor(actors.cart, (s) => s.matches('ready'));
    expect(calls.filter((c) => c.operationName === 'getOrders')).toHaveLength(1);

    listener!({ type: 'cart' });
    await waitFor(actors.cart, (s) => s.matches('ready') && calls.filter((c) => c.operationName === 'getOrders').length === 2);

    actors.wishlist.send({ type: 'wishlist.toggle', productId: 'p9' });
    expect(posted).toEqual([{ type: 'wishlist' }]);
    actors.stop();
    expect(listener).toBeNull();
  });

  it('switching the language loads the catalog, writes the cookie and navigates to the same page', async () => {
    const { actors, deps } = setup({ CheckUser: checkUserAnonymous }, { token: { token: 't', issuedAt: null } });
    actors.start();

    actors.locale.send({ type: 'locale.switch', to: 'en', href: '/products?page=2' });
    await waitFor(actors.locale, (s) => s.context.locale === 'en');

    expect(deps.loadCatalog).toHaveBeenCalledWith('en');
    expect(deps.writeLocaleCookie).toHaveBeenCalledWith('en');
    expect(deps.navigate).toHaveBeenCalledWith('/en/products?page=2');
    actors.stop();
  });

  it('uses the client of the current language after a switch', async () => {
    const { actors, calls } = setup(
      { CheckUser: checkUserAnonymous, getOrders, search: () => json({ searchProducts: { items: [], totalItems: 0 } }) },
      { token: { token: 't', issuedAt: null } },
    );
    actors.start();
    actors.locale.send({ type: 'locale.routeChanged', locale: 'en' });

    actors.search.send({ type: 'search.type', value: 'shoe' });
    await waitFor(actors.search, (s) => s.matches('noResults'), { timeout: 2000 });

    expect(calls.find((c) => c.operationName === 'search')!.url.searchParams.get('languageCode')).toBe('en');
    actors.stop();
  });

  it('syncs a fresh token to the configured same-origin address with a bearer header', async () => {
    const { actors, calls } = setup(
      {
        createSession: () => json({ createSession: { token: 'tok-new' } }, { 'vendure-auth-token': 'tok-new' }),
        CheckUser: () =>
          json({ activeCustomer: { id: '4', firstName: 'A', lastName: 'B', emailAddress: 'a@b.c' }, activeOrder: null, wishListLength: 3 }),
        getOrders: () => json({ activeOrder: null }),
        // The account's list is still loading when the check's count arrives; it never answers here.
        getCustomerWishList: () => new Promise<Response>(() => {}),
      },
      { tokenSyncUrl: 'http://shop.test/api/token' },
    );
    actors.start();
    await waitFor(actors.session, (s) => s.matches('anonymous'));

    actors.session.send({ type: 'session.signedIn', token: 'tok-customer' });
    const snapshot = await waitFor(actors.session, (s) => s.matches('loggedIn'));

    expect(snapshot.context).toMatchObject({ customerId: '4' });
    // The check's count stands in for the account's list while it loads.
    expect(actors.wishlist.getSnapshot().value).toBe('loading');
    expect(actors.wishlist.getSnapshot().context.count).toBe(3);
    const syncs = calls.filter((c) => c.url.pathname === '/api/token');
    expect(syncs.map((c) => [c.init.method, new Headers(c.init.headers).get('authorization')])).toEqual([
      ['POST', 'Bearer tok-new'],
      ['POST', 'Bearer tok-customer'],
    ]);

    actors.session.send({ type: 'session.signedOut' });
    await waitFor(actors.session, (s) => s.matches('anonymous'));
    const del = calls.filter((c) => c.url.pathname === '/api/token' && c.init.method === 'DELETE');
    expect(del).toHaveLength(1);
    expect(new Headers(del[0]!.init.headers).has('authorization')).toBe(false);
    actors.stop();
  });

  it("reports the long-lived actors, the shop's children included, to the dev inspector", async () => {
    const seen: string[] = [];
    const { actors } = setup(
      { CheckUser: checkUserAnonymous, getOrders },
      {
        token: { token: 't', issuedAt: null },
        inspect: (event) => {
          if (event.type === '@xstate.actor') seen.push((event.actorRef as AnyActorRef).id);
        },
      },
    );
    actors.start();
    await waitFor(actors.cart, (s) => s.matches('ready'));

    expect(seen).toEqual(expect.arrayContaining(['shop', 'session', 'cart', 'wishlist']));
    expect(seen.filter((id) => ['shop', 'session', 'cart', 'wishlist'].includes(id))).toHaveLength(4);
    actors.stop();
  });

  it('reports a page-scoped checkout, named by its machine, to the dev inspector', async () => {
    const seen: string[] = [];
    const { actors } = setup(
      { CheckUser: checkUserAnonymous, getOrders },
      {
        token: { token: 't', issuedAt: null },
        inspect: (event) => {
          if (event.type === '@xstate.actor') seen.push((event.actorRef as AnyActorRef).id);
        },
      },
    );
    const checkout = actors.spawn(await actors.machine('checkout'), {
      input: { code: 'ORD1', returning: false, requireVerifiedAddress: false },
    });
    checkout.start();

    expect(seen).toContain('checkout');
    expect(seen).toContain('fetchCheckoutOrders');
    checkout.stop();
  });

  it("starts a checkout from the server render's orders (its input's seed) without asking for them again", async () => {
    const noOrder: Record<string, Handler> = {
      getOrders: () => json({ activeOrder: null }),
      getCheckOutOrder: () => json({ orderByCode: null }),
    };
    const asked = (calls: Array<{ operationName?: string }>) =>
      calls.map((c) => c.operationName).filter((op) => op === 'getOrders' || op === 'getCheckOutOrder');
    const input = { code: 'ORD1', returning: false, requireVerifiedAddress: false };

    const seeded = setup(noOrder, { token: { token: 't', issuedAt: null } });
    const first = seeded.actors.spawn(await seeded.actors.machine('checkout'), {
      input: { ...input, seed: { active: null, byCode: null } },
    });
    first.start();
    await waitFor(first, (s) => s.matches('empty'));
    expect(asked(seeded.calls)).toEqual([]);
    expect(first.getSnapshot().context.seed).toBeNull(); // used once: a later load asks the Shop API
    first.stop();

    const unseeded = setup(noOrder, { token: { token: 't', issuedAt: null } });
    const second = unseeded.actors.spawn(await unseeded.actors.machine('checkout'), { input });
    second.start();
    await waitFor(second, (s) => s.matches('empty'));
    expect(asked(unseeded.calls).sort()).toEqual(['getCheckOutOrder', 'getOrders']);
    second.stop();
  });

  it('reports every page-scoped actor to the inspector with no option from the page', () => {
    const seen: string[] = [];
    const { actors } = setup(
      { CheckUser: checkUserAnonymous, getOrders },
      {
        token: { token: 't', issuedAt: null },
        inspect: (event: InspectionEvent) => {
          if (event.type === '@xstate.snapshot')
            seen.push(`${(event.actorRef as AnyActorRef).id}:${JSON.stringify((event.snapshot as { value?: unknown }).value)}`);
        },
      },
    );
    const page = createMachine({ id: 'contact', initial: 'editing', states: { editing: {} } });
    const withInput = actors.spawn(page, { id: 'contact' }).start();
    const bare = actors.spawn(createMachine({ id: 'filters', initial: 'idle', states: { idle: {} } })).start();
    expect(seen.filter((s) => s.startsWith('contact:') || s.startsWith(`${bare.id}:`))).toEqual(['contact:"editing"', `${bare.id}:"idle"`]);
    withInput.stop();
    bare.stop();
  });

  it("keeps a page's own inspect callback", () => {
    const mine: string[] = [];
    const theirs: string[] = [];
    const { actors } = setup(
      { CheckUser: checkUserAnonymous, getOrders },
      { token: { token: 't', issuedAt: null }, inspect: (e: InspectionEvent) => theirs.push(e.type) },
    );
    const page = createMachine({ id: 'contact', initial: 'editing', states: { editing: {} } });
    theirs.length = 0;
    actors
      .spawn(page, { inspect: (e: InspectionEvent) => mine.push(e.type) })
      .start()
      .stop();
    expect(theirs).toEqual([]);
    expect(mine).toContain('@xstate.snapshot');
  });
  it("gives a guest's favourites the names of the page's language in one call (they were saved on the other site)", async () => {
    const guestItems = [
      { id: 'p1', slug: 'bag', name: 'Leather bag', image: null, price: 100, variantId: 'v1' },
      { id: 'p2', slug: 'gone', name: 'Old hat', image: null, price: null, variantId: null },
      { id: 'p3', slug: 'mug', name: 'Mug', image: null, price: 50, variantId: 'v3' },
    ];
    // The Shop API answers the products it sells (p2 is gone), in the request's language.
    const sold: Record<string, string> = { p1: 'حقيبة جلد', p3: 'كوب' };
    const { actors, calls } = setup(
      {
        CheckUser: checkUserAnonymous,
        getOrders,
        productNames: (body) => {
          const ids = (body.variables.options as { filter: { id: { in: string[] } } }).filter.id.in;
          return json({ products: { items: ids.filter((id) => sold[id]).map((id) => ({ id, name: sold[id] })) } });
        },
      },
      { token: { token: 'tok-old', issuedAt: null }, guestWishlist: { read: () => guestItems, write: () => {}, clear: () => {} } },
    );
    actors.start();
    await waitFor(actors.session, (s) => s.matches('anonymous'));

    actors.wishlist.send({ type: 'wishlist.localize', locale: 'ar' });
    await waitFor(actors.wishlist, (s) => s.matches({ guest: 'idle' }));

    expect(actors.wishlist.getSnapshot().context.items.map((i) => i.name)).toEqual(['حقيبة جلد', 'Old hat', 'كوب']);
    const lookups = calls.filter((c) => c.operationName === 'productNames');
    expect(lookups).toHaveLength(1);
    expect(lookups[0]!.url.searchParams.get('languageCode')).toBe('ar');
    expect(calls.some((c) => c.operationName === 'GetSingleProduct')).toBe(false);
    actors.stop();
  });
  // Nothing else refreshes the counts: the session's check of the customer makes the shop machine
  // reload the cart and the wishlist (machines/shop.machine.ts).
  it.each([
    [
      'a password reset',
      async (actors: ReturnType<typeof createAppActors>) => {
        const reset = actors.spawn(await actors.machine('passwordReset'), { input: { resetToken: 'ticket-1' } }).start();
        reset.send({ type: 'reset.change', field: 'password', value: 'N3w-passw0rd' });
        reset.send({ type: 'reset.submit' });
        await waitFor(reset, (s) => s.matches({ signedIn: 'settled' }));
        reset.stop();
      },
    ],
    [
      'a sign-in',
      async (actors: ReturnType<typeof createAppActors>) => {
        const auth = actors.spawn(await actors.machine('auth'), { input: { start: 'signIn' } }).start();
        auth.send({ type: 'auth.change', field: 'email', value: 'sara@example.com' });
        auth.send({ type: 'auth.change', field: 'password', value: 'Secret123!' });
        auth.send({ type: 'auth.submit' });
        await waitFor(auth, (s) => s.matches({ signedIn: 'settled' }));
        auth.stop();
      },
    ],
  ])("after %s, the shopper is signed in and the header's cart and wishlist counts are the account's", async (_, signIn) => {
    // The backend: an anonymous visitor with a two-line cart until the account is signed in; then
    // the account's three-line order and its two favourites.
    let signedIn = false;
    const lines = (n: number) => Array.from({ length: n }, (_, i) => line(`l${i}`, `v${i}`, 1));
    const me = { __typename: 'CurrentUser', id: '7', identifier: 'sara@example.com' };
    const { actors } = setup(
      {
        CheckUser: () =>
          signedIn
            ? json({
                activeCustomer: { id: '7', firstName: 'Sara', lastName: 'Ali', emailAddress: 'sara@example.com' },
                activeOrder: { id: '9', lines: lines(3) },
                wishListLength: 2,
              })
            : checkUserAnonymous({} as never, {}, new URL('http://shop.test')),
        getOrders: () => json({ activeOrder: signedIn ? { id: '9', lines: lines(3) } : { id: '1', lines: lines(2) } }),
        changeUserPassword: (body) => {
          signedIn = body.variables.resetToken === 'ticket-1';
          return json({ changeUserPassword: me });
        },
        login: (body) => {
          signedIn = body.variables.password === 'Secret123!';
          return json({ login: me });
        },
        getCustomerWishList: () => json({ customerWishList: { items: [], totalItems: 2 } }),
      },
      { token: { token: 'tok-old', issuedAt: null } },
    );
    actors.start();
    await waitFor(actors.cart, (s) => cartCount(s.context) === 2);
    const header = () => ({
      cart: cartCount(actors.cart.getSnapshot().context),
      wishlist: wishlistCount(actors.wishlist.getSnapshot().context),
    });
    expect(header()).toEqual({ cart: 2, wishlist: 0 });

    await signIn(actors);

    await vi.waitFor(() => expect(header()).toEqual({ cart: 3, wishlist: 2 }));
    actors.stop();
  });

  // The account's user (what `login` answers) and its customer (what the check answers) have
  // different ids: the sign-in must reload the cart and the wishlist once, not once per id.
  it('after a sign-in, the cart and the wishlist are reloaded once, and the session names the customer', async () => {
    let signedIn = false;
    const lines = (n: number) => Array.from({ length: n }, (_, i) => line(`l${i}`, `v${i}`, 1));
    const { actors, calls } = setup(
      {
        // The check answers after the cart could have reloaded: a slow backend, or a busy one.
        CheckUser: async () =>
          signedIn
            ? new Promise<Response>((resolve) =>
                setTimeout(
                  () =>
                    resolve(
                      json({
                        activeCustomer: { id: '7', firstName: 'Sara', lastName: 'Ali', emailAddress: 'sara@example.com' },
                        activeOrder: { id: '9', lines: lines(3) },
                        wishListLength: 2,
                      }),
                    ),
                  100,
                ),
              )
            : checkUserAnonymous({} as never, {}, new URL('http://shop.test')),
        getOrders: () => json({ activeOrder: signedIn ? { id: '9', lines: lines(3) } : { id: '1', lines: lines(2) } }),
        login: (body) => {
          signedIn = body.variables.password === 'Secret123!';
          return json({ login: { __typename: 'CurrentUser', id: '31', identifier: 'sara@example.com' } });
        },
        getCustomerWishList: () => json({ customerWishList: { items: [], totalItems: 2 } }),
      },
      { token: { token: 'tok-old', issuedAt: null } },
    );
    actors.start();
    await waitFor(actors.cart, (s) => cartCount(s.context) === 2);
    const before = { orders: calls.filter((c) => c.operationName === 'getOrders').length };

    const auth = actors.spawn(await actors.machine('auth'), { input: { start: 'signIn' } }).start();
    auth.send({ type: 'auth.change', field: 'email', value: 'sara@example.com' });
    auth.send({ type: 'auth.change', field: 'password', value: 'Secret123!' });
    auth.send({ type: 'auth.submit' });
    await waitFor(auth, (s) => s.matches({ signedIn: 'settled' }));
    await vi.waitFor(() => expect(cartCount(actors.cart.getSnapshot().context)).toBe(3));
    await vi.waitFor(() => expect(wishlistCount(actors.wishlist.getSnapshot().context)).toBe(2));
    // Whatever else would still come, give it the time to.
    await new Promise((r) => setTimeout(r, 200));

    expect(actors.session.getSnapshot().context.customerId).toBe('7');
    expect(calls.filter((c) => c.operationName === 'getOrders').length - before.orders).toBe(1);
    expect(calls.filter((c) => c.operationName === 'getCustomerWishList')).toHaveLength(1);
    auth.stop();
    actors.stop();
  });
});
