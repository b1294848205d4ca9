import type { Request } from 'express';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The shopper's IP for rate limiting.
 *
 * The storefront server reverse-proxies /shop-api from the same machine, so every request
 * reaches Vendure from loopback. X-Forwarded-For is therefore trusted only when the direct
 * peer is loopback (our proxy) or when TRUST_PROXY=true (a load balancer in front of Vendure),
 * and only its last entry — the one appended by the nearest proxy — is used, since earlier
 * entries are client-controlled.
 */
export function clientIp(req: Request | undefined): string {
  if (!req) return 'unknown';
  const peer = req.socket?.remoteAddress ?? req.ip ?? 'unknown';
  const trust = process.env.TRUST_PROXY === 'true' || LOOPBACK.has(peer);
  const xff = req.headers?.['x-forwarded-for'];
  if (trust && xff) {
    const raw = Array.isArray(xff) ? xff.join(',') : xff;
    const hops = raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (hops.length) return hops[hops.length - 1];
  }
  return peer;
}
