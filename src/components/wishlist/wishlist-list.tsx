import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { WishlistItem } from '../../../machines/wishlist.machine';
import { Image } from '../image/image';
import { LocaleLink } from '../locale-link/locale-link';
import { useLocale } from '../../lib/use-locale';
import { formatMoneyPlain } from '../../lib/money';

export interface WishlistListProps {
  items: readonly WishlistItem[];
  onMoveToCart: (item: WishlistItem) => void;
  onRemove: (item: WishlistItem) => void;
  /** The last product left the list (the list unmounts): the page puts focus somewhere of its own. */
  onEmptied?: () => void;
}

/** Favourites with "move to cart" (adds the product's default variant) and "remove". */
export function WishlistList({ items, onMoveToCart, onRemove, onEmptied }: WishlistListProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const list = useRef<HTMLUListElement>(null);
  // A row's buttons leave with the row: focus goes to the product that takes its place (or the one
  // before, at the end), rather than to <body>.
  const focusRow = useRef<number | null>(null);
  useEffect(() => {
    const at = focusRow.current;
    if (at === null) return;
    focusRow.current = null;
    const rows = list.current?.querySelectorAll<HTMLElement>(':scope > li');
    if (!rows?.length) return;
    rows[Math.min(at, rows.length - 1)]!.querySelector<HTMLElement>('a[href]')?.focus();
  }, [items]);
  const leaving = (index: number) => {
    if (items.length === 1) onEmptied?.();
    else focusRow.current = index;
  };
  return (
    <ul className="wishlist" aria-label={t`Saved products`} ref={list}>
      {items.map((item, index) => (
        <li key={item.id} className="wishlist__item" aria-labelledby={`wish-${item.id}`}>
          <div className="cart-line__media">
            <Image src={item.image?.src} alt="" width={96} ratio="1-1" sizes="96px" />
          </div>
          <div className="cart-line__info">
            <h2 id={`wish-${item.id}`} className="cart-line__name">
              <LocaleLink to={`/products/${encodeURIComponent(item.slug)}`}>{item.name}</LocaleLink>
            </h2>
            {item.price !== null && (
              <p className="cart-line__unit">
                <bdi>{formatMoneyPlain(item.price, locale)}</bdi>
              </p>
            )}
          </div>
          <div className="wishlist__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={!item.variantId}
              onClick={() => {
                leaving(index);
                onMoveToCart(item);
              }}
            >
              {t`Move to cart`}
              <span className="visually-hidden"> {item.name}</span>
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                leaving(index);
                onRemove(item);
              }}
            >
              {t`Remove`}
              <span className="visually-hidden"> {item.name}</span>
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
