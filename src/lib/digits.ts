import type { Locale } from '../i18n/locales';

/**
 * Decision 015: Arabic pages write quantities, prices, counts and dates with Arabic-Indic digits
 * (what `Intl` prints for ar-SA). Texts typed into the back office ("free delivery over 300 SAR")
 * arrive with Western digits; this brings them into line. Not for identifiers (order codes, tax
 * number, phone numbers, coupon codes), which stay Latin: a run of Latin letters, digits and their
 * punctuation that holds a Latin letter ("iPhone 15", "WELCOME10", "Sony A7 IV") is left as written.
 */
const ARABIC_INDIC = '٠١٢٣٤٥٦٧٨٩';
const LATIN_PHRASE = /[A-Za-z0-9%.,:/+\-–&'’ ]*[A-Za-z][A-Za-z0-9%.,:/+\-–&'’ ]*/g;

export function localizeDigits(text: string, locale: Locale): string {
  if (locale !== 'ar' || !/[0-9]/.test(text)) return text;
  let out = '';
  let last = 0;
  for (const m of text.matchAll(LATIN_PHRASE)) {
    out += toArabicIndic(text.slice(last, m.index)) + m[0];
    last = m.index + m[0].length;
  }
  return out + toArabicIndic(text.slice(last));
}

/** Digits as Arabic-Indic ones, and the decimal point between them as the Arabic one ("1.5" → "١٫٥"). */
function toArabicIndic(text: string): string {
  return text.replace(/(?<=[0-9])\.(?=[0-9])/g, '٫').replace(/[0-9]/g, (d) => ARABIC_INDIC[Number(d)]!);
}
