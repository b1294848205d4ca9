export type Locale = 'ar' | 'en';
export const LOCALES: readonly Locale[] = ['ar', 'en'];
export const DEFAULT_LOCALE: Locale = 'ar';

/** Arabic lives at the root, English under /en (decision 001). */
export function localeFromPath(pathname: string): Locale {
  return pathname === '/en' || pathname.startsWith('/en/') ? 'en' : 'ar';
}

/**
 * The same page (path, query and hash) under the other locale. `href` is a same-origin
 * path such as `/en/products?page=2#top`.
 */
export function localizeHref(href: string, to: Locale): string {
  const match = /^([^?#]*)(.*)$/.exec(href) ?? ['', href, ''];
  const pathname = match[1] || '/';
  const rest = match[2] ?? '';
  const bare = localeFromPath(pathname) === 'en' ? pathname.slice(3) || '/' : pathname;
  const path = to === 'en' ? (bare === '/' ? '/en' : `/en${bare}`) : bare;
  return `${path}${rest}`;
}
