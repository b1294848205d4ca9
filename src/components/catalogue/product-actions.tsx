import { useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { useCatalogueActions, type FavItem } from './catalogue-actions';
import { useLocale } from '../../lib/use-locale';
import { BagIcon } from '../icons/icons';
import { formatNumber } from './format';

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

/** The quantities the picker offers: 1 to what the cart may hold (stock, per-product limit), at least 1. */
export function quantityChoices(maxQuantity: number | null | undefined): number[] {
  const most = Math.max(1, Math.min(MAX_QUANTITY, maxQuantity ?? MAX_QUANTITY));
  return Array.from({ length: most }, (_, i) => i + 1);
}

/**
 * Quantity + add to cart for the chosen variant; disabled when the variant cannot be bought. The
 * picker offers no more than `maxQuantity` (the variant's stock within the per-product limit,
 * from the Shop API; issue 32 §7).
 */
export function AddToCart({
  variantId,
  purchasable,
  maxQuantity,
  onAddToCart,
  adding = false,
}: {
  variantId: string | null;
  purchasable: boolean;
  maxQuantity?: number | null;
  onAddToCart?: (variantId: string, quantity: number) => void;
  adding?: boolean;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const [chosen, setQuantity] = useState(1);
  const choices = quantityChoices(maxQuantity);
  // another variant with less stock: what was chosen shrinks to what it has
  const quantity = Math.min(chosen, choices.length);
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
          {choices.map((n) => (
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
