import { FALLBACK_LOCALE, isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, type Locale } from './locales';
import { localeFromPath, localizePath } from './paths';

/** What the server knows about a request when it decides the locale (all plain data). */
export interface NegotiationRequest {
  /** The request URL without React Router's `.data` suffix. */
  url: URL;
  method: string;
  cookie: string | null;
  acceptLanguage: string | null;
  referer: string | null;
  /** Crawlers are never redirected: each language version must stay indexable at its own URL. */
  isBot: boolean;
}

export interface NegotiationOptions {
  /** `COOKIE_LOCALE` (default true): read and write the locale cookie at all. */
  cookieEnabled: boolean;
  cookieName?: string;
  /** Adds `Secure` to the cookie (HTTPS deployments). */
  secureCookie?: boolean;
}

export interface NegotiationResult {
  /** The locale of the page being rendered (from the path prefix). */
  locale: Locale;
  /** Where to send the visitor with a 302 instead, or null. */
  redirectTo: string | null;
  /** A `Set-Cookie` value to send, or null when the cookie is disabled or already right. */
  setCookie: string | null;
  /** Why the decision was made (for tests and debugging headers). */
  reason: 'prefixed' | 'resource' | 'not-get' | 'same-origin' | 'bot' | 'cookie' | 'accept-language' | 'fallback';
}

/** Parses a Cookie header into name → value (first occurrence wins, values URI-decoded). */
export function parseCookies(header: string | null): Map<string, string> {
  const out = new Map<string, string>();
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    const name = part.slice(0, eq).trim();
    if (!name || out.has(name)) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      out.set(name, decodeURIComponent(value));
    } catch {
      out.set(name, value);
    }
  }
  return out;
}

/**
 * The first of our locales in an Accept-Language header, by quality (ties keep header order);
 * `ar-SA`, `ar-EG`… count as ar, `en-GB`… as en; `q=0` means "not acceptable".
 */
export function localeFromAcceptLanguage(header: string | null): Locale | null {
  if (!header) return null;
  const ranges = header
    .split(',')
    .map((item, order) => {
      const [tag = '', ...params] = item.trim().split(';');
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const q = qParam ? Number.parseFloat(qParam.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), q: Number.isFinite(q) ? q : 0, order };
    })
    .filter((r) => r.tag && r.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const { tag } of ranges) {
    const primary = tag.split('-')[0];
    if (isLocale(primary)) return primary;
  }
  return null;
}

export function localeCookie(
  locale: Locale,
  { cookieName = LOCALE_COOKIE, secureCookie = false }: Omit<NegotiationOptions, 'cookieEnabled'> = {},
): string {
  return `${cookieName}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE}; Path=/; SameSite=Lax${secureCookie ? '; Secure' : ''}`;
}

function isSameOrigin(referer: string | null, url: URL): boolean {
  if (!referer) return false;
  try {
    // Host only: behind a TLS-terminating proxy the scheme we see may differ from the browser's.
    return new URL(referer).host === url.host;
  } catch {
    return false;
  }
}

/**
 * Decides the locale of a request (spec §4, decision 001):
 * - `/en…` is English and `/…` Arabic; the prefix always wins once a visitor is inside the site;
 * - a first visit to an unprefixed page (not from our own origin, not a crawler, a GET) picks the
 *   cookie, else Accept-Language, else en-US, and is sent with a 302 to the `/en` twin when that
 *   choice is English;
 * - the cookie (365 days, path /, SameSite=Lax) is written only when cookie use is enabled, and
 *   only when it differs from the locale the visitor ends up on.
 */
export function negotiateLocale(req: NegotiationRequest, options: NegotiationOptions): NegotiationResult {
  const cookieName = options.cookieName ?? LOCALE_COOKIE;
  const routeLocale = localeFromPath(req.url.pathname);
  const cookieValue = options.cookieEnabled ? parseCookies(req.cookie).get(cookieName) : undefined;
  const stored = isLocale(cookieValue) ? cookieValue : null;
  const cookieFor = (locale: Locale) => (options.cookieEnabled && stored !== locale ? localeCookie(locale, options) : null);
  const stay = (reason: NegotiationResult['reason']): NegotiationResult => ({
    locale: routeLocale,
    redirectTo: null,
    setCookie: cookieFor(routeLocale),
    reason,
  });

  if (routeLocale === 'en') return stay('prefixed');
  // Files such as /sitemap.xml have no language version to send anyone to.
  if (/\.[a-z0-9]+$/i.test(req.url.pathname)) return { ...stay('resource'), setCookie: null };
  // `//host/…` is no page of the site, and its "twin" would be `Location: //host/…`, another
  // origin (issue 33 §2): such a path is answered where it is (a 404), never redirected.
  if (/^\/[\\/]/.test(req.url.pathname)) return { ...stay('resource'), setCookie: null };
  const method = req.method.toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') return stay('not-get');
  if (isSameOrigin(req.referer, req.url)) return stay('same-origin');
  if (req.isBot) return stay('bot');

  let choice: Locale;
  let reason: NegotiationResult['reason'];
  if (stored) {
    choice = stored;
    reason = 'cookie';
  } else {
    const fromHeader = localeFromAcceptLanguage(req.acceptLanguage);
    choice = fromHeader ?? FALLBACK_LOCALE;
    reason = fromHeader ? 'accept-language' : 'fallback';
  }
  if (choice === routeLocale) return { ...stay(reason) };
  return {
    locale: choice,
    redirectTo: localizePath(req.url.pathname + req.url.search, choice),
    setCookie: cookieFor(choice),
    reason,
  };
}
