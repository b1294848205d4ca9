import { useLingui } from '@lingui/react/macro';
import { formatMoney, formatMoneyPlain } from '../../lib/money';
import { useLocale } from '../../lib/use-locale';
import { formatNumber } from './format';

export interface PriceTagProps {
  /** Halalas, what the cart charges. */
  price: number;
  /** Struck-through reference price (promo's main price or drop price). */
  compareAt?: number | null;
  discountPercent?: number;
  /** Variants cost different amounts: "from …". */
  from?: boolean;
  size?: 'small' | 'large';
}

/**
 * A price with its optional struck-through reference. Screen readers hear "Price … Was …"
 * instead of two bare numbers; the amounts are bidi-isolated in <bdi>.
 */
export function PriceTag({ price, compareAt = null, discountPercent = 0, from = false, size = 'small' }: PriceTagProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const now = formatMoneyPlain(price, locale);
  return (
    <p className={`price-tag price-tag--${size}`}>
      <span className="price-tag__now">
        <span className="visually-hidden">{compareAt ? t`Sale price:` : t`Price:`} </span>
        {from && <span className="price-tag__from">{t`From`} </span>}
        <bdi data-testid="price">{now}</bdi>
      </span>
      {compareAt !== null && compareAt > price && (
        <>
          {' '}
          <s className="price-tag__was">
            <span className="visually-hidden">{t`Original price:`} </span>
            <bdi>{formatMoneyPlain(compareAt, locale)}</bdi>
          </s>
          {discountPercent > 0 && (
            <>
              {' '}
              <span className="price-tag__off">{t`${formatNumber(discountPercent, locale)}% off`}</span>
            </>
          )}
          {size === 'large' && <span className="price-tag__save">{t`You save ${formatMoney(compareAt - price, locale)}`}</span>}
        </>
      )}
    </p>
  );
}
