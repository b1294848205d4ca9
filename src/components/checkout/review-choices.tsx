import { Trans, useLingui } from '@lingui/react/macro';
import { formatMoneyPlain } from '../../lib/money';
import { useLocale } from '../../lib/use-locale';
import { AddressLines } from './order-lines';

export interface ReviewChoicesProps {
  /** The order's shipping address (a copy of the chosen one). */
  address: Parameters<typeof AddressLines>[0]['address'];
  /** The order's delivery method and its price (halalas, VAT included). */
  delivery: { name: string; priceWithTax: number } | null;
  /** Back to the step that changes it; null when that step cannot be opened. */
  onChangeAddress: (() => void) | null;
  onChangeDelivery: (() => void) | null;
}

/**
 * What the shopper chose before the review (issue 32 §2): the address and the delivery option, each
 * with a way back to the step that changes it.
 */
export function ReviewChoices({ address, delivery, onChangeAddress, onChangeDelivery }: ReviewChoicesProps) {
  const { t } = useLingui();
  const locale = useLocale();
  return (
    <div className="review-choices">
      <section className="review-choices__item" aria-labelledby="review-address-title">
        <h3 id="review-address-title" className="checkout-card__subtitle">
          {t`Shipping address`}
        </h3>
        <AddressLines address={address} />
        {onChangeAddress && (
          <button type="button" className="link-button" onClick={onChangeAddress}>
            <Trans>
              Change<span className="visually-hidden"> the shipping address</span>
            </Trans>
          </button>
        )}
      </section>
      {delivery && (
        <section className="review-choices__item" aria-labelledby="review-delivery-title">
          <h3 id="review-delivery-title" className="checkout-card__subtitle">
            {t`Delivery`}
          </h3>
          <p className="review-choices__delivery">
            <span>{delivery.name}</span>{' '}
            <span className="choice__price">
              {delivery.priceWithTax === 0 ? t`Free` : <bdi>{formatMoneyPlain(delivery.priceWithTax, locale)}</bdi>}
            </span>
          </p>
          {onChangeDelivery && (
            <button type="button" className="link-button" onClick={onChangeDelivery}>
              <Trans>
                Change<span className="visually-hidden"> the delivery option</span>
              </Trans>
            </button>
          )}
        </section>
      )}
    </div>
  );
}
