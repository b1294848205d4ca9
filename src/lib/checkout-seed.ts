import type { Address, CheckoutOrders, CheckoutStep, ShippingMethod } from '../../machines/checkout.machine';

/**
 * The orders the checkout page's loader already read for its server render, given to the checkout
 * machine as its input's `seed` (src/containers/checkout-flow.tsx) so that its first load does not
 * ask the Shop API for them again when it starts at idle. The step's own
 * data (addresses, delivery options) is fetched again by the machine: a failure of that request is
 * one of its paths (`address.fetchFailed`, …) the browser tests drive by failing it in the browser.
 */
export interface CheckoutSeed {
  /** The URL's order code the orders were read for (the machine's `fetchCheckoutOrders` input). */
  code: string;
  orders: CheckoutOrders;
}

/** What the checkout's server render shows before the machine arrives (and the machine's seed). */
export interface CheckoutFirstPaint {
  seed: CheckoutSeed;
  /** The step the machine resumes at, or null when it shows no step (empty, paid, confirming). */
  step: CheckoutStep | null;
  /** The saved addresses, read when the order resumes at the address step. */
  addresses?: Address[] | null;
  /** The delivery options, read when the order resumes at the shipping step. */
  shippingMethods?: ShippingMethod[] | null;
}
