/** Storefront runtime configuration, read once from the environment (see .env.example). */

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === '') return fallback;
  return !/^(0|false|no|off)$/i.test(value.trim());
}

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

function nonNegativeInt(value: string | undefined, fallback: number): number {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
}

const serverPort = process.env.SERVER_PORT || '3000';

export const config = {
  /** Where SSR loaders reach the Shop API (server side; the browser uses the same-origin proxy). */
  shopApiUrl: process.env.SHOP_API_URL || `http://127.0.0.1:${serverPort}/shop-api`,
  /** Spec §4/§9: read and write the locale cookie (i18n_redirected) only when enabled. */
  cookieLocale: flag(process.env.COOKIE_LOCALE, true),
  /** Canonical origin for absolute URLs (canonical, hreflang, sitemap); else the request origin. */
  publicUrl: (process.env.PUBLIC_URL || '').replace(/\/+$/, '') || null,
  /** Same-origin token sync address (spec §7), empty = disabled. */
  tokenSyncUrl: process.env.TOKEN_SYNC_URL || null,
  /** SSR read cache for anonymous catalogue reads; 0 turns it off (every render reads afresh). */
  ssrCacheTtlMs: nonNegativeInt(process.env.SSR_CACHE_TTL_MS, 30_000),
  ssrCacheMaxEntries: positiveInt(process.env.SSR_CACHE_MAX_ENTRIES, 500),
  /**
   * `Secure` on every cookie: SECURE_COOKIES when set, else whether PUBLIC_URL is https
   * (docs/decisions/013). A request that reached the server as https adds it too (secureCookiesFor).
   */
  secureCookies: flag(process.env.SECURE_COOKIES, /^https:\/\//i.test(process.env.PUBLIC_URL ?? '')),
} as const;

/**
 * Whether cookies written for this request get `Secure`: configured so, or the request came over
 * https. The storefront server builds the URL from Express's `req.protocol`, which believes
 * X-Forwarded-Proto only from a loopback hop (`trust proxy`), so a client cannot fake it.
 */
export function secureCookiesFor(url: URL): boolean {
  return config.secureCookies || url.protocol === 'https:';
}
