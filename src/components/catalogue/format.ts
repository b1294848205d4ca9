import { intlLocale, type Locale } from '../../i18n/locales';

/**
 * Cached Intl formatters for the catalogue (creating one costs far more than using it, and a
 * listing formats dozens of values per render). Numbers use the same ISO locale as prices
 * (ar-SA / en-US), so digits match the prices next to them.
 */
const numbers = new Map<string, Intl.NumberFormat>();
const dates = new Map<string, Intl.DateTimeFormat>();

export function formatNumber(value: number, locale: Locale, maximumFractionDigits = 0): string {
  const key = `${locale}:${maximumFractionDigits}`;
  let f = numbers.get(key);
  if (!f) {
    f = new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits });
    numbers.set(key, f);
  }
  return f.format(value);
}

/** Dates in the store's time zone, so the server and the browser print the same day. */
export function formatDate(iso: string, locale: Locale, style: 'medium' | 'long' = 'medium'): string {
  const key = `${locale}:${style}`;
  let f = dates.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: style, timeZone: 'Asia/Riyadh' });
    dates.set(key, f);
  }
  return f.format(new Date(iso));
}
