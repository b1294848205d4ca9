import { describe, expect, it } from 'vitest';
import { paymentTotal } from '../../../../machines/lib/payment-total';

const method = (discount: number | null, increment: number | null) => ({ customFields: { discount, increment } });

describe('paymentTotal', () => {
  it('takes a percentage discount off the order total (rounded to the halala)', () => {
    expect(paymentTotal(12345, method(5, null))).toEqual({ orderTotal: 12345, discount: 617, increment: 0, payable: 11728 });
  });

  it('adds a fee in halalas', () => {
    expect(paymentTotal(20000, method(0, 1500))).toEqual({ orderTotal: 20000, discount: 0, increment: 1500, payable: 21500 });
  });

  it('charges the order total without a method or custom fields', () => {
    expect(paymentTotal(20000, null)).toEqual({ orderTotal: 20000, discount: 0, increment: 0, payable: 20000 });
    expect(paymentTotal(20000, { customFields: null })).toEqual({ orderTotal: 20000, discount: 0, increment: 0, payable: 20000 });
  });

  it('never turns a misconfigured discount into a surcharge or a negative total', () => {
    expect(paymentTotal(20000, method(-10, null)).payable).toBe(20000);
    expect(paymentTotal(20000, method(150, null)).payable).toBe(0);
    expect(paymentTotal(20000, method(null, -500)).payable).toBe(20000);
  });
});
