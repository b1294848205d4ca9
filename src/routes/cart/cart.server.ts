import { getActiveOrder } from '../../../services/cart.service';
import type { CartSeed } from '../../../machines/cart.machine';
import type { Locale } from '../../i18n/locales';
import { personalShopClient, requestToken, type GuardOptions } from '../guards.server';

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
