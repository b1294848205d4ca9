// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { orderSettlement } from '../../../../src/lib/order-settlement';

describe('orderSettlement (the order page: cancelled, paid, refunded)', () => {
  it('a cancelled cash-on-delivery order owes nothing and has nothing to refund', () => {
    const s = orderSettlement({
      state: 'Cancelled',
      payments: [{ method: 'cash-on-delivery', state: 'Cancelled', amount: 13000, refunds: [] }],
    });
    expect(s).toEqual({ cancelled: true, paid: 0, refunds: [], refunded: 0, toRefund: 0 });
  });

  it('a cancelled paid order has its payment to refund until refunds cover it', () => {
    const s = orderSettlement({
      state: 'Cancelled',
      payments: [
        {
          method: 'payfort-card',
          state: 'Settled',
          amount: 13000,
          refunds: [
            { total: 3000, state: 'Settled', createdAt: '2026-12-02T10:00:00.000Z' },
            { total: 5000, state: 'Pending', createdAt: '2026-12-03T10:00:00.000Z' },
            { total: 2000, state: 'Settled', createdAt: '2026-12-01T10:00:00.000Z' },
          ],
        },
      ],
    });
    expect(s.refunds).toEqual([
      { amount: 2000, at: '2026-12-01T10:00:00.000Z', method: 'payfort-card' },
      { amount: 3000, at: '2026-12-02T10:00:00.000Z', method: 'payfort-card' },
    ]);
    expect(s).toMatchObject({ cancelled: true, paid: 13000, refunded: 5000, toRefund: 8000 });
  });

  it('an order still going lists its settled refunds and has nothing "to refund"', () => {
    const s = orderSettlement({
      state: 'Delivered',
      payments: [
        {
          method: 'tamara',
          state: 'Settled',
          amount: 20000,
          refunds: [{ total: 4500, state: 'Settled', createdAt: '2026-12-05T08:00:00.000Z' }],
        },
      ],
    });
    expect(s).toEqual({
      cancelled: false,
      paid: 20000,
      refunds: [{ amount: 4500, at: '2026-12-05T08:00:00.000Z', method: 'tamara' }],
      refunded: 4500,
      toRefund: 0,
    });
  });
});
