import { lazy, Suspense, useCallback, useMemo, useRef, type ReactNode } from 'react';
import { useAppActor } from './app-actors';
import { useActorSelector } from './use-actor-selector';
import type { CartContext } from '../../machines/cart.machine';
import { isAdding } from '../../machines/cart.selectors';
import type { WishlistItem } from '../../machines/wishlist.machine';
import { isFavourite } from '../../machines/wishlist.selectors';
import { CatalogueActionsContext, type CatalogueActions } from '../components/catalogue/product-actions';

/**
 * Connects the catalogue's buttons (add to cart, heart) to the cart and wishlist actors, and
 * announces what happened in one polite live region for the whole site.
 */
const NO_QUEUE: CartContext['queue'] = [];

// Shown only once the actors are there (after the page has loaded): its own chunk (decision 009).
const CartStatus = lazy(() => import('./cart-status').then((module) => ({ default: module.CartStatus })));

export function ShopActionsBridge({ children }: { children: ReactNode }) {
  const { actor: cart, send: sendToCart } = useAppActor('cart');
  const { actor: wishlist, send: sendToWishlist } = useAppActor('wishlist');
  const queue = useActorSelector(cart, (s) => s.context.queue, NO_QUEUE);
  const wish = useActorSelector(wishlist, (s) => s.context, null);
  // Clicks that came before the actors had loaded (rare: they load right after the page): one add
  // per variant waits for them, a second click on it is ignored like one during a mutation.
  const waiting = useRef(new Set<string>());

  const onAddToCart = useCallback(
    (variantId: string, quantity: number) => {
      if (cart) return cart.send({ type: 'cart.add', variantId, quantity });
      if (waiting.current.has(variantId)) return;
      waiting.current.add(variantId);
      void sendToCart({ type: 'cart.add', variantId, quantity }).finally(() => waiting.current.delete(variantId));
    },
    [cart, sendToCart],
  );
  const onToggleFav = useCallback(
    (productId: string, item?: WishlistItem) => {
      void sendToWishlist({ type: 'wishlist.toggle', productId, item: item ?? null });
    },
    [sendToWishlist],
  );
  const actions = useMemo<CatalogueActions>(
    () => ({
      onAddToCart,
      onToggleFav,
      isAdding: (variantId) => isAdding({ queue }, variantId),
      isFav: (productId) => (wish ? isFavourite(wish, productId) : false),
    }),
    [onAddToCart, onToggleFav, queue, wish],
  );
  return (
    <CatalogueActionsContext.Provider value={actions}>
      {children}
      {cart ? (
        <Suspense fallback={<div className="cart-status" />}>
          <CartStatus />
        </Suspense>
      ) : (
        <div className="cart-status" />
      )}
    </CatalogueActionsContext.Provider>
  );
}
