import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { intlLocale, type Locale } from './locales';

/**
 * One Lingui instance per locale, created once its catalog is loaded and never re-activated.
 * Because an instance never changes its locale, server requests can share it safely (no request
 * can switch another request's language); the browser keeps the same registry, so switching
 * language swaps the instance handed to <I18nProvider> instead of mutating a global.
 */
const instances = new Map<Locale, I18n>();
const pending = new Map<Locale, Promise<I18n>>();

// Explicit branches (not a template import) so each catalog is its own lazily loaded chunk.
function importCatalog(locale: Locale): Promise<{ messages: Messages }> {
  return locale === 'ar'
    ? import('../../locales/ar/messages.po')
    : import('../../locales/en/messages.po');
}

/** Loads the catalog of `locale` (once) and returns its Lingui instance. */
export function loadI18n(locale: Locale): Promise<I18n> {
  const ready = instances.get(locale);
  if (ready) return Promise.resolve(ready);
  let loading = pending.get(locale);
  if (!loading) {
    loading = importCatalog(locale).then(
      ({ messages }) => {
        // `locales` is what Lingui formats numbers with (the `#` of plurals): ar-SA, like our
        // prices and counts (src/lib/money.ts, catalogue/format.ts), so Arabic shows ١٢ and not
        // the Latin 12 that plain "ar" gives in current ICU.
        const i18n = setupI18n({ locale, locales: [intlLocale(locale)], messages: { [locale]: messages } });
        instances.set(locale, i18n);
        pending.delete(locale);
        return i18n;
      },
      (error: unknown) => {
        pending.delete(locale);
        throw error;
      },
    );
    pending.set(locale, loading);
  }
  return loading;
}

/** The instance of an already loaded locale; null when its catalog has not been loaded yet. */
export function loadedI18n(locale: Locale): I18n | null {
  return instances.get(locale) ?? null;
}
