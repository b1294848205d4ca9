/**
 * Money formatting for the storefront. Amounts are integers in halalas (1/100 SAR), prices
 * include VAT (decision 001). Arabic uses ar-SA, English en-US, both with currency SAR.
 *
 * Formatted amounts carry their own direction marks in Arabic (RLM) and mix digits with
 * letters in English ("SAR 12.50"), so next to text of the other direction they can reorder.
 * `formatMoney` returns the string wrapped in Unicode isolates (FSI … PDI), which is safe in
 * any text context (aria-label, title, meta); views may instead render `formatMoneyPlain()`
 * inside a <bdi>.
 */

import { intlLocale, type Locale } from '../i18n/locales';

export type MoneyLocale = Locale;

const FSI = '\u2068';
const PDI = '\u2069';

const cache = new Map<string, Intl.NumberFormat>();

function formatter(locale: MoneyLocale, fractionDigits: 0 | 2): Intl.NumberFormat {
  const key = `${locale}:${fractionDigits}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(intlLocale(locale), {
      style: 'currency',
      currency: 'SAR',
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    cache.set(key, f);
  }
  return f;
}

/** Whole riyals print without ".00" (cleaner cards); anything with halalas prints two digits. */
export function formatMoneyPlain(halalas: number, locale: MoneyLocale): string {
  if (!Number.isFinite(halalas)) throw new RangeError(`formatMoney: not a finite amount: ${halalas}`);
  const whole = Math.round(halalas) % 100 === 0;
  return formatter(locale, whole ? 0 : 2).format(Math.round(halalas) / 100);
}

/** Bidi-isolated text: safe to concatenate into sentences of either direction. */
export function formatMoney(halalas: number, locale: MoneyLocale): string {
  return FSI + formatMoneyPlain(halalas, locale) + PDI;
}

/** Plain decimal SAR value for machine-readable places (JSON-LD, data attributes): "1234.50". */
export function toDecimalString(halalas: number): string {
  const sign = halalas < 0 ? '-' : '';
  const abs = Math.abs(Math.round(halalas));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Converts riyals typed by a shopper (price filter) to halalas. */
export function riyalsToHalalas(riyals: number): number {
  return Math.round(riyals * 100);
}
