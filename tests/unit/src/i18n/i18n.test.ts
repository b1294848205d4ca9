import { msg, plural } from '@lingui/core/macro';
import { describe, expect, it, vi } from 'vitest';
import { formatMoneyPlain } from '../../../../src/lib/money';
import { loadI18n } from '../../../../src/i18n/i18n';
import { intlLocale } from '../../../../src/i18n/locales';

// The messages below are the app's own (header cart count, search result count), so the real
// compiled catalogs answer them.
const itemCount = (count: number) => msg`${plural(count, { one: '# item', other: '# items' })}`;
// `results.length` (not a plain name) makes the placeholder `{0}`, as in the search box.
const resultCount = (n: number, results = Array.from({ length: n })) =>
  msg`${plural(results.length, { one: '# result', other: '# results' })}`;

describe('loadI18n', () => {
  it('prints plural numbers (#) in Arabic with the digits of our prices (ar-SA)', async () => {
    const i18n = await loadI18n('ar');
    const digits = new Intl.NumberFormat(intlLocale('ar')).format(12);
    expect(digits).toBe('١٢');
    expect(formatMoneyPlain(1200, 'ar')).toContain(digits); // prices use the same digits
    expect(i18n._(itemCount(12))).toBe('١٢ منتجًا');
    expect(i18n._(itemCount(3))).toBe('٣ منتجات');
    expect(i18n._(resultCount(100))).toBe('١٠٠ نتيجة');
    expect(i18n._(itemCount(2))).toBe('منتجان');
  });

  it('prints plural numbers in English with Latin digits', async () => {
    const i18n = await loadI18n('en');
    expect(i18n._(itemCount(12))).toBe('12 items');
    expect(i18n._(itemCount(1))).toBe('1 item');
    expect(i18n._(resultCount(1200))).toBe('1,200 results');
  });

  it('prints plain number placeholders with the same digits (no grouping: a year stays a year)', async () => {
    const [ar, en] = await Promise.all([loadI18n('ar'), loadI18n('en')]);
    // The header's stock notice (`{0}`) and the footer's year (`{year}`), as the app writes them.
    const stock = { quantityAvailable: 3 };
    const notice = msg`Only ${stock.quantityAvailable} available. Your cart now has what is in stock.`;
    const year = 2026;
    const copyright = msg`© ${year} Elegance Store. All rights reserved.`;
    expect(ar._(notice)).toContain('٣');
    expect(ar._(notice)).not.toMatch(/[0-9]/);
    expect(en._(notice)).toBe('Only 3 available. Your cart now has what is in stock.');
    expect(ar._(copyright)).toContain('٢٠٢٦');
    expect(en._(copyright)).toBe('© 2026 Elegance Store. All rights reserved.');
    // Through the id + values form and `t` too (React's useLingui uses `t`).
    expect(ar.t(notice.id, { 0: 5 })).toContain('٥');
    // Strings stay as they are.
    expect(ar._(notice.id, { 0: '7' })).toContain('7');
  });

  it('returns one instance per locale that never changes its language', async () => {
    const [ar, en] = await Promise.all([loadI18n('ar'), loadI18n('en')]);
    expect(await loadI18n('ar')).toBe(ar);
    expect(ar.locale).toBe('ar');
    expect(en.locale).toBe('en');
  });
});

describe('loadI18n with catalog parts (decision 009)', () => {
  // A fresh module each time: the registry of loaded locales is module state.
  const fresh = async () => {
    vi.resetModules();
    return import('../../../../src/i18n/i18n');
  };
  const shell = msg`Skip to content`; // the default layout: core
  const toast = msg`Added to your cart.`; // the cart status, shown after an add: not core

  it('starts with the parts asked for and merges the whole catalog into the same instance quietly', async () => {
    const { loadI18n: load, isCatalogComplete } = await fresh();
    const partial = await load('ar', ['core']);
    expect(isCatalogComplete('ar')).toBe(false);
    expect(partial._(shell)).toBe('انتقل إلى المحتوى');
    expect(Object.keys(partial.messages).length).toBeLessThan(200);
    const changes = vi.fn();
    partial.on('change', changes);
    const full = await load('ar');
    expect(full).toBe(partial);
    expect(isCatalogComplete('ar')).toBe(true);
    expect(full._(toast)).not.toBe('');
    expect(changes).not.toHaveBeenCalled(); // nothing on screen needed it: no re-render
  });

  it('a message outside the loaded parts shows empty, loads the rest and re-renders once', async () => {
    const { loadI18n: load } = await fresh();
    const partial = await load('en', ['core']);
    const changes = vi.fn();
    partial.on('change', changes);
    expect(partial._(toast)).toBe('');
    await vi.waitFor(() => expect(changes).toHaveBeenCalledTimes(1));
    expect(partial._(toast)).toBe('Added to your cart.');
  });

  it('unknown parts fail (the browser then loads the whole catalog)', async () => {
    const { loadI18n: load } = await fresh();
    await expect(load('en', ['nope' as never])).rejects.toThrow(/No catalog part/);
  });
});
