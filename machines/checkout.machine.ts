import { addressState } from './checkout/address.states';
import { payError } from './checkout/checkout.rules';
import {
  checkoutSetup,
  codeOf,
  gotoStep,
  loadedOrder,
  messageOf,
  never,
  orderCodeOf,
  refusal,
  refusedTo,
  resumesAt,
  retry,
  unanswered,
} from './checkout/checkout.setup';
import { confirmingState, reopeningState } from './checkout/return.states';

export type * from './checkout/checkout.types';
export { checkoutCouponMachine } from './checkout/checkout.setup';
export { checkoutStep } from './checkout/checkout.selectors';

/**
 * Checkout (issue 14): load → address → shipping → review (coupon child) → transition to
 * ArrangingPayment → payment → the provider's page → confirming the live order state → success.
 * Request states take no shopper events, so a double submit is impossible; every failure keeps the
 * shopper's choices in context, and a request the shopper may send again fails into a state of its
 * own (`fetchFailed`, `choosing.saveFailed`, `idle.transitionFailed`…) whose `checkout.retry` goes
 * back to the request that failed: the graph shows what a retry repeats.
 */
export const checkoutMachine = checkoutSetup.createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    urlCode: input.code,
    returning: input.returning,
    requireVerifiedAddress: input.requireVerifiedAddress,
    seed: input.seed ?? null,
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
    // The first load may answer from the server render's orders (the input's seed), used once.
    loading: {
      exit: 'dropSeed',
      invoke: {
        id: 'fetchCheckoutOrders',
        src: 'fetchCheckoutOrders',
        input: ({ context }) => ({ code: context.urlCode, seed: context.seed }),
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
        onError: { target: 'loadFailed', actions: unanswered },
      },
    },
    loadFailed: { on: retry('#checkout.loading') },
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
            onError: { target: 'fetchFailed', actions: unanswered },
          },
        },
        fetchFailed: { on: retry('#checkout.shipping.fetching') },
        choosing: {
          initial: 'ready',
          states: {
            ready: {},
            saveFailed: { on: retry('#checkout.shipping.saving') },
          },
          on: {
            'shipping.select': { guard: 'isOfferedShipping', target: '.ready', actions: ['selectShippingMethod', 'clearError'] },
            'shipping.submit': { guard: 'hasShippingMethod', target: 'saving', actions: 'clearError' },
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
                target: 'choosing.saveFailed',
                actions: {
                  type: 'setError',
                  params: ({ event }) => ({ error: { code: codeOf(event.output), message: messageOf(event.output) } }),
                },
              },
            ],
            onError: { target: 'choosing.saveFailed', actions: unanswered },
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
          initial: 'ready',
          states: {
            ready: {},
            // Refused for a reason no earlier step fixes, or unanswered: the same move, again.
            transitionFailed: { on: retry('#checkout.review.transitioning') },
          },
          on: {
            'review.confirm': { target: 'transitioning', actions: 'clearError' },
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
              { target: 'idle.transitionFailed', actions: refusal },
            ],
            onError: { target: 'idle.transitionFailed', actions: unanswered },
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
            onError: { target: 'fetchFailed', actions: unanswered },
          },
        },
        fetchFailed: { on: retry('#checkout.payment.fetching') },
        choosing: {
          initial: 'ready',
          states: {
            // Also after the provider refused the payment: the shopper pays again, with any method.
            ready: {},
            payFailed: { on: retry('#checkout.payment.paying') },
            // Back from payment to an earlier step was refused or unanswered: that move, again.
            reopenFailed: { on: retry('#checkout.reopening') },
          },
          on: {
            'payment.select': { guard: 'isEligibleMethod', target: '.ready', actions: ['selectPaymentMethod', 'clearError'] },
            'payment.submit': { guard: 'hasPaymentMethod', target: 'paying', actions: 'clearError' },
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
              { target: 'choosing.payFailed', actions: { type: 'setError', params: ({ event }) => ({ error: payError(event.output) }) } },
            ],
            onError: { target: 'choosing.payFailed', actions: unanswered },
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
    unconfirmed: { on: retry('#checkout.confirming') },
    success: { type: 'final' },
  },
});
