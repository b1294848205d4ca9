#!/usr/bin/env node
// The storefront server: Express 5 + compression in front of the React Router SSR build.
//
//   PORT (8080)          where it listens, always on 127.0.0.1
//   SHOP_API_URL         the Vendure Shop API (default http://127.0.0.1:${SERVER_PORT:-3000}/shop-api);
//                        its origin is the one fixed target of the reverse proxy below
//   PUBLIC_URL           canonical origin for robots.txt (else the request's own origin)
//
// Routes, in order: hashed build files (/_app, immutable), other public files, /sw.js (never
// cached), /robots.txt, the reverse proxy (/shop-api incl. the graphql-ws upgrade, /assets,
// /sandbox, /payments/callback), then every other path goes to React Router (pages and the
// sitemap.xml resource route).
import http from 'node:http';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import compression from 'compression';
import express from 'express';
import { createRequestHandler } from '@react-router/express';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const HOST = '127.0.0.1';
const PORT = Number(process.env.PORT || 8080);
const SERVER_PORT = process.env.SERVER_PORT || '3000';
const SHOP_API_URL = process.env.SHOP_API_URL || `http://${HOST}:${SERVER_PORT}/shop-api`;
const PUBLIC_URL = (process.env.PUBLIC_URL || '').replace(/\/+$/, '');
const BUILD_DIR = resolve(root, process.env.BUILD_DIR || 'build');

/** Paths forwarded to Vendure, on the fixed upstream origin only (never an open proxy). */
export const PROXIED_PREFIXES = ['/shop-api', '/assets', '/sandbox', '/payments/callback'];

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);

export function isProxied(pathname) {
  return PROXIED_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`) || pathname.startsWith(`${p}?`));
}

function forwardedHeaders(req) {
  const headers = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
  }
  const remote = req.socket.remoteAddress ?? '';
  headers['x-forwarded-for'] = req.headers['x-forwarded-for'] ? `${req.headers['x-forwarded-for']}, ${remote}` : remote;
  headers['x-forwarded-host'] = req.headers.host ?? '';
  headers['x-forwarded-proto'] = req.protocol ?? 'http';
  return headers;
}

/** Only the path and query of a request target: an absolute-form target cannot pick another host. */
export function upstreamPath(target) {
  const url = new URL(target ?? '/', 'http://upstream.invalid');
  return url.pathname + url.search;
}

/** Streams one request to the upstream origin and the answer back (headers such as vendure-auth-token included). */
export function createProxy(upstreamOrigin) {
  const target = new URL(upstreamOrigin);
  if (target.protocol !== 'http:') throw new Error(`The Shop API proxy supports http upstreams, got ${upstreamOrigin}`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

  function handle(req, res) {
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port || 80,
        method: req.method,
        path: upstreamPath(req.originalUrl ?? req.url),
        headers: forwardedHeaders(req),
        agent,
      },
      (answer) => {
        const headers = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
        }
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (error) => {
      if (res.headersSent) return res.destroy(error);
      res.status(502).type('text/plain').send('The shop service is not reachable right now.');
    });
    req.on('aborted', () => upstream.destroy());
    req.pipe(upstream);
  }

  /** The graphql-ws upgrade for /shop-api/ws: a raw TCP tunnel after replaying the handshake. */
  function upgrade(req, socket, head) {
    const upstream = http.request({
      host: target.hostname,
      port: target.port || 80,
      method: req.method,
      path: upstreamPath(req.url),
      headers: { ...forwardedHeaders(req), connection: 'Upgrade', upgrade: req.headers.upgrade ?? 'websocket' },
    });
    upstream.on('upgrade', (answer, upstreamSocket, upstreamHead) => {
      const lines = [`HTTP/1.1 ${answer.statusCode} ${answer.statusMessage}`];
      for (let i = 0; i < answer.rawHeaders.length; i += 2) lines.push(`${answer.rawHeaders[i]}: ${answer.rawHeaders[i + 1]}`);
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (upstreamHead?.length) socket.write(upstreamHead);
      if (head?.length) upstreamSocket.write(head);
      upstreamSocket.pipe(socket).pipe(upstreamSocket);
      const close = () => {
        upstreamSocket.destroy();
        socket.destroy();
      };
      upstreamSocket.on('error', close);
      socket.on('error', close);
    });
    upstream.on('response', (answer) => {
      // The upstream refused the upgrade: pass its answer on and close.
      socket.end(`HTTP/1.1 ${answer.statusCode} ${answer.statusMessage}\r\nConnection: close\r\n\r\n`);
    });
    upstream.on('error', () => socket.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\n\r\n'));
    upstream.end();
  }

  return { handle, upgrade };
}

export function robotsTxt(origin) {
  return [
    'User-agent: *',
    'Allow: /',
    // Personal and transactional pages have nothing to index.
    ...['/cart', '/checkout', '/checkout-success', '/profile', '/auth', '/wishlist'].flatMap((p) => [
      `Disallow: ${p}`,
      `Disallow: /en${p}`,
    ]),
    'Disallow: /shop-api',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

export async function createApp({ build, shopApiUrl = SHOP_API_URL, buildDir = BUILD_DIR } = {}) {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  const proxy = createProxy(new URL(shopApiUrl).origin);

  app.use((req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    next();
  });

  // Proxied before compression: upstream bodies (and streamed responses) pass through untouched.
  app.use((req, res, next) => (isProxied(req.path) ? proxy.handle(req, res) : next()));

  app.use(compression());

  const clientDir = join(buildDir, 'client');
  // Content-hashed build output: cache forever.
  app.use('/_app', express.static(join(clientDir, '_app'), { immutable: true, maxAge: '1y', index: false }));
  // The service worker must always be re-checked, or an old one would keep controlling the site.
  app.get('/sw.js', (req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Service-Worker-Allowed', '/');
    res.sendFile(join(clientDir, 'sw.js'));
  });
  app.use(express.static(clientDir, { maxAge: '1h', index: false, redirect: false }));

  app.get('/robots.txt', (req, res) => {
    const origin = PUBLIC_URL || `${req.protocol}://${req.get('host')}`;
    res.type('text/plain').setHeader('Cache-Control', 'public, max-age=3600');
    res.send(robotsTxt(origin));
  });

  app.all('/{*splat}', createRequestHandler({ build, mode: process.env.NODE_ENV }));

  const server = http.createServer(app);
  server.on('upgrade', (req, socket, head) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (pathname === '/shop-api/ws' || pathname.startsWith('/shop-api/ws/')) proxy.upgrade(req, socket, head);
    else socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
  });
  return { app, server };
}

async function main() {
  const serverBuild = join(BUILD_DIR, 'server/index.js');
  if (!existsSync(serverBuild)) {
    console.error(`[storefront] ${serverBuild} is missing: run \`npm run build:web\` first`);
    process.exit(1);
  }
  const build = await import(pathToFileURL(serverBuild).href);
  const { server } = await createApp({ build });
  server.keepAliveTimeout = 65_000;
  server.listen(PORT, HOST, () => {
    console.log(`[storefront] http://${HOST}:${PORT} (Shop API ${SHOP_API_URL})`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
