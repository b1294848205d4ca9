import type { Address, CheckoutOrders, CheckoutStep, ShippingMethod } from '../../machines/checkout.machine';

/**
 * The orders the checkout page's loader already read for its server render, handed to the checkout
 * machine's `fetchCheckoutOrders` actor in the browser (src/app/actors.ts) so the machine does not
 * ask the Shop API for them again when it starts at idle. The machine is unchanged. The step's own
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

let seed: CheckoutSeed | null = null;

/** Browser only: on the server this module is shared by every request. */
export function seedCheckout(next: CheckoutSeed): void {
  if (typeof document === 'undefined') return;
  seed = next;
}

/** The seeded orders for `code`, once: a later fetch (a retry) asks the Shop API. */
export function takeSeededOrders(code: string | null): CheckoutOrders | null {
  const current = seed;
  seed = null;
  return current && current.code === code ? current.orders : null;
}
