import type { WishlistItem } from '../../../machines/wishlist.machine';
import { createContext, useContext, useSyncExternalStore, type ReactNode, type RefObject } from 'react';

// The catalogue's side of the cart and wishlist wiring, in a module of its own: the shell's bridge
// (src/containers/shop-actions-bridge.tsx) provides it on every page, while the buttons that
// consume it (product-actions.tsx) are only in the chunks of pages that show products.

/**
 * What the cart and wishlist (their own issue) plug into the catalogue: product pages and cards
 * render the buttons, the composition supplies the handlers. Without a handler a button is
 * rendered disabled rather than pretending to work.
 */
export interface CatalogueActions {
  onAddToCart?: (variantId: string, quantity: number) => void;
  /** `item`: what the wishlist page shows of it (a guest's list is kept in the browser). */
  onToggleFav?: (productId: string, item?: FavItem) => void;
  /**
   * Pending state from the machines (a click while pending is ignored by them anyway). Read through
   * `useIsAdding` / `useIsFav`: the answers change without the context value changing, and
   * `subscribe` says when to ask again.
   */
  isAdding?: (variantId: string) => boolean;
  isFav?: (productId: string) => boolean | undefined;
  /**
   * Calls `onChange` whenever `isAdding` or `isFav` may answer differently; returns the unsubscribe.
   * So a wishlist or cart change re-renders only the cards whose answer changed, not every card on
   * the page (on the home page that was one synchronous render of ~75 cards).
   */
  subscribe?: (onChange: () => void) => () => void;
  /** The "added to your cart" notice for a variant, rendered right after the button that added it. */
  renderAddedNotice?: (variantId: string, trigger: RefObject<HTMLElement | null>) => ReactNode;
}

/** A favourite as the wishlist page lists it: the wishlist machine's item (prices in halalas). */
export type FavItem = WishlistItem;

/**
 * Provided once above the pages (layout or composition root) by the cart/wishlist wiring;
 * the catalogue only consumes it.
 */
export const CatalogueActionsContext = createContext<CatalogueActions>({});

export function useCatalogueActions(): CatalogueActions {
  return useContext(CatalogueActionsContext);
}

const NO_SUBSCRIPTION = () => () => {};

/** Whether the product is in the wishlist (`fallback` while nothing answers: the server's value). */
export function useIsFav(productId: string, fallback: boolean): boolean {
  const { isFav, subscribe = NO_SUBSCRIPTION } = useCatalogueActions();
  const read = () => isFav?.(productId) ?? fallback;
  return useSyncExternalStore(subscribe, read, read);
}

/** Whether an add of the variant is on its way to the cart. */
export function useIsAdding(variantId: string | null | undefined): boolean {
  const { isAdding, subscribe = NO_SUBSCRIPTION } = useCatalogueActions();
  const read = () => (variantId ? (isAdding?.(variantId) ?? false) : false);
  return useSyncExternalStore(subscribe, read, read);
}
