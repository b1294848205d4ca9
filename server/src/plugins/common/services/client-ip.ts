import type { Request } from 'express';
import net from 'net';

/**
 * The shopper's IP for rate limiting (docs/decisions/014-rate-limits.md, "Trust").
 *
 * The storefront server reverse-proxies /shop-api from the same machine and sets
 * X-Forwarded-For to the address its visitor connected from. That header is believed only from
 * a trusted hop: by default loopback (127.0.0.0/8, ::1), or the addresses and CIDR ranges listed
 * in TRUSTED_PROXIES (comma-separated, e.g. `10.0.0.5, 10.1.0.0/16`; replaces the default, add
 * `loopback` to keep it). From any other peer the header is ignored, so a client that reaches
 * Vendure directly cannot pick its own rate-limit bucket. Walking the list from the right, each
 * entry added by a trusted hop is believed in turn, as Express's `trust proxy` does; the first
 * entry not vouched for by a trusted hop is the client.
 */
export function clientIp(req: Request | undefined): string {
  if (!req) return 'unknown';
  const peer = req.socket?.remoteAddress;
  if (!peer) return 'unknown';
  const trusted = trustedProxies();
  let ip = normalize(peer);
  if (!isTrusted(trusted, ip)) return ip;
  const xff = req.headers?.['x-forwarded-for'];
  const raw = Array.isArray(xff) ? xff.join(',') : (xff ?? '');
  const hops = raw
    .split(',')
    .map((s) => normalize(s.trim()))
    .filter(Boolean);
  while (hops.length) {
    const next = hops.pop()!;
    if (!net.isIP(next)) return ip;
    ip = next;
    if (!isTrusted(trusted, ip)) return ip;
  }
  return ip;
}

/**
 * Express's `trust proxy` for the same list, so that `req.protocol` (X-Forwarded-Proto) and
 * `req.ip` follow TRUSTED_PROXIES too: a session cookie written for a request that reached the
 * storefront as https gets `Secure` (cookie-session marks cookies of https requests Secure;
 * docs/decisions/013).
 */
export function trustProxy(address: string | undefined): boolean {
  return !!address && isTrusted(trustedProxies(), normalize(address));
}

/** Compiles TRUSTED_PROXIES now; throws when an entry is not an address or range. */
export function checkTrustedProxies(): void {
  trustedProxies();
}

const normalize = (address: string) => (address.startsWith('::ffff:') && net.isIPv4(address.slice(7)) ? address.slice(7) : address);

let cached: { source: string; list: net.BlockList } | undefined;

/** The compiled TRUSTED_PROXIES list (re-read when the variable changes, e.g. in tests). */
function trustedProxies(): net.BlockList {
  const source = process.env.TRUSTED_PROXIES?.trim() || 'loopback';
  if (cached?.source === source) return cached.list;
  const list = new net.BlockList();
  const entries = source.split(',').map((s) => s.trim());
  for (const entry of entries.filter(Boolean)) {
    if (entry === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      continue;
    }
    const [address, bits] = entry.split('/');
    const type = net.isIPv6(address) ? 'ipv6' : net.isIPv4(address) ? 'ipv4' : undefined;
    if (!type) throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`);
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  cached = { source, list };
  return list;
}

function isTrusted(list: net.BlockList, ip: string): boolean {
  const type = net.isIPv6(ip) ? 'ipv6' : net.isIPv4(ip) ? 'ipv4' : undefined;
  return !!type && list.check(ip, type);
}
