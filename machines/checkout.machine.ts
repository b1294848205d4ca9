import { addressState } from './checkout/address.states';
import { payError } from './checkout/checkout.rules';
import {
  checkoutSetup,
  codeOf,
  failWith,
  gotoStep,
  loadedOrder,
  messageOf,
  never,
  orderCodeOf,
  refusal,
  refusedTo,
  resumesAt,
  retryOf,
} from './checkout/checkout.setup';
import { confirmingState, reopeningState } from './checkout/return.states';

export type * from './checkout/checkout.types';
export { checkoutCouponMachine } from './checkout/checkout.setup';
export { checkoutStep } from './checkout/checkout.selectors';

/**
 * Checkout (issue 14): load → address → shipping → review (coupon child) → transition to
 * ArrangingPayment → payment → the provider's page → confirming the live order state → success.
 * Request states take no shopper events, so a double submit is impossible; every failure keeps the
 * shopper's choices in context and offers `checkout.retry` for exactly the request that failed.
 */
export const checkoutMachine = checkoutSetup.createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    urlCode: input.code,
    returning: input.returning,
    requireVerifiedAddress: input.requireVerifiedAddress,
    order: null,
    addresses: [],
    addressId: null,
    addressDraft: null,
    verificationCode: null,
    shippingMethods: [],
    shippingMethodId: null,
    paymentMethods: [],
    paymentMethodCode: null,
    paymentUrl: null,
    payFort: null,
    gotoStep: null,
    pollAttempt: 0,
    liveState: null,
    placedOrderCode: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    // The customer's active order is what is checked out; the URL's code is only believed when the
    // server returns that order for this customer (a paid order to show, or one to confirm).
    loading: {
      invoke: {
        id: 'fetchCheckoutOrders',
        src: 'fetchCheckoutOrders',
        input: ({ context }) => ({ code: context.urlCode }),
        onDone: [
          { guard: resumesAt('successReturn'), target: 'success', actions: [loadedOrder, 'storePlacedOrder', 'resetCartCount'] },
          { guard: resumesAt('success'), target: 'success', actions: [loadedOrder, 'storePlacedOrder'] },
          { guard: resumesAt('confirming'), target: 'confirming', actions: loadedOrder },
          { guard: resumesAt('payment'), target: 'payment', actions: loadedOrder },
          { guard: resumesAt('address'), target: 'address', actions: loadedOrder },
          { guard: resumesAt('shipping'), target: 'shipping', actions: loadedOrder },
          { guard: resumesAt('review'), target: 'review', actions: loadedOrder },
          { target: 'empty' },
        ],
        onError: { target: 'loadFailed', actions: failWith('load') },
      },
    },
    loadFailed: { on: { 'checkout.retry': { target: 'loading', actions: 'clearError' } } },
    /** No active order: nothing to check out (the view links to the cart). */
    empty: {},

    address: addressState,

    shipping: {
      initial: 'fetching',
      states: {
        fetching: {
          invoke: {
            id: 'fetchShippingMethods',
            src: 'fetchShippingMethods',
            onDone: { target: 'choosing', actions: { type: 'setShippingMethods', params: ({ event }) => ({ methods: event.output }) } },
            onError: { target: 'fetchFailed', actions: failWith('fetchShipping') },
          },
        },
        fetchFailed: { on: { 'checkout.retry': { target: 'fetching', actions: 'clearError' } } },
        choosing: {
          on: {
            'shipping.select': { guard: 'isOfferedShipping', actions: ['selectShippingMethod', 'clearError'] },
            'shipping.submit': { guard: 'hasShippingMethod', target: 'saving', actions: 'clearError' },
            'checkout.retry': { guard: retryOf('saveShipping'), target: 'saving', actions: 'clearError' },
            'checkout.goto': [gotoStep('address', '#checkout.address'), gotoStep('review', '#checkout.review')],
          },
        },
        saving: {
          invoke: {
            id: 'setShippingMethod',
            src: 'setShippingMethod',
            input: ({ context }) => ({ shippingMethodId: context.shippingMethodId ?? '' }),
            onDone: [
              {
                guard: { type: 'isOk', params: ({ event }) => ({ result: event.output }) },
                target: '#checkout.review',
                actions: { type: 'setOrder', params: ({ event }) => ({ order: event.output.ok ? event.output.order : never() }) },
              },
              {
                target: 'choosing',
                actions: {
                  type: 'setError',
                  params: ({ event }) => ({ error: { op: 'saveShipping', code: codeOf(event.output), message: messageOf(event.output) } }),
                },
              },
            ],
            onError: { target: 'choosing', actions: failWith('saveShipping') },
          },
        },
      },
    },

    review: {
      // The coupon form lives as long as the review step; its new order updates the totals here.
      invoke: { id: 'coupon', systemId: 'checkoutCoupon', src: 'coupon' },
      on: {
        'checkout.orderChanged': {
          guard: { type: 'hasOrder', params: ({ event }) => ({ order: event.order }) },
          actions: { type: 'setOrder', params: ({ event }) => ({ order: event.order }) },
        },
      },
      initial: 'idle',
      states: {
        idle: {
          on: {
            'review.confirm': { target: 'transitioning', actions: 'clearError' },
            'checkout.retry': { guard: retryOf('transition'), target: 'transitioning', actions: 'clearError' },
            'checkout.goto': [
              gotoStep('address', '#checkout.address'),
              gotoStep('shipping', '#checkout.shipping'),
              // Forward to payment after going back from it: the order must move again.
              { guard: { type: 'canGoTo', params: { step: 'payment' } }, target: 'transitioning', actions: 'clearError' },
            ],
          },
        },
        transitioning: {
          invoke: {
            id: 'transitionOrder',
            src: 'transitionOrder',
            input: { state: 'ArrangingPayment' },
            onDone: [
              {
                guard: { type: 'isOk', params: ({ event }) => ({ result: event.output }) },
                target: '#checkout.payment',
                actions: { type: 'setOrder', params: ({ event }) => ({ order: event.output.ok ? event.output.order : never() }) },
              },
              { guard: refusedTo('empty'), target: '#checkout.empty', actions: refusal },
              { guard: refusedTo('address'), target: '#checkout.address', actions: refusal },
              { guard: refusedTo('shipping'), target: '#checkout.shipping', actions: refusal },
              { target: 'idle', actions: refusal },
            ],
            onError: { target: 'idle', actions: failWith('transition') },
          },
        },
      },
    },

    payment: {
      initial: 'fetching',
      states: {
        fetching: {
          invoke: {
            id: 'fetchPaymentMethods',
            src: 'fetchPaymentMethods',
            onDone: { target: 'choosing', actions: { type: 'setPaymentMethods', params: ({ event }) => ({ methods: event.output }) } },
            onError: { target: 'fetchFailed', actions: failWith('fetchPayment') },
          },
        },
        fetchFailed: { on: { 'checkout.retry': { target: 'fetching', actions: 'clearError' } } },
        choosing: {
          on: {
            'payment.select': { guard: 'isEligibleMethod', actions: ['selectPaymentMethod', 'clearError'] },
            'payment.submit': { guard: 'hasPaymentMethod', target: 'paying', actions: 'clearError' },
            'checkout.retry': [
              { guard: 'canRetryPayment', target: 'paying', actions: 'clearError' },
              { guard: retryOf('reopen'), target: '#checkout.reopening', actions: 'clearError' },
            ],
            'checkout.goto': { guard: 'canLeavePayment', target: '#checkout.reopening', actions: ['storeGoto', 'clearError'] },
          },
        },
        paying: {
          invoke: {
            id: 'addPayment',
            src: 'addPayment',
            input: ({ context }) => ({ method: context.paymentMethodCode ?? '', metadata: {} }),
            onDone: [
              {
                guard: { type: 'paysBy', params: ({ event }) => ({ result: event.output, outcome: 'signCard' }) },
                target: 'signing',
                actions: { type: 'storePayment', params: ({ event }) => ({ result: event.output }) },
              },
              {
                guard: { type: 'paysBy', params: ({ event }) => ({ result: event.output, outcome: 'redirect' }) },
                target: 'redirecting',
                actions: { type: 'storePayment', params: ({ event }) => ({ result: event.output }) },
              },
              {
                guard: { type: 'paysBy', params: ({ event }) => ({ result: event.output, outcome: 'placed' }) },
                target: '#checkout.success',
                actions: [
                  { type: 'storePayment', params: ({ event }) => ({ result: event.output }) },
                  'storePlacedOrder',
                  'resetCartCount',
                ],
              },
              { target: 'choosing', actions: { type: 'setError', params: ({ event }) => ({ error: payError(event.output) }) } },
            ],
            onError: { target: 'choosing', actions: failWith('pay') },
          },
        },
        // The card form is signed for a shopper's browser to post; without it paymentUrl still works.
        signing: {
          invoke: {
            id: 'fetchPayFortSignature',
            src: 'fetchPayFortSignature',
            input: ({ context }) => ({ orderCode: orderCodeOf(context) }),
            onDone: { target: 'redirecting', actions: { type: 'storePayFort', params: ({ event }) => ({ payFort: event.output }) } },
            onError: { target: 'redirecting' },
          },
        },
        redirecting: {
          entry: { type: 'redirectToPayment', params: ({ context }) => ({ paymentUrl: context.paymentUrl, payFort: context.payFort }) },
        },
      },
    },

    reopening: reopeningState,
    confirming: confirmingState,
    /** Still not settled after every poll: the shopper may check again (nothing is paid twice). */
    unconfirmed: { on: { 'checkout.retry': { target: 'confirming', actions: 'clearError' } } },
    success: { type: 'final' },
  },
});
