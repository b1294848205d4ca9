import { Trans, useLingui } from '@lingui/react/macro';
import type { City } from '../../../machines/addresses.machine';
import type { Address, CheckoutStep, Order, ShippingMethod } from '../../../machines/checkout.machine';
import { AddressStep } from './address-step';
import { StepLoading } from './checkout-alert';
import { CheckoutSteps } from './checkout-steps';
import { OrderLines } from './order-lines';
import { OrderTotals } from './order-totals';
import { ReviewChoices } from './review-choices';
import { ShippingStep } from './shipping-step';

export interface CheckoutPreviewProps {
  step: CheckoutStep;
  order: Order;
  addresses?: Address[] | null;
  shippingMethods?: ShippingMethod[] | null;
  cities?: readonly City[] | null;
}

const nothing = () => {};

/**
 * The checkout as the server renders it from its loader's data, before the machine arrives: the
 * same layout as the machine's view (steps, the step, the summary), its controls disabled, so the
 * page paints its content from the HTML and does not move when the view takes over.
 */
export function CheckoutPreview({ step, order, addresses, shippingMethods, cities }: CheckoutPreviewProps) {
  const { t } = useLingui();
  return (
    <div className="checkout-page__layout">
      <div className="checkout-page__main">
        <CheckoutSteps current={step} canGoTo={() => false} onGoTo={nothing} />
        {step === 'address' && addresses ? (
          <AddressStep
            addresses={addresses}
            selectedId={addresses.find((a) => a.defaultShippingAddress)?.id ?? (addresses.length === 1 ? addresses[0]!.id : null)}
            status="busy"
            canSubmit={false}
            onSelect={nothing}
            onSubmit={nothing}
            onCreate={nothing}
            onVerify={nothing}
            onResend={nothing}
            onChangeAddress={nothing}
            cities={cities ?? []}
            citiesStatus={cities ? 'ready' : 'failed'}
          />
        ) : step === 'shipping' && shippingMethods ? (
          <ShippingStep
            methods={shippingMethods}
            selectedId={order.shippingLines[0]?.shippingMethod.id ?? null}
            busy
            canSubmit={false}
            onSelect={nothing}
            onSubmit={nothing}
          />
        ) : step === 'review' ? (
          <div className="checkout-card">
            <h2 className="checkout-card__title">
              <Trans>Review your order</Trans>
            </h2>
            <ReviewChoices
              address={order.shippingAddress ?? {}}
              delivery={
                order.shippingLines[0]
                  ? { name: order.shippingLines[0].shippingMethod.name, priceWithTax: order.shippingLines[0].priceWithTax }
                  : null
              }
              onChangeAddress={null}
              onChangeDelivery={null}
            />
            <OrderLines lines={order.lines} />
            <div className="checkout-card__actions">
              <button type="button" className="button button--primary" disabled>
                <Trans>Continue to payment</Trans>
              </button>
            </div>
          </div>
        ) : (
          <StepLoading label={step === 'payment' ? t`Loading payment methods…` : t`One moment…`} />
        )}
      </div>
      <aside className="checkout-page__aside">
        <OrderTotals order={order} />
      </aside>
    </div>
  );
}
