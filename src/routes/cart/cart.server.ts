import { getActiveOrder } from '../../../services/cart.service';
import { getShippingMethods } from '../../../services/checkout.service';
import type { CartSeed } from '../../../machines/cart.machine';
import type { Locale } from '../../i18n/locales';
import { personalShopClient, requestToken, type GuardOptions } from '../guards.server';
import { shippingKey } from './shipping-key';

/** How long the cart read may take before the page renders without it (the browser then asks). */
export const CART_READ_TIMEOUT_MS = 3000;

/**
 * The visitor's cart for the cart page's server render (issue 38 §2), read with the visitor's own
 * token (the `vendure_token` cookie) through the cart service the cart machine uses. The answer is
 * the cart machine's seed (`CartInput.seed`): the browser starts from it instead of asking again.
 * - no token: no session, so no cart (`{ order: null }`), without asking the backend;
 * - an expired or foreign token: Vendure answers no active order, or refuses; either way the
 *   browser's session starts over;
 * - the backend down or slow: null, the page renders the skeleton and the browser asks as before.
 */
export async function loadCartSeed(request: Request, locale: Locale, options: GuardOptions = {}): Promise<CartSeed | null> {
  if (!requestToken(request)) return { order: null };
  const signal = AbortSignal.any([request.signal, AbortSignal.timeout(options.timeoutMs ?? CART_READ_TIMEOUT_MS)]);
  try {
    return { order: await getActiveOrder(personalShopClient(request, locale, options), { signal }) };
  } catch {
    return null;
  }
}

export interface ServerCart {
  /** The cart machine's seed; null when the backend could not say. */
  cartSeed: CartSeed | null;
  /**
   * The cheapest eligible delivery (halalas; null: none) for the order of `key`, asked alongside
   * the order (the same question the page's shippingEstimate actor asks), so the summary and the
   * instalment plans below it are final in the server's HTML: nothing moves when the actor answers.
   */
  shipping: { key: string; estimate: number | null } | null;
}

/** The seed and, when the cart has lines, its shipping estimate (asked in parallel, same token). */
export async function loadServerCart(request: Request, locale: Locale, options: GuardOptions = {}): Promise<ServerCart> {
  if (!requestToken(request)) return { cartSeed: { order: null }, shipping: null };
  const signal = AbortSignal.any([request.signal, AbortSignal.timeout(options.timeoutMs ?? CART_READ_TIMEOUT_MS)]);
  const client = personalShopClient(request, locale, options);
  const [seed, methods] = await Promise.all([
    loadCartSeed(request, locale, options),
    getShippingMethods(client, { signal }).catch(() => null),
  ]);
  const order = seed?.order;
  if (!order || order.lines.length === 0 || methods === null) return { cartSeed: seed, shipping: null };
  const estimate = methods.length ? Math.min(...methods.map((m) => m.priceWithTax)) : null;
  return { cartSeed: seed, shipping: { key: shippingKey(order), estimate } };
}
