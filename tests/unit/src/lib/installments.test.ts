import { describe, expect, it } from 'vitest';
import { installmentOffer, splitIntoInstallments, type InstallmentTerms } from '../../../../src/lib/installments';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('splitIntoInstallments: whole halalas that add up to the total, the last taking the remainder', () => {
  it.each([
    // total (halalas), payments, expected
    [43000, 4, [10750, 10750, 10750, 10750]], // SAR 430 in 4: 107.50 each
    [43001, 4, [10750, 10750, 10750, 10751]],
    [43003, 4, [10750, 10750, 10750, 10753]], // the largest remainder: count − 1 halalas
    [10000, 3, [3333, 3333, 3334]], // SAR 100 in 3
    [39900, 3, [13300, 13300, 13300]],
    [12999, 4, [3249, 3249, 3249, 3252]],
    [649900, 4, [162475, 162475, 162475, 162475]],
    [1, 4, [0, 0, 0, 1]],
    [0, 3, [0, 0, 0]],
  ])('%i in %i → %j', (total, count, expected) => {
    const payments = splitIntoInstallments(total, count);
    expect(payments).toEqual(expected);
    expect(sum(payments)).toBe(total);
  });

  it('adds up exactly for every total from 0 to 5,000 halalas in 2 to 6 payments, no payment above the last', () => {
    const wrong: string[] = [];
    for (let count = 2; count <= 6; count++) {
      for (let total = 0; total <= 5000; total++) {
        const payments = splitIntoInstallments(total, count);
        const last = payments.at(-1)!;
        const even = payments.slice(0, -1).every((p) => p === payments[0] && p <= last && last - p < count);
        if (payments.length !== count || sum(payments) !== total || !even) wrong.push(`${total}/${count}: ${payments.join(',')}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses what is not an amount in halalas or a number of payments', () => {
    expect(() => splitIntoInstallments(100.5, 4)).toThrow(RangeError);
    expect(() => splitIntoInstallments(-100, 4)).toThrow(RangeError);
    expect(() => splitIntoInstallments(100, 0)).toThrow(RangeError);
  });
});

const tabby: InstallmentTerms = { methodCode: 'tabby', installments: 4, interestFree: true, minTotal: 5000, maxTotal: 300000 };

describe('installmentOffer: a plan applied to a total within the provider’s limits', () => {
  it('splits a total inside the limits, the limits included', () => {
    expect(installmentOffer(43001, tabby)).toEqual({
      kind: 'split',
      methodCode: 'tabby',
      interestFree: true,
      payments: [10750, 10750, 10750, 10751],
      regular: 10750,
      last: 10751,
    });
    expect(installmentOffer(5000, tabby)).toMatchObject({ kind: 'split', regular: 1250, last: 1250 });
    expect(installmentOffer(300000, tabby)).toMatchObject({ kind: 'split', regular: 75000 });
  });

  it('below the minimum names the minimum, above the maximum the maximum, and splits nothing', () => {
    expect(installmentOffer(4999, tabby)).toEqual({ kind: 'below-minimum', methodCode: 'tabby', minTotal: 5000 });
    expect(installmentOffer(300001, tabby)).toEqual({ kind: 'above-maximum', methodCode: 'tabby', maxTotal: 300000 });
  });

  it('without limits any positive total is split', () => {
    expect(installmentOffer(99, { ...tabby, minTotal: null, maxTotal: null })).toMatchObject({ kind: 'split', payments: [24, 24, 24, 27] });
  });

  it('says nothing without a total yet, for nothing to pay, or for a “plan” of one payment', () => {
    expect(installmentOffer(null, tabby)).toBeNull();
    expect(installmentOffer(undefined, tabby)).toBeNull();
    expect(installmentOffer(0, tabby)).toBeNull();
    expect(installmentOffer(43000, { ...tabby, installments: 1 })).toBeNull();
  });
});
