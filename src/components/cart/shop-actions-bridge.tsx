import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useMemo, useRef, type ReactNode } from 'react';
import { useAppActors, useAppActorsHandle } from '../../app/app-actors';
import { useActorSelector } from '../../hooks/use-actor-selector';
import type { CartIntent } from '../../../machines/lib/cart-projection';
import type { WishlistItem } from '../../../machines/wishlist.machine';
import { isFavourite } from '../../../machines/wishlist.selectors';
import { CatalogueActionsContext, type CatalogueActions } from '../catalogue/product-actions';
import { LocaleLink } from '../locale-link/locale-link';
import { cartErrorText } from './cart-messages';

/**
 * Connects the catalogue's buttons (add to cart, heart) to the cart and wishlist actors, and
 * announces what happened in one polite live region for the whole site.
 */
const NO_QUEUE: CartIntent[] = [];

export function ShopActionsBridge({ children }: { children: ReactNode }) {
  const { actors, load } = useAppActorsHandle();
  const cart = actors?.cart ?? null;
  const wishlist = actors?.wishlist ?? null;
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
      void load()
        .then((ready) => ready.cart.send({ type: 'cart.add', variantId, quantity }))
        .finally(() => waiting.current.delete(variantId));
    },
    [cart, load],
  );
  const onToggleFav = useCallback(
    (productId: string, item?: WishlistItem) => {
      const event = { type: 'wishlist.toggle', productId, item: item ?? null } as const;
      if (wishlist) wishlist.send(event);
      else void load().then((ready) => ready.wishlist.send(event));
    },
    [wishlist, load],
  );
  const actions = useMemo<CatalogueActions>(
    () => ({
      onAddToCart,
      onToggleFav,
      isAdding: (variantId) => queue.some((q) => q.kind === 'add' && q.variantId === variantId),
      isFav: (productId) => (wish ? isFavourite(wish, productId) : false),
    }),
    [onAddToCart, onToggleFav, queue, wish],
  );
  return (
    <CatalogueActionsContext.Provider value={actions}>
      {children}
      {actors ? <CartStatus /> : <div className="cart-status" />}
    </CatalogueActionsContext.Provider>
  );
}

/** What the last cart action did: added, capped by stock, or failed (with retry). */
export function CartStatus() {
  const { i18n } = useLingui();
  const { cart } = useAppActors();
  const failed = useActorSelector(cart, (s) => s.context.failed, null);
  const stock = useActorSelector(cart, (s) => s.context.stockNotice, null);
  const lastDone = useActorSelector(cart, (s) => s.context.lastDone, null);
  const busy = useActorSelector(cart, (s) => s.matches('mutating'), false);
  const canRetry = useActorSelector(cart, (s) => s.can({ type: 'cart.retry' }), false);

  let body: ReactNode = null;
  if (failed) {
    body = (
      <div className="cart-status__box cart-status__box--error" role="alert">
        <p>{cartErrorText(i18n, failed.error)}</p>
        <div className="cart-status__actions">
          {canRetry && (
            <button type="button" className="button button--primary" onClick={() => cart.send({ type: 'cart.retry' })}>
              <Trans>Try again</Trans>
            </button>
          )}
          <button type="button" className="button button--secondary" onClick={() => cart.send({ type: 'cart.dismiss' })}>
            <Trans>Dismiss</Trans>
          </button>
        </div>
      </div>
    );
  } else if (stock) {
    body = (
      <div className="cart-status__box cart-status__box--warning" role="status">
        <p>
          <Trans>Only {stock.quantityAvailable} available. Your cart now has what is in stock.</Trans>
        </p>
        <button type="button" className="button button--secondary" onClick={() => cart.send({ type: 'cart.dismiss' })}>
          <Trans>Dismiss</Trans>
        </button>
      </div>
    );
  } else if (lastDone?.kind === 'add' && !busy) {
    body = (
      <div className="cart-status__box" role="status">
        <p>
          <Trans>Added to your cart.</Trans> <LocaleLink to="/cart"><Trans>View cart</Trans></LocaleLink>
        </p>
        <button type="button" className="button button--secondary" onClick={() => cart.send({ type: 'cart.dismiss' })}>
          <Trans>Dismiss</Trans>
        </button>
      </div>
    );
  }
  return (
    <div className="cart-status">
      {body}
    </div>
  );
}
