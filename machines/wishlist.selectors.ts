import type { WishlistContext } from './wishlist.machine';

/**
 * Whether a product is a favourite, counting toggles on their way (optimistic heart). In a module
 * of its own so views can ask without loading the machine (and xstate) with the first paint.
 */
export function isFavourite(context: Pick<WishlistContext, 'ids' | 'queue'>, productId: string): boolean {
  const fav = context.ids.includes(productId);
  const toggles = context.queue.filter((q) => q.productId === productId).length;
  return toggles % 2 === 1 ? !fav : fav;
}

/** The header's wishlist count (the machine's own: a guest's local list, else the account's). */
export function wishlistCount(context: Pick<WishlistContext, 'count'>): number {
  return context.count;
}
