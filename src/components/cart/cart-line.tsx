import { useLingui } from '@lingui/react/macro';
import type { Order } from '../../../services/cart.service';
import { Image } from '../image/image';
import { LocaleLink } from '../locale-link/locale-link';
import { useLocale } from '../../lib/use-locale';
import { formatMoneyPlain } from '../../lib/money';
import { formatNumber } from '../catalogue/format';

export type CartLineData = Order['lines'][number];

/** The most the stepper offers when the Shop API does not say (its per-product limit, MAX_LINE_QUANTITY). */
export const MAX_LINE_QUANTITY = 10;

export interface CartLineProps {
  line: CartLineData;
  /** The quantity the shopper asked for while it is on its way (stepper shows it at once). */
  pendingQuantity: number | null;
  onQuantity: (lineId: string, quantity: number) => void;
  onRemove: (lineId: string) => void;
  /** The first line: its photo is the page's LCP, loaded eagerly with high priority. */
  priority?: boolean;
}

/** One cart line: picture, name, options, unit price (with promo), stepper, line total. */
export function CartLine({ line, pendingQuantity, onQuantity, onRemove, priority = false }: CartLineProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const money = (n: number) => <bdi>{formatMoneyPlain(n, locale)}</bdi>;
  const variant = line.productVariant;
  const name = variant.product.name;
  const quantity = pendingQuantity ?? line.quantity;
  // no more than the shop has (the variant's stock within the per-product limit; issue 32 §7)
  const most = variant.maxQuantity ?? MAX_LINE_QUANTITY;
  const mainPrice = variant.customFields?.mainPrice ?? null;
  const onPromo = mainPrice !== null && mainPrice > line.unitPriceWithTax;
  const lineDiscounted = line.discountedLinePriceWithTax < line.linePriceWithTax;
  const options = variant.options.map((o) => `${o.group.name}: ${o.name}`).join(' · ');
  const headingId = `cart-line-${line.id}`;

  return (
    <li className="cart-line" aria-labelledby={headingId}>
      <div className="cart-line__media">
        <Image src={line.featuredAsset?.preview} alt="" width={96} ratio="1-1" sizes="96px" priority={priority} />
      </div>
      <div className="cart-line__info">
        <h2 id={headingId} className="cart-line__name">
          <LocaleLink to={`/products/${encodeURIComponent(variant.product.slug)}?variant=${encodeURIComponent(variant.id)}`}>
            {name}
          </LocaleLink>
        </h2>
        {options && <p className="cart-line__options">{options}</p>}
        <p className="cart-line__unit">
          <span className="visually-hidden">{t`Unit price`}</span>
          {money(line.unitPriceWithTax)}
          {onPromo && (
            <>
              {' '}
              <s className="cart-line__was">
                <span className="visually-hidden">{t`Was`}</span>
                {money(mainPrice)}
              </s>{' '}
              <span className="badge badge--sale">{t`Offer`}</span>
            </>
          )}
        </p>
      </div>
      <div className="cart-line__qty" role="group" aria-label={t`Quantity of ${name}`}>
        <button
          type="button"
          className="cart-line__step"
          aria-label={t`Decrease quantity of ${name}`}
          // aria-disabled, not disabled: reaching 1 from the keyboard must not drop focus to <body>
          aria-disabled={quantity <= 1 || undefined}
          onClick={() => quantity > 1 && onQuantity(line.id, quantity - 1)}
        >
          −
        </button>
        <output className="cart-line__count" aria-live="polite">
          {formatNumber(quantity, locale)}
        </output>
        <button
          type="button"
          className="cart-line__step"
          aria-label={t`Increase quantity of ${name}`}
          aria-disabled={quantity >= most || undefined}
          onClick={() => quantity < most && onQuantity(line.id, quantity + 1)}
        >
          +
        </button>
      </div>
      <p className="cart-line__total">
        <span className="visually-hidden">{t`Line total`}</span>
        {lineDiscounted && (
          <>
            <s className="cart-line__was">{money(line.linePriceWithTax)}</s>{' '}
          </>
        )}
        {money(line.discountedLinePriceWithTax)}
      </p>
      <button type="button" className="cart-line__remove button button--secondary" onClick={() => onRemove(line.id)}>
        {t`Remove`}
        <span className="visually-hidden"> {name}</span>
      </button>
    </li>
  );
}
