#!/usr/bin/env node
// The storefront server: Express 5 + compression in front of the React Router SSR build.
//
//   PORT (8080)          where it listens, always on 127.0.0.1
//   SHOP_API_URL         the Vendure Shop API (default http://127.0.0.1:${SERVER_PORT:-3000}/shop-api);
//                        its origin is the one fixed target of the reverse proxy below
//   TRUSTED_PROXIES      hops whose X-Forwarded-For/-Proto are believed (default loopback; trusted-proxies.mjs)
//   PUBLIC_URL           canonical origin for robots.txt (else the request's own origin)
//   HTML_CACHE_TTL_MS    how long a rendered anonymous page is reused (10000; 0 turns the cache
//                        off), see html-cache.mjs; HTML_CACHE_STALE_MS (30000) how long an
//                        expired copy may still answer while one request renders its successor;
//                        HTML_CACHE_MAX_ENTRIES (300); HTML_CACHE_STALE_IF_ERROR_MS (600000) how long an
//                        expired copy answers instead of the 503 page while Vendure is down
//
//   PREVIOUS_BUILDS_DIR  where `npm run build:web` keeps the hashed files of the builds before this
//                        one (build-previous; src/server/builds.mjs, decision 017)
//
// Routes, in order: /healthz and /readyz (health.mjs), /_app/build.json (the id of the build served,
// never cached), hashed build files (/_app, immutable; precompressed copies first; then the previous
// builds' files, so a page opened before a deploy still loads its chunks), other public files, /sw.js (never
// cached), /robots.txt, the reverse proxy (/shop-api incl. the graphql-ws upgrade, /assets,
// /sandbox, /payments/callback), then every other path goes to React Router (pages and the
// sitemap.xml resource route). Pages rendered for anonymous visitors are answered from the HTML
// micro-cache (html-cache.mjs) before anything else runs.
import http from 'node:http';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { createReadableStreamFromReadable } from '@react-router/node';
import compression from 'compression';
import { precompressedStatic } from './precompressed.mjs';
import { previousBuildsDir } from './builds.mjs';
import express from 'express';
import { parse } from 'graphql';
import { isbot } from 'isbot';
import { createRequestHandler } from 'react-router';
import { watchAdminEdits } from './admin-edits.mjs';
import { createHtmlCache, htmlCacheKey, isStorable, storedHeaders } from './html-cache.mjs';
import { healthRoutes, RETRY_AFTER_SECONDS, unavailableAnswer, UPSTREAM_UNREACHABLE } from './health.mjs';
import { withOutageAnswers } from './outage.mjs';
import { trustedProxies } from './trusted-proxies.mjs';
import {
  cachedBody,
  nonceAwareEncoder,
  noncePlaceholderOf,
  nonceRewriter,
  paymentFormOrigins,
  securityHeaders,
  baseSecurityHeaders,
} from './security-headers.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const HOST = '127.0.0.1';
const PORT = Number(process.env.PORT || 8080);
const SERVER_PORT = process.env.SERVER_PORT || '3000';
const SHOP_API_URL = process.env.SHOP_API_URL || `http://${HOST}:${SERVER_PORT}/shop-api`;
const PUBLIC_URL = (process.env.PUBLIC_URL || '').replace(/\/+$/, '');
const BUILD_DIR = resolve(root, process.env.BUILD_DIR || 'build');
const envInt = (name, fallback) => {
  const n = Number.parseInt(process.env[name] ?? '', 10);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
};

/** The id of a server build: React Router's manifest version, which every page carries (decision 017). */
export function buildIdOf(build) {
  const version = build?.assets?.version;
  return typeof version === 'string' && version ? version : null;
}

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
  // Replaced, not appended: Vendure believes this header from us alone (TRUSTED_PROXIES), so it must
  // hold only the visitor's address as Express resolves it under our `trust proxy` setting
  // (ws upgrades arrive without Express: the socket's peer).
  headers['x-forwarded-for'] = req.ip ?? req.socket.remoteAddress ?? '';
  headers['x-forwarded-host'] = req.headers.host ?? '';
  headers['x-forwarded-proto'] = req.protocol ?? 'http';
  return headers;
}

/** Only the path and query of a request target: an absolute-form target cannot pick another host. */
export function upstreamPath(target) {
  const url = new URL(target ?? '/', 'http://upstream.invalid');
  return url.pathname + url.search;
}

/** Request bodies up to this size are kept so a request can be sent again (see createProxy). */
export const MAX_PROXIED_BODY = 10 * 1024 * 1024;

/** Errors of a request written to a kept-alive socket that the upstream had just closed. */
const STALE_SOCKET_ERRORS = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/** True when `text` is a GraphQL document whose operations are all queries (fragments allowed). */
function isQueryDocument(text) {
  if (typeof text !== 'string') return false;
  try {
    const doc = parse(text, { noLocation: true });
    const operations = doc.definitions.filter((d) => d.kind === 'OperationDefinition');
    return (
      operations.length > 0 &&
      operations.every((d) => d.operation === 'query') &&
      doc.definitions.every((d) => d.kind === 'OperationDefinition' || d.kind === 'FragmentDefinition')
    );
  } catch {
    return false;
  }
}

/**
 * Whether a request may be sent to the upstream a second time. The upstream may already have
 * received and applied a request whose connection then reset, so only requests proven free of
 * side effects qualify: GET/HEAD (a GraphQL `?query=` must itself be a query), and POSTs whose
 * JSON body holds only GraphQL queries. Mutations, persisted-query hashes without the document,
 * forms and anything unparsable are never re-sent: a second addPaymentToOrder could charge twice.
 */
export function isReplayable(method, target, body) {
  if (method === 'GET' || method === 'HEAD') {
    const query = new URL(target ?? '/', 'http://upstream.invalid').searchParams.get('query');
    return query === null || isQueryDocument(query);
  }
  if (method !== 'POST') return false;
  let payload;
  try {
    payload = JSON.parse(Buffer.isBuffer(body) ? body.toString('utf8') : String(body ?? ''));
  } catch {
    return false;
  }
  const operations = Array.isArray(payload) ? payload : [payload];
  return operations.length > 0 && operations.every((op) => op !== null && typeof op === 'object' && isQueryDocument(op.query));
}

/**
 * Forwards one request to the upstream origin and streams the answer back (headers such as
 * vendure-auth-token included). Upstream connections are kept alive; a request that fails on a
 * reused connection before any answer (the upstream closed it as idle at the same moment: its
 * keep-alive timeout raced ours) is sent once more on a fresh one instead of answering 502, but
 * only when it is replayable (isReplayable: a query, never a mutation).
 * For that the (small, GraphQL) request body is read first; bodies over MAX_PROXIED_BODY get 413
 * (Vendure's own JSON limit is lower: MAX_BODY_BYTES, server/src/plugins/query-limits).
 */
export function createProxy(upstreamOrigin, { log = console.warn } = {}) {
  const target = new URL(upstreamOrigin);
  if (target.protocol !== 'http:') throw new Error(`The Shop API proxy supports http upstreams, got ${upstreamOrigin}`);
  // Node drops idle sockets a second before the upstream's `Keep-Alive: timeout=N` hint; the
  // timeout covers upstreams (or proxies in between) that send no hint.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, timeout: 4_000 });

  function readBody(req) {
    return new Promise((resolve, reject) => {
      const tooLarge = () => Object.assign(new Error('request body too large'), { status: 413 });
      // refused from the announced length alone, before a byte of the body is read
      if (Number(req.headers['content-length']) > MAX_PROXIED_BODY) return reject(tooLarge());
      const chunks = [];
      let size = 0;
      const onData = (chunk) => {
        size += chunk.length;
        if (size <= MAX_PROXIED_BODY) return chunks.push(chunk);
        // stop keeping it; the answer is sent and the connection closed (tooLargeAnswer)
        req.off('data', onData);
        chunks.length = 0;
        reject(tooLarge());
      };
      req.on('data', onData);
      req.on('end', () => resolve(Buffer.concat(chunks)));
      req.on('error', reject);
    });
  }

  /**
   * 413 as the Shop API words its own (a GraphQL error with a code), then the connection closed:
   * the rest of the body is never read. Destroying the request before answering (as before) left
   * the client with a reset connection instead of an answer.
   */
  function tooLargeAnswer(req, res) {
    const mb = Math.round(MAX_PROXIED_BODY / 1024 / 1024);
    res.setHeader('connection', 'close');
    res.on('finish', () => req.destroy());
    res
      .status(413)
      .type('application/json')
      .send(
        JSON.stringify({
          errors: [{ message: `The request body is larger than the limit of ${mb} MB.`, extensions: { code: 'PAYLOAD_TOO_LARGE' } }],
        }),
      );
  }

  function send(req, res, body, attempt) {
    const headers = forwardedHeaders(req);
    if (body.length || req.headers['content-length'] !== undefined) headers['content-length'] = String(body.length);
    const path = upstreamPath(req.originalUrl ?? req.url);
    let answered = false;
    const upstream = http.request(
      { host: target.hostname, port: target.port || 80, method: req.method, path, headers, agent },
      (answer) => {
        answered = true;
        const out = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (!HOP_BY_HOP.has(name) && name !== 'x-powered-by' && value !== undefined) out[name] = value;
        }
        res.writeHead(answer.statusCode ?? 502, out);
        answer.pipe(res);
        answer.on('error', (error) => res.destroy(error));
      },
    );
    upstream.on('error', (error) => {
      if (res.destroyed) return;
      if (
        !answered &&
        attempt === 0 &&
        upstream.reusedSocket &&
        STALE_SOCKET_ERRORS.has(error.code) &&
        isReplayable(req.method, path, body)
      ) {
        return send(req, res, body, 1);
      }
      log(`[proxy] ${req.method} ${path} failed (attempt ${attempt + 1}): ${error.code ?? error.message}`);
      if (res.headersSent) return res.destroy(error);
      // nothing reached Vendure (it is down or restarting): the store is briefly unavailable;
      // otherwise the request may have been applied before the connection broke
      if (UPSTREAM_UNREACHABLE.has(error.code)) return unavailableAnswer(req, res);
      res.status(502).type('text/plain').send('The shop service is not reachable right now.');
    });
    // the visitor went away: stop the upstream request too
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    upstream.end(body);
  }

  function handle(req, res) {
    readBody(req).then(
      (body) => send(req, res, body, 0),
      (error) => {
        if (res.headersSent || res.destroyed) return;
        if (error.status === 413) return tooLargeAnswer(req, res);
        res.status(400).type('text/plain').send('Bad request.');
      },
    );
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

/** The fetch Request React Router renders, built from an Express request as @react-router/express does. */
export function toFetchRequest(req, res) {
  // X-Forwarded-Host's port only from a trusted hop (TRUSTED_PROXIES), as Express's req.hostname does
  const trusted = req.app?.get('trust proxy fn')?.(req.socket?.remoteAddress, 0);
  const [, forwardedPort] = trusted ? (req.get('X-Forwarded-Host')?.split(':') ?? []) : [];
  const [, hostPort] = req.get('host')?.split(':') ?? [];
  const port = [forwardedPort, hostPort].map((p) => Number.parseInt(p, 10)).find((p) => Number.isSafeInteger(p)) ?? '';
  const host = `${req.hostname.split(/[\\/?#@]/)[0] || 'localhost'}${port ? `:${port}` : ''}`;
  const url = new URL(`${req.protocol}://${host}${req.originalUrl}`);
  let controller = new AbortController();
  res.on('finish', () => (controller = null));
  res.on('close', () => controller?.abort());
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else if (value) headers.set(name, value);
  }
  const init = { method: req.method, headers, signal: controller.signal };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = 'half';
  }
  return new Request(url.href, init);
}

/** Adds names to a Vary header value without repeating one. */
export function mergeVary(current, ...names) {
  const list = String(current ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  for (const name of names) if (!list.some((v) => v.toLowerCase() === name.toLowerCase())) list.push(name);
  return list.join(', ');
}

/** Answers from a cache entry: the precompressed body the client accepts, or 304 for its ETag. */
async function sendCached(req, res, entry, state, placeholder) {
  const { body, encoding, weak } = await cachedBody(entry, (...e) => req.acceptsEncodings(...e), placeholder, res.locals.cspNonce);
  res.statusCode = entry.status;
  for (const [name, value] of entry.headers) res.appendHeader(name, value);
  res.setHeader('Vary', mergeVary(res.getHeader('Vary'), 'Accept-Encoding'));
  if (!res.hasHeader('Cache-Control')) res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('ETag', weak ? `W/${entry.etag}` : entry.etag);
  res.setHeader('X-Cache', state === 'hit' ? 'HIT' : 'STALE');
  const match = req.headers['if-none-match'];
  if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === entry.etag)) {
    res.statusCode = 304;
    // the browser keeps the policy stored with its copy: a new nonce would not match that body
    res.removeHeader('Content-Security-Policy');
    return res.end();
  }
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.end(body);
}

/**
 * The React Router handler with the HTML micro-cache in front: anonymous GETs are answered from
 * it when it has the page, else rendered (streamed to the client as usual, and kept when storable).
 */
export function createPageHandler({ build, mode = process.env.NODE_ENV, cache }) {
  const render = createRequestHandler(withOutageAnswers(build), mode);
  const placeholder = noncePlaceholderOf(build);

  async function send(req, res, response, key) {
    if (response.status === 503) {
      // the backend is down (outage.mjs): an older copy of this page beats the 503 page
      const fallback = key !== null ? res.locals.htmlCacheFallback : undefined;
      if (fallback) {
        await response.body?.cancel().catch(() => {});
        cache.keepFallback(key);
        return sendCached(req, res, fallback, 'stale', placeholder);
      }
      response.headers.set('Cache-Control', 'no-store');
      if (!response.headers.has('Retry-After')) response.headers.set('Retry-After', String(RETRY_AFTER_SECONDS));
    }
    res.statusMessage = response.statusText;
    res.status(response.status);
    for (const [name, value] of response.headers) res.append(name, value);
    const storable = key !== null && cache.enabled && isStorable(response.status, response.headers) && response.body;
    if (key !== null && !storable) cache.abandon(key);
    if (storable) {
      if (!res.hasHeader('Cache-Control')) res.setHeader('Cache-Control', 'no-cache');
      res.setHeader('X-Cache', 'MISS');
    }
    if (!response.body) return res.end();
    if (/text\/event-stream/i.test(response.headers.get('content-type') ?? '')) res.flushHeaders();
    const chunks = [];
    let size = 0;
    let keep = Boolean(storable);
    // the client gets this response's nonce, the cache the placeholder version
    const rewriter =
      placeholder && res.locals.cspNonce && /text\/html/i.test(response.headers.get('content-type') ?? '')
        ? nonceRewriter(placeholder, res.locals.cspNonce)
        : null;
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (keep) {
          size += value.byteLength;
          if (size > cache.maxBodyBytes) {
            keep = false;
            chunks.length = 0;
          } else chunks.push(value);
        }
        if (res.destroyed) throw new Error('client went away');
        if (!res.write(rewriter ? rewriter.push(value) : value)) await new Promise((r) => (res.once('drain', r), res.once('close', r)));
      }
      res.end(rewriter?.end());
      if (keep && !res.destroyed) {
        cache.store(key, { status: response.status, headers: storedHeaders(response.headers), body: Buffer.concat(chunks) });
      } else if (storable) cache.abandon(key);
    } catch (error) {
      if (storable) cache.abandon(key);
      await reader.cancel().catch(() => {});
      if (!res.destroyed && !res.writableEnded) throw error;
    }
  }

  return async function pageHandler(req, res, next) {
    let key = null;
    try {
      if (cache.enabled) key = res.locals.htmlCacheKey !== undefined ? res.locals.htmlCacheKey : cacheKeyOf(req);
      const response = await render(toFetchRequest(req, res));
      await send(req, res, response, key);
    } catch (error) {
      if (key !== null) cache.abandon(key);
      next(error);
    }
  };
}

// isbot's pattern is long and visitors send the same few user agents again and again
const botByAgent = new Map();
function isBotAgent(userAgent = '') {
  let bot = botByAgent.get(userAgent);
  if (bot === undefined) {
    bot = isbot(userAgent);
    if (botByAgent.size >= 1000) botByAgent.clear();
    botByAgent.set(userAgent, bot);
  }
  return bot;
}

/** The HTML cache key of an Express request (null: not cacheable). */
export function cacheKeyOf(req) {
  if (req.method !== 'GET') return null;
  // files (public/, build output) are never rendered pages; `.data` is a page's navigation data
  if (/\.[a-z0-9]+$/i.test(req.path) && !req.path.endsWith('.data')) return null;
  return htmlCacheKey({
    method: req.method,
    url: `${req.protocol}://${req.get('host')}${req.originalUrl}`,
    headers: req.headers,
    isBot: isBotAgent(req.headers['user-agent']),
  });
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

export async function createApp({
  build,
  shopApiUrl = SHOP_API_URL,
  buildDir = BUILD_DIR,
  previousDir = previousBuildsDir(),
  trusted = process.env.TRUSTED_PROXIES,
  htmlCache = createHtmlCache({
    ttlMs: envInt('HTML_CACHE_TTL_MS', 10_000),
    staleMs: envInt('HTML_CACHE_STALE_MS', 30_000),
    maxEntries: envInt('HTML_CACHE_MAX_ENTRIES', 300) || 1,
    encode: nonceAwareEncoder(noncePlaceholderOf(build)),
    staleIfErrorMs: envInt('HTML_CACHE_STALE_IF_ERROR_MS', 600_000),
  }),
} = {}) {
  const app = express();
  app.disable('x-powered-by');
  // X-Forwarded-For / -Proto believed only from TRUSTED_PROXIES, as Vendure does (trusted-proxies.mjs)
  app.set('trust proxy', trustedProxies(trusted));
  const proxy = createProxy(new URL(shopApiUrl).origin);

  // nosniff, referrer, frame, Permissions-Policy; HSTS only over https (security-headers.mjs)
  app.use(baseSecurityHeaders());

  // /healthz, /readyz: before the cache and the proxy, never cached (health.mjs)
  app.use(healthRoutes({ shopApiUrl }));

  // Proxied before compression: upstream bodies (and streamed responses) pass through untouched.
  app.use((req, res, next) => (isProxied(req.path) ? proxy.handle(req, res) : next()));

  // Content-Security-Policy with a fresh nonce (decision 013); hashed build files need none.
  const placeholder = noncePlaceholderOf(build);
  app.use(
    securityHeaders({
      publicUrl: PUBLIC_URL,
      assetUrlPrefix: process.env.ASSET_URL_PREFIX,
      formActionOrigins: paymentFormOrigins(process.env, shopApiUrl),
      skip: (req) => req.path.startsWith('/_app/'),
    }),
  );

  // A page an anonymous visitor saw a moment ago: answered (precompressed) before any file
  // lookup, compression or render. Only URLs that rendered a page have entries, so no static
  // file is shadowed. Requests for a page whose first render is under way wait for it.
  app.use(async (req, res, next) => {
    if (!htmlCache.enabled) return next();
    const key = cacheKeyOf(req);
    res.locals.htmlCacheKey = key;
    if (key === null) return next();
    try {
      let found = htmlCache.lookup(key);
      if (found.state === 'wait') {
        const entry = await found.outcome;
        found = entry ? { state: 'hit', entry } : htmlCache.lookup(key);
        if (found.state === 'wait') res.locals.htmlCacheKey = null; // render without caching
      }
      if (found.state === 'hit' || found.state === 'stale') return await sendCached(req, res, found.entry, found.state, placeholder);
      res.locals.htmlCacheFallback = found.fallback;
      // whatever happens to this request, those waiting for its render must not wait longer
      if (res.locals.htmlCacheKey !== null) res.on('close', () => htmlCache.release(key));
      next();
    } catch (error) {
      next(error);
    }
  });

  const clientDir = join(buildDir, 'client');
  // The latest-build check (decision 017): which build this server serves. Pages compare it with
  // the build they run and offer a refresh; no cache may keep the answer.
  const buildId = buildIdOf(build);
  app.get('/_app/build.json', (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (!buildId) return res.status(404).json({ error: 'This build has no id' });
    res.json({ id: buildId });
  });

  // Hashed build files compressed once at build time (brotli, Zopfli gzip; decision 009); then the
  // previous builds' (same names, same content: a hashed name never changes meaning).
  const previousAppDir = join(previousDir, '_app');
  app.use('/_app', precompressedStatic(join(clientDir, '_app'), { immutable: true, maxAge: '1y' }));
  app.use('/_app', precompressedStatic(previousAppDir, { immutable: true, maxAge: '1y' }));

  // Brotli at quality 5, not the middleware's 4: the same CPU for a page (~1.2 ms for the product
  // page's 90 KB) and ~7 % fewer bytes (13.7 → 12.7 KB there), which brings a fresh product page
  // under TCP's first window of ten segments (~14.6 KB with the headers): one round trip less on a
  // slow connection (session 15 of the performance run log, `git show 5c93e97:docs/performance.md`).
  app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } } }));

  // Content-hashed build output: cache forever.
  app.use('/_app', express.static(join(clientDir, '_app'), { immutable: true, maxAge: '1y', index: false }));
  app.use('/_app', express.static(previousAppDir, { immutable: true, maxAge: '1y', index: false }));
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

  // Every other request is a page. Mounted without a path pattern: a pattern's parameters are
  // percent-decoded by Express's router, which answers a malformed URL (`/%E0%A4%A`) with a bare
  // 400 "Bad Request" before React Router sees it; React Router matches such a path as it is and
  // renders the shop's own "page not found" in the page's language (issue 32 §7).
  app.use(createPageHandler({ build, mode: process.env.NODE_ENV, cache: htmlCache }));

  const server = http.createServer(app);
  server.on('upgrade', (req, socket, head) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (pathname === '/shop-api/ws' || pathname.startsWith('/shop-api/ws/')) proxy.upgrade(req, socket, head);
    else socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
  });
  return { app, server, htmlCache };
}

async function main() {
  const serverBuild = join(BUILD_DIR, 'server/index.js');
  if (!existsSync(serverBuild)) {
    console.error(`[storefront] ${serverBuild} is missing: run \`npm run build:web\` first`);
    process.exit(1);
  }
  const build = await import(pathToFileURL(serverBuild).href);
  const { server, htmlCache } = await createApp({ build });
  server.keepAliveTimeout = 65_000;
  // An edit in the admin: the pages and reads kept for anonymous visitors go (admin-edits.mjs).
  const edits = watchAdminEdits({
    url: `${new URL(SHOP_API_URL).origin}/storefront-changes`,
    intervalMs: envInt('STOREFRONT_CHANGES_POLL_MS', 1_000),
    onChange: () => {
      htmlCache.clear();
      build.entry?.module?.clearReadCache?.();
    },
  });
  server.on('close', () => edits.stop());
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
