import { assign, fromCallback, fromPromise, sendParent, setup, type EventObject } from 'xstate';
import { couponMachine } from '../coupon.machine';
import {
  MAX_POLL_ATTEMPTS,
  networkError,
  resumeOrder,
  transitionError,
  isReachable,
  orderAddressId,
  payOutcome,
  pollDelay,
  refusalTarget,
  resumeTarget,
  verdictOf,
  type LiveVerdict,
  type PayOutcome,
  type RefusalTarget,
  type ResumeTarget,
} from './checkout.rules';
import type {
  AddPaymentResult,
  Address,
  CheckoutContext,
  CheckoutError,
  CheckoutEvent,
  CheckoutInput,
  CheckoutOrders,
  CheckoutStep,
  CreateAddressInput,
  Order,
  OrderStateUpdate,
  PayFortSignature,
  PaymentMethod,
  SetShippingMethodResult,
  ShippingMethod,
  TransitionResult,
  VerifyAddressResult,
} from './checkout.types';

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} is not provided: wire it in src/app/actors.ts`);
};

/**
 * The coupon form of the review step. Its applied/removed order comes back to the checkout so the
 * totals (and the payment methods' eligibility) follow; the composition root adds the actors with
 * `checkoutCouponMachine.provide({ actors: { applyCoupon, removeCoupon } })`.
 */
export const checkoutCouponMachine = couponMachine.provide({
  actions: {
    orderChanged: sendParent((_, params: { order: Order | null }) => ({ type: 'checkout.orderChanged', order: params.order })),
  },
});

export const checkoutSetup = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
  },
  actors: {
    /** getActiveOrder + getCheckoutOrder(code) (services/cart, services/checkout). */
    fetchCheckoutOrders: fromPromise<CheckoutOrders, { code: string | null; seed: CheckoutOrders | null }>(
      notProvided('fetchCheckoutOrders'),
    ),
    fetchAddresses: fromPromise<Address[], void>(notProvided('fetchAddresses')),
    createAddress: fromPromise<Address, CreateAddressInput>(notProvided('createAddress')),
    requestAddressVerification: fromPromise<boolean, { addressId: string }>(notProvided('requestAddressVerification')),
    verifyShippingAddress: fromPromise<VerifyAddressResult, { addressId: string; code: string }>(notProvided('verifyShippingAddress')),
    /** useSavedShippingAddress (setShippingAdd): null when there is no active order. */
    setOrderAddress: fromPromise<Order | null, { addressId: string }>(notProvided('setOrderAddress')),
    fetchShippingMethods: fromPromise<ShippingMethod[], void>(notProvided('fetchShippingMethods')),
    setShippingMethod: fromPromise<SetShippingMethodResult, { shippingMethodId: string }>(notProvided('setShippingMethod')),
    transitionOrder: fromPromise<TransitionResult, { state: 'ArrangingPayment' | 'AddingItems' }>(notProvided('transitionOrder')),
    fetchPaymentMethods: fromPromise<PaymentMethod[], void>(notProvided('fetchPaymentMethods')),
    addPayment: fromPromise<AddPaymentResult, { method: string; metadata: Record<string, unknown> }>(notProvided('addPayment')),
    fetchPayFortSignature: fromPromise<PayFortSignature, { orderCode: string }>(notProvided('fetchPayFortSignature')),
    /** graphql-ws `orderStateChanged`: sends order.stateChanged per update, order.watchFailed when the socket fails. */
    watchOrderState: fromCallback<EventObject, { orderCode: string }>(() => {
      throw new Error('watchOrderState is not provided: wire it in src/app/actors.ts');
    }),
    /** Polling fallback: getOrderByCode → { state, newest payment's state }; null when not found. */
    fetchOrderState: fromPromise<OrderStateUpdate | null, { orderCode: string }>(notProvided('fetchOrderState')),
    coupon: checkoutCouponMachine,
  },
  actions: {
    // Side effects the composition root implements: leave for the gateway; header cart count to 0.
    redirectToPayment: (_, _params: { paymentUrl: string | null; payFort: PayFortSignature | null }) => {},
    resetCartCount: () => {},
    setOrder: assign((_, params: { order: Order | null }) => ({ order: params.order })),
    setError: assign((_, params: { error: CheckoutError }) => ({ error: params.error })),
    clearError: assign({ error: null }),
    dropSeed: assign({ seed: null }),
    // The shopper's choice; else the address the order already has (a reload); else the default;
    // else the only one there is (issue 32 §2).
    setAddresses: assign(({ context }, params: { addresses: Address[] }) => ({
      addresses: params.addresses,
      addressId:
        context.addressId && params.addresses.some((a) => a.id === context.addressId)
          ? context.addressId
          : (orderAddressId(params.addresses, context.order) ??
            params.addresses.find((a) => a.defaultShippingAddress)?.id ??
            (params.addresses.length === 1 ? params.addresses[0]!.id : null)),
    })),
    selectAddress: assign(({ event }) => (event.type === 'address.select' ? { addressId: event.addressId } : {})),
    storeDraft: assign(({ event }) => (event.type === 'address.create' ? { addressDraft: event.input } : {})),
    addAddress: assign(({ context }, params: { address: Address }) => ({
      addresses: [...context.addresses, params.address],
      addressId: params.address.id,
      addressDraft: null,
    })),
    replaceAddress: assign(({ context }, params: { address: Address }) => ({
      addresses: context.addresses.map((a) => (a.id === params.address.id ? params.address : a)),
    })),
    storeVerificationCode: assign(({ event }) => (event.type === 'address.verify' ? { verificationCode: event.code.trim() } : {})),
    clearVerificationCode: assign({ verificationCode: null }),
    setShippingMethods: assign(({ context }, params: { methods: ShippingMethod[] }) => {
      const current = context.shippingMethodId ?? context.order?.shippingLines[0]?.shippingMethod.id ?? null;
      return { shippingMethods: params.methods, shippingMethodId: params.methods.some((m) => m.id === current) ? current : null };
    }),
    selectShippingMethod: assign(({ event }) => (event.type === 'shipping.select' ? { shippingMethodId: event.shippingMethodId } : {})),
    setPaymentMethods: assign(({ context }, params: { methods: PaymentMethod[] }) => ({
      paymentMethods: params.methods,
      // A method that stopped being eligible (e.g. a coupon lowered the total) is unselected.
      paymentMethodCode: params.methods.some((m) => m.code === context.paymentMethodCode && m.isEligible)
        ? context.paymentMethodCode
        : null,
    })),
    selectPaymentMethod: assign(({ event }) => (event.type === 'payment.select' ? { paymentMethodCode: event.method } : {})),
    storePayment: assign((_, params: { result: AddPaymentResult }) =>
      params.result.ok ? { order: params.result.order, paymentUrl: params.result.paymentUrl, payFort: null } : {},
    ),
    storePayFort: assign((_, params: { payFort: PayFortSignature }) => ({ payFort: params.payFort })),
    storeGoto: assign(({ event }) => (event.type === 'checkout.goto' ? { gotoStep: event.step } : {})),
    storeLiveState: assign((_, params: { update: OrderStateUpdate | null }) => ({ liveState: params.update })),
    countPoll: assign(({ context }) => ({ pollAttempt: context.pollAttempt + 1 })),
    resetPolls: assign({ pollAttempt: 0 }),
    storePlacedOrder: assign(({ context }) => ({ placedOrderCode: context.order?.code ?? context.urlCode, error: null })),
  },
  guards: {
    resumesAt: ({ context }, params: { orders: CheckoutOrders; at: ResumeTarget }) =>
      resumeTarget(params.orders, context.returning) === params.at,
    canGoTo: ({ context, event }, params: { step: CheckoutStep }) =>
      event.type === 'checkout.goto' && event.step === params.step && isReachable(context.order, params.step),
    /** Back from payment to an earlier step (the order is reopened first). */
    canLeavePayment: ({ context, event }) =>
      event.type === 'checkout.goto' && event.step !== 'payment' && isReachable(context.order, event.step),
    isGotoOf: ({ context }, params: { step: CheckoutStep }) => context.gotoStep === params.step,
    hasAddress: ({ context }) => context.addressId !== null,
    needsVerification: ({ context }) =>
      context.requireVerifiedAddress && !context.addresses.find((a) => a.id === context.addressId)?.customFields?.verifiedShippingAddress,
    hasVerificationCode: ({ event }) => event.type === 'address.verify' && event.code.trim() !== '',
    isOk: (_, params: { result: { ok: boolean } }) => params.result.ok,
    isFailed: (_, params: { result: { ok: boolean } }) => !params.result.ok,
    hasOrder: (_, params: { order: Order | null }) => params.order !== null,
    hasShippingMethod: ({ context }) => context.shippingMethodId !== null,
    isOfferedShipping: ({ context, event }) =>
      event.type === 'shipping.select' && context.shippingMethods.some((m) => m.id === event.shippingMethodId),
    refusedTo: ({ context }, params: { result: TransitionResult; to: RefusalTarget }) =>
      refusalTarget(params.result, context.order) === params.to,
    isEligibleMethod: ({ context, event }) =>
      event.type === 'payment.select' && context.paymentMethods.some((m) => m.code === event.method && m.isEligible),
    hasPaymentMethod: ({ context }) => context.paymentMethodCode !== null,
    paysBy: ({ context }, params: { result: AddPaymentResult; outcome: PayOutcome }) =>
      payOutcome(params.result, context.paymentMethodCode) === params.outcome,
    isVerdict: (_, params: { update: OrderStateUpdate | null; verdict: LiveVerdict }) => verdictOf(params.update) === params.verdict,
    hasPollsLeft: ({ context }) => context.pollAttempt < MAX_POLL_ATTEMPTS,
  },
  delays: {
    pollDelay: ({ context }) => pollDelay(context.pollAttempt),
  },
});

// Shorthands the state configs share.
type LoadedEvent = { event: { output: CheckoutOrders } };
type TransitionEvent = { event: { output: TransitionResult } };
export const resumesAt = (at: ResumeTarget) =>
  ({ type: 'resumesAt', params: ({ event }: LoadedEvent) => ({ orders: event.output, at }) }) as const;
export const loadedOrder = {
  type: 'setOrder',
  params: ({ context, event }: LoadedEvent & { context: CheckoutContext }) => ({ order: resumeOrder(event.output, context.returning) }),
} as const;
export const refusedTo = (to: RefusalTarget) =>
  ({ type: 'refusedTo', params: ({ event }: TransitionEvent) => ({ result: event.output, to }) }) as const;
export const refusal = { type: 'setError', params: ({ event }: TransitionEvent) => ({ error: transitionError(event.output) }) } as const;
export const transitionedOrder = {
  type: 'setOrder',
  params: ({ event }: TransitionEvent) => ({ order: event.output.ok ? event.output.order : null }),
} as const;
/** A request that got no answer (the network, or the store behind the proxy): the shopper may send it again. */
export const unanswered = {
  type: 'setError',
  params: ({ event }: { event: { error: unknown } }) => ({ error: networkError(event.error) }),
} as const;
/** `checkout.retry` from a `…Failed` state: the request of the state that failed, sent again as it was. */
export const retry = (target: string) => ({ 'checkout.retry': { target, actions: 'clearError' } }) as const;
export const gotoStep = (step: 'address' | 'shipping' | 'review', target: string) =>
  ({ guard: { type: 'canGoTo', params: { step } }, target, actions: 'clearError' }) as const;
export const orderCodeOf = (context: CheckoutContext) => context.order?.code ?? context.urlCode ?? '';

export function draftOf(context: CheckoutContext): CreateAddressInput {
  if (!context.addressDraft) throw new Error('No address to create');
  return context.addressDraft;
}

export const codeOf = (r: { ok: boolean; code?: string }) => r.code ?? 'UNKNOWN';
export const messageOf = (r: { ok: boolean; message?: string }) => r.message ?? '';

// Guards already routed the ok case elsewhere; reaching this is a bug, not a shopper's problem.
export function never(): never {
  throw new Error('unreachable: guarded by isOk');
}
