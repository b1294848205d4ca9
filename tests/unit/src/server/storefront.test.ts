// @vitest-environment node
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
// @ts-expect-error -- plain ESM server module without type declarations
import { createApp, createProxy, isProxied, isReplayable, robotsTxt, upstreamPath } from '../../../../src/server/storefront.mjs';
import { fakeServerBuild } from '../../helpers/server-build';

/** The proxy's body limit (MAX_PROXIED_BODY in src/server/storefront.mjs). */
const MAX_PROXIED_BODY = 10 * 1024 * 1024;

/** A fake Vendure: echoes what it received and hands out a session token. */
function fakeUpstream() {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.setHeader('vendure-auth-token', 'tok-123');
      res.end(JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body }));
    });
  });
  const wss = new WebSocketServer({ server, path: '/shop-api/ws' });
  wss.on('connection', (socket) => socket.on('message', (m) => socket.send(`echo:${m}`)));
  return server;
}

// The smallest server build React Router accepts, for a request it cannot match.
const fakeBuild = fakeServerBuild();

let upstream: http.Server;
let front: http.Server;
let base = '';

beforeAll(async () => {
  upstream = fakeUpstream();
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  const up = upstream.address() as AddressInfo;
  const { server } = await createApp({ build: fakeBuild, shopApiUrl: `http://127.0.0.1:${up.port}/shop-api`, buildDir: '/nonexistent' });
  front = server;
  await new Promise<void>((r) => front.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
});

afterAll(async () => {
  front.closeAllConnections?.();
  upstream.closeAllConnections?.();
  await new Promise((r) => front.close(r));
  await new Promise((r) => upstream.close(r));
});

describe('storefront server', () => {
  it('knows which paths go to Vendure', () => {
    expect(isProxied('/shop-api')).toBe(true);
    expect(isProxied('/shop-api/ws')).toBe(true);
    expect(isProxied('/assets/preview/a.jpg')).toBe(true);
    expect(isProxied('/sandbox/pay')).toBe(true);
    expect(isProxied('/payments/callback/tabby')).toBe(true);
    expect(isProxied('/shop-apis')).toBe(false);
    expect(isProxied('/payments')).toBe(false);
    expect(isProxied('/en/about')).toBe(false);
  });

  it('forwards Shop API calls with the query, body and bearer token, and returns the session token', async () => {
    const res = await fetch(`${base}/shop-api?languageCode=ar`, {
      method: 'POST',
      headers: { authorization: 'Bearer abc', 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('vendure-auth-token')).toBe('tok-123');
    const seen = (await res.json()) as { method: string; url: string; headers: Record<string, string>; body: string };
    expect(seen.method).toBe('POST');
    expect(seen.url).toBe('/shop-api?languageCode=ar');
    expect(seen.headers.authorization).toBe('Bearer abc');
    expect(seen.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(JSON.parse(seen.body)).toEqual({ query: '{ __typename }' });
  });

  it('answers a Shop API body over its limit 413 with a clear message, not a reset connection (issue 33 §4)', async () => {
    const body = JSON.stringify({ query: '{ __typename }', variables: { pad: 'x'.repeat(MAX_PROXIED_BODY) } });
    const res = await fetch(`${base}/shop-api`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      errors: [{ message: 'The request body is larger than the limit of 10 MB.', extensions: { code: 'PAYLOAD_TOO_LARGE' } }],
    });
  });

  it('answers 413 from the announced length alone, before reading the body', async () => {
    const { port } = new URL(base);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /shop-api HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${MAX_PROXIED_BODY + 1}\r\n\r\n{`,
        );
      });
      let text = '';
      socket.on('data', (c) => {
        text += c;
        if (!text.includes('PAYLOAD_TOO_LARGE')) return;
        socket.destroy();
        resolve(text);
      });
      socket.on('error', reject);
      socket.on('close', () => resolve(text));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/PAYLOAD_TOO_LARGE/);
  });

  it('cannot be used as an open proxy: absolute-form targets still go to the fixed upstream', async () => {
    const { port } = new URL(base);
    const answer = await new Promise<string>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, method: 'GET', path: 'http://evil.example/shop-api/x' }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve(body));
      });
      req.on('error', reject);
      req.end();
    });
    // Proxied to our one upstream, with the path only.
    expect(JSON.parse(answer).url).toBe('/shop-api/x');
  });

  it('tunnels the graphql-ws upgrade of /shop-api/ws', async () => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/shop-api/ws`);
    const reply = await new Promise<string>((resolve, reject) => {
      ws.on('open', () => ws.send('ping'));
      ws.on('message', (m) => resolve(String(m)));
      ws.on('error', reject);
    });
    ws.close();
    expect(reply).toBe('echo:ping');
  });

  it('refuses other upgrades', async () => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/somewhere`);
    const outcome = await new Promise<string>((resolve) => {
      ws.on('open', () => resolve('open'));
      ws.on('error', () => resolve('error'));
      ws.on('unexpected-response', (_req, res) => resolve(String(res.statusCode)));
    });
    expect(outcome).not.toBe('open');
  });

  it('reduces request targets to path and query', () => {
    expect(upstreamPath('/shop-api?languageCode=en')).toBe('/shop-api?languageCode=en');
    expect(upstreamPath('http://evil.example:8080/assets/a.jpg?w=1')).toBe('/assets/a.jpg?w=1');
    expect(upstreamPath('//evil.example/assets/a.jpg')).toBe('/assets/a.jpg');
  });

  it('serves robots.txt with the sitemap and without account pages', async () => {
    const res = await fetch(`${base}/robots.txt`);
    const text = await res.text();
    expect(text).toContain(`Sitemap: ${base}/sitemap.xml`);
    expect(text).toContain('Disallow: /en/checkout');
    expect(robotsTxt('https://shop.example')).toContain('Sitemap: https://shop.example/sitemap.xml');
  });

  it('serves the service worker uncached', async () => {
    const res = await fetch(`${base}/sw.js`);
    // No build dir in this test: the header is what matters.
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });
});

/**
 * An upstream that answers the first request of each connection, keeps it open without a
 * Keep-Alive hint, and drops it when a second request comes (after reading it: the idle-timeout
 * race, in which the upstream may already have acted on the request). Records every body it reads.
 */
async function racingUpstreamAndProxy() {
  const received: string[] = [];
  let connections = 0;
  const upstream = net.createServer((socket) => {
    connections++;
    let requests = 0;
    socket.on('data', (chunk) => {
      requests++;
      received.push(chunk.toString('utf8').split('\r\n\r\n')[1] ?? '');
      if (requests === 1)
        socket.write('HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\nok');
      else socket.destroy();
    });
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  const logged: string[] = [];
  const proxy = createProxy(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`, { log: (m: string) => logged.push(m) });
  const front = http.createServer((req, res) => {
    // the bits of Express the proxy uses
    Object.assign(res, {
      status: (code: number) => ((res.statusCode = code), res),
      type: () => res,
      send: (text: string) => res.end(text),
    });
    proxy.handle(req, res);
  });
  await new Promise<void>((r) => front.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(front.address() as AddressInfo).port}/shop-api`;
  return {
    received,
    logged,
    connections: () => connections,
    post: (body: string) => fetch(url, { method: 'POST', body }).then(async (r) => [r.status, await r.text()]),
    async close() {
      front.closeAllConnections();
      await new Promise((r) => front.close(r));
      await new Promise((r) => upstream.close(r));
    },
  };
}

describe('which proxied requests may be sent twice (isReplayable)', () => {
  const json = (v: unknown) => Buffer.from(JSON.stringify(v));
  it.each([
    ['GET without a GraphQL query', 'GET', '/sandbox/pay/ABC', '', true],
    ['HEAD of an asset', 'HEAD', '/assets/a.png', '', true],
    ['GET with a query document', 'GET', '/shop-api?query=%7B%20activeOrder%20%7B%20id%20%7D%20%7D', '', true],
    ['GET with a mutation document', 'GET', '/shop-api?query=mutation%20%7B%20logout%20%7B%20success%20%7D%20%7D', '', false],
    ['POST of a named query', 'POST', '/shop-api', json({ query: 'query ActiveOrder { activeOrder { id } }' }), true],
    [
      'POST of a shorthand query with a fragment',
      'POST',
      '/shop-api',
      json({ query: '{ activeOrder { ...O } } fragment O on Order { id }' }),
      true,
    ],
    [
      'POST of a batch of queries',
      'POST',
      '/shop-api',
      json([{ query: '{ a: activeOrder { id } }' }, { query: 'query { me { id } }' }]),
      true,
    ],
    [
      'POST of addPaymentToOrder',
      'POST',
      '/shop-api',
      json({ query: 'mutation AddPayment { addPaymentToOrder(input: { method: "tamara", metadata: {} }) { __typename } }' }),
      false,
    ],
    [
      'POST of a mutation whose name reads like a query',
      'POST',
      '/shop-api',
      json({ query: 'mutation query { logout { success } }' }),
      false,
    ],
    [
      'POST of a query and a mutation in one document',
      'POST',
      '/shop-api',
      json({ query: 'query A { me { id } } mutation B { logout { success } }', operationName: 'A' }),
      false,
    ],
    [
      'POST of a batch with one mutation',
      'POST',
      '/shop-api',
      json([{ query: '{ me { id } }' }, { query: 'mutation { logout { success } }' }]),
      false,
    ],
    ['POST of a subscription', 'POST', '/shop-api', json({ query: 'subscription { orderStateChanged { code } }' }), false],
    [
      'POST of a persisted-query hash without the document',
      'POST',
      '/shop-api',
      json({ extensions: { persistedQuery: { version: 1, sha256Hash: 'abc' } } }),
      false,
    ],
    ['POST that is not JSON (a form callback)', 'POST', '/payments/callback/payfort', Buffer.from('status=14&amount=100'), false],
    ['POST of JSON that is not GraphQL', 'POST', '/payments/callback/tabby', json({ id: 'pay_1', status: 'AUTHORIZED' }), false],
    ['POST of a query that does not parse', 'POST', '/shop-api', json({ query: '{ activeOrder { id ' }), false],
    ['PUT', 'PUT', '/shop-api', json({ query: '{ me { id } }' }), false],
    ['DELETE', 'DELETE', '/assets/a.png', '', false],
  ])('%s', (_name, method, target, body, expected) => {
    expect(isReplayable(method, target, body)).toBe(expected);
  });
});

describe('Shop API proxy and kept-alive upstream connections', () => {
  it('never sends a mutation again after the reused connection reset: 502, the upstream saw it once', async () => {
    const up = await racingUpstreamAndProxy();
    const mutation = JSON.stringify({ query: 'mutation { addPaymentToOrder(input: { method: "tamara", metadata: {} }) { __typename } }' });
    try {
      expect(await up.post('{"query":"{ __typename }"}')).toEqual([200, 'ok']);
      const [status] = await up.post(mutation);
      expect(status).toBe(502);
      expect(up.connections()).toBe(1);
      expect(up.received.filter((b) => b === mutation)).toHaveLength(1);
      expect(up.logged).toEqual(['[proxy] POST /shop-api failed (attempt 1): ECONNRESET']);
    } finally {
      await up.close();
    }
  });

  it('sends a request again when the upstream closed the reused connection as it arrived (no 502)', async () => {
    // An upstream that answers the first request of each connection, keeps it open without a
    // Keep-Alive hint, and drops it when a second request comes: the idle-timeout race.
    let connections = 0;
    const upstream = net.createServer((socket) => {
      connections++;
      let requests = 0;
      socket.on('data', () => {
        requests++;
        if (requests === 1)
          socket.write('HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\nok');
        else socket.destroy();
      });
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    const logged: string[] = [];
    const proxy = createProxy(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`, { log: (m: string) => logged.push(m) });
    const front = http.createServer((req, res) => {
      // the bits of Express the proxy uses
      Object.assign(res, {
        status: (code: number) => ((res.statusCode = code), res),
        type: () => res,
        send: (text: string) => res.end(text),
      });
      proxy.handle(req, res);
    });
    await new Promise<void>((r) => front.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(front.address() as AddressInfo).port}/shop-api`;
    try {
      const post = () => fetch(url, { method: 'POST', body: '{"query":"{ __typename }"}' }).then(async (r) => [r.status, await r.text()]);
      expect(await post()).toEqual([200, 'ok']);
      // the proxy's agent now holds the idle connection; the upstream drops it on reuse
      expect(await post()).toEqual([200, 'ok']);
      expect(connections).toBe(2);
      expect(logged).toEqual([]);
    } finally {
      front.closeAllConnections();
      await new Promise((r) => front.close(r));
      await new Promise((r) => upstream.close(r));
    }
  });
});

// Issue 32 §7: Express's router percent-decodes a route pattern's parameters and answered a
// malformed URL with its bare 400 "Bad Request" before any page rendered. The pages must get it:
// the real app then renders its own 404 page in the page's language (tests/e2e/shell.spec.ts).
describe('a malformed URL', () => {
  const routed = fakeServerBuild({
    entry: {
      module: {
        default: (request: Request, status: number) =>
          new Response(`rendered ${status} ${new URL(request.url).pathname}`, { status, headers: { 'content-type': 'text/html' } }),
      },
    },
    routes: {
      root: { id: 'root', path: '', module: { default: () => null } },
      page: { id: 'page', parentId: 'root', path: '*', module: { default: () => null } },
    },
  });
  let server: http.Server;
  let origin = '';
  beforeAll(async () => {
    ({ server } = await createApp({ build: routed, shopApiUrl: 'http://127.0.0.1:9/shop-api', buildDir: '/nonexistent' }));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections?.();
    await new Promise((r) => server.close(r));
  });

  it.each(['/%E0%A4%A', '/en/%E0%A4%A', '/en/products/%ZZ'])('%s is rendered by the pages, not refused by Express', async (path) => {
    const res = await fetch(`${origin}${path}`);
    expect(await res.text()).toBe(`rendered 200 ${path}`);
    expect(res.status).toBe(200);
  });
});
