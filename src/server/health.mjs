// Health and readiness of the storefront server, and what it answers while Vendure is down.
//
//   GET /healthz  200 while this process runs (liveness: restart it only when this fails)
//   GET /readyz   200 when it can serve a shopper: the Shop API answers; else 503 (take it out of
//                 a load balancer, do not restart it: cached pages and the 503 page still serve)
//
// Neither is ever cached. unavailableAnswer() is the reverse proxy's answer when Vendure cannot
// be reached: a 503 with Retry-After, and for /shop-api a GraphQL-shaped error whose
// extensions.code STORE_UNAVAILABLE the browser client turns into "the store is briefly unavailable".
import { Router } from 'express';

/** Seconds a client is asked to wait before trying again while the backend restarts. */
export const RETRY_AFTER_SECONDS = 5;

/** True when the Shop API at `url` answers a trivial query within `timeoutMs`. */
export async function shopApiReachable(url, { timeoutMs = 2000, fetchImpl = fetch } = {}) {
  try {
    const res = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) return false;
    const body = await res.json();
    return body?.data?.__typename === 'Query';
  } catch {
    return false;
  }
}

const noStore = (res) => res.setHeader('Cache-Control', 'no-store');

/** `/healthz` and `/readyz`; `probe()` says whether the backend answers (injectable for tests). */
export function healthRoutes({ shopApiUrl, probe = () => shopApiReachable(shopApiUrl) }) {
  const router = Router();
  router.get('/healthz', (req, res) => {
    noStore(res);
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (req, res) => {
    noStore(res);
    if (await probe()) return res.json({ status: 'ready', backend: 'up' });
    res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    res.status(503).json({ status: 'unavailable', backend: 'down' });
  });
  return router;
}

/** Errors of a proxied request that never reached the upstream (so it cannot have been applied). */
export const UPSTREAM_UNREACHABLE = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** The proxy's answer when the upstream is unreachable (instead of a bare 502). */
export function unavailableAnswer(req, res) {
  noStore(res);
  res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
  res.status(503);
  const path = req.originalUrl ?? req.url ?? '';
  if (path === '/shop-api' || path.startsWith('/shop-api?') || path.startsWith('/shop-api/')) {
    return res.json({
      errors: [
        {
          message: 'The store is briefly unavailable. Try again in a moment.',
          extensions: { code: 'STORE_UNAVAILABLE', retryAfterSeconds: RETRY_AFTER_SECONDS },
        },
      ],
    });
  }
  res.type('text/plain').send('The store is briefly unavailable. Try again in a moment.');
}
