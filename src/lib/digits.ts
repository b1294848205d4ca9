import type { Locale } from '../i18n/locales';

/**
 * Decision 015: Arabic pages write quantities, prices, counts and dates with Arabic-Indic digits
 * (what `Intl` prints for ar-SA). Texts typed into the back office ("free delivery over 300 SAR")
 * arrive with Western digits; this brings them into line. Not for identifiers (order codes, tax
 * number, phone numbers, coupon codes, model numbers), which stay Latin.
 */
const ARABIC_INDIC = '٠١٢٣٤٥٦٧٨٩';

export function localizeDigits(text: string, locale: Locale): string {
  if (locale !== 'ar') return text;
  return text.replace(/[0-9]/g, (d) => ARABIC_INDIC[Number(d)]!);
}
