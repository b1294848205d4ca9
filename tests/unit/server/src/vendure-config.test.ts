// @vitest-environment node
// Vendure's session cookie and https (issue 15, docs/decisions/013): the cookie options of
// buildConfig, run through the cookie-session middleware Vendure mounts on /shop-api, give the
// session cookie `Secure` when the shop is served over https (SECURE_COOKIES=true, or an https
// STOREFRONT_URL), although the connection reaching Vendure is plain http from the storefront's
// proxy; and, whatever the configuration, for a request the trusted hop forwarded as https.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { trustProxy } from '../../../../server/src/plugins/common/services/client-ip';
import { buildConfig } from '../../../../server/src/vendure-config';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS module without types
const cookieSession = require('cookie-session') as (options: object) => express.RequestHandler;

const servers: http.Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
});

/** The Set-Cookie of a Shop API answer that starts a session, under buildConfig(env)'s options. */
async function sessionCookie(env: NodeJS.ProcessEnv, headers: Record<string, string> = {}): Promise<string> {
  const { cookieOptions } = buildConfig({ DATA_DIR: '/tmp/vendure-config-test', ...env }).authOptions!;
  const name = typeof cookieOptions!.name === 'string' ? cookieOptions!.name : cookieOptions!.name!.shop;
  const app = express();
  // as CommonPlugin sets it at bootstrap (TRUSTED_PROXIES, default loopback)
  app.set('trust proxy', (address: string) => trustProxy(address));
  app.use('/shop-api', cookieSession({ ...cookieOptions, name }));
  app.post('/shop-api', (req, res) => {
    (req as unknown as { session: Record<string, string> }).session.token = 'session-token';
    res.end('{}');
  });
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/shop-api`, { method: 'POST', headers });
  const cookies = res.headers.getSetCookie();
  expect(cookies.length).toBeGreaterThan(0);
  for (const c of cookies) expect(c).toMatch(new RegExp(`^${name}(\\.sig)?=`));
  return cookies.join('\n');
}

const secureFlags = (cookies: string) => cookies.split('\n').map((c) => /;\s*secure\b/i.test(c));

describe('Vendure session cookie', () => {
  it('is Secure on every Set-Cookie when SECURE_COOKIES=true, over the plain http hop from the storefront', async () => {
    expect(secureFlags(await sessionCookie({ SECURE_COOKIES: 'true' }))).toEqual([true, true]);
  });

  it('is Secure when the storefront’s address is https', async () => {
    expect(secureFlags(await sessionCookie({ STOREFRONT_URL: 'https://shop.example.sa' }))).toEqual([true, true]);
  });

  it('is not Secure for a plain-http shop', async () => {
    expect(secureFlags(await sessionCookie({ STOREFRONT_URL: 'http://127.0.0.1:8080' }))).toEqual([false, false]);
    expect(secureFlags(await sessionCookie({ SECURE_COOKIES: 'false', STOREFRONT_URL: 'https://shop.example.sa' }))).toEqual([
      false,
      false,
    ]);
  });

  it('is Secure for a request the trusted hop forwarded as https, and only then', async () => {
    const env = { STOREFRONT_URL: 'http://127.0.0.1:8080' };
    expect(secureFlags(await sessionCookie(env, { 'x-forwarded-proto': 'https' }))).toEqual([true, true]);
    process.env.TRUSTED_PROXIES = '10.0.0.1';
    try {
      // the same header from a peer that is not a trusted hop is not believed
      expect(secureFlags(await sessionCookie(env, { 'x-forwarded-proto': 'https' }))).toEqual([false, false]);
    } finally {
      delete process.env.TRUSTED_PROXIES;
    }
  });
});
