// While Vendure is down (crashed, restarting), a page whose loader needs it answers 503 "the store
// is briefly unavailable" instead of a 500: a loader's failure to reach the backend becomes a
// thrown 503 Response, which React Router renders in the route's ErrorBoundary (ErrorPage's
// StoreUnavailableView) for documents and passes intact to client navigations (`.data`).
// Done once here around the server build, so no route has to remember it.
import { data } from 'react-router';
import { UPSTREAM_UNREACHABLE } from './health.mjs';

/** HTTP statuses of a proxy or gateway in front of a backend that is not there. */
const GATEWAY_STATUSES = new Set([502, 503, 504]);

/**
 * Whether a loader's error means the backend could not be reached: a ShopApiError without an
 * answer (network) or with a gateway status, a fetch that could not connect, or a timeout.
 * A GraphQL error the backend answered (FORBIDDEN, a bug) is not an outage and stays a 500.
 */
export function isBackendOutage(error) {
  if (!error || typeof error !== 'object') return false;
  if (error.name === 'TimeoutError') return true;
  if (error.name === 'ShopApiError') return error.status === null || GATEWAY_STATUSES.has(error.status);
  if (error instanceof TypeError && error.cause && typeof error.cause === 'object') {
    return UPSTREAM_UNREACHABLE.has(error.cause.code) || error.cause.code === 'ECONNRESET';
  }
  return false;
}

function answeringOutages(fn) {
  if (typeof fn !== 'function') return fn;
  return async function outageAware(args) {
    try {
      return await fn(args);
    } catch (error) {
      if (isBackendOutage(error)) throw data('The store is briefly unavailable', { status: 503 });
      throw error;
    }
  };
}

/** The server build with every route loader and action answering outages as 503. */
export function withOutageAnswers(build) {
  const routes = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const { loader, action } = route.module ?? {};
    routes[id] =
      loader || action
        ? { ...route, module: { ...route.module, loader: answeringOutages(loader), action: answeringOutages(action) } }
        : route;
  }
  return { ...build, routes };
}
