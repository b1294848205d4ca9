// The Content-Security-Policy of the storefront's own responses, and the per-response nonce in
// documents the HTML cache hands to many visitors (docs/decisions/013-content-security-policy.md).
//
// The SSR build renders every nonce as one secret placeholder (`cspNoncePlaceholder`, exported by
// src/entry.server.tsx, random per process). Each response gets a fresh nonce: streamed renders
// are rewritten on the way out (the cache keeps the placeholder version), cached bodies are
// rewritten per hit. A cached gzip body is built so that the placeholder bytes sit in stored
// (uncompressed) deflate blocks that nothing else refers to: a hit copies the template, writes
// the nonce over them and a new CRC. Brotli has no such blocks, so documents with a nonce are not
// kept as brotli (a hit answers gzip; everything else is negotiated as before).
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** 18 random bytes, base64url: 24 characters, the length of every nonce and placeholder. */
export const NONCE_LENGTH = 24;

export function createNonce() {
  return randomBytes(18).toString('base64url');
}

/**
 * The placeholder the SSR build renders as every nonce (src/entry.server.tsx), or null (a
 * development build, or a build without one: then pages carry no nonce to replace).
 */
export function noncePlaceholderOf(build) {
  const placeholder = build?.entry?.module?.cspNoncePlaceholder;
  if (placeholder === undefined || placeholder === null) return null;
  if (typeof placeholder !== 'string' || !/^[A-Za-z0-9_-]+$/.test(placeholder) || placeholder.length !== NONCE_LENGTH) {
    throw new Error(`the server build's cspNoncePlaceholder must be ${NONCE_LENGTH} base64url characters`);
  }
  return placeholder;
}

const HOST = /^[a-z0-9.-]+(:\d{1,5})?$/i;

/** The origin of an absolute URL (an asset server, a CDN), or null for relative or invalid ones. */
function originOf(url) {
  try {
    return /^https?:\/\//i.test(url ?? '') ? new URL(url).origin : null;
  } catch {
    return null;
  }
}

/**
 * The policy of one response. `host`: the request's host (for the graphql-ws socket: older
 * Safari does not let 'self' match ws:/wss:), used only when it is a plain host[:port];
 * `publicUrl` wins when set. `assetUrlPrefix`: Vendure's ASSET_URL_PREFIX, an origin is added
 * to img-src when it is absolute (relative: /assets on this origin through the proxy).
 * `formActionOrigins`: where the checkout may post a form besides this origin (paymentFormOrigins).
 */
export function contentSecurityPolicy({ nonce, host = '', publicUrl = '', assetUrlPrefix = '', formActionOrigins = [] }) {
  if (!/^[A-Za-z0-9_-]{16,}$/.test(nonce ?? '')) throw new Error('a CSP nonce must be base64url, 16 characters or more');
  let socketHosts = [];
  const publicOrigin = originOf(publicUrl);
  if (publicOrigin) {
    const url = new URL(publicOrigin);
    socketHosts = [`${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`];
  } else if (HOST.test(host)) socketHosts = [`ws://${host}`, `wss://${host}`];
  const assetOrigin = originOf(assetUrlPrefix);
  return [
    "default-src 'self'",
    // 'self' only for browsers without 'strict-dynamic' (they ignore it otherwise)
    `script-src 'nonce-${nonce}' 'strict-dynamic' 'self'`,
    "worker-src 'self'",
    // React writes style attributes (image aspect ratios, rating widths, colour swatches)
    "style-src 'self' 'unsafe-inline'",
    ['img-src', "'self'", 'data:', 'blob:', ...(assetOrigin ? [assetOrigin] : [])].join(' '),
    "font-src 'self'",
    ['connect-src', "'self'", ...socketHosts].join(' '),
    "manifest-src 'self'",
    "frame-ancestors 'self'",
    "base-uri 'none'",
    "object-src 'none'",
    ['form-action', "'self'", ...formActionOrigins].join(' '),
  ].join('; ');
}

/**
 * Where the checkout posts the signed PayFort card form (src/app/browser-adapters.ts,
 * redirectToPayment): PayFort's two gateways, PAYFORT_GATEWAY_URL when set, and the backend's
 * public origin that serves the local payment sandbox (PAYMENTS_PUBLIC_URL, PUBLIC_SERVER_URL,
 * else the Shop API's origin: the same defaults as server/src/plugins/payments/constants.ts).
 */
export function paymentFormOrigins(env, shopApiUrl) {
  const origins = ['https://checkout.payfort.com', 'https://sbcheckout.payfort.com'];
  for (const url of [env.PAYFORT_GATEWAY_URL, env.PAYMENTS_PUBLIC_URL || env.PUBLIC_SERVER_URL || shopApiUrl]) {
    const origin = originOf(url);
    if (origin && !origins.includes(origin)) origins.push(origin);
  }
  return origins;
}

/**
 * Middleware: a fresh nonce (`res.locals.cspNonce`) and the policy for every response it sees.
 * `skip(req)` leaves responses without (the reverse proxy's and the hashed build files').
 */
export function securityHeaders({ publicUrl = '', assetUrlPrefix = '', formActionOrigins = [], skip = () => false } = {}) {
  return (req, res, next) => {
    if (skip(req)) return next();
    const nonce = createNonce();
    res.locals.cspNonce = nonce;
    res.setHeader(
      'Content-Security-Policy',
      contentSecurityPolicy({ nonce, host: req.get('host'), publicUrl, assetUrlPrefix, formActionOrigins }),
    );
    next();
  };
}

/**
 * Powerful browser features the shop never uses, turned off for its pages and anything they
 * embed (issue 33 §4): a script that slipped in still cannot ask for the camera or the location.
 * Only features every current browser recognises (an unknown one is a console error in Chromium).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

/**
 * HSTS for answers that went out over https (docs/deploy.md): one year, this host only (a
 * deployment that owns every subdomain may add includeSubDomains at its TLS terminator).
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/**
 * Middleware for every response of the storefront, proxied ones included: the fixed headers, the
 * Permissions-Policy, and Strict-Transport-Security only when the request came over https —
 * `req.secure`, which believes X-Forwarded-Proto only from TRUSTED_PROXIES (`trust proxy`), so a
 * client talking plain http cannot switch it on, and a plain-http deployment never sends it
 * (browsers ignore HSTS over http anyway, and a wrong one would lock visitors out).
 */
export function baseSecurityHeaders() {
  return (req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    if (req.secure) res.setHeader('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    next();
  };
}

/** `body` with every occurrence of `placeholder` replaced by `nonce` (same length: no copy when absent). */
export function replaceNonce(body, placeholder, nonce) {
  if (!placeholder || body.indexOf(placeholder) === -1) return body;
  const out = Buffer.from(body);
  const with_ = Buffer.from(nonce);
  for (let i = out.indexOf(placeholder); i !== -1; i = out.indexOf(placeholder, i + placeholder.length)) with_.copy(out, i);
  return out;
}

/**
 * Rewrites a streamed body chunk by chunk: `push(chunk)` answers what may be sent now, `end()`
 * the rest. A placeholder split across chunks is held back until complete (only as many bytes as
 * could begin one).
 */
export function nonceRewriter(placeholder, nonce) {
  const pattern = Buffer.from(placeholder);
  let held = Buffer.alloc(0);
  return {
    push(chunk) {
      const text = replaceNonce(held.length ? Buffer.concat([held, chunk]) : Buffer.from(chunk), placeholder, nonce);
      let keep = 0;
      for (let k = Math.min(pattern.length - 1, text.length); k > 0; k--) {
        if (text.subarray(text.length - k).equals(pattern.subarray(0, k))) {
          keep = k;
          break;
        }
      }
      held = Buffer.from(text.subarray(text.length - keep));
      return text.subarray(0, text.length - keep);
    },
    end() {
      const rest = held;
      held = Buffer.alloc(0);
      return rest;
    },
  };
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** Deflate's window (windowBits 15): how far back a match may reach, and what a dictionary can use. */
const WINDOW_BYTES = 32 * 1024;
const deflateRaw = promisify(zlib.deflateRaw);

/**
 * A gzip template of `body` whose placeholders can be overwritten (see the top of this file):
 * `{ template, offsets, segments }`. Each stretch between placeholders is deflated on its own,
 * ending byte-aligned, and each placeholder is a stored block. `segments` are the raw stretches,
 * for the CRC of a hit.
 *
 * No match may copy placeholder bytes (a hit writes other bytes there). A stretch is deflated
 * with the text before it as its dictionary (what a decoder's window holds there), the
 * placeholders in it written as NUL bytes: a body without NUL never matches those, so matches
 * reach back across placeholders without touching one (the product page's template: 15.6 KB
 * instead of 17.7 KB with a history reset at every placeholder; plain gzip 14.9 KB). A body that
 * holds a NUL gets the history reset (a full flush) instead.
 */
export async function nonceGzipTemplate(body, placeholder, { level = 6 } = {}) {
  const pattern = Buffer.from(placeholder);
  if (pattern.length > 0xffff) throw new Error('placeholder too long for a stored block');
  const segments = [];
  let start = 0;
  for (let i = body.indexOf(pattern); i !== -1; i = body.indexOf(pattern, start)) {
    segments.push(body.subarray(start, i));
    start = i + pattern.length;
  }
  segments.push(body.subarray(start));
  const parts = [GZIP_HEADER];
  const offsets = [];
  let size = GZIP_HEADER.length;
  const last = segments.length - 1;
  const primed = body.indexOf(0) === -1;
  const masked = Buffer.alloc(pattern.length); // NUL bytes where a placeholder is
  let window = Buffer.alloc(0); // the text before the stretch, as the dictionary sees it
  for (let s = 0; s <= last; s++) {
    const options = { level };
    if (s !== last) options.finishFlush = primed ? zlib.constants.Z_SYNC_FLUSH : zlib.constants.Z_FULL_FLUSH;
    if (primed && window.length) options.dictionary = window;
    const deflated = await deflateRaw(segments[s], options);
    parts.push(deflated);
    size += deflated.length;
    if (s === last) break;
    if (primed) window = Buffer.concat([window, segments[s], masked]).subarray(-WINDOW_BYTES);
    const n = pattern.length;
    // stored block, not final: BFINAL=0 BTYPE=00 (padded to a byte), LEN, NLEN
    parts.push(Buffer.from([0, n & 0xff, n >> 8, ~n & 0xff, (~n >> 8) & 0xff]), pattern);
    offsets.push(size + 5);
    size += 5 + n;
  }
  parts.push(Buffer.alloc(8));
  return { template: Buffer.concat(parts), offsets, segments, length: body.length };
}

/** The gzip body of one response: the template with `nonce` written in, and its CRC32 and size. */
export function gzipWithNonce({ template, offsets, segments, length }, nonce) {
  const out = Buffer.from(template);
  const value = Buffer.from(nonce);
  let crc = 0;
  for (let s = 0; s < segments.length; s++) {
    crc = zlib.crc32(segments[s], crc);
    if (s < offsets.length) {
      value.copy(out, offsets[s]);
      crc = zlib.crc32(value, crc);
    }
  }
  out.writeUInt32LE(crc >>> 0, out.length - 8);
  out.writeUInt32LE(length >>> 0, out.length - 4);
  return out;
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * The HTML cache's encoder (createHtmlCache `encode`): bodies holding the placeholder get a nonce
 * gzip template and no brotli copy; the others the plain gzip and brotli copies as before.
 */
export function nonceAwareEncoder(placeholder) {
  return (body) => {
    if (placeholder && body.indexOf(placeholder) !== -1) {
      return { gzip: null, br: null, nonceGzip: nonceGzipTemplate(body, placeholder) };
    }
    return {
      gzip: gzip(body, { level: 6 }),
      br: brotli(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
      nonceGzip: null,
    };
  };
}

/**
 * The body of a cache hit for one response: `{ body, encoding (null: identity), weak }`. `weak`:
 * the bytes differ per response (the nonce), so the ETag is a weak validator.
 */
export async function cachedBody(entry, acceptsEncodings, placeholder, nonce) {
  if (entry.nonceGzip) {
    if (acceptsEncodings('gzip') === 'gzip') {
      try {
        return { body: gzipWithNonce(await entry.nonceGzip, nonce), encoding: 'gzip', weak: true };
      } catch {
        // fall through to identity
      }
    }
    return { body: replaceNonce(entry.body, placeholder, nonce), encoding: null, weak: true };
  }
  const encoding = acceptsEncodings('br', 'gzip');
  try {
    if (encoding === 'br' && entry.br) return { body: await entry.br, encoding, weak: false };
    if (encoding === 'gzip' && entry.gzip) return { body: await entry.gzip, encoding, weak: false };
  } catch {
    // identity below
  }
  return { body: entry.body, encoding: null, weak: false };
}
