// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM server module without type declarations
import { createApp } from '../../../../src/server/storefront.mjs';
import { fakeServerBuild } from '../../helpers/server-build';

const fakeBuild = fakeServerBuild();

/** A fake Vendure that can be switched off: `up = false` closes its port. */
function switchableBackend() {
  const server = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ data: { __typename: 'Query' } }));
  });
  let port = 0;
  return {
    async start() {
      await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
      port = (server.address() as AddressInfo).port;
      return port;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

const backend = switchableBackend();
let front: http.Server;
let base = '';

beforeAll(async () => {
  const port = await backend.start();
  const { server } = await createApp({ build: fakeBuild, shopApiUrl: `http://127.0.0.1:${port}/shop-api`, buildDir: '/nonexistent' });
  front = server;
  await new Promise<void>((r) => front.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
});

afterAll(async () => {
  front.closeAllConnections?.();
  await new Promise((r) => front.close(r));
});

const get = async (path: string, init?: RequestInit) => {
  const res = await fetch(`${base}${path}`, init);
  return {
    status: res.status,
    cache: res.headers.get('cache-control'),
    retryAfter: res.headers.get('retry-after'),
    body: await res.text(),
  };
};
const query = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' };

// One sequence: the backend is up, then goes away (as when Vendure crashed and is restarting).
describe('storefront health, readiness and the proxy while Vendure is down', () => {
  it('is alive and ready while the backend answers', async () => {
    expect(await get('/healthz')).toEqual({ status: 200, cache: 'no-store', retryAfter: null, body: '{"status":"ok"}' });
    expect(await get('/readyz')).toEqual({ status: 200, cache: 'no-store', retryAfter: null, body: '{"status":"ready","backend":"up"}' });
    expect((await get('/shop-api', query)).status).toBe(200);
  });

  it('stays alive but not ready once the backend is gone, and the proxy answers 503 in GraphQL form', async () => {
    await backend.stop();
    expect(await get('/healthz')).toEqual({ status: 200, cache: 'no-store', retryAfter: null, body: '{"status":"ok"}' });
    expect(await get('/readyz')).toEqual({
      status: 503,
      cache: 'no-store',
      retryAfter: '5',
      body: '{"status":"unavailable","backend":"down"}',
    });
    const api = await get('/shop-api?languageCode=en', query);
    expect(api.status).toBe(503);
    expect(api.retryAfter).toBe('5');
    expect(api.cache).toBe('no-store');
    expect(JSON.parse(api.body)).toEqual({
      errors: [
        {
          message: 'The store is briefly unavailable. Try again in a moment.',
          extensions: { code: 'STORE_UNAVAILABLE', retryAfterSeconds: 5 },
        },
      ],
    });
    expect(await get('/assets/a.png')).toEqual({
      status: 503,
      cache: 'no-store',
      retryAfter: '5',
      body: 'The store is briefly unavailable. Try again in a moment.',
    });
  });

  it('is ready again as soon as the backend is back', async () => {
    await backend.start();
    expect((await get('/readyz')).status).toBe(200);
    expect((await get('/shop-api', query)).status).toBe(200);
  });
});
