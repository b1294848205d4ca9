import { useLingui } from '@lingui/react/macro';
import { deliveryWindow } from '../../lib/delivery-estimate';
import { deliveryEstimateText } from '../purchase-terms/purchase-terms';
import type { FormEvent } from 'react';
import type { ShippingMethod } from '../../../machines/checkout.machine';
import { localizeDigits } from '../../lib/digits';
import { formatMoneyPlain } from '../../lib/money';
import { useLocale } from '../../lib/use-locale';

export interface ShippingStepProps {
  methods: ShippingMethod[];
  selectedId: string | null;
  busy: boolean;
  canSubmit: boolean;
  onSelect: (id: string) => void;
  onSubmit: () => void;
}

/** A method's own delivery time, in the words the product page and the cart use. */
function methodEstimate(m: ShippingMethod): { minDays: number; maxDays: number } | null {
  const days = m.customFields;
  return days?.minDeliveryDays != null && days.maxDeliveryDays != null
    ? deliveryWindow([{ minDays: days.minDeliveryDays, maxDays: days.maxDeliveryDays }])
    : null;
}

/** Delivery options with their prices and delivery times. */
export function ShippingStep(props: ShippingStepProps) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  return (
    <form
      className="checkout-card"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        props.onSubmit();
      }}
    >
      <h2 className="checkout-card__title">{t`Delivery`}</h2>
      {props.methods.length === 0 ? (
        <p>{t`No delivery option is available for this address.`}</p>
      ) : (
        <fieldset className="choice-list" disabled={props.busy}>
          <legend className="visually-hidden">{t`Choose a delivery option`}</legend>
          {props.methods.map((m) => {
            const estimate = methodEstimate(m);
            return (
              <label key={m.id} className="choice">
                <input
                  type="radio"
                  name="shipping"
                  value={m.id}
                  checked={props.selectedId === m.id}
                  onChange={() => props.onSelect(m.id)}
                />
                <span className="choice__body">
                  <span className="choice__name">{localizeDigits(m.name, locale)}</span>
                  {estimate && <span className="choice__note">{deliveryEstimateText(i18n, locale, estimate)}</span>}
                  {m.description && <span className="choice__note">{localizeDigits(m.description.replace(/<[^>]*>/g, ''), locale)}</span>}
                </span>
                <span className="choice__price">
                  {m.priceWithTax === 0 ? t`Free` : <bdi>{formatMoneyPlain(m.priceWithTax, locale)}</bdi>}
                </span>
              </label>
            );
          })}
        </fieldset>
      )}
      <div className="checkout-card__actions">
        <button type="submit" className="button button--primary" disabled={!props.canSubmit} aria-busy={props.busy || undefined}>
          {t`Continue to review`}
        </button>
      </div>
    </form>
  );
}
