/**
 * The public addresses the backend puts in front of a shopper: where the storefront is (payment
 * returns, links in mails, the sandbox's links, the CORS origin) and where this server is reached
 * from a browser (the payment sandbox's pages and callbacks). Issue 32 §1: one rule, read by every
 * place that needs them, so a shop started on other ports (`PORT=8700 SERVER_PORT=3700 npm start`)
 * sends the shopper home to its own port, not to the defaults.
 *
 * - STOREFRONT_URL when set, else PUBLIC_URL (the storefront's canonical origin), else the
 *   storefront `npm start` runs beside this server: `http://127.0.0.1:$PORT` (PORT 8080 by
 *   default, as src/server/storefront.mjs; start.mjs gives Vendure the PORT it starts the
 *   storefront on).
 * - PAYMENTS_PUBLIC_URL, else PUBLIC_SERVER_URL, else this server itself:
 *   `http://127.0.0.1:$SERVER_PORT` (3000 by default).
 */

const LOCAL_HOST = '127.0.0.1';
export const DEFAULT_STOREFRONT_PORT = '8080';
export const DEFAULT_SERVER_PORT = '3000';

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** The storefront's port as `npm start` gives it (PORT), else its default. */
function storefrontPort(env: NodeJS.ProcessEnv): string {
  return env.PORT?.trim() || DEFAULT_STOREFRONT_PORT;
}

/** The storefront's public origin, without a trailing slash. */
export function storefrontUrl(env: NodeJS.ProcessEnv): string {
  return trimSlash(env.STOREFRONT_URL?.trim() || env.PUBLIC_URL?.trim() || `http://${LOCAL_HOST}:${storefrontPort(env)}`);
}

/** Where a shopper's browser reaches this server (payment sandbox, provider callbacks). */
export function serverPublicUrl(env: NodeJS.ProcessEnv, serverPort?: number | string): string {
  const port = serverPort ?? (env.SERVER_PORT?.trim() || DEFAULT_SERVER_PORT);
  return trimSlash(env.PAYMENTS_PUBLIC_URL?.trim() || env.PUBLIC_SERVER_URL?.trim() || `http://${LOCAL_HOST}:${port}`);
}

/**
 * Origins allowed by CORS: CORS_ORIGINS (comma list) when set, else the storefront's origin
 * (storefrontUrl), plus its `localhost` name when it is the local one.
 */
export function corsOrigins(env: NodeJS.ProcessEnv): string[] {
  if (env.CORS_ORIGINS?.trim()) {
    return env.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  }
  const shop = storefrontUrl(env);
  const local = `http://${LOCAL_HOST}:${storefrontPort(env)}`;
  return shop === local ? [local, `http://localhost:${storefrontPort(env)}`] : [shop];
}
