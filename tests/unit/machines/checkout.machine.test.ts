import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type EventObject } from 'xstate';
import {
  checkoutCouponMachine,
  checkoutMachine,
  checkoutStep,
  type Address,
  type CheckoutInput,
  type OrderStateUpdate,
} from '../../../machines/checkout.machine';
import type { ApplyCouponResult } from '../../../services/cart.service';
import { payableTotal } from '../../../machines/checkout/checkout.selectors';
import {
  ADDRESSES,
  NEVER_ACTORS,
  PAYFORT,
  PAYMENT_METHODS,
  SHIPPING_METHODS,
  never,
  orderAt,
  savedAddress,
  update,
} from './checkout.fixtures';

const FRESH: CheckoutInput = { code: 'ORD1', returning: false, requireVerifiedAddress: false };
const RETURNING: CheckoutInput = { ...FRESH, returning: true };

const resolved = <T, I = unknown>(value: T, spy = vi.fn()) =>
  fromPromise<T, I>(async ({ input }) => {
    spy(input);
    return value;
  });

function start(actors: Record<string, unknown>, input: CheckoutInput = FRESH, actions: Record<string, unknown> = {}) {
  const actor = createActor(checkoutMachine.provide({ actors: { ...NEVER_ACTORS, ...actors } as never, actions: actions as never }), {
    input,
  });
  actor.start();
  return actor;
}

const settled = (actor: ReturnType<typeof start>, state: string) =>
  waitFor(actor, (s) => checkoutStep(s) !== null && JSON.stringify(s.value).includes(state));

describe('checkout machine: loading', () => {
  it.each([
    ['cart', 'address'],
    ['addressed', 'shipping'],
    ['shipped', 'review'],
    ['arranging', 'payment'],
  ] as const)('resumes a %s order at the %s step', async (stage, step) => {
    const actor = start({ fetchCheckoutOrders: resolved({ active: orderAt(stage), byCode: orderAt(stage) }) });

    await waitFor(actor, (s) => !s.matches('loading'));

    expect(checkoutStep(actor.getSnapshot())).toBe(step);
  });

  it('checks out the active order when the code in the URL is not the customer’s', async () => {
    const active = orderAt('addressed', { code: 'MINE' });
    const actor = start({ fetchCheckoutOrders: resolved({ active, byCode: null }) }, { ...FRESH, code: 'SOMEONE-ELSES' });

    await waitFor(actor, (s) => !s.matches('loading'));

    expect(actor.getSnapshot().context.order?.code).toBe('MINE');
    expect(actor.getSnapshot().value).toEqual({ shipping: 'fetching' });
  });

  it('shows an empty checkout when there is no active order', async () => {
    const actor = start({ fetchCheckoutOrders: resolved({ active: null, byCode: null }) });

    await waitFor(actor, (s) => !s.matches('loading'));

    expect(actor.getSnapshot().value).toBe('empty');
  });
});

describe('checkout machine: address, shipping, review', () => {
  it('asks for a code before using an unverified address when the shop requires it', async () => {
    const requestCode = vi.fn();
    const actor = start(
      {
        fetchCheckoutOrders: resolved({ active: orderAt('cart'), byCode: null }),
        fetchAddresses: resolved(ADDRESSES),
        requestAddressVerification: resolved(true, requestCode),
      },
      { ...FRESH, requireVerifiedAddress: true },
    );
    await settled(actor, 'choosing');

    actor.send({ type: 'address.select', addressId: 'a2' });
    actor.send({ type: 'address.submit' });
    await settled(actor, 'awaitingCode');

    expect(requestCode).toHaveBeenCalledWith({ addressId: 'a2' });
  });

  it('uses a verified default address without a code', async () => {
    const setAddress = vi.fn();
    const actor = start(
      {
        fetchCheckoutOrders: resolved({ active: orderAt('cart'), byCode: null }),
        fetchAddresses: resolved(ADDRESSES),
        setOrderAddress: resolved(orderAt('addressed'), setAddress),
      },
      { ...FRESH, requireVerifiedAddress: true },
    );
    await settled(actor, 'choosing');

    actor.send({ type: 'address.submit' });
    await settled(actor, 'shipping');

    expect(setAddress).toHaveBeenCalledWith({ addressId: 'a1' });
  });

  it('back at the address step after a reload, the address the order has is chosen, not the default', async () => {
    const other = { ...savedAddress('a2', true), streetLine1: 'Olaya St 3', city: 'Jeddah' } as Address;
    const addresses = [savedAddress('a1', true, true), other];
    const shipTo = { ...orderAt('addressed').shippingAddress!, streetLine1: 'Olaya St 3', city: 'Jeddah' };
    const actor = start({
      // a reload: the order already ships to a2, the machine starts with nothing chosen
      fetchCheckoutOrders: resolved({ active: orderAt('addressed', { shippingAddress: shipTo }), byCode: null }),
      fetchShippingMethods: resolved(SHIPPING_METHODS),
      fetchAddresses: resolved(addresses),
    });
    await settled(actor, 'choosing');
    expect(actor.getSnapshot().value).toEqual({ shipping: { choosing: 'ready' } });

    actor.send({ type: 'checkout.goto', step: 'address' });
    await settled(actor, '"address":{"choosing"');

    expect(actor.getSnapshot().context.addressId).toBe('a2');
  });

  it('preselects the default address when the order has none of the saved ones', async () => {
    const actor = start({
      fetchCheckoutOrders: resolved({ active: orderAt('cart'), byCode: null }),
      fetchAddresses: resolved([savedAddress('a2', true), savedAddress('a1', true, true)]),
    });
    await settled(actor, 'choosing');

    expect(actor.getSnapshot().context.addressId).toBe('a1');
  });

  it('preselects the only saved address, though it is not marked default (issue 32 §2)', async () => {
    const actor = start({
      fetchCheckoutOrders: resolved({ active: orderAt('cart'), byCode: null }),
      fetchAddresses: resolved([savedAddress('a7', true)]),
    });
    await settled(actor, 'choosing');

    expect(actor.getSnapshot().context.addressId).toBe('a7');
    expect(actor.getSnapshot().can({ type: 'address.submit' })).toBe(true);
  });

  it('chooses nothing among several saved addresses without a default', async () => {
    const actor = start({
      fetchCheckoutOrders: resolved({ active: orderAt('cart'), byCode: null }),
      fetchAddresses: resolved([savedAddress('a7', true), savedAddress('a8', true)]),
    });
    await settled(actor, 'choosing');

    expect(actor.getSnapshot().context.addressId).toBeNull();
    expect(actor.getSnapshot().can({ type: 'address.submit' })).toBe(false);
  });

  it('retries a failed shipping choice with the method the shopper chose', async () => {
    const setShipping = vi.fn();
    let fail = true;
    const actor = start({
      fetchCheckoutOrders: resolved({ active: orderAt('addressed'), byCode: null }),
      fetchShippingMethods: resolved(SHIPPING_METHODS),
      setShippingMethod: fromPromise(async ({ input }: { input: unknown }) => {
        setShipping(input);
        if (fail) throw new Error('offline');
        return { ok: true, order: orderAt('shipped') };
      }),
    });
    await settled(actor, 'choosing');
    actor.send({ type: 'shipping.select', shippingMethodId: 'sm-exp' });
    actor.send({ type: 'shipping.submit' });
    // The failure is a state of its own (the inspector shows it), its retry the way back to saving.
    await waitFor(actor, (s) => s.matches({ shipping: { choosing: 'saveFailed' } }));
    actor.send({ type: 'shipping.select', shippingMethodId: 'sm-std' });
    expect(actor.getSnapshot().can({ type: 'checkout.retry' })).toBe(false);
    actor.send({ type: 'shipping.select', shippingMethodId: 'sm-exp' });
    actor.send({ type: 'shipping.submit' });
    await waitFor(actor, (s) => s.matches({ shipping: { choosing: 'saveFailed' } }));

    fail = false;
    actor.send({ type: 'checkout.retry' });
    await settled(actor, 'review');

    expect(setShipping.mock.calls).toEqual([
      [{ shippingMethodId: 'sm-exp' }],
      [{ shippingMethodId: 'sm-exp' }],
      [{ shippingMethodId: 'sm-exp' }],
    ]);
  });

  it('goes back to shipping with the reason when the order refuses to move to payment', async () => {
    const actor = start({
      fetchCheckoutOrders: resolved({ active: orderAt('shipped'), byCode: null }),
      transitionOrder: resolved({
        ok: false,
        code: 'ORDER_STATE_TRANSITION_ERROR',
        message: 'Cannot transition',
        transitionError: 'No shipping method',
        fromState: 'AddingItems',
        toState: 'ArrangingPayment',
      }),
    });
    await settled(actor, 'idle');
    actor.send({ type: 'checkout.orderChanged', order: orderAt('addressed') });

    actor.send({ type: 'review.confirm' });
    await settled(actor, 'shipping');

    expect(actor.getSnapshot().context.error).toEqual({
      code: 'ORDER_STATE_TRANSITION_ERROR',
      message: 'Cannot transition',
      detail: { transitionError: 'No shipping method' },
    });
  });

  it('runs the coupon form as a child and takes its new totals', async () => {
    const discounted = orderAt('shipped', { couponCodes: ['WELCOME10'], totalWithTax: 20250 });
    const actor = start({
      fetchCheckoutOrders: resolved({ active: orderAt('shipped'), byCode: null }),
      coupon: checkoutCouponMachine.provide({
        actors: { applyCoupon: resolved<ApplyCouponResult, { code: string }>({ ok: true, order: discounted }) },
      }),
    });
    await settled(actor, 'idle');

    actor.system.get('checkoutCoupon')?.send({ type: 'coupon.apply', code: 'WELCOME10' });
    await waitFor(actor, (s) => s.context.order?.totalWithTax === 20250);

    expect(actor.getSnapshot().context.order?.couponCodes).toEqual(['WELCOME10']);
    expect(actor.getSnapshot().value).toEqual({ review: { idle: 'ready' } });
  });

  it('ignores a move by URL to a step the order has not reached', async () => {
    const actor = start({ fetchCheckoutOrders: resolved({ active: orderAt('cart'), byCode: null }), fetchAddresses: resolved(ADDRESSES) });
    await settled(actor, 'choosing');

    actor.send({ type: 'checkout.goto', step: 'review' });

    expect(actor.getSnapshot().value).toEqual({ address: { choosing: 'ready' } });
  });
});

describe('checkout machine: payment', () => {
  const atPayment = (actors: Record<string, unknown>, actions: Record<string, unknown> = {}) =>
    start(
      {
        fetchCheckoutOrders: resolved({ active: orderAt('arranging'), byCode: null }),
        fetchPaymentMethods: resolved(PAYMENT_METHODS),
        ...actors,
      },
      FRESH,
      actions,
    );

  it('signs the card form after AddPayment and hands both to the redirect', async () => {
    const redirectToPayment = vi.fn();
    const actor = atPayment(
      {
        addPayment: resolved({ ok: true, order: orderAt('arranging'), paymentUrl: 'http://sandbox/pay/ref' }),
        fetchPayFortSignature: resolved(PAYFORT),
      },
      { redirectToPayment: (_: unknown, params: unknown) => redirectToPayment(params) },
    );
    await settled(actor, 'choosing');

    actor.send({ type: 'payment.select', method: 'payfort-card' });
    actor.send({ type: 'payment.submit' });
    await settled(actor, 'redirecting');

    expect(redirectToPayment).toHaveBeenCalledWith({ paymentUrl: 'http://sandbox/pay/ref', payFort: PAYFORT });
  });

  it('places a cash-on-delivery order at once and resets the cart count', async () => {
    const resetCartCount = vi.fn();
    const actor = atPayment({ addPayment: resolved({ ok: true, order: orderAt('paid'), paymentUrl: null }) }, { resetCartCount });
    await settled(actor, 'choosing');

    actor.send({ type: 'payment.select', method: 'cash-on-delivery' });
    actor.send({ type: 'payment.submit' });
    await waitFor(actor, (s) => s.status === 'done');

    expect(actor.getSnapshot().context.placedOrderCode).toBe('ORD1');
    expect(resetCartCount).toHaveBeenCalledTimes(1);
  });

  it('sends one AddPayment however often the button is pressed', async () => {
    const addPayment = vi.fn();
    const actor = atPayment({ addPayment: fromPromise(() => (addPayment(), new Promise(() => {}))) });
    await settled(actor, 'choosing');
    actor.send({ type: 'payment.select', method: 'tamara' });

    actor.send({ type: 'payment.submit' });
    actor.send({ type: 'payment.submit' });
    actor.send({ type: 'payment.select', method: 'cash-on-delivery' });

    expect(addPayment).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.paymentMethodCode).toBe('tamara');
  });

  it('does not select a method the server marked ineligible', async () => {
    const actor = atPayment({});
    await settled(actor, 'choosing');

    actor.send({ type: 'payment.select', method: 'tabby' });

    expect(actor.getSnapshot().context.paymentMethodCode).toBeNull();
  });

  it('reopens the order before going back to shipping', async () => {
    const transition = vi.fn();
    const actor = atPayment({
      transitionOrder: resolved({ ok: true, order: orderAt('shipped') }, transition),
      fetchShippingMethods: never(),
    });
    await settled(actor, 'choosing');

    actor.send({ type: 'checkout.goto', step: 'shipping' });
    await settled(actor, 'shipping');

    expect(transition).toHaveBeenCalledWith({ state: 'AddingItems' });
  });

  it('applies the method’s discount or fee to the total the shopper pays', () => {
    const context = { order: orderAt('shipped'), paymentMethods: PAYMENT_METHODS, paymentMethodCode: null };

    expect(payableTotal(context, 'tamara')).toEqual({ orderTotal: 22500, discount: 1125, increment: 0, payable: 21375 });
    expect(payableTotal(context, 'cash-on-delivery')).toEqual({ orderTotal: 22500, discount: 0, increment: 1500, payable: 24000 });
    expect(payableTotal(context, 'payfort-card')).toEqual({ orderTotal: 22500, discount: 0, increment: 0, payable: 22500 });
  });

  it('previews from the total without the surcharge of a method already added (no double counting)', () => {
    // Cash on delivery was added: the backend put its 15 SAR fee on the order (22500 + 1500).
    const order = {
      ...orderAt('shipped'),
      totalWithTax: 24000,
      surcharges: [{ description: 'Cash on delivery fee', sku: 'payment-method:cash-on-delivery', price: 1304, priceWithTax: 1500 }],
    };
    const context = { order, paymentMethods: PAYMENT_METHODS, paymentMethodCode: 'cash-on-delivery' };

    expect(payableTotal(context)).toEqual({ orderTotal: 22500, discount: 0, increment: 1500, payable: 24000 });
    expect(payableTotal(context, 'tamara')).toEqual({ orderTotal: 22500, discount: 1125, increment: 0, payable: 21375 });
  });
});

describe('checkout machine: return from the payment page', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const live = (updates: OrderStateUpdate[] | 'fails') =>
    fromCallback<EventObject, { orderCode: string }>(({ sendBack }) => {
      if (updates === 'fails') sendBack({ type: 'order.watchFailed' });
      else for (const u of updates) sendBack({ type: 'order.stateChanged', update: u });
    });
  const returning = (actors: Record<string, unknown>, actions: Record<string, unknown> = {}) =>
    start({ fetchCheckoutOrders: resolved({ active: orderAt('arranging'), byCode: orderAt('arranging') }), ...actors }, RETURNING, actions);

  it('confirms until the payment settles, then shows success and resets the cart count', async () => {
    const resetCartCount = vi.fn();
    const actor = returning(
      { watchOrderState: live([update('ArrangingPayment', 'Pending'), update('PaymentSettled', 'Settled')]) },
      { resetCartCount },
    );

    await vi.runAllTimersAsync();

    expect(actor.getSnapshot().value).toBe('success');
    expect(actor.getSnapshot().context.placedOrderCode).toBe('ORD1');
    expect(resetCartCount).toHaveBeenCalledTimes(1);
  });

  it('stays confirming while the payment is pending', async () => {
    const actor = returning({ watchOrderState: live([update('ArrangingPayment', 'Pending')]) });

    await vi.runAllTimersAsync();

    expect(actor.getSnapshot().value).toEqual({ confirming: 'watching' });
    expect(checkoutStep(actor.getSnapshot())).toBe('confirming');
  });

  it.each([
    ['Declined', 'PAYMENT_DECLINED'],
    ['Cancelled', 'PAYMENT_CANCELLED'],
  ])('goes back to payment with the reason when the payment is %s, cart intact', async (paymentState, code) => {
    const resetCartCount = vi.fn();
    const actor = returning(
      { watchOrderState: live([update('ArrangingPayment', paymentState)]), fetchPaymentMethods: resolved(PAYMENT_METHODS) },
      { resetCartCount },
    );

    await vi.runAllTimersAsync();

    expect(actor.getSnapshot().value).toEqual({ payment: { choosing: 'ready' } });
    expect(actor.getSnapshot().context.error).toEqual({ code, message: '' });
    expect(resetCartCount).not.toHaveBeenCalled();
  });

  it('polls with backoff when the live socket fails', async () => {
    const poll = vi.fn();
    const answers = [
      update('ArrangingPayment', 'Pending'),
      update('ArrangingPayment', 'Pending'),
      update('PaymentAuthorized', 'Authorized'),
    ];
    const actor = returning({
      watchOrderState: live('fails'),
      fetchOrderState: fromPromise(async () => {
        poll(Date.now());
        return answers.shift() ?? null;
      }),
    });
    const t0 = Date.now();

    await vi.runAllTimersAsync();

    expect(poll.mock.calls.map(([t]) => (t as number) - t0)).toEqual([1000, 3000, 7000]);
    expect(actor.getSnapshot().value).toBe('success');
  });

  it('asks the shopper after the last poll and checks again on retry', async () => {
    const actor = returning({ watchOrderState: live('fails'), fetchOrderState: resolved(update('ArrangingPayment', 'Pending')) });

    await vi.runAllTimersAsync();
    expect(actor.getSnapshot().value).toBe('unconfirmed');

    actor.send({ type: 'checkout.retry' });
    // Watching again; this socket fails at once, so polling restarts from the first delay.
    expect(actor.getSnapshot().value).toEqual({ confirming: { polling: 'waiting' } });
    expect(actor.getSnapshot().context.pollAttempt).toBe(0);
  });
});
