import { useLingui } from '@lingui/react/macro';
import type { CheckoutStep } from '../../../machines/checkout.machine';

export const CHECKOUT_STEPS: readonly CheckoutStep[] = ['address', 'shipping', 'review', 'payment'];

export interface CheckoutStepsProps {
  current: CheckoutStep | null;
  /** Whether the machine takes a move to the step now (snapshot.can of checkout.goto). */
  canGoTo: (step: CheckoutStep) => boolean;
  onGoTo: (step: CheckoutStep) => void;
}

/** The step list: the current step marked, earlier reachable ones as buttons. */
export function CheckoutSteps({ current, canGoTo, onGoTo }: CheckoutStepsProps) {
  const { t, i18n } = useLingui();
  const label: Record<CheckoutStep, string> = {
    address: t`Address`,
    shipping: t`Delivery`,
    review: t`Review`,
    payment: t`Payment`,
  };
  return (
    <nav aria-label={t`Checkout steps`} className="checkout-steps">
      <ol className="checkout-steps__list">
        {CHECKOUT_STEPS.map((step, i) => {
          const isCurrent = step === current;
          const text = (
            <>
              <span className="checkout-steps__number" aria-hidden="true">
                {i18n.number(i + 1)}
              </span>
              <span>{label[step]}</span>
            </>
          );
          return (
            <li key={step} className={`checkout-steps__item${isCurrent ? ' checkout-steps__item--current' : ''}`}>
              {isCurrent ? (
                <span aria-current="step">{text}</span>
              ) : canGoTo(step) ? (
                <button type="button" className="checkout-steps__button" onClick={() => onGoTo(step)}>
                  {text}
                </button>
              ) : (
                <span className="checkout-steps__pending">{text}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
