import { useLingui } from '@lingui/react/macro';
import type { Order } from '../../../services/cart.service';
import { formatMoneyPlain } from '../../lib/money';
import { useLocale } from '../../lib/use-locale';
import { Image } from '../image/image';

/** The order's items, read-only (review step and the success page). */
export function OrderLines({ lines }: { lines: Order['lines'] }) {
  const { t } = useLingui();
  const locale = useLocale();
  return (
    <ul className="order-lines" aria-label={t`Items in your order`}>
      {lines.map((line) => {
        const options = line.productVariant.options.map((o) => `${o.group.name}: ${o.name}`).join(' · ');
        return (
          <li key={line.id} className="order-lines__item">
            <Image src={line.featuredAsset?.preview} alt="" width={64} ratio="1-1" sizes="64px" />
            <div className="order-lines__info">
              <p className="order-lines__name">{line.productVariant.product.name}</p>
              {options && <p className="order-lines__options">{options}</p>}
              <p className="order-lines__quantity">{t`Quantity: ${line.quantity}`}</p>
            </div>
            <p className="order-lines__price">
              <bdi>{formatMoneyPlain(line.discountedLinePriceWithTax, locale)}</bdi>
            </p>
          </li>
        );
      })}
    </ul>
  );
}

/** A shipping address as lines of text (bidi-safe phone). */
export function AddressLines({
  address,
}: {
  address: {
    fullName?: string | null;
    streetLine1?: string | null;
    streetLine2?: string | null;
    city?: string | null;
    province?: string | null;
    postalCode?: string | null;
    country?: string | null;
    phoneNumber?: string | null;
  };
}) {
  return (
    <p className="address-lines">
      {[
        address.fullName,
        address.streetLine1,
        address.streetLine2,
        [address.city, address.province].filter(Boolean).join(', '),
        address.country,
      ]
        .filter(Boolean)
        .map((line, i) => (
          <span key={i} className="address-lines__line">
            {line}
          </span>
        ))}
      {/* An identifier: Latin digits on both sites (decision 015). */}
      {address.postalCode && (
        <span className="address-lines__line">
          <bdi dir="ltr">{address.postalCode}</bdi>
        </span>
      )}
      {address.phoneNumber && (
        <span className="address-lines__line">
          <bdi dir="ltr">{address.phoneNumber}</bdi>
        </span>
      )}
    </p>
  );
}
