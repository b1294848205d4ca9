import { Trans } from '@lingui/react/macro';
import { createContext, lazy, Suspense, useContext, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { useAppActor } from './app-actors';
import { useActorSelector } from './use-actor-selector';
import type { CartContext } from '../../machines/cart.machine';
import { isAdding } from '../../machines/cart.selectors';
import type { WishlistItem } from '../../machines/wishlist.machine';
import { isFavourite } from '../../machines/wishlist.selectors';
import { CatalogueActionsContext, type CatalogueActions } from '../components/catalogue/catalogue-actions';

/**
 * Connects the catalogue's buttons (add to cart, heart) to the cart and wishlist actors, and
 * announces what happened in one polite live region for the whole site.
 */
const NO_QUEUE: CartContext['queue'] = [];

// Shown only once the actors are there (after the page has loaded): its own chunk (decision 009).
const CartStatus = lazy(() => import('./cart-status').then((module) => ({ default: module.CartStatus })));
const AddedNotice = lazy(() => import('./cart-status').then((module) => ({ default: module.AddedNotice })));

/** The variant whose add just completed on this page (its button shows the notice), or null. */
const JustAddedContext = createContext<string | null>(null);

function AddedNoticeSlot({ variantId, trigger }: { variantId: string; trigger: RefObject<HTMLElement | null> }) {
  if (useContext(JustAddedContext) !== variantId) return null;
  return (
    <Suspense fallback={null}>
      <AddedNotice trigger={trigger} onDismiss={() => trigger.current?.focus()} />
    </Suspense>
  );
}

export function ShopActionsBridge({ children }: { children: ReactNode }) {
  const { actor: cart, send: sendToCart } = useAppActor('cart');
  const { actor: wishlist, send: sendToWishlist } = useAppActor('wishlist');
  // Clicks that came before the actors had loaded (rare: they load right after the page): one add
  // per variant waits for them, a second click on it is ignored like one during a mutation.
  const waiting = useRef(new Set<string>());
  const lastDone = useActorSelector(cart, (s) => s.context.lastDone, null);
  const busy = useActorSelector(cart, (s) => s.matches('mutating'), false);
  const { pathname } = useLocation();
  // The page an add was made on: its notice is shown there only (not on the cart page after "View cart").
  const [addedOn, setAddedOn] = useState<string | null>(null);
  const added = lastDone?.kind === 'add' && !busy ? lastDone.variantId : null;

  // The catalogue's actions are one value for the life of the page: the cards ask for their own
  // answer (useIsFav / useIsAdding) and re-render only when it changes. When the value followed the
  // actors, their arrival and every cart or wishlist update re-rendered every card on the page (the
  // home page has ~75) in one render, which React redoes synchronously when an actor's snapshot
  // changes during it: a long task after every page load.
  const latest = useRef({ cart, wishlist, sendToCart, sendToWishlist, pathname });
  latest.current = { cart, wishlist, sendToCart, sendToWishlist, pathname };
  const listeners = useRef(new Set<() => void>());
  useEffect(() => {
    const notify = () => listeners.current.forEach((listener) => listener());
    notify();
    const subscriptions = [cart?.subscribe(notify), wishlist?.subscribe(notify)];
    return () => subscriptions.forEach((subscription) => subscription?.unsubscribe());
  }, [cart, wishlist]);

  const actions = useMemo<CatalogueActions>(
    () => ({
      onAddToCart(variantId, quantity) {
        const now = latest.current;
        setAddedOn(now.pathname);
        if (now.cart) return now.cart.send({ type: 'cart.add', variantId, quantity });
        if (waiting.current.has(variantId)) return;
        waiting.current.add(variantId);
        void now.sendToCart({ type: 'cart.add', variantId, quantity }).finally(() => waiting.current.delete(variantId));
      },
      onToggleFav(productId, item?: WishlistItem) {
        void latest.current.sendToWishlist({ type: 'wishlist.toggle', productId, item: item ?? null });
      },
      isAdding(variantId) {
        const actor = latest.current.cart;
        return actor ? isAdding({ queue: actor.getSnapshot().context.queue ?? NO_QUEUE }, variantId) : false;
      },
      isFav(productId) {
        const actor = latest.current.wishlist;
        return actor ? isFavourite(actor.getSnapshot().context, productId) : false;
      },
      subscribe(onChange) {
        listeners.current.add(onChange);
        return () => listeners.current.delete(onChange);
      },
      // The notice follows the button that added (DOM order = tab order) and focus stays on that
      // button; the live region below announces the add once, so the notice is no live region. The
      // slot reads which variant was just added from its own context: an add re-renders the slots only.
      renderAddedNotice: (variantId, trigger) => <AddedNoticeSlot variantId={variantId} trigger={trigger} />,
    }),
    [],
  );
  return (
    <CatalogueActionsContext.Provider value={actions}>
      <JustAddedContext.Provider value={added && addedOn === pathname ? added : null}>{children}</JustAddedContext.Provider>
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
