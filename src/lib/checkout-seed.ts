import type { Address, CheckoutOrders, CheckoutStep, ShippingMethod } from '../../machines/checkout.machine';

/**
 * What the checkout page's loader already read for its server render (the orders, the first step's
 * data), handed to the checkout machine's actors in the browser so the machine does not ask the
 * Shop API for the same data again when it starts at idle. The machine is unchanged: its
 * `fetchCheckoutOrders`, `fetchAddresses` and `fetchShippingMethods` actors (src/app/actors.ts)
 * answer from here once, then fetch as before.
 */
export interface CheckoutSeed {
  /** The URL's order code the orders were read for (the machine's `fetchCheckoutOrders` input). */
  code: string;
  orders: CheckoutOrders;
  /** The saved addresses, read when the order resumes at the address step. */
  addresses?: Address[] | null;
  /** The delivery options, read when the order resumes at the shipping step. */
  shippingMethods?: ShippingMethod[] | null;
}

/** What the checkout's server render shows before the machine arrives, and hands to it (a seed). */
export interface CheckoutFirstPaint {
  seed: CheckoutSeed;
  /** The step the machine resumes at, or null when it shows no step (empty, paid, confirming). */
  step: CheckoutStep | null;
}

let seed: CheckoutSeed | null = null;
let ordersTaken = false;

/** Browser only: on the server this module is shared by every request. */
export function seedCheckout(next: CheckoutSeed): void {
  if (typeof document === 'undefined') return;
  seed = next;
  ordersTaken = false;
}

/** The seeded orders for `code`, once. */
export function takeSeededOrders(code: string | null): CheckoutOrders | null {
  if (!seed || ordersTaken || seed.code !== code) {
    seed = null;
    return null;
  }
  ordersTaken = true;
  return seed.orders;
}

/**
 * The seeded step data, only for the machine's first fetch after the orders: any later fetch (a
 * step reached afterwards, a retry) asks the Shop API, since the order may have changed since.
 */
export function takeSeededStep<K extends 'addresses' | 'shippingMethods'>(key: K): NonNullable<CheckoutSeed[K]> | null {
  const current = ordersTaken ? seed : null;
  seed = null;
  return (current?.[key] ?? null) as NonNullable<CheckoutSeed[K]> | null;
}
