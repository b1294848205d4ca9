// @vitest-environment node
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM server module without type declarations
import { createHtmlCache, htmlCacheKey, isPersonalPath, isStorable } from '../../../../src/server/html-cache.mjs';
// @ts-expect-error -- plain ESM server module without type declarations
import { createApp } from '../../../../src/server/storefront.mjs';
import { fakeServerBuild } from '../../helpers/server-build';

const browser = { method: 'GET', headers: {}, isBot: false };

describe('htmlCacheKey', () => {
  it('is the same for the same page and inputs, and differs by URL', () => {
    const a = htmlCacheKey({ ...browser, url: 'http://shop/en/products/x' });
    expect(a).toBe(htmlCacheKey({ ...browser, url: 'http://shop/en/products/x' }));
    expect(a).not.toBe(htmlCacheKey({ ...browser, url: 'http://shop/en/products/y' }));
    expect(a).not.toBe(htmlCacheKey({ ...browser, url: 'http://shop/en/products/x?page=2' }));
  });

  it('bypasses non-GET requests and visitors with a session token', () => {
    expect(htmlCacheKey({ ...browser, method: 'POST', url: 'http://shop/en' })).toBeNull();
    expect(htmlCacheKey({ ...browser, url: 'http://shop/en', headers: { cookie: 'a=1; vendure_token=abc' } })).toBeNull();
    expect(htmlCacheKey({ ...browser, url: 'http://shop/en', headers: { authorization: 'Bearer abc' } })).toBeNull();
    expect(htmlCacheKey({ ...browser, url: 'http://shop/en', headers: { cookie: 'i18n_redirected=en' } })).not.toBeNull();
  });

  it('keys unprefixed (Arabic) pages by the inputs of the first-visit locale rule too', () => {
    const key = (headers: Record<string, string>, isBot = false) =>
      htmlCacheKey({ method: 'GET', url: 'http://shop/products', headers, isBot });
    const base = key({});
    expect(key({ 'accept-language': 'en-US' })).not.toBe(base);
    expect(key({ cookie: 'i18n_redirected=ar' })).not.toBe(base);
    expect(key({ referer: 'http://shop/en' })).not.toBe(base);
    expect(key({ referer: 'http://elsewhere/' })).toBe(base);
    expect(key({}, true)).not.toBe(base);
    // English pages: the prefix decides; only the locale cookie (Set-Cookie refresh) matters
    const en = (headers: Record<string, string>) => htmlCacheKey({ method: 'GET', url: 'http://shop/en/products', headers, isBot: false });
    expect(en({ 'accept-language': 'ar' })).toBe(en({}));
    expect(en({ cookie: 'i18n_redirected=en' })).not.toBe(en({}));
  });
});

describe('personal pages (decision 012)', () => {
  const personal = [
    '/profile',
    '/profile/orders/ABC123',
    '/en/profile/addresses',
    '/en/profile.data',
    '/checkout/ABC123',
    '/en/checkout/ABC123.data',
    '/checkout-success',
    '/en/checkout-success',
    '/auth/otp',
    '/en/auth/reset-password',
    '/%70rofile',
    '/EN/Profile',
    // issue 38 §2: the cart page renders the visitor's own lines
    '/cart',
    '/en/cart',
    '/en/cart.data',
  ];

  it('knows them in both locales, as documents and as navigation data', () => {
    for (const path of personal) expect(isPersonalPath(path), path).toBe(true);
    for (const path of [
      '/',
      '/en',
      '/auth',
      '/en/auth/login',
      '/en/auth/forget-password',
      '/products',
      '/profiles',
      '/checkoutx',
      '/carts',
    ]) {
      expect(isPersonalPath(path), path).toBe(false);
    }
  });

  it('never caches them, with or without a session token', () => {
    for (const path of personal) {
      expect(htmlCacheKey({ ...browser, url: `http://shop${path}` }), path).toBeNull();
      expect(htmlCacheKey({ ...browser, url: `http://shop${path}`, headers: { cookie: 'vendure_token=abc' } }), path).toBeNull();
    }
    for (const path of ['/auth', '/en/auth', '/en/auth/login', '/auth/forget-password']) {
      expect(htmlCacheKey({ ...browser, url: `http://shop${path}`, headers: { cookie: 'vendure_token=abc' } }), path).toBeNull();
      expect(htmlCacheKey({ ...browser, url: `http://shop${path}` }), path).not.toBeNull();
    }
  });

  it('bypasses the cache for requests carrying an auth-flow cookie', () => {
    expect(htmlCacheKey({ ...browser, url: 'http://shop/en/auth', headers: { cookie: 'auth_pending=a%40b.sa' } })).toBeNull();
    expect(htmlCacheKey({ ...browser, url: 'http://shop/en/auth', headers: { cookie: 'reset_ticket=abc123abc' } })).toBeNull();
  });
});

describe('isStorable', () => {
  it('keeps only plain 200 answers', () => {
    expect(isStorable(200, new Headers({ 'content-type': 'text/html' }))).toBe(true);
    expect(isStorable(404, new Headers())).toBe(false);
    expect(isStorable(302, new Headers())).toBe(false);
    expect(isStorable(200, new Headers({ 'set-cookie': 'a=1' }))).toBe(false);
    expect(isStorable(200, new Headers({ 'set-cookie': 'i18n_redirected=en; Max-Age=31536000; Path=/' }))).toBe(true);
    const both = new Headers();
    both.append('set-cookie', 'i18n_redirected=en; Path=/');
    both.append('set-cookie', 'session=abc; Path=/');
    expect(isStorable(200, both)).toBe(false);
    expect(isStorable(200, new Headers({ 'cache-control': 'private, max-age=0' }))).toBe(false);
    expect(isStorable(200, new Headers({ 'cache-control': 'no-store' }))).toBe(false);
  });
});

describe('createHtmlCache', () => {
  let t = 0;
  const cache = () => createHtmlCache({ ttlMs: 1000, staleMs: 500, maxEntries: 2, now: () => t });
  const page = (text: string) => ({ status: 200, headers: [['content-type', 'text/html']], body: Buffer.from(text) });
  beforeEach(() => {
    t = 0;
  });

  it('answers within the TTL, then lets one request refresh while the others get the old copy', () => {
    const c = cache();
    expect(c.lookup('k').state).toBe('miss');
    c.store('k', page('one'));
    t = 999;
    expect(c.lookup('k').state).toBe('hit');
    t = 1001;
    expect(c.lookup('k').state).toBe('miss'); // this one renders
    const stale = c.lookup('k');
    expect(stale.state).toBe('stale');
    expect(stale.entry.body.toString()).toBe('one');
    c.store('k', page('two'));
    expect(c.lookup('k').entry.body.toString()).toBe('two');
  });

  it('does not hand out an expired copy beyond the stale window', () => {
    const c = cache();
    c.lookup('k');
    c.store('k', page('one'));
    t = 1001;
    expect(c.lookup('k').state).toBe('miss');
    t = 1501;
    expect(c.lookup('k').state).toBe('miss');
  });

  it('offers an expired copy as the fallback of a render (for a backend outage) until staleIfErrorMs after expiry', () => {
    const c = createHtmlCache({ ttlMs: 1000, staleMs: 500, staleIfErrorMs: 60_000, now: () => t });
    c.lookup('k');
    c.store('k', page('one'));
    t = 1001; // in the stale window: this request renders, with the old copy to fall back on
    const refreshing = c.lookup('k');
    expect(refreshing.state).toBe('miss');
    expect(refreshing.fallback.body.toString()).toBe('one');
    c.keepFallback('k'); // its render found the backend down: the copy stays, the next request renders again
    expect(c.lookup('k').fallback.body.toString()).toBe('one');
    t = 30_000; // past the stale window
    const late = c.lookup('k');
    expect([late.state, late.fallback.body.toString()]).toEqual(['miss', 'one']);
    t = 61_001; // past staleIfErrorMs after expiry: gone
    expect(c.lookup('k')).toEqual({ state: 'miss' });
    expect(c.size).toBe(0);
  });

  it('makes concurrent first requests wait for one render, and release them when it is not stored', async () => {
    const c = cache();
    expect(c.lookup('k').state).toBe('miss');
    const waiting = c.lookup('k');
    expect(waiting.state).toBe('wait');
    c.store('k', page('one'));
    expect((await waiting.outcome).body.toString()).toBe('one');

    expect(c.lookup('other').state).toBe('miss');
    const second = c.lookup('other');
    c.abandon('other');
    expect(await second.outcome).toBeNull();
  });

  it('keeps at most maxEntries, dropping the least recently used', () => {
    const c = cache();
    for (const k of ['a', 'b']) {
      c.lookup(k);
      c.store(k, page(k));
    }
    c.lookup('a'); // a is now the most recent
    c.lookup('c');
    c.store('c', page('c'));
    expect(c.size).toBe(2);
    expect(c.lookup('a').state).toBe('hit');
    expect(c.lookup('b').state).toBe('miss');
  });

  it('compresses each body once, gzip and brotli', async () => {
    const c = cache();
    c.lookup('k');
    const entry = c.store('k', page('<p>hello</p>'.repeat(100)));
    expect(gunzipSync(await entry.gzip).toString()).toBe('<p>hello</p>'.repeat(100));
    expect(brotliDecompressSync(await entry.br).toString()).toBe('<p>hello</p>'.repeat(100));
  });
});

describe('storefront page cache', () => {
  let renders = 0;
  let front: http.Server;
  let base = '';
  // A build whose every page is "rendered" by the entry: counts renders and echoes the URL.
  const build = fakeServerBuild({
    entry: {
      module: {
        default: (request: Request) => {
          renders++;
          const url = new URL(request.url);
          const headers = new Headers({ 'content-type': 'text/html; charset=utf-8' });
          if (url.searchParams.has('cookie')) headers.set('set-cookie', 'x=1');
          // a guarded page's `headers` export (privatePageHeaders)
          if (url.searchParams.has('private')) headers.set('cache-control', 'private, no-store');
          // like the locale middleware: refresh the locale cookie when the visitor has another one
          if (!request.headers.get('cookie')?.includes('i18n_redirected=en')) headers.append('set-cookie', 'i18n_redirected=en; Path=/');
          return new Response(`<!doctype html><p>${url.pathname}${url.search} render ${renders}</p>${'<i>pad</i>'.repeat(200)}`, {
            status: 200,
            headers,
          });
        },
      },
    },
    // one page route matching every path (a component, so requests are documents, not resources)
    routes: {
      root: { id: 'root', path: '', module: { default: () => null } },
      page: { id: 'page', parentId: 'root', path: '*', module: { default: () => null } },
    },
  });

  beforeAll(async () => {
    const { server } = await createApp({
      build,
      shopApiUrl: 'http://127.0.0.1:9/shop-api',
      buildDir: '/nonexistent',
      htmlCache: createHtmlCache({ ttlMs: 60_000 }),
    });
    front = server;
    await new Promise<void>((r) => front.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    front.closeAllConnections?.();
    await new Promise((r) => front.close(r));
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(base + path, { headers: { cookie: 'i18n_redirected=en', ...headers } });

  it('renders a page once and answers the next visitors from the cache, compressed and with an ETag', async () => {
    const before = renders;
    const first = await get('/en/a');
    expect(first.headers.get('x-cache')).toBe('MISS');
    const body = await first.text();
    const second = await get('/en/a', { 'accept-encoding': 'br' });
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.headers.get('content-encoding')).toBe('br');
    expect(second.headers.get('vary')).toContain('Accept-Encoding');
    expect(second.headers.get('cache-control')).toBe('no-cache');
    expect(await second.text()).toBe(body); // fetch decodes it
    expect(renders - before).toBe(1);

    const etag = second.headers.get('etag') ?? '';
    const revalidated = await get('/en/a', { 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
  });

  it('renders every time for visitors with a session token, and never stores answers with Set-Cookie', async () => {
    const before = renders;
    await (await get('/en/b', { cookie: 'vendure_token=t1' })).text();
    const again = await get('/en/b', { cookie: 'vendure_token=t1' });
    expect(again.headers.get('x-cache')).toBeNull();
    await again.text();
    await (await get('/en/c?cookie')).text();
    expect((await get('/en/c?cookie')).headers.get('x-cache')).toBeNull();
    expect(renders - before).toBe(4);
  });

  it('keeps answers that only set the locale cookie, and replays that cookie', async () => {
    const before = renders;
    const first = await fetch(`${base}/en/first-visit`);
    expect(first.headers.get('set-cookie')).toContain('i18n_redirected=en');
    await first.text();
    const second = await fetch(`${base}/en/first-visit`);
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.headers.get('set-cookie')).toContain('i18n_redirected=en');
    // a visitor who has the cookie is another key: no Set-Cookie for them
    const returning = await get('/en/first-visit');
    expect(returning.headers.get('set-cookie')).toBeNull();
    expect(renders - before).toBe(2);
  });

  it('never stores or serves personal pages: signed in or not, documents or .data', async () => {
    const before = renders;
    for (const headers of [{ cookie: 'i18n_redirected=en; vendure_token=t1' }, {}] as Record<string, string>[]) {
      for (const path of ['/en/profile', '/en/checkout/ABC123', '/en/auth/otp', '/en/profile/orders.data']) {
        const first = await get(path, headers);
        expect(first.headers.get('x-cache'), path).toBeNull();
        await first.text();
        const second = await get(path, headers);
        expect(second.headers.get('x-cache'), path).toBeNull();
        await second.text();
      }
    }
    // 3 documents, twice each, for both visitors (`.data` answers do not go through the entry)
    expect(renders - before).toBe(12);
  });

  it('does not store an answer marked private, no-store', async () => {
    const before = renders;
    await (await get('/en/d?private')).text();
    const again = await get('/en/d?private');
    expect(again.headers.get('x-cache')).toBeNull();
    expect(again.headers.get('cache-control')).toBe('private, no-store');
    await again.text();
    expect(renders - before).toBe(2);
  });

  it('renders a page once for a burst of concurrent first visitors', async () => {
    const before = renders;
    const answers = await Promise.all(Array.from({ length: 10 }, () => get('/en/burst').then((r) => r.text())));
    expect(new Set(answers).size).toBe(1);
    expect(renders - before).toBe(1);
  });
});
