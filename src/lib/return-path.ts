import type { Locale } from '../i18n/locales';
import { localizePath, stripLocalePrefix } from '../i18n/paths';

/** Any origin will do: a return path is accepted only when resolving it against this one stays here. */
const PROBE_ORIGIN = 'http://shop.invalid';

/** Longer than any page of the shop with its query; anything longer is refused. */
const MAX_RETURN_PATH = 2048;

/**
 * The one way to accept a return path from a request (`?redirect=`, issue 33 §2). Returns the
 * locale-neutral path (with query and hash) of a page of this site, or null. Accepted only when,
 * after every normalisation a browser or a server might apply, it is still a plain path here:
 *
 * - a string starting with one `/`, with no control characters, whitespace or backslash (the URL
 *   parser drops tabs and newlines and reads `\` as `/`, so `/\tevil` or `/\evil` would become
 *   `//evil`);
 * - parsed against an origin it keeps that origin (no scheme, no `//host`);
 * - its parsed and percent-decoded path has no empty segment (`//`, also `%2f%2f`), no
 *   backslash (`%5c`), no dot segment (`/./`, `/../`: the parser resolves them, `/.//evil`
 *   becomes `//evil`), no control character and no look-alike slash (U+2215, U+FF0F, …);
 * - and the same holds once the locale prefix is stripped (`/en//evil` → `//evil`), which is
 *   the form callers re-prefix with the page's locale (localizePath).
 *
 * The auth pages themselves are refused too (signing in never returns into the sign-in form).
 */
export function acceptReturnPath(target: unknown): string | null {
  if (typeof target !== 'string' || !target.startsWith('/') || target.length > MAX_RETURN_PATH) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f-\u009f\\]/.test(target)) return null;
  // as written, before the parser resolves dot segments (`/a/../..//evil`) or anything else
  if (!plainPath(target.split(/[?#]/)[0]!)) return null;
  let url: URL;
  try {
    url = new URL(target, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  const path = stripLocalePrefix(url.pathname);
  if (!plainPath(url.pathname) || !plainPath(path)) return null;
  if (path === '/auth' || path.startsWith('/auth/')) return null;
  const neutral = path + url.search + url.hash;
  // Belt and braces: both localised forms resolve on this origin, to the path we checked.
  for (const locale of ['ar', 'en'] as const) {
    const again = new URL(localizePath(neutral, locale), PROBE_ORIGIN);
    if (again.origin !== PROBE_ORIGIN || stripLocalePrefix(again.pathname) !== path) return null;
  }
  return neutral;
}

/** The accepted return path as an href of `locale`, or null. */
export function returnHref(target: unknown, locale: Locale): string | null {
  const neutral = acceptReturnPath(target);
  return neutral === null ? null : localizePath(neutral, locale);
}

/** Slashes a shopper's eye, or a lenient server, might take for `/` or `\`. */
const LOOKALIKE_SLASHES = /[\u2044\u2215\u2216\u2571\u2572\u29f5\u29f8\u29f9\ufe68\uff0f\uff3c]/;

function plainPath(pathname: string): boolean {
  if (!pathname.startsWith('/')) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  for (const form of [pathname, decoded]) {
    // eslint-disable-next-line no-control-regex
    if (form.includes('//') || form.includes('\\') || /[\u0000-\u001f\u007f-\u009f]/.test(form)) return false;
    if (/(^|\/)\.{1,2}(\/|$)/.test(form) || LOOKALIKE_SLASHES.test(form)) return false;
  }
  return true;
}
