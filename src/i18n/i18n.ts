import { setupI18n, type I18n, type MessageDescriptor, type MessageOptions, type Messages } from '@lingui/core';
import { loadPart } from 'virtual:catalog-parts';
import type { CatalogPart } from './catalog-parts';
import { intlLocale, type Locale } from './locales';

type Values = NonNullable<MessageDescriptor['values']>;

/**
 * One Lingui instance per locale, created once its first catalog part is loaded and never
 * re-activated. Because an instance never changes its locale, server requests can share it safely
 * (no request can switch another request's language); the browser keeps the same registry, so
 * switching language swaps the instance handed to <I18nProvider> instead of mutating a global.
 *
 * The server always loads the whole catalog. The browser loads, before hydrating, only the parts
 * the server render used (src/i18n/catalog-parts.ts, decision 009), and the whole catalog when the
 * page is idle or before a client navigation; its messages are merged into the same instance.
 */
interface Entry {
  i18n: I18n;
  /** Parts merged so far (`full` once the whole catalog is in). */
  parts: Set<CatalogPart | 'full'>;
  /** A message was asked for before the whole catalog was in: re-render once it is. */
  missingSeen: boolean;
}
const entries = new Map<Locale, Entry>();
const pendingParts = new Map<string, Promise<Messages>>();

function fetchPart(locale: Locale, part: CatalogPart | 'full'): Promise<Messages> {
  const key = `${locale}:${part}`;
  let loading = pendingParts.get(key);
  if (!loading) {
    loading = loadPart(locale, part).then(
      ({ messages }) => messages,
      (error: unknown) => {
        pendingParts.delete(key);
        throw error;
      },
    );
    pendingParts.set(key, loading);
  }
  return loading;
}

function createEntry(locale: Locale, messages: Messages): Entry {
  const entry: Entry = { i18n: null as unknown as I18n, parts: new Set(), missingSeen: false };
  // `locales` is what Lingui formats numbers with (the `#` of plurals): ar-SA, like our prices and
  // counts (src/lib/money.ts, catalogue/format.ts), so Arabic shows ١٢ and not the Latin 12 that
  // plain "ar" gives in current ICU.
  const i18n = withLocalDigits(setupI18n({ locale, locales: [intlLocale(locale)], messages: { [locale]: messages } }), locale);
  // Every lookup goes through here: the server's observer records it (catalog-usage.server.ts).
  // A message outside the loaded parts is only possible in the browser before the whole catalog is
  // in (one the server render did not use, e.g. a toast): show nothing for a moment (not the
  // message's hashed id), load the rest, then re-render. After that, Lingui's own fallbacks apply.
  const translate = i18n._.bind(i18n);
  const guarded = ((id: string | MessageDescriptor, values?: Values, options?: MessageOptions) => {
    const key = typeof id === 'string' ? id : id.id;
    if (messageObserver && key !== undefined) messageObserver(key);
    if (!entry.parts.has('full') && key !== undefined && !Object.prototype.hasOwnProperty.call(i18n.messages, key)) {
      entry.missingSeen = true;
      void loadI18n(locale).catch(() => undefined);
      return '';
    }
    return translate(id as string, values, options);
  }) as I18n['_'];
  entry.i18n = Object.assign(i18n, { _: guarded, t: guarded });
  return entry;
}

/**
 * Loads the catalog of `locale` — the whole of it, or only `parts` (enough for a page whose server
 * render used only their messages) — and returns its Lingui instance.
 */
export async function loadI18n(locale: Locale, parts: readonly CatalogPart[] | 'full' = 'full'): Promise<I18n> {
  const wanted: Array<CatalogPart | 'full'> = parts === 'full' ? ['full'] : [...parts];
  const has = (entry: Entry | undefined) => !!entry && (entry.parts.has('full') || wanted.every((part) => entry.parts.has(part)));
  const ready = entries.get(locale);
  if (ready && has(ready)) return ready.i18n;
  const catalogs = await Promise.all(wanted.map((part) => fetchPart(locale, part)));
  let entry = entries.get(locale);
  if (!entry) {
    entry = createEntry(locale, Object.assign({}, ...catalogs) as Messages);
    entries.set(locale, entry);
  } else if (!has(entry)) {
    // Merged without Lingui's `change` event: what is on screen already has its messages, and the
    // event re-renders every translated component synchronously.
    Object.assign(entry.i18n.messages, ...catalogs);
  }
  for (const part of wanted) entry.parts.add(part);
  if (entry.parts.has('full') && entry.missingSeen) {
    entry.missingSeen = false;
    entry.i18n.load(locale, {});
  }
  return entry.i18n;
}

/** The instance of an already loaded locale; null when no part of its catalog is loaded yet. */
export function loadedI18n(locale: Locale): I18n | null {
  return entries.get(locale)?.i18n ?? null;
}

/** Whether the whole catalog of `locale` is loaded. */
export function isCatalogComplete(locale: Locale): boolean {
  return entries.get(locale)?.parts.has('full') ?? false;
}

let messageObserver: ((id: string) => void) | null = null;

/** Server only: `observer` is told the id of every message looked up (src/i18n/catalog-usage.server.ts). */
export function observeMessages(observer: ((id: string) => void) | null): void {
  messageObserver = observer;
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
