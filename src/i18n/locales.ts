/** The two storefront locales: Arabic at the root, English under /en (docs/decisions/001). */
export const LOCALES = ['ar', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

/** The locale of unprefixed paths. */
export const ROOT_LOCALE: Locale = 'ar';
/** The prefix of English paths. */
export const EN_PREFIX = '/en';
/** Spec §4/§9: the browser-language fallback when nothing matches is en-US. */
export const FALLBACK_LOCALE: Locale = 'en';

export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function isLocale(value: unknown): value is Locale {
  return value === 'ar' || value === 'en';
}

export function otherLocale(locale: Locale): Locale {
  return locale === 'ar' ? 'en' : 'ar';
}

/** ISO locale used with Intl (spec §1: ar-SA, en-US). */
export function intlLocale(locale: Locale): 'ar-SA' | 'en-US' {
  return locale === 'ar' ? 'ar-SA' : 'en-US';
}

export function textDirection(locale: Locale): 'rtl' | 'ltr' {
  return locale === 'ar' ? 'rtl' : 'ltr';
}

/** Open Graph locale tags. */
export function ogLocale(locale: Locale): 'ar_SA' | 'en_US' {
  return locale === 'ar' ? 'ar_SA' : 'en_US';
}
