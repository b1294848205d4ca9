import { createMachine, type EventObject } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { checkoutMachine, type CheckoutContext, type CheckoutInput } from '../../../machines/checkout.machine';
import {
  ADDRESSES,
  NEVER_ACTORS,
  NEW_ADDRESS_INPUT,
  PAYFORT,
  PAYMENT_METHODS,
  PAYMENT_METHODS_COD_INELIGIBLE,
  SHIPPING_METHODS,
  orderAt,
  savedAddress,
  update,
} from './checkout.fixtures';
import { stateKey } from './checkout.paths-kit';

// The checkout machine's graph for path tests: which events each state can meet (user events and
// every service outcome, each labelled for the test name) and how a node is identified.

export const machine = checkoutMachine.provide({ actors: NEVER_ACTORS as never });

// xstate/graph computes every transition in one actor system, so a child with a systemId would be
// registered twice when a second path enters review. The walk uses a copy without the systemId;
// replays (and the unit tests) run the real machine, systemId included.
const review = (checkoutMachine.config.states as Record<string, { invoke: object }>).review!;
export const walkable = createMachine(
  {
    ...checkoutMachine.config,
    states: { ...checkoutMachine.config.states, review: { ...review, invoke: { ...review.invoke, systemId: undefined } } },
  } as never,
  machine.implementations as never,
) as unknown as typeof machine;

export const INPUTS: Record<'fresh' | 'returning', CheckoutInput> = {
  fresh: { code: 'ORD1', returning: false, requireVerifiedAddress: true },
  returning: { code: 'ORD1', returning: true, requireVerifiedAddress: true },
};

type Labelled = EventObject & { label?: string };
const done = (id: string, output: unknown, label: string): Labelled => ({ type: `xstate.done.actor.${id}`, output, label }) as Labelled;
const error = (id: string): Labelled => ({ type: `xstate.error.actor.${id}`, error: new Error('offline') }) as Labelled;
const ev = (type: string, extra: Record<string, unknown> = {}, label?: string): Labelled =>
  ({ type, ...extra, ...(label ? { label } : {}) }) as Labelled;

const fail = (code: string, extra: Record<string, unknown> = {}) => ({ ok: false, code, message: code, ...extra });

const EVENTS: Record<string, Labelled[]> = {
  loading: [
    done('fetchCheckoutOrders', { active: null, byCode: null }, 'no order'),
    done('fetchCheckoutOrders', { active: orderAt('cart'), byCode: orderAt('cart') }, 'cart'),
    done('fetchCheckoutOrders', { active: orderAt('addressed'), byCode: null }, 'addressed, foreign code'),
    done('fetchCheckoutOrders', { active: orderAt('shipped'), byCode: orderAt('shipped') }, 'shipped'),
    done('fetchCheckoutOrders', { active: orderAt('arranging'), byCode: orderAt('arranging') }, 'arranging'),
    done('fetchCheckoutOrders', { active: null, byCode: orderAt('paid') }, 'paid'),
    error('fetchCheckoutOrders'),
  ],
  'address.fetching': [done('fetchAddresses', ADDRESSES, 'a1 verified, a2 not'), error('fetchAddresses')],
  'address.choosing': [
    ev('address.select', { addressId: 'a2' }, 'a2'),
    ev('address.create', { input: NEW_ADDRESS_INPUT }),
    ev('address.submit'),
    ev('checkout.goto', { step: 'shipping' }, 'shipping'),
    ev('checkout.goto', { step: 'review' }, 'review'),
  ],
  'address.creating': [done('createAddress', savedAddress('a3', false), 'a3'), error('createAddress')],
  'address.requestingCode': [
    done('requestAddressVerification', true, 'sent'),
    done('requestAddressVerification', false, 'not sent'),
    error('requestAddressVerification'),
  ],
  'address.awaitingCode': [ev('address.verify', { code: '123456' }), ev('address.resend'), ev('address.change')],
  'address.verifyingCode': [
    done('verifyShippingAddress', { ok: true, address: savedAddress('a2', true) }, 'ok'),
    done('verifyShippingAddress', fail('VERIFICATION_CODE_INVALID_ERROR', { attemptsLeft: 2 }), 'invalid'),
    error('verifyShippingAddress'),
  ],
  'address.saving': [
    done('setOrderAddress', orderAt('addressed'), 'ok'),
    done('setOrderAddress', null, 'no active order'),
    error('setOrderAddress'),
  ],
  'shipping.fetching': [done('fetchShippingMethods', SHIPPING_METHODS, 'standard, express'), error('fetchShippingMethods')],
  'shipping.choosing': [
    ev('shipping.select', { shippingMethodId: 'sm-exp' }, 'express'),
    ev('shipping.submit'),
    ev('checkout.goto', { step: 'address' }, 'address'),
    ev('checkout.goto', { step: 'review' }, 'review'),
  ],
  'shipping.saving': [
    done('setShippingMethod', { ok: true, order: orderAt('shipped') }, 'ok'),
    done('setShippingMethod', fail('INELIGIBLE_SHIPPING_METHOD_ERROR'), 'ineligible'),
    error('setShippingMethod'),
  ],
  'review.idle': [
    ev('review.confirm'),
    ev('checkout.goto', { step: 'address' }, 'address'),
    ev('checkout.goto', { step: 'shipping' }, 'shipping'),
    ev('checkout.goto', { step: 'payment' }, 'payment'),
    ev('checkout.orderChanged', { order: orderAt('shipped', { couponCodes: ['WELCOME10'], totalWithTax: 20500 }) }, 'coupon applied'),
    ev('checkout.orderChanged', { order: orderAt('addressed') }, 'shipping removed elsewhere'),
    ev('checkout.orderChanged', { order: orderAt('cart') }, 'address removed elsewhere'),
    ev('checkout.orderChanged', { order: null }, 'no order'),
  ],
  'review.transitioning': [
    done('transitionOrder', { ok: true, order: orderAt('arranging') }, 'ok'),
    done(
      'transitionOrder',
      fail('ORDER_STATE_TRANSITION_ERROR', { transitionError: 'No shipping', fromState: 'AddingItems', toState: 'ArrangingPayment' }),
      'refused',
    ),
    done('transitionOrder', fail('NO_ACTIVE_ORDER_ERROR'), 'no active order'),
    error('transitionOrder'),
  ],
  'payment.fetching': [
    done('fetchPaymentMethods', PAYMENT_METHODS, 'card, tamara, tabby ineligible, cod'),
    done('fetchPaymentMethods', PAYMENT_METHODS_COD_INELIGIBLE, 'cod now ineligible'),
    error('fetchPaymentMethods'),
  ],
  'payment.choosing': [
    ev('payment.select', { method: 'payfort-card' }, 'card'),
    ev('payment.select', { method: 'tamara' }, 'tamara'),
    ev('payment.select', { method: 'cash-on-delivery' }, 'cod'),
    ev('payment.select', { method: 'tabby' }, 'tabby, ineligible'),
    ev('payment.submit'),
    ev('checkout.goto', { step: 'address' }, 'address'),
    ev('checkout.goto', { step: 'shipping' }, 'shipping'),
    ev('checkout.goto', { step: 'review' }, 'review'),
  ],
  'payment.paying': [
    done('addPayment', { ok: true, order: orderAt('arranging'), paymentUrl: 'http://sandbox/pay/ref' }, 'pending, paymentUrl'),
    done('addPayment', { ok: true, order: orderAt('paid'), paymentUrl: null }, 'authorized'),
    done('addPayment', fail('INELIGIBLE_PAYMENT_METHOD_ERROR', { eligibilityCheckerMessage: 'Too much' }), 'ineligible'),
    error('addPayment'),
  ],
  'payment.signing': [done('fetchPayFortSignature', PAYFORT, 'signed'), error('fetchPayFortSignature')],
  reopening: [
    done('reopenOrder', { ok: true, order: orderAt('shipped') }, 'ok'),
    done(
      'reopenOrder',
      fail('ORDER_STATE_TRANSITION_ERROR', { transitionError: 'Has payments', fromState: 'ArrangingPayment', toState: 'AddingItems' }),
      'refused',
    ),
    error('reopenOrder'),
  ],
  'confirming.watching': [
    ev('order.stateChanged', { update: update('ArrangingPayment', 'Pending') }, 'pending'),
    ev('order.stateChanged', { update: update('PaymentSettled', 'Settled') }, 'settled'),
    ev('order.stateChanged', { update: update('ArrangingPayment', 'Declined') }, 'declined'),
    ev('order.stateChanged', { update: update('ArrangingPayment', 'Cancelled') }, 'cancelled'),
    ev('order.stateChanged', { update: update('ArrangingPayment', null) }, 'no payment'),
    ev('order.watchFailed'),
    error('watchOrderState'),
  ],
  'confirming.polling.waiting': [ev('xstate.after.pollDelay.checkout.confirming.polling.waiting')],
  'confirming.polling.fetching': [
    done('fetchOrderState', update('ArrangingPayment', 'Pending'), 'pending'),
    done('fetchOrderState', update('PaymentAuthorized', 'Authorized'), 'authorized'),
    done('fetchOrderState', update('ArrangingPayment', 'Declined'), 'declined'),
    error('fetchOrderState'),
  ],
  // The failure states: the shopper sends the failed request again (and, where the step is still
  // shown, can do all the step's parent lists above).
  loadFailed: [ev('checkout.retry')],
  'address.fetchFailed': [ev('checkout.retry')],
  'address.choosing.createFailed': [ev('checkout.retry')],
  'address.choosing.requestCodeFailed': [ev('checkout.retry')],
  'address.choosing.saveFailed': [ev('checkout.retry')],
  'address.awaitingCode.verifyFailed': [ev('checkout.retry')],
  'shipping.fetchFailed': [ev('checkout.retry')],
  'shipping.choosing.saveFailed': [ev('checkout.retry')],
  'review.idle.transitionFailed': [ev('checkout.retry')],
  'payment.fetchFailed': [ev('checkout.retry')],
  'payment.choosing.payFailed': [ev('checkout.retry')],
  'payment.choosing.reopenFailed': [ev('checkout.retry')],
  unconfirmed: [ev('checkout.retry')],
};

/** The events of a state and of every state it is in (`address.choosing.saveFailed` is in `address.choosing`). */
const eventsOf = (key: string): Labelled[] => key.split('.').flatMap((_, i, parts) => EVENTS[parts.slice(0, i + 1).join('.')] ?? []);

// Cash on delivery is authorised at once; the other methods answer with the provider's page.
const COD_ONLY = new Set(['authorized']);
export function eventsFor(snapshot: { value: unknown; context: CheckoutContext }): Labelled[] {
  const events = eventsOf(stateKey(snapshot.value));
  if (stateKey(snapshot.value) !== 'payment.paying') return events;
  const cod = snapshot.context.paymentMethodCode === 'cash-on-delivery';
  return events.filter((e) => e.type !== 'xstate.done.actor.addPayment' || COD_ONLY.has(e.label ?? '') === cod || e.label === 'ineligible');
}

/** A node: the state and the context that decides what happens next (and what the shopper sees). */
export function summarize(snapshot: { value: unknown; context: CheckoutContext }) {
  const c = snapshot.context;
  return {
    state: stateKey(snapshot.value),
    order: c.order
      ? `${c.order.state}${c.order.shippingAddress?.streetLine1 ? '+address' : ''}${c.order.shippingLines.length ? '+shipping' : ''}`
      : null,
    error: c.error?.code ?? null,
    addressId: c.addressId,
    shippingMethodId: c.shippingMethodId,
    paymentMethodCode: c.paymentMethodCode,
    gotoStep: c.gotoStep,
    pollAttempt: c.pollAttempt,
    placedOrderCode: c.placedOrderCode,
  };
}

const traversal = (input: CheckoutInput) =>
  ({
    input,
    events: eventsFor,
    serializeState: (s: { value: unknown; context: CheckoutContext }) => JSON.stringify(summarize(s)),
    serializeEvent: (e: EventObject) => JSON.stringify(e),
  }) as never;

// Walking the graph takes a second or two per input: each walk is done once per test file.
const memo = new Map<string, unknown>();
function once<T>(key: string, compute: () => T): T {
  if (!memo.has(key)) memo.set(key, compute());
  return memo.get(key) as T;
}

export const shortestPaths = (input: CheckoutInput) =>
  once(`shortest ${JSON.stringify(input)}`, () => getShortestPaths(walkable, traversal(input)));
/**
 * Simple paths walk a smaller graph, or every order of clicks would be its own path: no back/forward
 * moves or changes made elsewhere, each choice made once (a retry keeps it), no resend/change of
 * the verification code, one polling failure; a return is followed until it leaves confirming.
 */
const RETURN_STATES = /^(loading|confirming|unconfirmed)/;
const isMainLine = (s: { value: unknown; context: CheckoutContext }, e: Labelled) => {
  if (s.context.returning && !RETURN_STATES.test(stateKey(s.value))) return false;
  switch (e.type) {
    case 'xstate.error.actor.fetchOrderState':
      return s.context.pollAttempt === 0;
    case 'checkout.goto':
    case 'checkout.orderChanged':
    case 'address.resend':
    case 'address.change':
      return false;
    case 'address.select':
      return s.context.addressId === 'a1' && !s.context.error;
    case 'address.create':
      return s.context.addressId === 'a1' && !s.context.error;
    case 'shipping.select':
      return s.context.shippingMethodId === null;
    case 'payment.select':
      return s.context.paymentMethodCode === null;
    default:
      return true;
  }
};
export const simplePaths = (input: CheckoutInput, to: (s: { value: unknown; context: CheckoutContext }) => boolean) =>
  once(`simple ${JSON.stringify(input)} ${to.toString()}`, () => walkSimple(input, to));
const walkSimple = (input: CheckoutInput, to: (s: { value: unknown; context: CheckoutContext }) => boolean) =>
  getSimplePaths(walkable, {
    input,
    events: ((s: { value: unknown; context: CheckoutContext }) => eventsFor(s).filter((e) => isMainLine(s, e))) as never,
    serializeState: ((s: { value: unknown; context: CheckoutContext }) => JSON.stringify(summarize(s))) as never,
    serializeEvent: ((e: EventObject) => JSON.stringify(e)) as never,
    toState: to as never,
  });
