import { EN_PREFIX, type Locale } from './locales';

/** The locale a pathname belongs to: `/en` and `/en/…` are English, everything else Arabic. */
export function localeFromPath(pathname: string): Locale {
  return pathname === EN_PREFIX || pathname.startsWith(`${EN_PREFIX}/`) ? 'en' : 'ar';
}

/** The locale-neutral part of a pathname: `/en/about` → `/about`, `/en` → `/`. */
export function stripLocalePrefix(pathname: string): string {
  if (localeFromPath(pathname) !== 'en') return pathname || '/';
  const rest = pathname.slice(EN_PREFIX.length);
  return rest === '' ? '/' : rest;
}

/**
 * Turns a locale-neutral href (`/about`, `/products?x=1#top`, `/`) into the href of `locale`.
 * Only site-relative hrefs are localised; anything else is returned unchanged.
 */
export function localizePath(href: string, locale: Locale): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href;
  const cut = href.search(/[?#]/);
  const pathname = cut === -1 ? href : href.slice(0, cut);
  const tail = cut === -1 ? '' : href.slice(cut);
  const neutral = stripLocalePrefix(pathname);
  if (locale === 'ar') return neutral + tail;
  return (neutral === '/' ? EN_PREFIX : EN_PREFIX + neutral) + tail;
}

/**
 * The same page (same query, same hash) under the other language: the language switch target.
 * `current` is a pathname with optional search and hash.
 */
export function switchLocaleHref(current: string, to: Locale): string {
  return localizePath(current.startsWith('/') ? current : `/${current}`, to);
}
