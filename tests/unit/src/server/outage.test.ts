// @vitest-environment node
import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM server module without type declarations
import { isBackendOutage, withOutageAnswers } from '../../../../src/server/outage.mjs';
// @ts-expect-error -- plain ESM server module without type declarations
import { createApp } from '../../../../src/server/storefront.mjs';
// @ts-expect-error -- plain ESM server module without type declarations
import { createHtmlCache } from '../../../../src/server/html-cache.mjs';
import { fakeServerBuild } from '../../helpers/server-build';

const shopApiError = (status: number | null) => Object.assign(new Error('x'), { name: 'ShopApiError', status });
const refused = () => new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });

describe('isBackendOutage', () => {
  it.each([
    ['a Shop API call without an answer (network)', shopApiError(null), true],
    ['a 502 from a gateway', shopApiError(502), true],
    ['a 503 from the proxy', shopApiError(503), true],
    ['a 504', shopApiError(504), true],
    ['a fetch that could not connect', refused(), true],
    ['a timeout', Object.assign(new Error('t'), { name: 'TimeoutError' }), true],
    ['a GraphQL error the backend answered (200)', shopApiError(200), false],
    ['a 500 of the backend (a bug, not an outage)', shopApiError(500), false],
    ['a 400', shopApiError(400), false],
    ['a TypeError of our own code', new TypeError('x is not a function'), false],
    ['a plain Error', new Error('boom'), false],
    ['null', null, false],
  ])('%s → %s', (_name, error, expected) => {
    expect(isBackendOutage(error)).toBe(expected);
  });
});

describe('withOutageAnswers', () => {
  it('turns an outage in a loader or action into a thrown 503 and passes other errors on', async () => {
    const boom = new Error('boom');
    const build = withOutageAnswers({
      routes: {
        root: { id: 'root', module: { default: 'Root' } },
        page: {
          id: 'page',
          module: {
            loader: async () => {
              throw shopApiError(null);
            },
            action: async () => {
              throw boom;
            },
            meta: 'kept',
          },
        },
      },
    });
    expect(build.routes.root.module).toEqual({ default: 'Root' });
    expect(build.routes.page.module.meta).toBe('kept');
    const thrown = await build.routes.page.module.loader({}).catch((e: unknown) => e);
    expect(thrown.init.status).toBe(503);
    await expect(build.routes.page.module.action({})).rejects.toBe(boom);
  });
});

// A one-route server build whose loader needs the backend; `backendUp` switches it.
let backendUp = true;
const build = fakeServerBuild({
  entry: {
    module: {
      default: (_request: Request, status: number, headers: Headers) =>
        new Response(`rendered ${status} ${backendUp ? 'fresh' : 'outage'}`, {
          status,
          headers: { ...Object.fromEntries(headers), 'content-type': 'text/html' },
        }),
    },
  },
  routes: {
    root: {
      id: 'root',
      path: '',
      module: {
        loader: async () => {
          if (!backendUp) throw shopApiError(null);
          return { ok: true };
        },
        ErrorBoundary: () => null,
        default: () => null,
      },
    },
    page: { id: 'page', parentId: 'root', path: '*', module: { default: () => null } },
  },
});

let now = 1_000_000;
let front: http.Server;
let base = '';
beforeAll(async () => {
  const htmlCache = createHtmlCache({ ttlMs: 10_000, staleMs: 30_000, staleIfErrorMs: 600_000, now: () => now });
  const { server } = await createApp({ build, shopApiUrl: 'http://127.0.0.1:9/shop-api', buildDir: '/nonexistent', htmlCache });
  front = server;
  await new Promise<void>((r) => front.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
});
afterAll(async () => {
  front.closeAllConnections?.();
  await new Promise((r) => front.close(r));
});

const get = async (path: string) => {
  const res = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'identity' } });
  return {
    status: res.status,
    body: await res.text(),
    cache: res.headers.get('x-cache'),
    cacheControl: res.headers.get('cache-control'),
    retryAfter: res.headers.get('retry-after'),
  };
};

describe('pages while the backend is down', () => {
  it('answers 503 (not 500) with Retry-After and no-store for a page never rendered before', async () => {
    backendUp = false;
    expect(await get('/en/never-seen')).toEqual({
      status: 503,
      body: 'rendered 503 outage',
      cache: null,
      cacheControl: 'no-store',
      retryAfter: '5',
    });
  });

  it('keeps answering a page seen before with its cached copy, long after it expired', async () => {
    backendUp = true;
    expect(await get('/en/products')).toMatchObject({ status: 200, body: 'rendered 200 fresh', cache: 'MISS' });
    backendUp = false;
    now += 5 * 60_000; // well past ttl + stale, within stale-if-error
    expect(await get('/en/products')).toMatchObject({ status: 200, body: 'rendered 200 fresh', cache: 'STALE' });
    expect(await get('/en/products')).toMatchObject({ status: 200, body: 'rendered 200 fresh', cache: 'STALE' });
    now += 6 * 60_000; // past stale-if-error: the copy is too old to stand in
    expect(await get('/en/products')).toMatchObject({ status: 503, body: 'rendered 503 outage' });
  });

  it('renders fresh pages again once the backend is back', async () => {
    backendUp = true;
    expect(await get('/en/products')).toMatchObject({ status: 200, body: 'rendered 200 fresh', cache: 'MISS' });
  });
});
