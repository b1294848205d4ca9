import type { CartContext, CartError } from './cart.machine';
import { pendingQuantity } from './lib/cart-projection';

/**
 * What views read of the cart, beside the machine. Plain functions of the context (no xstate
 * here), so the header and the catalogue can ask without loading the machine with the first paint.
 * State-dependent flags come from the snapshot itself: `matches('loading')`, `can({ type: 'cart.retry' })`.
 */

/** Spec §3: the header's line count; null until the session's check or the first load knew it. */
export function cartCount(context: Pick<CartContext, 'count'>): number | null {
  return context.count;
}

/** Whether an add of this variant is queued or on its way (the button shows it pending). */
export function isAdding(context: Pick<CartContext, 'queue'>, variantId: string): boolean {
  return context.queue.some((q) => q.kind === 'add' && q.variantId === variantId);
}

/** The quantity a line will have once queued changes are through (null: none queued). */
export function lineQuantity(context: Pick<CartContext, 'queue'>, lineId: string): number | null {
  return pendingQuantity(context.queue, lineId);
}

/** What went wrong with the last intents (retry offered), else null. */
export function cartFailure(context: Pick<CartContext, 'failed'>): CartError | null {
  return context.failed?.error ?? null;
}
