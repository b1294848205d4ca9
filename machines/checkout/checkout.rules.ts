import type {
  AddPaymentResult,
  Address,
  CheckoutError,
  CheckoutOrders,
  CheckoutStep,
  Order,
  OrderStateUpdate,
  TransitionResult,
  VerifyAddressResult,
} from './checkout.types';
import { unavailableOf } from '../lib/network-failure';

/** The seeded card method: it pays on PayFort's hosted page, whose form the storefront can sign. */
export const CARD_METHOD = 'payfort-card';

/** Order states after a successful payment (spec §4; later ones for a reload of an old checkout). */
const PAID_STATES = new Set(['PaymentAuthorized', 'PaymentSettled', 'PartiallyShipped', 'Shipped', 'PartiallyDelivered', 'Delivered']);
const REFUSED_PAYMENT_STATES = new Set(['Declined', 'Cancelled', 'Error']);

/** Polling when the live socket fails: 1 s, 2 s, 4 s … capped at 15 s; then the shopper is asked. */
export const MAX_POLL_ATTEMPTS = 8;
export function pollDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 15_000);
}

// Vendure answers an order without a shipping address with an address object of nulls.
export function hasShippingAddress(order: Order | null): boolean {
  return !!order?.shippingAddress?.streetLine1;
}

const norm = (v: string | null | undefined) => (v ?? '').trim().toLowerCase();

/**
 * The saved address the order is already shipped to (the order keeps a copy of it, not its id):
 * after a reload, going back to the address step shows the shopper's choice, not the default.
 */
export function orderAddressId(addresses: readonly Address[], order: Order | null): string | null {
  const shipTo = order?.shippingAddress;
  if (!shipTo?.streetLine1) return null;
  const same = (a: Address) =>
    norm(a.fullName) === norm(shipTo.fullName) &&
    norm(a.streetLine1) === norm(shipTo.streetLine1) &&
    norm(a.streetLine2) === norm(shipTo.streetLine2) &&
    norm(a.city) === norm(shipTo.city) &&
    norm(a.postalCode) === norm(shipTo.postalCode) &&
    norm(a.phoneNumber) === norm(shipTo.phoneNumber) &&
    norm(a.country.code) === norm(shipTo.countryCode);
  return addresses.find((a) => same(a) && a.defaultShippingAddress)?.id ?? addresses.find(same)?.id ?? null;
}

export function hasShippingMethod(order: Order | null): boolean {
  return (order?.shippingLines.length ?? 0) > 0;
}

export function isPaid(state: string | undefined | null): boolean {
  return !!state && PAID_STATES.has(state);
}

/** The step an order's server state implies (a reload resumes there). */
export function stepOfOrder(order: Order): CheckoutStep {
  if (order.state === 'ArrangingPayment') return 'payment';
  if (!hasShippingAddress(order)) return 'address';
  if (!hasShippingMethod(order)) return 'shipping';
  return 'review';
}

/** A step the shopper may open by URL (back/forward): only ones the order already reached. */
export function isReachable(order: Order | null, step: CheckoutStep): boolean {
  if (!order) return false;
  switch (step) {
    case 'address':
      return true;
    case 'shipping':
      return hasShippingAddress(order);
    case 'review':
    case 'payment':
      return hasShippingAddress(order) && hasShippingMethod(order);
  }
}

export type LiveVerdict = 'paid' | 'refused' | 'pending';

/** Reads the live order state: the URL the gateway sent the shopper to is never trusted. */
export function verdictOf(update: OrderStateUpdate | null): LiveVerdict {
  if (!update) return 'pending';
  if (isPaid(update.state)) return 'paid';
  if (update.state === 'ArrangingPayment' && update.paymentState && REFUSED_PAYMENT_STATES.has(update.paymentState)) return 'refused';
  // ArrangingPayment without a payment: the shopper came back without paying.
  if (update.state === 'ArrangingPayment' && !update.paymentState) return 'refused';
  return 'pending';
}

export function refusalOf(update: OrderStateUpdate | null): CheckoutError {
  const code = update?.paymentState === 'Cancelled' || !update?.paymentState ? 'PAYMENT_CANCELLED' : 'PAYMENT_DECLINED';
  return { code, message: '' };
}

export function networkError(error: unknown): CheckoutError {
  return { code: 'NETWORK', message: error instanceof Error ? error.message : String(error), ...unavailableOf(error) };
}

export type ResumeTarget = CheckoutStep | 'empty' | 'confirming' | 'success' | 'successReturn';

/** Where a (re)loaded checkout starts; the URL's code counts only if the server says it is theirs. */
export function resumeTarget(orders: CheckoutOrders, returning: boolean): ResumeTarget {
  if (orders.byCode && isPaid(orders.byCode.state)) return returning ? 'successReturn' : 'success';
  // Only an order waiting for its payment is confirmed; one back in AddingItems resumes its step.
  if (returning && orders.byCode?.state === 'ArrangingPayment') return 'confirming';
  if (!orders.active) return 'empty';
  return stepOfOrder(orders.active);
}

export function resumeOrder(orders: CheckoutOrders, returning: boolean): Order | null {
  const target = resumeTarget(orders, returning);
  return target === 'success' || target === 'successReturn' || target === 'confirming' ? orders.byCode : orders.active;
}

export type PayOutcome = 'signCard' | 'redirect' | 'placed' | 'failed';

export function payOutcome(result: AddPaymentResult, method: string | null): PayOutcome {
  if (!result.ok) return 'failed';
  if (result.paymentUrl) return method === CARD_METHOD ? 'signCard' : 'redirect';
  // Cash on delivery: authorised at once, the order is placed.
  return isPaid(result.order.state) ? 'placed' : 'failed';
}

export function payError(result: AddPaymentResult): CheckoutError {
  if (result.ok) return { code: 'PAYMENT_NOT_PLACED', message: '' };
  const { code, message } = result;
  switch (result.code) {
    case 'INELIGIBLE_PAYMENT_METHOD_ERROR':
      return { code, message, detail: { eligibilityMessage: result.eligibilityCheckerMessage } };
    case 'PAYMENT_FAILED_ERROR':
    case 'PAYMENT_DECLINED_ERROR':
      return { code, message, detail: { paymentErrorMessage: result.paymentErrorMessage } };
    case 'ORDER_STATE_TRANSITION_ERROR':
      return { code, message, detail: { transitionError: result.transitionError } };
    case 'COUPON_REMOVED_DURING_CHECKOUT_ERROR':
      return { code, message, detail: { newTotalWithTax: result.newTotalWithTax } };
    default:
      return { code, message };
  }
}

export type RefusalTarget = 'address' | 'shipping' | 'review' | 'empty';

/** A refused move to ArrangingPayment goes back to the step that can fix it. */
export function refusalTarget(result: TransitionResult, order: Order | null): RefusalTarget | null {
  if (result.ok) return null;
  if (result.code === 'NO_ACTIVE_ORDER_ERROR') return 'empty';
  if (!hasShippingAddress(order)) return 'address';
  if (!hasShippingMethod(order)) return 'shipping';
  return 'review';
}

export function transitionError(result: TransitionResult): CheckoutError {
  if (result.ok) return { code: 'UNKNOWN', message: '' };
  return {
    code: result.code,
    message: result.message,
    ...('transitionError' in result ? { detail: { transitionError: result.transitionError } } : {}),
  };
}

export function verifyError(result: VerifyAddressResult): CheckoutError {
  if (result.ok) return { code: 'UNKNOWN', message: '' };
  const detail =
    result.code === 'VERIFICATION_CODE_INVALID_ERROR'
      ? { attemptsLeft: result.attemptsLeft }
      : result.code === 'RATE_LIMIT_ERROR'
        ? { retryAfterSeconds: result.retryAfterSeconds }
        : undefined;
  return { code: result.code, message: result.message, ...(detail ? { detail } : {}) };
}
