import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { createAppActors, type AppActorsDeps } from '../../../src/app/actors';
import type { TokenStore } from '../../../src/lib/token-store';

type Handler = (body: { operationName: string; variables: Record<string, unknown> }, init: RequestInit, url: URL) => Response;

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
    return handler(body, init, url);
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

const checkUserAnonymous: Handler = () => json({ activeCustomer: null, activeOrder: { id: '1', lines: [{ id: 'a' }, { id: 'b' }] }, wishListLength: 0 });

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

  it('checks a stored token and takes the counts from CheckUser', async () => {
    const { actors } = setup({ CheckUser: checkUserAnonymous }, { token: { token: 'tok-old', issuedAt: null } });

    actors.start();
    const snapshot = await waitFor(actors.session, (s) => s.matches('anonymous'));

    expect(snapshot.context).toMatchObject({ token: 'tok-old', cartCount: 2, wishlistCount: 0, customerId: null });
    actors.stop();
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
      { CheckUser: checkUserAnonymous, search: () => json({ searchProducts: { items: [], totalItems: 0 } }) },
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
        CheckUser: () => json({ activeCustomer: { id: '4', firstName: 'A', lastName: 'B', emailAddress: 'a@b.c' }, activeOrder: null, wishListLength: 3 }),
      },
      { tokenSyncUrl: 'http://shop.test/api/token' },
    );
    actors.start();
    await waitFor(actors.session, (s) => s.matches('anonymous'));

    actors.session.send({ type: 'session.signedIn', token: 'tok-customer' });
    const snapshot = await waitFor(actors.session, (s) => s.matches('loggedIn'));

    expect(snapshot.context).toMatchObject({ customerId: '4', wishlistCount: 3 });
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
});
