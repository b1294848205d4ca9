import { useLingui } from '@lingui/react/macro';
import { createContext, useContext, useRef, useState, useSyncExternalStore, type ReactNode, type RefObject } from 'react';
import { useLocale } from '../../lib/use-locale';
import { BagIcon } from '../icons/icons';
import { formatNumber } from './format';

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

/** A favourite as the wishlist page lists it (prices in halalas). */
export interface FavItem {
  id: string;
  slug: string;
  name: string;
  image: { src: string; width: number; height: number } | null;
  price: number | null;
  variantId: string | null;
}

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

export function FavButton({
  productId,
  productName,
  isFav,
  onToggleFav,
  item,
  className = '',
}: {
  productId: string;
  productName: string;
  isFav: boolean;
  onToggleFav?: (productId: string, item?: FavItem) => void;
  /** What the wishlist keeps of the product (a guest's list lives in the browser). */
  item?: FavItem;
  className?: string;
}) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      className={`fav-button ${className}`}
      aria-pressed={isFav}
      aria-label={t`Add ${productName} to wishlist`}
      disabled={!onToggleFav}
      onClick={() => onToggleFav?.(productId, item)}
    >
      {/* Drawn by CSS (a mask): cards repeat this button dozens of times per page. */}
      <span className="fav-button__icon" aria-hidden="true" />
    </button>
  );
}

export const MAX_QUANTITY = 10;

/** Quantity + add to cart for the chosen variant; disabled when the variant cannot be bought. */
export function AddToCart({
  variantId,
  purchasable,
  onAddToCart,
  adding = false,
}: {
  variantId: string | null;
  purchasable: boolean;
  onAddToCart?: (variantId: string, quantity: number) => void;
  adding?: boolean;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const [quantity, setQuantity] = useState(1);
  const { renderAddedNotice } = useCatalogueActions();
  const button = useRef<HTMLButtonElement>(null);
  const canAdd = purchasable && variantId !== null && onAddToCart !== undefined;
  return (
    <form
      className="add-to-cart"
      onSubmit={(e) => {
        e.preventDefault();
        if (canAdd && !adding && variantId) onAddToCart(variantId, quantity);
      }}
    >
      <label className="add-to-cart__qty">
        <span className="visually-hidden">{t`Quantity`}</span>
        <select value={quantity} onChange={(e) => setQuantity(Number(e.target.value))} disabled={!purchasable}>
          {Array.from({ length: MAX_QUANTITY }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {formatNumber(n, locale)}
            </option>
          ))}
        </select>
      </label>
      {/* While adding the button stays focusable (aria-disabled): a disabled button drops focus to <body>. */}
      <button
        ref={button}
        type="submit"
        className="button button--primary add-to-cart__button"
        disabled={!canAdd}
        aria-disabled={adding || undefined}
        aria-busy={adding || undefined}
      >
        <BagIcon size={20} />
        {t`Add to cart`}
      </button>
      {variantId && renderAddedNotice?.(variantId, button)}
    </form>
  );
}
