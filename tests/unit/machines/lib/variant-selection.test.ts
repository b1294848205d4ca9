import { describe, expect, it } from 'vitest';
import {
  chooseOption,
  findVariantByOptions,
  optionAvailability,
  resolveVariant,
  stockState,
  type SelectableVariant,
} from '../../../../machines/lib/variant-selection';
import { isPromoRunning, variantPricing } from '../../../../machines/lib/variant-pricing';

// A bag in two colours (red c1, blue c2) and two sizes (S s1, M s2); blue S is sold out.
const v = (id: string, color: string, size: string, stockLevel = 'IN_STOCK', extra: Partial<SelectableVariant> = {}) => ({
  id,
  options: [
    { id: color, groupId: 'color' },
    { id: size, groupId: 'size' },
  ],
  stockLevel,
  ...extra,
});
const variants = [
  v('red-s', 'c1', 's1'),
  v('red-m', 'c1', 's2', 'LOW_STOCK'),
  v('blue-s', 'c2', 's1', 'OUT_OF_STOCK'),
  v('blue-m', 'c2', 's2', 'IN_STOCK', { customFields: { default: true } }),
];

describe('resolveVariant', () => {
  it('takes the variant named in the URL', () => {
    expect(resolveVariant(variants, 'red-m')?.id).toBe('red-m');
  });
  it('falls back to the default variant for an unknown or missing id', () => {
    expect(resolveVariant(variants, 'nope')?.id).toBe('blue-m');
    expect(resolveVariant(variants, null)?.id).toBe('blue-m');
  });
  it('without a default prefers a purchasable variant', () => {
    const list = [v('a', 'c1', 's1', 'OUT_OF_STOCK'), v('b', 'c1', 's2')];
    expect(resolveVariant(list)?.id).toBe('b');
  });
  it('returns undefined for a product without variants', () => {
    expect(resolveVariant([])).toBeUndefined();
  });
});

describe('chooseOption', () => {
  it('keeps the other choices when that combination exists', () => {
    const current = variants[0]!; // red S
    expect(chooseOption(variants, current, 'size', 's2')?.id).toBe('red-m');
  });
  it('lands on the exact combination even when it is sold out (the page says so)', () => {
    const current = variants[0]!; // red S -> blue S exists but is sold out
    expect(chooseOption(variants, current, 'color', 'c2')?.id).toBe('blue-s');
  });
  it('when the combination does not exist, keeps as many choices as possible, preferring stock', () => {
    // Green only comes in M (sold out) and L; from red S, picking green keeps nothing else.
    const list = [v('red-s', 'c1', 's1'), v('green-m', 'c3', 's2', 'OUT_OF_STOCK'), v('green-l', 'c3', 's3')];
    expect(chooseOption(list, list[0]!, 'color', 'c3')?.id).toBe('green-l');
    // From red M (does not exist here, use a list where it does) picking green keeps size M.
    const list2 = [v('red-m', 'c1', 's2'), ...list.slice(1)];
    expect(chooseOption(list2, list2[0]!, 'color', 'c3')?.id).toBe('green-m');
  });
  it('returns undefined for an option no variant has', () => {
    expect(chooseOption(variants, variants[0]!, 'color', 'c9')).toBeUndefined();
  });
});

describe('findVariantByOptions and optionAvailability', () => {
  it('matches all groups exactly', () => {
    expect(findVariantByOptions(variants, { color: 'c2', size: 's1' })?.id).toBe('blue-s');
    expect(findVariantByOptions(variants, { color: 'c2' })).toBeUndefined();
  });
  it('marks options that would reach a sold-out variant', () => {
    const current = variants[3]!; // blue M
    expect(optionAvailability(variants, current, 'size', ['s1', 's2'])).toEqual({
      s1: { exists: true, purchasable: false },
      s2: { exists: true, purchasable: true },
    });
  });
});

describe('stockState', () => {
  it.each([
    [{ stockLevel: 'IN_STOCK' }, 'in-stock'],
    [{ stockLevel: 'LOW_STOCK' }, 'low-stock'],
    [{ stockLevel: 'OUT_OF_STOCK' }, 'out-of-stock'],
    [{ stockLevel: 'IN_STOCK', inStock: false }, 'out-of-stock'],
    [{ stockLevel: '3' }, 'low-stock'],
    [{ stockLevel: '0' }, 'out-of-stock'],
    [{ stockLevel: '40' }, 'in-stock'],
  ] as const)('%j is %s', (variant, expected) => {
    expect(stockState(variant)).toBe(expected);
  });
});

describe('variantPricing', () => {
  const now = new Date('2026-11-20T12:00:00Z');
  const promo = {
    priceWithTax: 15000,
    discountAmount: 5000,
    customFields: {
      onSale: true,
      mainPrice: 20000,
      promoPrice: 15000,
      startDate: '2026-11-01T00:00:00Z',
      endDate: '2026-12-01T00:00:00Z',
    },
  };
  it('shows the main price struck through while the promotion runs', () => {
    expect(variantPricing(promo, null, now)).toEqual({
      price: 15000,
      compareAt: 20000,
      discount: 5000,
      discountPercent: 25,
      promoEndsAt: '2026-12-01T00:00:00Z',
      kind: 'promo',
    });
  });
  it('treats the window as [start, end] like the server', () => {
    expect(isPromoRunning(promo, new Date('2026-12-01T00:00:00Z'))).toBe(true);
    expect(isPromoRunning(promo, new Date('2026-12-01T00:00:01Z'))).toBe(false);
    expect(isPromoRunning(promo, new Date('2026-11-01T00:00:00Z'))).toBe(true);
    expect(isPromoRunning(promo, new Date('2026-10-31T23:59:59Z'))).toBe(false);
  });
  it('never shows a price other than what the cart charges', () => {
    const expired = { ...promo, priceWithTax: 20000, discountAmount: 0 };
    const p = variantPricing(expired, null, new Date('2027-01-01T00:00:00Z'));
    expect(p.price).toBe(20000);
    expect(p.compareAt).toBeNull();
    expect(p.kind).toBe('regular');
  });
  it('uses the drop price when no promotion explains the price', () => {
    const p = variantPricing({ priceWithTax: 9000 }, 12000, now);
    expect(p).toMatchObject({ compareAt: 12000, discount: 3000, discountPercent: 25, kind: 'drop', promoEndsAt: null });
  });
  it('ignores a drop price that is not above the price', () => {
    expect(variantPricing({ priceWithTax: 9000 }, 9000, now).compareAt).toBeNull();
  });
});
