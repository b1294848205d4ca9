import { useLingui } from '@lingui/react/macro';
import type { FormEvent } from 'react';
import type { PaymentMethod } from '../../../machines/checkout.machine';
import type { InstallmentOffer } from '../../lib/installments';
import { formatMoneyPlain } from '../../lib/money';
import { installmentOfferText } from '../purchase-terms/purchase-terms';
import { useLocale } from '../../lib/use-locale';

export interface PaymentChoice {
  method: PaymentMethod;
  name: string;
  /** What the shopper pays with this method (its discount or fee applied), halalas. */
  payable: number;
  discount: number;
  increment: number;
  /** Tamara / Tabby: their plan applied to `payable`; null for other methods. */
  installments: InstallmentOffer | null;
}

export interface PaymentStepProps {
  choices: PaymentChoice[];
  selectedCode: string | null;
  /** paying: addPayment is out; redirecting: leaving for the provider's page. */
  status: 'choosing' | 'paying' | 'redirecting';
  canSubmit: boolean;
  onSelect: (code: string) => void;
  onSubmit: () => void;
}

/** Payment methods with their eligibility and the total each one costs. */
export function PaymentStep(props: PaymentStepProps) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const money = (n: number) => <bdi>{formatMoneyPlain(n, locale)}</bdi>;
  const busy = props.status !== 'choosing';
  const selected = props.choices.find((c) => c.method.code === props.selectedCode);
  // Pay stays in the tab order (aria-disabled, not disabled: WCAG 2.4.3, issue 39): from the methods
  // Tab reaches it, and it says why it cannot go on yet.
  const blockedId = 'payment-blocked-reason';
  const needsMethod = !selected && !busy;
  return (
    <form
      className="checkout-card"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        if (props.canSubmit) props.onSubmit();
      }}
    >
      <h2 className="checkout-card__title">{t`Payment`}</h2>
      <fieldset className="choice-list" disabled={busy}>
        <legend className="visually-hidden">{t`Choose how to pay`}</legend>
        {props.choices.map(({ method, name, payable, discount, increment, installments }) => {
          const noteId = `payment-${method.code}-note`;
          return (
            <label key={method.code} className={`choice${method.isEligible ? '' : ' choice--disabled'}`}>
              <input
                type="radio"
                name="payment"
                value={method.code}
                checked={props.selectedCode === method.code}
                disabled={!method.isEligible}
                aria-describedby={noteId}
                onChange={() => props.onSelect(method.code)}
              />
              <span className="choice__body">
                <span className="choice__name">{name}</span>
                <span className="choice__note" id={noteId}>
                  {!method.isEligible
                    ? method.eligibilityMessage || t`Not available for this order.`
                    : discount > 0
                      ? t`You save ${formatMoneyPlain(discount, locale)}`
                      : increment > 0
                        ? t`Fee ${formatMoneyPlain(increment, locale)}`
                        : ''}
                  {method.isEligible && installments && (
                    <span className="choice__plan">{installmentOfferText(i18n, locale, installments)}</span>
                  )}
                </span>
              </span>
              {method.isEligible && <span className="choice__price">{money(payable)}</span>}
            </label>
          );
        })}
      </fieldset>
      {props.status === 'redirecting' && (
        <p role="status" className="checkout-card__status">
          {t`Taking you to the payment page…`}
        </p>
      )}
      <div className="checkout-card__actions">
        <button
          type="submit"
          className="button button--primary"
          aria-disabled={!props.canSubmit || undefined}
          aria-busy={busy || undefined}
          aria-describedby={needsMethod ? blockedId : undefined}
        >
          {selected ? t`Pay ${formatMoneyPlain(selected.payable, locale)}` : t`Pay now`}
        </button>
        {needsMethod && (
          <p id={blockedId} className="checkout-card__hint">
            {t`Choose a payment method to pay.`}
          </p>
        )}
      </div>
    </form>
  );
}
