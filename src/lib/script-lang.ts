import type { Locale } from '../i18n/locales';

const ARABIC_LETTER = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
const LATIN_LETTER = /[A-Za-z\u00C0-\u024F]/;

/**
 * The `lang` of a name written in the other site's script (a reviewer who signs "Sara", a brand
 * written in Latin letters on an Arabic page), so a screen reader reads it with the right voice
 * (WCAG 3.1.2); undefined when the name is in the page's script or mixes both.
 */
export function langOfName(name: string, locale: Locale): 'ar' | 'en' | undefined {
  const arabic = ARABIC_LETTER.test(name);
  const latin = LATIN_LETTER.test(name);
  if (locale === 'ar') return latin && !arabic ? 'en' : undefined;
  return arabic && !latin ? 'ar' : undefined;
}
