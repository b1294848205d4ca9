// @vitest-environment node
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  cachedBody,
  contentSecurityPolicy,
  createNonce,
  gzipWithNonce,
  nonceAwareEncoder,
  nonceGzipTemplate,
  noncePlaceholderOf,
  nonceRewriter,
  paymentFormOrigins,
  replaceNonce,
  // @ts-expect-error -- plain ESM server module without type declarations
} from '../../../../src/server/security-headers.mjs';

const PLACEHOLDER = 'PLACEHOLDERplaceholder_0';
const NONCE_A = 'AAAAAAAAAAAAAAAAAAAAAAA1';
const NONCE_B = 'BBBBBBBBBBBBBBBBBBBBBBB2';

const page = (nonce: string) =>
  `<!DOCTYPE html><html lang="ar"><head><link rel="modulepreload" href="/_app/a.js" nonce="${nonce}"/></head>` +
  `<body><p>مرحبا بكم في المتجر</p><script nonce="${nonce}">hide()</script>${'<li>منتج</li>'.repeat(500)}` +
  `<script nonce="${nonce}" type="text/x-deferred-module" data-deferred-module="">import "/_app/entry.js";</script>` +
  `<script nonce="${nonce}">start()</script></body></html>`;

describe('contentSecurityPolicy', () => {
  it('allows scripts only by nonce, with strict-dynamic, and locks framing, base, objects and forms', () => {
    expect(contentSecurityPolicy({ nonce: NONCE_A, host: '127.0.0.1:8080' })).toBe(
      "default-src 'self'; script-src 'nonce-AAAAAAAAAAAAAAAAAAAAAAA1' 'strict-dynamic' 'self'; worker-src 'self'; " +
        "style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; " +
        "connect-src 'self' ws://127.0.0.1:8080 wss://127.0.0.1:8080; manifest-src 'self'; frame-ancestors 'self'; " +
        "base-uri 'none'; object-src 'none'; form-action 'self'",
    );
  });

  it('takes the socket origin from PUBLIC_URL and an absolute asset server into img-src', () => {
    const policy = contentSecurityPolicy({
      nonce: NONCE_A,
      host: 'evil.example',
      publicUrl: 'https://shop.example.sa/',
      assetUrlPrefix: 'https://cdn.example.sa/assets/',
    });
    expect(policy).toContain("connect-src 'self' wss://shop.example.sa;");
    expect(policy).toContain("img-src 'self' data: blob: https://cdn.example.sa;");
    expect(policy).not.toContain('evil');
  });

  it('ignores a Host header that is not a plain host (no directive injection)', () => {
    const policy = contentSecurityPolicy({ nonce: NONCE_A, host: "x; script-src 'unsafe-inline'" });
    expect(policy).toContain("connect-src 'self'; manifest-src");
    expect(policy).not.toContain("unsafe-inline'; manifest");
    expect(policy.match(/script-src/g)).toHaveLength(1);
  });

  it('lets the checkout post the card form to PayFort and to the backend that serves the payment sandbox', () => {
    const origins = paymentFormOrigins({}, 'http://127.0.0.1:3000/shop-api');
    expect(origins).toEqual(['https://checkout.payfort.com', 'https://sbcheckout.payfort.com', 'http://127.0.0.1:3000']);
    expect(paymentFormOrigins({ PAYFORT_GATEWAY_URL: 'https://gw.example/pay', PAYMENTS_PUBLIC_URL: 'https://api.shop.sa/' }, 'x')).toEqual(
      ['https://checkout.payfort.com', 'https://sbcheckout.payfort.com', 'https://gw.example', 'https://api.shop.sa'],
    );
    expect(contentSecurityPolicy({ nonce: NONCE_A, formActionOrigins: origins })).toMatch(
      /; form-action 'self' https:\/\/checkout\.payfort\.com https:\/\/sbcheckout\.payfort\.com http:\/\/127\.0\.0\.1:3000$/,
    );
  });

  it('refuses a nonce that is not base64url', () => {
    expect(() => contentSecurityPolicy({ nonce: "x' 'unsafe-inline" })).toThrow();
    expect(() => contentSecurityPolicy({ nonce: '' })).toThrow();
  });
});

describe('nonces', () => {
  it('are 24 base64url characters and differ every time', () => {
    const nonces = new Set(Array.from({ length: 1000 }, () => createNonce()));
    expect(nonces.size).toBe(1000);
    for (const n of nonces) expect(n).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });

  it('takes the placeholder from the server build, or none, and refuses a malformed one', () => {
    expect(noncePlaceholderOf({ entry: { module: { cspNoncePlaceholder: PLACEHOLDER } } })).toBe(PLACEHOLDER);
    expect(noncePlaceholderOf({ entry: { module: {} } })).toBeNull();
    expect(noncePlaceholderOf(undefined)).toBeNull();
    expect(() => noncePlaceholderOf({ entry: { module: { cspNoncePlaceholder: 'short' } } })).toThrow();
    expect(() => noncePlaceholderOf({ entry: { module: { cspNoncePlaceholder: 'a"b'.padEnd(24, 'x') } } })).toThrow();
  });

  it('replaceNonce rewrites every occurrence and leaves a body without one untouched', () => {
    const body = Buffer.from(page(PLACEHOLDER));
    expect(replaceNonce(body, PLACEHOLDER, NONCE_A).toString()).toBe(page(NONCE_A));
    expect(body.toString()).toBe(page(PLACEHOLDER));
    const other = Buffer.from('<p>no scripts</p>');
    expect(replaceNonce(other, PLACEHOLDER, NONCE_A)).toBe(other);
  });
});

describe('nonceRewriter (streamed renders)', () => {
  const rewrite = (chunks: Buffer[]) => {
    const r = nonceRewriter(PLACEHOLDER, NONCE_A);
    return Buffer.concat([...chunks.map((c) => r.push(c)), r.end()]).toString('utf8');
  };

  it('replaces placeholders split across two chunks at every position', () => {
    const bytes = Buffer.from(page(PLACEHOLDER));
    const expected = page(NONCE_A);
    for (let i = 1; i < 400; i++) expect(rewrite([bytes.subarray(0, i), bytes.subarray(i)])).toBe(expected);
    for (let i = bytes.length - 200; i < bytes.length; i++) expect(rewrite([bytes.subarray(0, i), bytes.subarray(i)])).toBe(expected);
  });

  it('replaces a placeholder written one byte per chunk', () => {
    const bytes = Buffer.from(`<script nonce="${PLACEHOLDER}">x()</script>`);
    expect(rewrite([...bytes].map((b) => Buffer.from([b])))).toBe(`<script nonce="${NONCE_A}">x()</script>`);
  });

  it('holds nothing back when a chunk cannot end inside a placeholder, and gives back a false start at the end', () => {
    const r = nonceRewriter(PLACEHOLDER, NONCE_A);
    expect(r.push(Buffer.from('<p>one</p>')).toString()).toBe('<p>one</p>');
    expect(r.push(Buffer.from('<p>PLACE')).toString()).toBe('<p>');
    expect(r.end().toString()).toBe('PLACE');
  });
});

describe('gzip with a nonce (cached documents)', () => {
  it('gives a valid gzip body with the response nonce in every script, different per nonce', async () => {
    const body = Buffer.from(page(PLACEHOLDER));
    const template = await nonceGzipTemplate(body, PLACEHOLDER);
    expect(template.offsets).toHaveLength(4);
    const a = gzipWithNonce(template, NONCE_A);
    const b = gzipWithNonce(template, NONCE_B);
    expect(zlib.gunzipSync(a).toString('utf8')).toBe(page(NONCE_A));
    expect(zlib.gunzipSync(b).toString('utf8')).toBe(page(NONCE_B));
    expect(a.equals(b)).toBe(false);
    // still compressed: the repeated listing shrinks to a fraction
    expect(a.length).toBeLessThan(body.length / 5);
  });

  it('handles placeholders at the very start, back to back and at the very end', async () => {
    const body = Buffer.from(`${PLACEHOLDER}${PLACEHOLDER}<p>x</p>${PLACEHOLDER}`);
    const out = gzipWithNonce(await nonceGzipTemplate(body, PLACEHOLDER), NONCE_B);
    expect(zlib.gunzipSync(out).toString()).toBe(`${NONCE_B}${NONCE_B}<p>x</p>${NONCE_B}`);
  });

  it('lets matches reach back across a placeholder, never into one', async () => {
    // incompressible on its own (random), so only a match across the placeholder can shrink the copy
    const text = Buffer.from(Array.from({ length: 3000 }, () => Math.random().toString(36).slice(2, 4)).join(''));
    const body = Buffer.concat([text, Buffer.from(PLACEHOLDER), text]);
    const template = await nonceGzipTemplate(body, PLACEHOLDER);
    const out = gzipWithNonce(template, NONCE_A);
    expect(zlib.gunzipSync(out).equals(Buffer.concat([text, Buffer.from(NONCE_A), text]))).toBe(true);
    const once = zlib.deflateRawSync(text).length;
    expect(out.length).toBeLessThan(once * 1.2); // the second copy is a few back-references
    // text that repeats the placeholder's own characters after it must not be copied from it
    const echo = Buffer.from(`<p>${PLACEHOLDER}</p><p>${PLACEHOLDER.slice(0, 15)}|${PLACEHOLDER.slice(4)}</p>`);
    const echoed = zlib.gunzipSync(gzipWithNonce(await nonceGzipTemplate(echo, PLACEHOLDER), NONCE_B)).toString();
    expect(echoed).toBe(`<p>${NONCE_B}</p><p>${PLACEHOLDER.slice(0, 15)}|${PLACEHOLDER.slice(4)}</p>`);
  });

  it('resets the history at each placeholder when the body holds a NUL byte', async () => {
    const body = Buffer.from(`<p>a\u0000b</p>${PLACEHOLDER}<p>a\u0000b</p>`);
    expect(body.includes(0)).toBe(true);
    const out = gzipWithNonce(await nonceGzipTemplate(body, PLACEHOLDER), NONCE_A);
    expect(zlib.gunzipSync(out).toString()).toBe(body.toString().replace(PLACEHOLDER, NONCE_A));
  });

  it('is a plain gzip of a body without placeholder', async () => {
    const body = Buffer.from('<p>only text</p>'.repeat(100));
    const template = await nonceGzipTemplate(body, PLACEHOLDER);
    expect(template.offsets).toEqual([]);
    expect(zlib.gunzipSync(gzipWithNonce(template, NONCE_A)).equals(body)).toBe(true);
  });
});

describe('cache entries (nonceAwareEncoder + cachedBody)', () => {
  const accepts =
    (...accepted: string[]) =>
    (...offered: string[]) =>
      offered.find((e) => accepted.includes(e)) ?? false;

  it('a document with the placeholder: gzip with the nonce for gzip clients (br too), identity otherwise; weak', async () => {
    const body = Buffer.from(page(PLACEHOLDER));
    const entry = { body, ...nonceAwareEncoder(PLACEHOLDER)(body) };
    expect(entry.br).toBeNull();
    const gz = await cachedBody(entry, accepts('br', 'gzip'), PLACEHOLDER, NONCE_A);
    expect(gz.encoding).toBe('gzip');
    expect(gz.weak).toBe(true);
    expect(zlib.gunzipSync(gz.body).toString()).toBe(page(NONCE_A));
    const plain = await cachedBody(entry, accepts('br'), PLACEHOLDER, NONCE_B);
    expect(plain.encoding).toBeNull();
    expect(plain.body.toString()).toBe(page(NONCE_B));
    expect(entry.body.toString()).toBe(page(PLACEHOLDER));
  });

  it('a body without placeholder (navigation data): brotli and gzip copies as before, strong', async () => {
    const body = Buffer.from('[{"_1":2},"routes/home",{"products":[]}]'.repeat(20));
    const entry = { body, ...nonceAwareEncoder(PLACEHOLDER)(body) };
    const br = await cachedBody(entry, accepts('br', 'gzip'), PLACEHOLDER, NONCE_A);
    expect(br.encoding).toBe('br');
    expect(br.weak).toBe(false);
    expect(zlib.brotliDecompressSync(br.body).equals(body)).toBe(true);
    const gz = await cachedBody(entry, accepts('gzip'), PLACEHOLDER, NONCE_A);
    expect(gz.encoding).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).equals(body)).toBe(true);
  });
});
