// A short-lived in-memory cache of whole SSR responses (HTML documents and `.data` navigations)
// for anonymous GETs, so a burst of visitors on one page costs one render, not one each.
//
// Why this is safe: the server render of a catalogue page depends only on the request URL (the
// locale comes from the path prefix) and, for unprefixed Arabic pages, on the inputs of the
// first-visit locale rule (locale cookie, Accept-Language, same-origin Referer, crawler or not);
// the session, cart and wishlist live in the browser (decisions 001 and 003). So:
// - the key is the full URL plus those inputs (plus the crawler flag for /en pages, whose
//   render mode differs);
// - requests carrying a session token (`vendure_token` cookie or an Authorization header) or an
//   auth-flow cookie (`auth_pending`, `reset_ticket`), everything but GET, and the personal pages
//   (/profile…, /cart (issue 38: its lines are the visitor's), /checkout…, /checkout-success, /auth/otp, /auth/reset-password, whoever asks:
//   their answer is a redirect or someone's own data; decision 012) bypass the cache;
// - only 200 answers without `private`/`no-store` and without cookies other than the locale
//   cookie (a function of the key) are stored;
// - entries live `ttlMs`; after that the first request renders again while the others get the
//   old copy for at most `staleMs` more (no render stampede when a popular page expires);
// - while the backend is down (the render answers 503) an expired copy up to `staleIfErrorMs`
//   old answers instead (stale-if-error), so pages seen recently keep serving through an outage.
// Bodies are kept raw and as gzip and brotli (compressed once, off the request path), served
// with `Vary` as rendered (plus Accept-Encoding) and a strong ETag.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

export const TOKEN_COOKIE = 'vendure_token';
export const LOCALE_COOKIE = 'i18n_redirected';
/** The auth flows' cookies (src/lib/auth-cookies.ts): pages that read them differ per visitor. */
export const AUTH_FLOW_COOKIES = ['auth_pending', 'reset_ticket'];

/** Locale-neutral paths of pages that are personal, or answer per visitor (decision 012). */
const PERSONAL_PATH = /^\/(profile|cart|checkout|checkout-success|auth\/otp|auth\/reset-password)(\/|$)/i;

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Response headers that belong to one transfer, not to the stored document. */
const TRANSFER_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'date', 'connection', 'keep-alive', 'etag']);

function cookieValue(header, name) {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

function isEnglishPath(pathname) {
  return pathname === '/en' || pathname.startsWith('/en/') || pathname === '/en.data';
}

/**
 * Whether a pathname (document or `.data`, either locale) is a personal page's. Matched the way
 * the router matches: percent-decoded and case-insensitive (`/%70rofile`, `/EN/Profile`).
 */
export function isPersonalPath(pathname) {
  let page = pathname.replace(/\.data$/, '');
  try {
    page = decodeURIComponent(page);
  } catch {
    // malformed escapes: match the raw path
  }
  const lower = page.toLowerCase();
  const neutral = lower === '/en' || lower.startsWith('/en/') ? page.slice(3) || '/' : page;
  return PERSONAL_PATH.test(neutral);
}

/**
 * The cache key of a request, or null when it must not be served from (or stored in) the cache.
 * `req`: `{ method, url (absolute, as the renderer sees it), headers (lower-case names), isBot }`.
 */
export function htmlCacheKey({ method, url, headers, isBot }) {
  if (method !== 'GET') return null;
  if (headers.authorization) return null;
  const cookie = headers.cookie ?? '';
  if (cookieValue(cookie, TOKEN_COOKIE)) return null;
  if (AUTH_FLOW_COOKIES.some((name) => cookieValue(cookie, name))) return null;
  const { pathname } = new URL(url);
  if (isPersonalPath(pathname)) return null;
  const parts = [url, isBot ? 'bot' : 'browser'];
  if (!isEnglishPath(pathname)) {
    // the first-visit rule of unprefixed pages (src/i18n/locale-negotiation.ts) reads these
    const referer = headers.referer ?? '';
    let sameOrigin = false;
    try {
      sameOrigin = referer !== '' && new URL(referer).host === new URL(url).host;
    } catch {
      sameOrigin = false;
    }
    parts.push(cookieValue(cookie, LOCALE_COOKIE) ?? '', headers['accept-language'] ?? '', sameOrigin ? 'same-origin' : '');
  } else {
    // the locale cookie decides whether the answer refreshes it (Set-Cookie: never stored)
    parts.push(cookieValue(cookie, LOCALE_COOKIE) ?? '');
  }
  return parts.join('\u0000');
}

/**
 * Whether a rendered answer (status + fetch Headers) may be stored for other visitors. The only
 * cookie it may set is the locale cookie: that one follows from the key's inputs (locale cookie
 * sent, Accept-Language, path), so every request with the same key would get the same one.
 */
export function isStorable(status, headers) {
  if (status !== 200) return false;
  if (headers.getSetCookie().some((cookie) => !cookie.startsWith(`${LOCALE_COOKIE}=`))) return false;
  const cacheControl = (headers.get('cache-control') ?? '').toLowerCase();
  if (/\b(private|no-store)\b/.test(cacheControl)) return false;
  return true;
}

/** The headers kept with an entry: everything but the per-transfer ones. */
export function storedHeaders(headers) {
  const out = [];
  for (const [name, value] of headers) if (!TRANSFER_HEADERS.has(name.toLowerCase())) out.push([name, value]);
  return out;
}

/** The compressed copies of a stored body (security-headers.mjs adds nonce-aware ones). */
function defaultEncode(body) {
  // off the request path (zlib thread pool); a hit that comes sooner waits for its encoding
  return {
    gzip: gzip(body, { level: 6 }),
    br: brotli(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  };
}

export function createHtmlCache({
  ttlMs = 10_000,
  staleMs = 30_000,
  maxEntries = 300,
  maxBodyBytes = 2 * 1024 * 1024,
  // how long after expiry a copy may still answer when a fresh render finds the backend down
  staleIfErrorMs = 600_000,
  now = Date.now,
  encode = defaultEncode,
} = {}) {
  /** @type {Map<string, any>} insertion order = least recently used first */
  const entries = new Map();
  /** keys being rendered for the first time → waiters for the outcome (entry or null) */
  const pending = new Map();
  const stats = { hits: 0, stale: 0, misses: 0, waits: 0, stores: 0 };

  function settle(key, entry) {
    const waiters = pending.get(key);
    if (!waiters) return;
    pending.delete(key);
    for (const resolve of waiters) resolve(entry);
  }

  return {
    enabled: ttlMs > 0,
    maxBodyBytes,
    stats,
    get size() {
      return entries.size;
    },
    /**
     * What to do for a key: `{ entry, state: 'hit' | 'stale' }` to answer from the cache, or
     * `{ state: 'miss' }` to render (and then `store` or `abandon`). An expired entry is handed
     * out as 'stale' while another request renders its replacement. While the first render of a
     * key is under way, other requests get `{ state: 'wait', outcome }`: a promise of the entry,
     * or of null when that render was not storable (then they render themselves). A miss for
     * a key with an expired copy carries it as `fallback`, for a render that finds the backend down.
     */
    lookup(key) {
      const entry = entries.get(key);
      const t = now();
      if (entry) {
        entries.delete(key);
        entries.set(key, entry);
        if (entry.expires > t) {
          stats.hits++;
          return { entry, state: 'hit' };
        }
        if (entry.refreshing && entry.expires + staleMs > t) {
          stats.stale++;
          return { entry, state: 'stale' };
        }
        if (entry.expires + staleMs > t) entry.refreshing = true;
        else if (entry.expires + staleIfErrorMs <= t) entries.delete(key);
        // the render may find the backend down: it then answers with this older copy (pageHandler)
        if (entries.has(key)) {
          stats.misses++;
          return { state: 'miss', fallback: entry };
        }
      } else if (pending.has(key)) {
        stats.waits++;
        return { state: 'wait', outcome: new Promise((resolve) => pending.get(key).push(resolve)) };
      } else pending.set(key, []);
      stats.misses++;
      return { state: 'miss' };
    },
    /** Stores a rendered answer; compressed copies follow asynchronously. */
    store(key, { status, headers, body }) {
      if (!this.enabled || body.length > maxBodyBytes) return this.abandon(key);
      const entry = {
        status,
        headers,
        body,
        gzip: null,
        br: null,
        etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
        expires: now() + ttlMs,
        refreshing: false,
      };
      entries.delete(key);
      entries.set(key, entry);
      stats.stores++;
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value);
      Object.assign(entry, encode(body));
      settle(key, entry);
      return entry;
    },
    /** The request that got 'miss' is done without storing or abandoning: release its waiters. */
    release(key) {
      settle(key, null);
    },
    /**
     * A render found the backend down and the request was answered with `fallback` (the copy
     * lookup gave): keep that copy for the next requests and release the waiters.
     */
    keepFallback(key) {
      const entry = entries.get(key);
      if (entry) entry.refreshing = false;
      settle(key, null);
    },
    /** A render for this key did not give a storable answer: drop the old copy too. */
    abandon(key) {
      entries.delete(key);
      settle(key, null);
    },
    clear() {
      entries.clear();
      for (const key of [...pending.keys()]) settle(key, null);
    },
  };
}
