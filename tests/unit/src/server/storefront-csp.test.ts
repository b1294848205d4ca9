// @vitest-environment node
// The storefront server's Content-Security-Policy and nonces end to end (decision 013): a server
// build that streams documents the way the SSR does (every nonce written as the build's
// placeholder, chunks split inside it), served fresh and from the HTML cache, as identity, gzip
// and brotli, for both locales; plus no X-Powered-By on pages or on the Shop API proxy.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM server module without type declarations
import { createApp } from '../../../../src/server/storefront.mjs';

const PLACEHOLDER = 'cspPlaceholderForTests_0';

function documentFor(url: URL): string {
  const lang = url.pathname.startsWith('/en') ? 'en' : 'ar';
  return (
    `<!DOCTYPE html><html lang="${lang}"><head><link rel="modulepreload" href="/_app/entry.js" nonce="${PLACEHOLDER}"/></head><body>` +
    `<script nonce="${PLACEHOLDER}">try{hideDismissed()}catch{}</script><main>${lang === 'ar' ? 'مرحبا' : 'Welcome'} ${url.pathname}</main>` +
    `<script nonce="${PLACEHOLDER}">window.__reactRouterContext={}</script>` +
    `<script nonce="${PLACEHOLDER}" type="text/x-deferred-module" data-deferred-module="">import "/_app/entry.js";</script>` +
    `<script type="application/ld+json">{"@type":"Product"}</script>` +
    `<script nonce="${PLACEHOLDER}">self.__catalogParts=["base"]</script><script nonce="${PLACEHOLDER}">start()</script></body></html>`
  );
}

let renders = 0;
const build = {
  entry: {
    module: {
      cspNoncePlaceholder: PLACEHOLDER,
      default: (request: Request) => {
        renders++;
        const bytes = new TextEncoder().encode(documentFor(new URL(request.url)));
        // cut inside the first and the last placeholder, as a streamed render may
        const cuts = [bytes.length - 40, 120, 10].filter((c) => c > 0 && c < bytes.length).sort((a, b) => a - b);
        const chunks = cuts.map((c, i) => bytes.subarray(i === 0 ? 0 : cuts[i - 1], c)).concat([bytes.subarray(cuts.at(-1))]);
        const stream = new ReadableStream({
          start(controller) {
            for (const c of chunks) controller.enqueue(c);
            controller.close();
          },
        });
        return new Response(stream, { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
      },
    },
  },
  // a root and a splat below it: every path is a document the entry renders
  routes: {
    root: { id: 'root', path: '', module: { default: () => null } },
    page: { id: 'page', parentId: 'root', path: '*', module: { default: () => null } },
  },
  assets: {
    routes: {
      root: { id: 'root', path: '', module: '/_app/root.js', hasLoader: false, hasAction: false },
      page: { id: 'page', parentId: 'root', path: '*', module: '/_app/page.js', hasLoader: false, hasAction: false },
    },
    entry: { module: '', imports: [] },
    url: '',
    version: '1',
  },
  publicPath: '/',
  assetsBuildDirectory: 'build/client',
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: 'initial' },
};

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          let body = Buffer.concat(chunks);
          if (res.headers['content-encoding'] === 'gzip') body = zlib.gunzipSync(body);
          else if (res.headers['content-encoding'] === 'br') body = zlib.brotliDecompressSync(body);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: body.toString('utf8') });
        });
      })
      .on('error', reject);
  });
}

/** The nonce of the policy; asserts every executable inline script carries exactly it. */
function checkNonces({ headers, text }: Answer): string {
  const policy = String(headers['content-security-policy'] ?? '');
  const nonce = /script-src 'nonce-([A-Za-z0-9_-]+)' 'strict-dynamic'/.exec(policy)?.[1];
  expect(nonce).toMatch(/^[A-Za-z0-9_-]{24}$/);
  expect(policy).toContain("frame-ancestors 'self'");
  expect(policy).toContain("base-uri 'none'");
  expect(policy).toContain("object-src 'none'");
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(text).not.toContain(PLACEHOLDER);
  const scripts = [...text.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
  const executable = scripts.filter((attributes) => !/type="application\/ld\+json"/.test(attributes));
  expect(executable).toHaveLength(5);
  for (const attributes of executable) expect(attributes).toContain(`nonce="${nonce}"`);
  expect(text).toContain(`<link rel="modulepreload" href="/_app/entry.js" nonce="${nonce}"/>`);
  return nonce!;
}

let upstream: http.Server;
let front: http.Server;
let base = '';

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    res.setHeader('X-Powered-By', 'Express');
    res.setHeader('content-type', 'application/json');
    res.end('{"data":{}}');
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  const { server } = await createApp({
    build,
    shopApiUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/shop-api`,
    buildDir: '/nonexistent',
  });
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

describe('Content-Security-Policy on pages', () => {
  it('gives every response, fresh or cached, in either locale and encoding, its own nonce on every script', async () => {
    const seen = new Set<string>();
    const cacheStates: string[] = [];
    for (const path of ['/', '/en', '/products/abc', '/en/products/abc']) {
      for (const encoding of ['identity', 'gzip', 'br', 'gzip, deflate, br']) {
        const answer = await get(base, path, { 'accept-encoding': encoding, 'accept-language': 'ar' });
        expect(answer.status).toBe(200);
        expect(answer.text).toContain(path.startsWith('/en') ? `Welcome ${path}` : `مرحبا ${path}`);
        cacheStates.push(`${path} ${encoding} ${answer.headers['x-cache']} ${answer.headers['content-encoding'] ?? 'identity'}`);
        seen.add(checkNonces(answer));
      }
    }
    expect(seen.size).toBe(16);
    // the first request of each page rendered (compression negotiated as usual), the others hit
    // the cache: gzip with the nonce for every gzip client, identity for brotli-only ones
    expect(cacheStates.filter((s) => s.startsWith('/en/products/abc '))).toEqual([
      '/en/products/abc identity MISS identity',
      '/en/products/abc gzip HIT gzip',
      '/en/products/abc br HIT identity',
      '/en/products/abc gzip, deflate, br HIT gzip',
    ]);
  });

  it('renders a page once for many visitors, each with a different nonce', async () => {
    const before = renders;
    const answers = await Promise.all(Array.from({ length: 6 }, () => get(base, '/en/about', { 'accept-encoding': 'gzip' })));
    expect(renders - before).toBe(1);
    expect(new Set(answers.map(checkNonces)).size).toBe(6);
  });

  it('uncached (signed-in) renders get a fresh nonce too', async () => {
    const headers = { cookie: 'vendure_token=abc', 'accept-encoding': 'br' };
    const a = await get(base, '/en/profile', headers);
    const b = await get(base, '/en/profile', headers);
    expect(a.headers['x-cache']).toBeUndefined();
    expect(a.headers['content-encoding']).toBe('br');
    expect(checkNonces(a)).not.toBe(checkNonces(b));
  });

  it('revalidates a cached page with a weak ETag and answers 304 without a policy (the stored one matches the stored body)', async () => {
    const first = await get(base, '/en/faqs', { 'accept-encoding': 'gzip' });
    const hit = await get(base, '/en/faqs', { 'accept-encoding': 'gzip' });
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.headers.etag).toMatch(/^W\/"/);
    const revalidated = await get(base, '/en/faqs', { 'accept-encoding': 'gzip', 'if-none-match': String(hit.headers.etag) });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers['content-security-policy']).toBeUndefined();
    expect(first.status).toBe(200);
  });
});

describe('X-Powered-By', () => {
  it('is sent neither on pages nor on the Shop API through the proxy', async () => {
    const page = await get(base, '/en');
    expect(page.headers['x-powered-by']).toBeUndefined();
    const api = await get(base, '/shop-api?query=%7B__typename%7D');
    expect(api.status).toBe(200);
    expect(api.headers['x-powered-by']).toBeUndefined();
    // the proxy passes the Shop API's own answer, without a policy of the storefront's
    expect(api.headers['content-security-policy']).toBeUndefined();
  });
});
