/**
 * HTTP statuses with which the shop's own server (its /shop-api proxy: 503 STORE_UNAVAILABLE
 * while Vendure is down or restarting) or a gateway in front of it says the backend is not there.
 */
const UNAVAILABLE_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/**
 * Whether a call that got no usable answer failed because the store is briefly unavailable rather
 * than the shopper's connection. The rule: an HTTP answer from the shop's own host proves the
 * connection works, so a gateway status (or the proxy's STORE_UNAVAILABLE) is the store's fault.
 * No answer at all (fetch's TypeError; a ShopApiError with status null) keeps the connection
 * message: the browser could not reach the shop's host, and from inside the page the shopper's
 * network is by far the likelier cause (navigator.onLine cannot prove it works).
 * Duck-typed on ShopApiError (services/client.ts): machines import no services at runtime.
 */
export function isStoreUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { status, code } = error as { status?: unknown; code?: unknown };
  return code === 'STORE_UNAVAILABLE' || (typeof status === 'number' && UNAVAILABLE_STATUSES.has(status));
}

/** `{ unavailable: true }` to spread into a NETWORK error when the store is at fault, else `{}`. */
export function unavailableOf(error: unknown): { unavailable?: true } {
  return isStoreUnavailable(error) ? { unavailable: true } : {};
}
