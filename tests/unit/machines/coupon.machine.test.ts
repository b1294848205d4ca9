import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { couponMachine } from '../../../machines/coupon.machine';
import type { ApplyCouponResult, Order } from '../../../services/cart.service';
import { fakeOrder } from './cart-fixtures';

function start(fakes: { apply?: (code: string) => Promise<ApplyCouponResult>; remove?: (code: string) => Promise<Order | null> }) {
  const spies = {
    apply: vi.fn(fakes.apply ?? (async () => ({ ok: true as const, order: fakeOrder([]) }))),
    remove: vi.fn(fakes.remove ?? (async () => fakeOrder([]))),
    orderChanged: vi.fn<(p: { order: Order | null }) => void>(),
  };
  const actor = createActor(
    couponMachine.provide({
      actors: {
        applyCoupon: fromPromise(({ input }) => spies.apply(input.code)),
        removeCoupon: fromPromise(({ input }) => spies.remove(input.code)),
      },
      actions: { orderChanged: (_, p) => spies.orderChanged(p) },
    }),
  ).start();
  const idle = () => vi.waitFor(() => expect(actor.getSnapshot().value).toBe('idle'));
  return { actor, spies, idle };
}

describe('coupon machine', () => {
  it('applies a valid code (trimmed) and hands the discounted order to the cart', async () => {
    const discounted = fakeOrder([{ id: 'l1', variantId: 'v1', quantity: 1 }], { couponCodes: ['WELCOME10'] });
    const { actor, spies, idle } = start({ apply: async () => ({ ok: true, order: discounted }) });

    actor.send({ type: 'coupon.apply', code: '  WELCOME10 ' });
    expect(actor.getSnapshot().value).toBe('applying');
    await idle();

    expect(spies.apply).toHaveBeenCalledWith('WELCOME10');
    expect(spies.orderChanged).toHaveBeenCalledWith({ order: discounted });
    expect(actor.getSnapshot().context).toMatchObject({ error: null, applied: 'WELCOME10' });
  });

  it.each([
    { code: 'COUPON_CODE_EXPIRED_ERROR', message: 'Coupon code "EXPIRED20" has expired' },
    { code: 'COUPON_CODE_INVALID_ERROR', message: 'Coupon code "NOPE" is not valid' },
    { code: 'COUPON_CODE_LIMIT_ERROR', message: 'Coupon code "LIMITED5" has been used too many times', limit: 1 },
    { code: 'COUPON_CODE_COMBINATION_ERROR', message: 'Only one coupon per order', appliedCouponCode: 'WELCOME10' },
  ] as const)('$code: its own error, the cart is untouched', async (failure) => {
    const { actor, spies, idle } = start({ apply: async () => ({ ok: false, ...failure }) });

    actor.send({ type: 'coupon.apply', code: 'X' });
    await idle();

    expect(actor.getSnapshot().context.error).toEqual(failure);
    expect(spies.orderChanged).not.toHaveBeenCalled();
  });

  it('an empty code never reaches the server', () => {
    const { actor, spies } = start({});

    actor.send({ type: 'coupon.apply', code: '   ' });

    expect(actor.getSnapshot().context.error?.code).toBe('EMPTY');
    expect(spies.apply).not.toHaveBeenCalled();
  });

  it('a click while applying is ignored', async () => {
    const { actor, spies, idle } = start({});

    actor.send({ type: 'coupon.apply', code: 'WELCOME10' });
    actor.send({ type: 'coupon.apply', code: 'WELCOME10' });
    await idle();

    expect(spies.apply).toHaveBeenCalledTimes(1);
  });

  it('a network failure offers a retry of the same request', async () => {
    let attempt = 0;
    const { actor, spies, idle } = start({
      apply: async () => {
        if (++attempt === 1) throw new TypeError('Failed to fetch');
        return { ok: true, order: fakeOrder([]) };
      },
    });

    actor.send({ type: 'coupon.apply', code: 'WELCOME10' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toEqual({ code: 'NETWORK', message: 'Failed to fetch' }));
    actor.send({ type: 'coupon.retry' });
    await idle();

    expect(spies.apply).toHaveBeenNthCalledWith(2, 'WELCOME10');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(spies.orderChanged).toHaveBeenCalledTimes(1);
  });

  it('a failure while the store is down is marked unavailable; its retry succeeds once the store is back', async () => {
    let attempt = 0;
    const down = Object.assign(new Error('The store is briefly unavailable.'), { status: 503, code: 'STORE_UNAVAILABLE' });
    const { actor, spies, idle } = start({
      apply: async () => {
        if (++attempt === 1) throw down;
        return { ok: true, order: fakeOrder([]) };
      },
    });

    actor.send({ type: 'coupon.apply', code: 'WELCOME10' });
    await vi.waitFor(() =>
      expect(actor.getSnapshot().context.error).toEqual({
        code: 'NETWORK',
        message: 'The store is briefly unavailable.',
        unavailable: true,
      }),
    );
    actor.send({ type: 'coupon.retry' });
    await idle();
    expect(spies.apply).toHaveBeenNthCalledWith(2, 'WELCOME10');
    expect(actor.getSnapshot().context).toMatchObject({ error: null, applied: 'WELCOME10' });
  });

  it('removes a code and hands the new order to the cart', async () => {
    const plain = fakeOrder([{ id: 'l1', variantId: 'v1', quantity: 1 }]);
    const { actor, spies, idle } = start({ remove: async () => plain });

    actor.send({ type: 'coupon.remove', code: 'WELCOME10' });
    await idle();

    expect(spies.remove).toHaveBeenCalledWith('WELCOME10');
    expect(spies.orderChanged).toHaveBeenCalledWith({ order: plain });
  });
});
