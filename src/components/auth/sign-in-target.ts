import type { Locale } from '../../i18n/locales';
import { localizePath } from '../../i18n/paths';
import { returnHref } from '../../lib/return-path';

/** Where a signed-in shopper goes when no (safe) return path was given: as the server's requireGuest. */
export const SIGNED_IN_HOME = '/profile';

/**
 * Where to go after signing in: the `redirect` query parameter when it is a path of this site
 * (acceptReturnPath, issue 33), else the profile (decision 012, as requireGuest); never back into
 * the auth pages. The target is locale-neutral (`/checkout/ABC`) or carries a prefix; either way
 * it opens in the page's locale.
 */
export function signInTarget(redirect: string | null, locale: Locale): string {
  return returnHref(redirect, locale) ?? localizePath(SIGNED_IN_HOME, locale);
}
