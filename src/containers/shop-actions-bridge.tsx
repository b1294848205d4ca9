import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useLocation } from 'react-router';
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
const AddedNotice = lazy(() => import('./cart-status').then((module) => ({ default: module.AddedNotice })));

export function ShopActionsBridge({ children }: { children: ReactNode }) {
  const { actor: cart, send: sendToCart } = useAppActor('cart');
  const { actor: wishlist, send: sendToWishlist } = useAppActor('wishlist');
  const queue = useActorSelector(cart, (s) => s.context.queue, NO_QUEUE);
  const wish = useActorSelector(wishlist, (s) => s.context, null);
  // Clicks that came before the actors had loaded (rare: they load right after the page): one add
  // per variant waits for them, a second click on it is ignored like one during a mutation.
  const waiting = useRef(new Set<string>());
  const lastDone = useActorSelector(cart, (s) => s.context.lastDone, null);
  const busy = useActorSelector(cart, (s) => s.matches('mutating'), false);
  const { pathname } = useLocation();
  // The page an add was made on: its notice is shown there only (not on the cart page after "View cart").
  const [addedOn, setAddedOn] = useState<string | null>(null);
  const added = lastDone?.kind === 'add' && !busy ? lastDone.variantId : null;

  const onAddToCart = useCallback(
    (variantId: string, quantity: number) => {
      setAddedOn(pathname);
      if (cart) return cart.send({ type: 'cart.add', variantId, quantity });
      if (waiting.current.has(variantId)) return;
      waiting.current.add(variantId);
      void sendToCart({ type: 'cart.add', variantId, quantity }).finally(() => waiting.current.delete(variantId));
    },
    [cart, sendToCart, pathname],
  );
  const onToggleFav = useCallback(
    (productId: string, item?: WishlistItem) => {
      void sendToWishlist({ type: 'wishlist.toggle', productId, item: item ?? null });
    },
    [sendToWishlist],
  );
  // The notice follows the button that added (DOM order = tab order) and focus stays on that button;
  // the live region below announces the add once, so the notice itself is no live region.
  const renderAddedNotice = useCallback(
    (variantId: string, trigger: RefObject<HTMLElement | null>) =>
      added === variantId && addedOn === pathname ? (
        <Suspense fallback={null}>
          <AddedNotice onDismiss={() => trigger.current?.focus()} />
        </Suspense>
      ) : null,
    [added, addedOn, pathname],
  );
  const actions = useMemo<CatalogueActions>(
    () => ({
      onAddToCart,
      onToggleFav,
      isAdding: (variantId) => isAdding({ queue }, variantId),
      isFav: (productId) => (wish ? isFavourite(wish, productId) : false),
      renderAddedNotice,
    }),
    [onAddToCart, onToggleFav, queue, wish, renderAddedNotice],
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
      {/* Present from the first paint, so the text put into it is announced (every add, wishlist moves too). */}
      <p className="visually-hidden" role="status">
        {lastDone?.kind === 'add' && !busy ? <Trans>Added to your cart.</Trans> : null}
      </p>
    </CatalogueActionsContext.Provider>
  );
}
