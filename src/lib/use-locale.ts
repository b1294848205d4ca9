import { useLocation } from 'react-router';
import { type Locale } from '../i18n/locales';
import { localeFromPath, localizePath } from '../i18n/paths';

/** The locale of the current page, from its path prefix. */
export function useLocale(): Locale {
  return localeFromPath(useLocation().pathname);
}

/** A function that turns a locale-neutral site path into the current locale's path. */
export function useLocalizePath(): (href: string) => string {
  const locale = useLocale();
  return (href: string) => localizePath(href, locale);
}
