import { LOCALES, ogLocale, ROOT_LOCALE, type Locale } from '../i18n/locales';
import { localizePath, stripLocalePrefix } from '../i18n/paths';

export interface AlternateLink {
  hreflang: 'ar' | 'en' | 'x-default';
  href: string;
}

/**
 * The canonical query of a page: only the parameters that select content (`keep`), in a stable
 * order; filters, sort, tracking and the like are noise that must not split the canonical URL.
 */
export function canonicalSearch(search: string, keep: readonly string[] = []): string {
  if (keep.length === 0) return '';
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of [...keep].sort()) {
    const value = params.get(name);
    if (value !== null && value !== '') kept.set(name, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}

/** Absolute URL of `pathname + search` (a site path) in `locale`. */
export function absoluteUrl(origin: string, neutralPathAndSearch: string, locale: Locale): string {
  return origin.replace(/\/+$/, '') + localizePath(neutralPathAndSearch, locale);
}

export interface PageUrls {
  canonical: string;
  alternates: AlternateLink[];
}

/**
 * Canonical and hreflang alternates (ar, en, x-default → the Arabic root version) of the page at
 * `pathname` (either locale's form), keeping only the `keep` query parameters.
 */
export function pageUrls(origin: string, pathname: string, locale: Locale, search = '', keep: readonly string[] = []): PageUrls {
  const neutral = stripLocalePrefix(pathname) + canonicalSearch(search, keep);
  const alternates: AlternateLink[] = LOCALES.map((l) => ({ hreflang: l, href: absoluteUrl(origin, neutral, l) }));
  alternates.push({ hreflang: 'x-default', href: absoluteUrl(origin, neutral, ROOT_LOCALE) });
  return { canonical: absoluteUrl(origin, neutral, locale), alternates };
}

export { ogLocale };
