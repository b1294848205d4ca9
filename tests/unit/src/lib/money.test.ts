import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyPlain, riyalsToHalalas, toDecimalString } from '../../../../src/lib/money';

describe('money', () => {
  it('formats halalas as SAR in English', () => {
    expect(formatMoneyPlain(123450, 'en')).toBe('SAR\u00a01,234.50');
    expect(formatMoneyPlain(70000, 'en')).toBe('SAR\u00a0700');
  });
  it('formats with Arabic digits and the riyal sign in Arabic', () => {
    const s = formatMoneyPlain(123450, 'ar');
    expect(s).toContain('١٬٢٣٤٫٥٠');
    expect(s).toContain('ر.س');
  });
  it('wraps the amount in bidi isolates', () => {
    const s = formatMoney(500, 'en');
    expect(s.startsWith('\u2068')).toBe(true);
    expect(s.endsWith('\u2069')).toBe(true);
  });
  it('writes machine-readable decimals', () => {
    expect(toDecimalString(123405)).toBe('1234.05');
    expect(toDecimalString(7)).toBe('0.07');
    expect(toDecimalString(-150)).toBe('-1.50');
  });
  it('converts riyals to halalas without float drift', () => {
    expect(riyalsToHalalas(19.99)).toBe(1999);
  });
  it('rejects non-finite amounts', () => {
    expect(() => formatMoneyPlain(Number.NaN, 'en')).toThrow(RangeError);
  });
});
