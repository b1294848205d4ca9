import { beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../../../../machines/checkout.machine';
import { seedCheckout, takeSeededOrders } from '../../../../src/lib/checkout-seed';

const active = { code: 'ORD1', state: 'AddingItems' } as unknown as Order;

describe('checkout seed (the loader’s orders for the machine’s first fetch)', () => {
  beforeEach(() => {
    // Drop what a previous test left: a take clears the seed.
    takeSeededOrders(null);
  });

  it('answers the orders once for the code they were read for; a retry asks the Shop API', () => {
    seedCheckout({ code: 'ORD1', orders: { active, byCode: active } });

    expect(takeSeededOrders('ORD1')).toEqual({
      active: { code: 'ORD1', state: 'AddingItems' },
      byCode: { code: 'ORD1', state: 'AddingItems' },
    });
    expect(takeSeededOrders('ORD1')).toBeNull();
  });

  it('answers nothing for another order’s code, and forgets the seed', () => {
    seedCheckout({ code: 'ORD1', orders: { active, byCode: null } });

    expect(takeSeededOrders('ORD2')).toBeNull();
    expect(takeSeededOrders('ORD1')).toBeNull();
  });

  it('is not kept on the server, where the module is shared by every request', () => {
    const saved = globalThis.document;
    // @ts-expect-error -- the server has no document
    delete globalThis.document;
    try {
      seedCheckout({ code: 'ORD1', orders: { active, byCode: null } });
    } finally {
      globalThis.document = saved;
    }
    expect(takeSeededOrders('ORD1')).toBeNull();
  });
});
