// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { browserSecurityHeaders, noPoweredByHeader, servedOverHttps } from '../../../../../server/src/config/http-hardening';

describe('servedOverHttps', () => {
  it('follows SECURE_COOKIES when set, else whether the storefront address is https', () => {
    expect(servedOverHttps({})).toBe(false);
    expect(servedOverHttps({ STOREFRONT_URL: 'http://127.0.0.1:8080' })).toBe(false);
    expect(servedOverHttps({ STOREFRONT_URL: 'https://shop.example.sa' })).toBe(true);
    expect(servedOverHttps({ PUBLIC_URL: 'https://shop.example.sa' })).toBe(true);
    expect(servedOverHttps({ SECURE_COOKIES: 'true' })).toBe(true);
    expect(servedOverHttps({ SECURE_COOKIES: 'false', STOREFRONT_URL: 'https://shop.example.sa' })).toBe(false);
    expect(servedOverHttps({ SECURE_COOKIES: ' ', STOREFRONT_URL: 'https://shop.example.sa' })).toBe(true);
  });
});

describe('noPoweredByHeader', () => {
  it('is mounted before listen on every route and takes Express’s X-Powered-By off the answer', async () => {
    expect(noPoweredByHeader).toMatchObject({ route: '/', beforeListen: true });
    const app = express();
    app.use(noPoweredByHeader.route, noPoweredByHeader.handler as express.RequestHandler);
    app.get('/shop-api', (_req, res) => res.json({ ok: true }));
    const server = http.createServer(app);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/shop-api`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-powered-by')).toBeNull();
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('is needed: Express sends the header by default', async () => {
    const app = express();
    app.get('/', (_req, res) => res.send('x'));
    const server = http.createServer(app);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(res.headers.get('x-powered-by')).toBe('Express');
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

describe('browserSecurityHeaders (issue 33 §4)', () => {
  it('sends a Permissions-Policy always and HSTS only when a trusted hop says https', async () => {
    expect(browserSecurityHeaders).toMatchObject({ route: '/', beforeListen: true });
    const app = express();
    app.set('trust proxy', 'loopback');
    app.use(browserSecurityHeaders.route, browserSecurityHeaders.handler as express.RequestHandler);
    app.get('/sandbox/', (_req, res) => res.send('index'));
    const server = http.createServer(app);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox/`;
    try {
      const https = await fetch(url, { headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers.get('strict-transport-security')).toBe('max-age=31536000');
      const plain = await fetch(url);
      expect(plain.headers.get('strict-transport-security')).toBeNull();
      for (const res of [https, plain]) {
        for (const feature of ['camera', 'microphone', 'geolocation', 'payment']) {
          expect(res.headers.get('permissions-policy')).toContain(`${feature}=()`);
        }
      }
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('believes no X-Forwarded-Proto from an untrusted hop', async () => {
    const app = express();
    app.set('trust proxy', '10.0.0.0/8');
    app.use(browserSecurityHeaders.route, browserSecurityHeaders.handler as express.RequestHandler);
    app.get('/', (_req, res) => res.send('x'));
    const server = http.createServer(app);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
