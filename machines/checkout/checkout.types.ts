import type { Address, CreateAddressInput, VerifyAddressResult } from '../../services/account.service';
import type { Order } from '../../services/cart.service';
import type {
  AddPaymentResult,
  PayFortSignature,
  PaymentMethod,
  SetShippingMethodResult,
  TransitionResult,
  getShippingMethods,
} from '../../services/checkout.service';

export type { Address, CreateAddressInput, Order, PaymentMethod, PayFortSignature };
export type ShippingMethod = Awaited<ReturnType<typeof getShippingMethods>>[number];

/** The steps that have a URL (`/checkout/{code}?step=…` or a path segment: the router decides). */
export type CheckoutStep = 'address' | 'shipping' | 'review' | 'payment';

/** Mirrors the backend's live-orders contract: `OrderStateUpdate { orderCode state paymentState }`. */
export interface OrderStateUpdate {
  orderCode: string;
  state: string;
  /** The newest payment's state (Pending, Authorized, Settled, Declined, Cancelled, Error) or null. */
  paymentState: string | null;
}

/**
 * What the shopper is told about a failure. Which request failed is the machine's state (a
 * `…Failed` state whose `checkout.retry` goes back to it), not a field here.
 */
export interface CheckoutError {
  /** A Vendure errorCode, or ours: NETWORK, PAYMENT_DECLINED, PAYMENT_CANCELLED, PAYMENT_UNCONFIRMED. */
  code: string;
  /** The server's (translated) message; '' when the view supplies the text for the code. */
  message: string;
  /** NETWORK only: the shop answered but its backend did not (the store, not the connection). */
  unavailable?: true;
  /** Extra facts the view shows with the message. */
  detail?: {
    attemptsLeft?: number;
    retryAfterSeconds?: number;
    transitionError?: string;
    eligibilityMessage?: string | null;
    paymentErrorMessage?: string;
    newTotalWithTax?: number;
  };
}

export interface CheckoutInput {
  /** The order code in the URL: a hint only; the customer's active order is what is checked out. */
  code: string | null;
  /** The shopper is back from a payment page (`?payment=…` or /checkout-success): confirm, do not trust. */
  returning: boolean;
  /** Shop policy: a shipping address must be verified by a code before it is used. */
  requireVerifiedAddress: boolean;
  /**
   * The orders the page's server render already read for this code (the route's loader, through
   * the same service): the first load answers from them instead of asking the Shop API again.
   */
  seed?: CheckoutOrders | null;
}

export interface CheckoutContext {
  urlCode: string | null;
  returning: boolean;
  requireVerifiedAddress: boolean;
  /** The input's seed until the first load has used it (a retried load asks the Shop API). */
  seed: CheckoutOrders | null;
  order: Order | null;
  addresses: Address[];
  addressId: string | null;
  /** A new address as typed, kept across a failed save. */
  addressDraft: CreateAddressInput | null;
  verificationCode: string | null;
  shippingMethods: ShippingMethod[];
  shippingMethodId: string | null;
  paymentMethods: PaymentMethod[];
  paymentMethodCode: string | null;
  paymentUrl: string | null;
  payFort: PayFortSignature | null;
  /** Where a back/forward move from payment is heading once the order is reopened. */
  gotoStep: CheckoutStep | null;
  pollAttempt: number;
  /** The last known live state of the order being confirmed. */
  liveState: OrderStateUpdate | null;
  /** The placed order's code (success). */
  placedOrderCode: string | null;
  error: CheckoutError | null;
}

export type CheckoutEvent =
  | { type: 'checkout.goto'; step: CheckoutStep }
  | { type: 'checkout.retry' }
  | { type: 'checkout.orderChanged'; order: Order | null }
  | { type: 'address.select'; addressId: string }
  | { type: 'address.create'; input: CreateAddressInput }
  | { type: 'address.submit' }
  | { type: 'address.verify'; code: string }
  | { type: 'address.resend' }
  | { type: 'address.change' }
  | { type: 'shipping.select'; shippingMethodId: string }
  | { type: 'shipping.submit' }
  | { type: 'review.confirm' }
  | { type: 'payment.select'; method: string }
  | { type: 'payment.submit' }
  | { type: 'order.stateChanged'; update: OrderStateUpdate }
  | { type: 'order.watchFailed' };

/** Actor outputs the machine routes on (the services' tagged results). */
export interface CheckoutOrders {
  /** The customer's active order (the cart), or null. */
  active: Order | null;
  /** The order named in the URL if it is this customer's, else null (never trusted beyond that). */
  byCode: Order | null;
}

export type { AddPaymentResult, SetShippingMethodResult, TransitionResult, VerifyAddressResult };
