import { setupI18n, type I18n, type MessageDescriptor, type MessageOptions, type Messages } from '@lingui/core';
import { intlLocale, type Locale } from './locales';

type Values = NonNullable<MessageDescriptor['values']>;

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
        const i18n = withLocalDigits(setupI18n({ locale, locales: [intlLocale(locale)], messages: { [locale]: messages } }), locale);
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

type CompiledToken = string | [string] | [string, string, unknown?];

/** The placeholders a compiled message prints as they are (`{n}`, not plural/select/number). */
function plainPlaceholders(message: unknown, into = new Set<string>()): Set<string> {
  if (!Array.isArray(message)) return into;
  for (const token of message as CompiledToken[]) {
    if (!Array.isArray(token)) continue;
    if (token.length === 1) into.add(token[0]);
    else if (token[2] && typeof token[2] === 'object') {
      for (const branch of Object.values(token[2] as Record<string, unknown>)) plainPlaceholders(branch, into);
    }
  }
  return into;
}

/**
 * Lingui prints a plain `{n}` placeholder with `String(n)`, so "at most {max} items" showed Latin
 * digits in Arabic while prices, counts and plural `#` show Arabic-Indic ones (ar-SA). Here number
 * values of plain placeholders are formatted for the locale (no grouping, so a year stays 2026 /
 * ٢٠٢٦); plural and select arguments keep their numbers, which choose the form.
 */
export function withLocalDigits(i18n: I18n, locale: Locale): I18n {
  const digits = new Intl.NumberFormat(intlLocale(locale), { useGrouping: false, maximumFractionDigits: 2 });
  const plainById = new Map<string, Set<string>>();
  const translate = i18n._.bind(i18n);
  const localised: I18n['_'] = ((id: string | MessageDescriptor, values?: Values, options?: MessageOptions) => {
    const descriptor = typeof id === 'string' ? null : id;
    const key: string | undefined = typeof id === 'string' ? id : id.id;
    const given = (descriptor ? descriptor.values : undefined) ?? values;
    if (!given || key === undefined) return descriptor ? translate(descriptor) : translate(key ?? '', values, options);
    let plain = plainById.get(key);
    if (!plain) {
      plain = plainPlaceholders(i18n.messages[key]);
      plainById.set(key, plain);
    }
    let changed: Values | null = null;
    for (const name of plain) {
      const value = given[name];
      if (typeof value === 'number' && Number.isFinite(value)) (changed ??= { ...given })[name] = digits.format(value);
    }
    if (!changed) return descriptor ? translate(descriptor) : translate(key, values, options);
    return descriptor ? translate({ ...descriptor, values: changed }) : translate(key, changed, options);
  }) as I18n['_'];
  Object.assign(i18n, { _: localised, t: localised });
  return i18n;
}
