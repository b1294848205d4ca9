import { describe, expect, it } from 'vitest';
import {
  CARD_METHOD,
  MAX_POLL_ATTEMPTS,
  hasShippingAddress,
  hasShippingMethod,
  isPaid,
  isReachable,
  networkError,
  orderAddressId,
  payError,
  payOutcome,
  pollDelay,
  refusalOf,
  refusalTarget,
  resumeOrder,
  resumeTarget,
  stepOfOrder,
  transitionError,
  verdictOf,
  verifyError,
} from '../../../../machines/checkout/checkout.rules';
import type { AddPaymentResult, Order, TransitionResult, VerifyAddressResult } from '../../../../machines/checkout.machine';
import { orderAt, savedAddress } from '../checkout.fixtures';

// The checkout's rules, one table each, written from what the shopper and the backend agree on
// (Vendure's order states and error codes; the payment provider's states): not read from the code.

const upd = (state: string, paymentState: string | null) => ({ orderCode: 'ORD1', state, paymentState });

describe('isPaid: the order states after a successful payment', () => {
  it.each([
    ['PaymentAuthorized', true],
    ['PaymentSettled', true],
    ['PartiallyShipped', true],
    ['Shipped', true],
    ['PartiallyDelivered', true],
    ['Delivered', true],
    ['AddingItems', false],
    ['ArrangingPayment', false],
    ['Cancelled', false],
    ['Draft', false],
    ['', false],
    [null, false],
    [undefined, false],
  ] as const)('%s → %s', (state, paid) => expect(isPaid(state)).toBe(paid));
});

describe('verdictOf: the live order state decides, never the return URL', () => {
  it.each([
    ['no news yet', null, 'pending'],
    ['authorised', upd('PaymentAuthorized', 'Authorized'), 'paid'],
    ['settled', upd('PaymentSettled', 'Settled'), 'paid'],
    ['shipped already (an old reload)', upd('Shipped', 'Settled'), 'paid'],
    ['a payment still pending at the provider', upd('ArrangingPayment', 'Pending'), 'pending'],
    ['declined', upd('ArrangingPayment', 'Declined'), 'refused'],
    ['cancelled at the provider', upd('ArrangingPayment', 'Cancelled'), 'refused'],
    ['an error at the provider', upd('ArrangingPayment', 'Error'), 'refused'],
    ['ArrangingPayment without a payment: came back without paying', upd('ArrangingPayment', null), 'refused'],
    ['reopened to AddingItems without a payment', upd('AddingItems', null), 'pending'],
    ['a declined payment on an order no longer arranging', upd('AddingItems', 'Declined'), 'pending'],
  ] as const)('%s → %s', (_, update, verdict) => expect(verdictOf(update)).toBe(verdict));
});

describe('refusalOf: what the shopper is told after a refused payment', () => {
  it.each([
    [upd('ArrangingPayment', 'Cancelled'), 'PAYMENT_CANCELLED'],
    [upd('ArrangingPayment', null), 'PAYMENT_CANCELLED'],
    [null, 'PAYMENT_CANCELLED'],
    [upd('ArrangingPayment', 'Declined'), 'PAYMENT_DECLINED'],
    [upd('ArrangingPayment', 'Error'), 'PAYMENT_DECLINED'],
  ] as const)('%j → %s', (update, code) => expect(refusalOf(update)).toEqual({ code, message: '' }));
});

describe('polling when the live socket fails: 1 s, 2 s, 4 s … capped at 15 s, 8 attempts', () => {
  it.each([
    [0, 1000],
    [1, 2000],
    [2, 4000],
    [3, 8000],
    [4, 15_000],
    [7, 15_000],
  ])('attempt %i waits %i ms', (attempt, ms) => expect(pollDelay(attempt)).toBe(ms));
  it('asks the shopper after 8 attempts', () => expect(MAX_POLL_ATTEMPTS).toBe(8));
});

describe('the order facts a step needs', () => {
  const noStreet = orderAt('addressed', {
    shippingAddress: { ...orderAt('addressed').shippingAddress, streetLine1: '' },
  } as Partial<Order>);
  it.each([
    ['an order with a street', orderAt('addressed'), true],
    ["Vendure's address of nulls", orderAt('cart'), false],
    ['an empty street', noStreet, false],
    ['no shippingAddress at all', orderAt('cart', { shippingAddress: null } as never), false],
    ['no order', null, false],
  ] as const)('hasShippingAddress(%s) → %s', (_, order, has) => expect(hasShippingAddress(order)).toBe(has));
  it.each([
    ['a shipping line', orderAt('shipped'), true],
    ['no shipping line', orderAt('addressed'), false],
    ['no order', null, false],
  ] as const)('hasShippingMethod(%s) → %s', (_, order, has) => expect(hasShippingMethod(order)).toBe(has));
});

describe('stepOfOrder: a reload resumes where the order stands', () => {
  it.each([
    ['cart', orderAt('cart'), 'address'],
    ['addressed', orderAt('addressed'), 'shipping'],
    ['shipped', orderAt('shipped'), 'review'],
    ['arranging payment', orderAt('arranging'), 'payment'],
    // ArrangingPayment wins even if the copy of the address were missing: the order must be reopened first.
    ['arranging without an address', orderAt('cart', { state: 'ArrangingPayment' }), 'payment'],
  ] as const)('%s → %s', (_, order, step) => expect(stepOfOrder(order)).toBe(step));
});

describe('isReachable: back/forward opens only steps the order already reached', () => {
  const table = [
    ['cart', orderAt('cart'), { address: true, shipping: false, review: false, payment: false }],
    ['addressed', orderAt('addressed'), { address: true, shipping: true, review: false, payment: false }],
    ['shipped', orderAt('shipped'), { address: true, shipping: true, review: true, payment: true }],
    [
      'shipping without an address',
      orderAt('cart', { shippingLines: orderAt('shipped').shippingLines }),
      { address: true, shipping: false, review: false, payment: false },
    ],
    ['no order', null, { address: false, shipping: false, review: false, payment: false }],
  ] as const;
  it.each(table)('%s', (_, order, steps) => {
    for (const [step, reachable] of Object.entries(steps)) expect(isReachable(order, step as never), step).toBe(reachable);
  });
});

describe('resumeTarget / resumeOrder: where a (re)loaded checkout starts and which order it shows', () => {
  const cart = orderAt('cart');
  const paid = orderAt('paid');
  const arranging = orderAt('arranging');
  it.each([
    ['nothing at all', { active: null, byCode: null }, false, 'empty', null],
    ['a paid order by its code', { active: null, byCode: paid }, false, 'success', paid],
    ['a paid order, back from the provider', { active: null, byCode: paid }, true, 'successReturn', paid],
    ['back from the provider, still arranging', { active: arranging, byCode: arranging }, true, 'confirming', arranging],
    // the order being confirmed is the one the provider paid for, not whatever cart is active now
    ['back from the provider, another cart active', { active: cart, byCode: arranging }, true, 'confirming', arranging],
    ['arranging, not a return', { active: arranging, byCode: arranging }, false, 'payment', arranging],
    ['back from the provider, order reopened', { active: cart, byCode: cart }, true, 'address', cart],
    ['a return naming a foreign code', { active: cart, byCode: null }, true, 'address', cart],
    ['the active order, a foreign code', { active: orderAt('addressed'), byCode: null }, false, 'shipping', orderAt('addressed')],
    ['a shipped order', { active: orderAt('shipped'), byCode: null }, false, 'review', orderAt('shipped')],
    ['a return with no active order and no order by code', { active: null, byCode: null }, true, 'empty', null],
  ] as const)('%s → %s', (_, orders, returning, target, order) => {
    expect(resumeTarget(orders, returning)).toBe(target);
    expect(resumeOrder(orders, returning)).toEqual(order);
  });
});

describe('orderAddressId: the saved address the order already ships to', () => {
  const a1 = savedAddress('a1', true, true);
  const a2 = savedAddress('a2', false);
  const other = { ...savedAddress('a3', true), streetLine1: 'Olaya St 3' };
  const cases: [string, ReturnType<typeof savedAddress>[], Order | null, string | null][] = [
    ['no order', [a1], null, null],
    ['an order without an address', [a1], orderAt('cart'), null],
    ['two equal copies: the default wins', [a2, a1], orderAt('addressed'), 'a1'],
    ['one equal copy, not the default', [other, a2], orderAt('addressed'), 'a2'],
    ['no equal copy', [other], orderAt('addressed'), null],
    [
      'case and spaces do not matter',
      [{ ...other, id: 'a4', streetLine1: '  KING fahd rd 12 ', city: 'riyadh' }],
      orderAt('addressed'),
      'a4',
    ],
  ];
  it.each(cases)('%s → %s', (_, addresses, order, id) => expect(orderAddressId(addresses, order)).toBe(id));
  it('an empty second line on the order is the saved address without one', () => {
    const order = orderAt('addressed');
    const copy = { ...order, shippingAddress: { ...order.shippingAddress, streetLine2: '' } } as Order;
    expect(orderAddressId([a2], copy)).toBe('a2');
  });
  it.each([
    ['fullName', 'Huda Ali'],
    ['streetLine2', 'Flat 4'],
    ['city', 'Jeddah'],
    ['postalCode', '99999'],
    ['phoneNumber', '+966511111111'],
  ])('a different %s is another address', (field, value) => {
    expect(orderAddressId([{ ...other, ...a2, [field]: value }], orderAt('addressed'))).toBeNull();
  });
  it('a different country is another address', () => {
    expect(orderAddressId([{ ...a2, country: { id: '2', code: 'AE', name: 'UAE' } } as never], orderAt('addressed'))).toBeNull();
  });
});

describe('payOutcome: what follows an added payment', () => {
  const pending = (paymentUrl: string | null): AddPaymentResult => ({ ok: true, order: orderAt('arranging'), paymentUrl });
  it.each([
    ['the card with a provider page: sign the card form', pending('https://sbcheckout.payfort.com/x'), CARD_METHOD, 'signCard'],
    ['an instalment provider page (Tamara)', pending('https://tamara/checkout'), 'tamara', 'redirect'],
    ['an instalment provider page (Tabby)', pending('https://tabby/checkout'), 'tabby', 'redirect'],
    ['cash on delivery, authorised at once: placed', { ok: true, order: orderAt('paid'), paymentUrl: null }, 'cash-on-delivery', 'placed'],
    ['settled at once: placed', { ok: true, order: orderAt('settled'), paymentUrl: null }, 'cash-on-delivery', 'placed'],
    ['no page and not paid: not placed', pending(null), 'cash-on-delivery', 'failed'],
    ['a refusal', { ok: false, code: 'PAYMENT_DECLINED_ERROR', message: 'no', paymentErrorMessage: 'no' }, CARD_METHOD, 'failed'],
  ] as const)('%s → %s', (_, result, method, outcome) => expect(payOutcome(result as AddPaymentResult, method)).toBe(outcome));
  it('the card method is the seeded PayFort card', () => expect(CARD_METHOD).toBe('payfort-card'));
});

describe('payError: the reason a payment was not taken, with the facts the view shows', () => {
  it.each([
    [
      'an ineligible method (e.g. cash on delivery above its limit)',
      { ok: false, code: 'INELIGIBLE_PAYMENT_METHOD_ERROR', message: 'm', eligibilityCheckerMessage: 'Up to SAR 2,000' },
      { code: 'INELIGIBLE_PAYMENT_METHOD_ERROR', message: 'm', detail: { eligibilityMessage: 'Up to SAR 2,000' } },
    ],
    [
      'failed',
      { ok: false, code: 'PAYMENT_FAILED_ERROR', message: 'm', paymentErrorMessage: 'Insufficient funds' },
      { code: 'PAYMENT_FAILED_ERROR', message: 'm', detail: { paymentErrorMessage: 'Insufficient funds' } },
    ],
    [
      'declined',
      { ok: false, code: 'PAYMENT_DECLINED_ERROR', message: 'm', paymentErrorMessage: 'Do not honour' },
      { code: 'PAYMENT_DECLINED_ERROR', message: 'm', detail: { paymentErrorMessage: 'Do not honour' } },
    ],
    [
      'a refused state change',
      { ok: false, code: 'ORDER_STATE_TRANSITION_ERROR', message: 'm', transitionError: 'No shipping' },
      { code: 'ORDER_STATE_TRANSITION_ERROR', message: 'm', detail: { transitionError: 'No shipping' } },
    ],
    [
      'a coupon removed meanwhile: the new total',
      {
        ok: false,
        code: 'COUPON_REMOVED_DURING_CHECKOUT_ERROR',
        message: 'm',
        removedCouponCodes: ['X'],
        previousTotalWithTax: 100,
        newTotalWithTax: 120,
      },
      { code: 'COUPON_REMOVED_DURING_CHECKOUT_ERROR', message: 'm', detail: { newTotalWithTax: 120 } },
    ],
    ['no active order', { ok: false, code: 'NO_ACTIVE_ORDER_ERROR', message: 'm' }, { code: 'NO_ACTIVE_ORDER_ERROR', message: 'm' }],
    [
      'an ok answer that did not place the order',
      { ok: true, order: orderAt('arranging'), paymentUrl: null },
      { code: 'PAYMENT_NOT_PLACED', message: '' },
    ],
  ] as const)('%s', (_, result, error) => expect(payError(result as AddPaymentResult)).toEqual(error));
});

describe('refusalTarget: a refused move to ArrangingPayment goes back to the step that can fix it', () => {
  const refused: TransitionResult = {
    ok: false,
    code: 'ORDER_STATE_TRANSITION_ERROR',
    message: 'm',
    transitionError: 't',
    fromState: 'AddingItems',
    toState: 'ArrangingPayment',
  };
  it.each([
    ['ok', { ok: true, order: orderAt('arranging') } as TransitionResult, orderAt('shipped'), null],
    ['no active order', { ok: false, code: 'NO_ACTIVE_ORDER_ERROR', message: 'm' } as TransitionResult, orderAt('shipped'), 'empty'],
    ['the order has no address', refused, orderAt('cart'), 'address'],
    ['the order has no shipping method', refused, orderAt('addressed'), 'shipping'],
    ['anything else', refused, orderAt('shipped'), 'review'],
  ] as const)('%s → %s', (_, result, order, target) => expect(refusalTarget(result, order)).toBe(target));
});

describe('transitionError / verifyError', () => {
  it.each([
    [
      { ok: true, order: orderAt('arranging') },
      { code: 'UNKNOWN', message: '' },
    ],
    [
      { ok: false, code: 'NO_ACTIVE_ORDER_ERROR', message: 'gone' },
      { code: 'NO_ACTIVE_ORDER_ERROR', message: 'gone' },
    ],
    [
      { ok: false, code: 'ORDER_STATE_TRANSITION_ERROR', message: 'm', transitionError: 'No shipping', fromState: 'A', toState: 'B' },
      { code: 'ORDER_STATE_TRANSITION_ERROR', message: 'm', detail: { transitionError: 'No shipping' } },
    ],
  ] as const)('transition %j', (result, error) => expect(transitionError(result as TransitionResult)).toEqual(error));

  it.each([
    [
      { ok: true, address: savedAddress('a1', true) },
      { code: 'UNKNOWN', message: '' },
    ],
    [
      { ok: false, code: 'VERIFICATION_CODE_INVALID_ERROR', message: 'wrong', attemptsLeft: 2 },
      { code: 'VERIFICATION_CODE_INVALID_ERROR', message: 'wrong', detail: { attemptsLeft: 2 } },
    ],
    [
      { ok: false, code: 'RATE_LIMIT_ERROR', message: 'slow', retryAfterSeconds: 60 },
      { code: 'RATE_LIMIT_ERROR', message: 'slow', detail: { retryAfterSeconds: 60 } },
    ],
    [
      { ok: false, code: 'VERIFICATION_TOKEN_EXPIRED_ERROR', message: 'old' },
      { code: 'VERIFICATION_TOKEN_EXPIRED_ERROR', message: 'old' },
    ],
  ] as const)('verify %j', (result, error) => expect(verifyError(result as VerifyAddressResult)).toStrictEqual(error));
});

describe('networkError', () => {
  it('marks a failure the store caused (the proxy answered 503) as unavailable', () => {
    const down = Object.assign(new Error('The store is briefly unavailable.'), { status: 503, code: 'STORE_UNAVAILABLE' });
    expect(networkError(down)).toEqual({
      code: 'NETWORK',
      message: 'The store is briefly unavailable.',
      unavailable: true,
    });
  });

  it('leaves a failure without any answer as a connection problem', () => {
    expect(networkError(new TypeError('Failed to fetch'))).toStrictEqual({
      code: 'NETWORK',
      message: 'Failed to fetch',
    });
  });

  it('takes a thrown non-error as its text', () => {
    expect(networkError('socket closed')).toStrictEqual({ code: 'NETWORK', message: 'socket closed' });
  });
});
