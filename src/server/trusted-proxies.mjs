// TRUSTED_PROXIES for the storefront's Express `trust proxy` (docs/decisions/014, "Trust"): the same
// setting, syntax and default as the backend's (server/src/plugins/common/services/client-ip.ts).
//
//   TRUSTED_PROXIES   comma-separated IP addresses and CIDR ranges whose X-Forwarded-For and
//                     X-Forwarded-Proto are believed; `loopback` = 127.0.0.0/8 and ::1. Default
//                     `loopback` (a TLS terminator or load balancer on the same machine).
//
// Express then resolves `req.ip` (what the proxy passes on to Vendure as X-Forwarded-For) and
// `req.protocol` (https requests get Secure cookies, decision 013) from those headers only when
// they were added by a trusted hop. A malformed list stops the storefront at start.
import net from 'node:net';

/** The entries of a TRUSTED_PROXIES value, checked; throws on one that is not an address or range. */
export function trustedProxies(value = process.env.TRUSTED_PROXIES) {
  const source = value?.trim() || 'loopback';
  const entries = source
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (entry === 'loopback') continue;
    const [address, bits, ...rest] = entry.split('/');
    const version = net.isIP(address);
    const max = version === 4 ? 32 : 128;
    const validBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= max);
    if (!version || !validBits || rest.length) throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`);
  }
  return entries;
}
