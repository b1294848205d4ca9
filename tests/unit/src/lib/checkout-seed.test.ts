import { beforeEach, describe, expect, it } from 'vitest';
import type { Address, Order, ShippingMethod } from '../../../../machines/checkout.machine';
import { seedCheckout, takeSeededOrders, takeSeededStep } from '../../../../src/lib/checkout-seed';

const active = { code: 'ORD1', state: 'AddingItems' } as unknown as Order;
const home = { id: 'a1', fullName: 'Sara' } as unknown as Address;
const standard = { id: 'sm-std', name: 'Standard' } as unknown as ShippingMethod;

describe('checkout seed (the loader’s data for the machine’s first fetches)', () => {
  beforeEach(() => {
    // Drop what a previous test left: a take without a seed clears it.
    takeSeededStep('addresses');
  });

  it('answers the orders once for the code it was read for, then the first step fetch, then nothing', () => {
    seedCheckout({ code: 'ORD1', orders: { active, byCode: active }, addresses: [home] });

    expect(takeSeededOrders('ORD1')).toEqual({
      active: { code: 'ORD1', state: 'AddingItems' },
      byCode: { code: 'ORD1', state: 'AddingItems' },
    });
    expect(takeSeededStep('addresses')).toEqual([{ id: 'a1', fullName: 'Sara' }]);
    expect(takeSeededStep('addresses')).toBeNull();
    expect(takeSeededOrders('ORD1')).toBeNull();
  });

  it('answers a second orders fetch (a retry) from the Shop API, and forgets the step data', () => {
    seedCheckout({ code: 'ORD1', orders: { active, byCode: null }, addresses: [home] });

    takeSeededOrders('ORD1');
    expect(takeSeededOrders('ORD1')).toBeNull();
    expect(takeSeededStep('addresses')).toBeNull();
  });

  it('answers nothing for another order’s code, and forgets the seed', () => {
    seedCheckout({ code: 'ORD1', orders: { active, byCode: null }, addresses: [home] });

    expect(takeSeededOrders('ORD2')).toBeNull();
    expect(takeSeededOrders('ORD1')).toBeNull();
    expect(takeSeededStep('addresses')).toBeNull();
  });

  it('gives step data only after the orders, and only to the first step fetch', () => {
    seedCheckout({ code: 'ORD1', orders: { active, byCode: null }, shippingMethods: [standard] });
    expect(takeSeededStep('shippingMethods')).toBeNull();

    seedCheckout({ code: 'ORD1', orders: { active, byCode: null }, shippingMethods: [standard] });
    takeSeededOrders('ORD1');
    // The machine resumed elsewhere (the order changed since the server render): a later step fetches.
    expect(takeSeededStep('addresses')).toBeNull();
    expect(takeSeededStep('shippingMethods')).toBeNull();
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
