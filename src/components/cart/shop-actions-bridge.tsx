import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useAppActors } from '../../app/app-actors';
import { isFavourite, type WishlistItem } from '../../../machines/wishlist.machine';
import { CatalogueActionsContext, type CatalogueActions } from '../catalogue/product-actions';
import { LocaleLink } from '../locale-link/locale-link';
import { cartErrorText } from './cart-messages';
import './cart.css';

/**
 * Connects the catalogue's buttons (add to cart, heart) to the cart and wishlist actors, and
 * announces what happened in one polite live region for the whole site.
 */
export function ShopActionsBridge({ children }: { children: ReactNode }) {
  const { cart, wishlist } = useAppActors();
  const queue = useSelector(cart, (s) => s.context.queue);
  const wish = useSelector(wishlist, (s) => s.context);

  const onAddToCart = useCallback((variantId: string, quantity: number) => cart.send({ type: 'cart.add', variantId, quantity }), [cart]);
  const onToggleFav = useCallback(
    (productId: string, item?: WishlistItem) => wishlist.send({ type: 'wishlist.toggle', productId, item: item ?? null }),
    [wishlist],
  );
  const actions = useMemo<CatalogueActions>(
    () => ({
      onAddToCart,
      onToggleFav,
      isAdding: (variantId) => queue.some((q) => q.kind === 'add' && q.variantId === variantId),
      isFav: (productId) => isFavourite(wish, productId),
    }),
    [onAddToCart, onToggleFav, queue, wish],
  );
  return (
    <CatalogueActionsContext.Provider value={actions}>
      {children}
      <CartStatus />
    </CatalogueActionsContext.Provider>
  );
}

/** What the last cart action did: added, capped by stock, or failed (with retry). */
export function CartStatus() {
  const { i18n } = useLingui();
  const { cart } = useAppActors();
  const failed = useSelector(cart, (s) => s.context.failed);
  const stock = useSelector(cart, (s) => s.context.stockNotice);
  const lastDone = useSelector(cart, (s) => s.context.lastDone);
  const busy = useSelector(cart, (s) => s.matches('mutating'));
  const canRetry = useSelector(cart, (s) => s.can({ type: 'cart.retry' }));

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
