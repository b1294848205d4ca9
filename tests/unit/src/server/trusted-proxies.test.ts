// @vitest-environment node
// The storefront's `trust proxy` follows TRUSTED_PROXIES like the backend (decision 014): only a
// listed hop may tell the visitor's address (passed on to Vendure as X-Forwarded-For) and the scheme
// (https → Secure cookies, decision 013). Requests come from two local addresses: 127.0.0.2 plays
// the trusted hop, 127.0.0.1 a client that reaches the storefront directly.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM server module without type declarations
import { createApp } from '../../../../src/server/storefront.mjs';
// @ts-expect-error -- plain ESM server module without type declarations
import { trustedProxies } from '../../../../src/server/trusted-proxies.mjs';
import { fakeServerBuild } from '../../helpers/server-build';

describe('trustedProxies', () => {
  it('defaults to loopback and keeps the backend’s syntax: addresses, CIDR ranges, loopback', () => {
    expect(trustedProxies(undefined)).toEqual(['loopback']);
    expect(trustedProxies('  ')).toEqual(['loopback']);
    expect(trustedProxies('loopback, 10.0.0.0/8 ,192.0.2.1, ::1, fd00::/8')).toEqual([
      'loopback',
      '10.0.0.0/8',
      '192.0.2.1',
      '::1',
      'fd00::/8',
    ]);
  });

  it('refuses what the backend refuses, so a typo stops the start instead of trusting nobody or everybody', async () => {
    for (const bad of ['proxy.example', '10.0.0.0/33', '10.0.0.1/8/1', 'uniquelocal', '*', 'true']) {
      expect(() => trustedProxies(`loopback, ${bad}`)).toThrow(`TRUSTED_PROXIES: "${bad}" is not an IP address or CIDR range`);
    }
    await expect(createApp({ build: fakeServerBuild(), buildDir: '/nonexistent', trusted: 'proxy.example' })).rejects.toThrow(
      'TRUSTED_PROXIES: "proxy.example"',
    );
  });
});

describe('the storefront believes forwarded headers only from TRUSTED_PROXIES', () => {
  const servers: http.Server[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) {
      s.closeAllConnections?.();
      await new Promise((r) => s.close(r));
    }
  });

  /** A storefront whose page answers with the URL React Router was given; its Vendure echoes headers. */
  async function start(trusted: string | undefined) {
    const upstream = http.createServer((req, res) => res.end(JSON.stringify(req.headers)));
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    servers.push(upstream);
    const build = fakeServerBuild({
      entry: { module: { default: (request: Request) => new Response(request.url, { status: 200 }) } },
      // one page route matching every path
      routes: {
        root: { id: 'root', path: '', module: { default: () => null } },
        page: { id: 'page', parentId: 'root', path: '*', module: { default: () => null } },
      },
    });
    const { server } = await createApp({
      build,
      shopApiUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/shop-api`,
      buildDir: '/nonexistent',
      trusted,
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    servers.push(server);
    return (server.address() as AddressInfo).port;
  }

  function get(port: number, path: string, from: string, headers: Record<string, string>): Promise<string> {
    return new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path, localAddress: from, agent: false, headers }, (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve(text));
      });
      req.on('error', reject);
      req.end();
    });
  }

  function headersOf(port: number, path: string, from: string, headers: Record<string, string>): Promise<http.IncomingHttpHeaders> {
    return new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path, localAddress: from, agent: false, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.headers));
      });
      req.on('error', reject);
      req.end();
    });
  }

  const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7', 'x-forwarded-host': 'shop.example.sa:8443' };

  it('with TRUSTED_PROXIES=127.0.0.2: the hop’s scheme and visitor count, a direct client’s do not', async () => {
    const port = await start('127.0.0.2');
    expect(await get(port, '/en/about', '127.0.0.2', forwarded)).toBe('https://shop.example.sa:8443/en/about');
    expect(await get(port, '/en/about', '127.0.0.1', forwarded)).toBe(`http://127.0.0.1:${port}/en/about`);

    const viaHop = JSON.parse(await get(port, '/shop-api', '127.0.0.2', forwarded));
    expect(viaHop).toMatchObject({ 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' });
    const direct = JSON.parse(await get(port, '/shop-api', '127.0.0.1', forwarded));
    expect(direct).toMatchObject({ 'x-forwarded-for': '127.0.0.1', 'x-forwarded-proto': 'http' });
  });

  it('by default (loopback) any local hop is trusted, as before', async () => {
    const port = await start(undefined);
    expect(await get(port, '/en/about', '127.0.0.1', forwarded)).toMatch(/^https:\/\//);
    expect(JSON.parse(await get(port, '/shop-api', '127.0.0.1', forwarded))).toMatchObject({ 'x-forwarded-for': '203.0.113.7' });
  });

  it('a list without loopback trusts no local hop', async () => {
    const port = await start('10.0.0.0/8');
    expect(await get(port, '/en/about', '127.0.0.1', forwarded)).toBe(`http://127.0.0.1:${port}/en/about`);
    expect(JSON.parse(await get(port, '/shop-api', '127.0.0.1', forwarded))).toMatchObject({ 'x-forwarded-for': '127.0.0.1' });
  });

  // Issue 33 §4: HSTS only for an answer that went out over https, as the trusted hop says;
  // a Permissions-Policy on every answer, pages and proxied Vendure answers alike.
  it('sends HSTS only when a trusted hop says https, and a Permissions-Policy on every answer', async () => {
    const port = await start('127.0.0.2');
    const https = await headersOf(port, '/en/about', '127.0.0.2', forwarded);
    expect(https['strict-transport-security']).toBe('max-age=31536000');
    const plainViaHop = await headersOf(port, '/en/about', '127.0.0.2', { ...forwarded, 'x-forwarded-proto': 'http' });
    expect(plainViaHop['strict-transport-security']).toBeUndefined();
    // a client reaching the storefront directly cannot claim https
    const claimed = await headersOf(port, '/en/about', '127.0.0.1', forwarded);
    expect(claimed['strict-transport-security']).toBeUndefined();
    const proxiedHttps = await headersOf(port, '/shop-api', '127.0.0.2', forwarded);
    expect(proxiedHttps['strict-transport-security']).toBe('max-age=31536000');

    for (const headers of [https, plainViaHop, claimed, proxiedHttps, await headersOf(port, '/', '127.0.0.1', {})]) {
      const policy = String(headers['permissions-policy'] ?? '');
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) expect(policy).toContain(`${feature}=()`);
    }
  });
});
