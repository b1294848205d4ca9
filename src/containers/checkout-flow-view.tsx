import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { Actor } from 'xstate';
import type { City } from '../../machines/addresses.machine';
import type { CheckoutEvent, CheckoutStep, checkoutCouponMachine, Order } from '../../machines/checkout.machine';
// The selectors, not the machine: no xstate in the page's chunks (decision 009).
import { METHOD_SURCHARGE_SKU, payableTotal } from '../../machines/checkout/checkout.selectors';
import { AddressStep } from '../components/checkout/address-step';
import { CheckoutAlert, StepLoading } from '../components/checkout/checkout-alert';
import { checkoutErrorText, paymentMethodName } from '../components/checkout/checkout-messages';
import { CheckoutSteps } from '../components/checkout/checkout-steps';
import { OrderLines } from '../components/checkout/order-lines';
import { OrderPlaced } from '../components/checkout/order-placed';
import { OrderTotals } from '../components/checkout/order-totals';
import { PaymentStep, type PaymentChoice } from '../components/checkout/payment-step';
import { installmentOffer } from '../lib/installments';
import { ReviewChoices } from '../components/checkout/review-choices';
import { ShippingStep } from '../components/checkout/shipping-step';
import { EmptyState } from '../components/catalogue/empty-state';
import { LocaleLink } from '../components/locale-link/locale-link';
import { CouponFormFor } from './coupon-form';
import type { CheckoutSnapshot } from './checkout-flow';

export interface CheckoutFlowViewProps {
  snapshot: CheckoutSnapshot;
  send: (event: CheckoutEvent) => void;
  /** The step of the machine's state, when it is one of the four the steps bar shows. */
  step: CheckoutStep | null;
  page: 'checkout' | 'success';
  /** `cities('SA')` for a new address; null when they could not be read. */
  cities: readonly City[] | null;
}

/**
 * What the checkout shows once its machine has loaded the order: the steps, the summary, the
 * confirmation and the failures. Only the browser renders it (the server has no machine), so it is
 * a chunk of its own, loaded with the app's actors instead of before the page hydrates.
 */
export default function CheckoutFlowView({ snapshot, send, step, page, cities }: CheckoutFlowViewProps) {
  const { i18n } = useLingui();
  useStepFocus(step);
  const error = snapshot.context.error;
  const errorText = error ? checkoutErrorText(i18n, error) : null;
  const canRetry = snapshot.can({ type: 'checkout.retry' });
  const alert = errorText ? <CheckoutAlert text={errorText} onRetry={canRetry ? () => send({ type: 'checkout.retry' }) : null} /> : null;

  if (snapshot.matches('loadFailed')) return alert;
  if (snapshot.matches('empty')) {
    return (
      <>
        {alert}
        <EmptyState title={i18n._(msg`Your cart is empty, so there is nothing to check out.`)}>
          <LocaleLink className="button button--primary" to="/cart">
            <Trans>Go to your cart</Trans>
          </LocaleLink>
        </EmptyState>
      </>
    );
  }
  if (snapshot.matches('confirming')) {
    return (
      <div className="checkout-confirming" role="status" aria-live="polite">
        <span className="checkout-loading__spinner" aria-hidden="true" />
        <h2 className="checkout-card__title">
          <Trans>Confirming your payment…</Trans>
        </h2>
        <p>
          <Trans>This usually takes a few seconds. Please keep this page open; you will not be charged twice.</Trans>
        </p>
      </div>
    );
  }
  if (snapshot.matches('unconfirmed')) {
    return <CheckoutAlert text={errorText ?? ''} onRetry={() => send({ type: 'checkout.retry' })} retryLabel={i18n._(msg`Check again`)} />;
  }
  if (snapshot.matches('success')) {
    const order = snapshot.context.order;
    return order && page === 'success' ? <OrderPlaced order={order} /> : <StepLoading label={i18n._(msg`Your order is placed…`)} />;
  }

  const order = snapshot.context.order;
  return (
    <div className="checkout-page__layout">
      <div className="checkout-page__main">
        <CheckoutSteps
          current={step}
          canGoTo={(target) => snapshot.can({ type: 'checkout.goto', step: target })}
          onGoTo={(target) => send({ type: 'checkout.goto', step: target })}
        />
        {alert}
        <StepView snapshot={snapshot} send={send} cities={cities} />
      </div>
      {order && (
        <aside className="checkout-page__aside">
          <CheckoutSummary snapshot={snapshot} order={order} />
        </aside>
      )}
    </div>
  );
}

/**
 * Focus after a move to another step (issue 20, item 2): the button that moved on is gone with its
 * step, so the new step's heading takes focus once it is shown (after its data has loaded): a screen
 * reader reads where the shopper is, and Tab goes on into the step. Not on the first step shown (the
 * page's own heading has it), and never away from an alert or from a control the shopper moved to.
 */
function useStepFocus(step: CheckoutStep | null) {
  const seen = useRef(step);
  const pending = useRef(false);
  useEffect(() => {
    if (step !== seen.current) {
      pending.current = seen.current !== null && step !== null;
      seen.current = step;
    }
    if (!pending.current) return;
    const heading = document.querySelector<HTMLElement>('.checkout-page__main .checkout-card__title');
    if (!heading) return;
    pending.current = false;
    const active = document.activeElement;
    const main = document.getElementById('main');
    const lost = !active || active === document.body || active === main || active.matches('h1') || active.closest('.checkout-page__main');
    if (!lost || active?.closest('[data-error-summary]')) return;
    heading.tabIndex = -1;
    heading.focus();
  });
}

function StepView({
  snapshot,
  send,
  cities,
}: {
  snapshot: CheckoutSnapshot;
  send: (event: CheckoutEvent) => void;
  cities: readonly City[] | null;
}) {
  const { i18n } = useLingui();
  const { context } = snapshot;
  if (snapshot.matches('address')) {
    if (snapshot.matches({ address: 'fetching' }) || snapshot.matches({ address: 'fetchFailed' })) {
      return snapshot.matches({ address: 'fetching' }) ? <StepLoading label={i18n._(msg`Loading your addresses…`)} /> : null;
    }
    const awaiting = snapshot.matches({ address: 'awaitingCode' });
    const busy = !snapshot.matches({ address: 'choosing' }) && !awaiting;
    return (
      <AddressStep
        addresses={context.addresses}
        selectedId={context.addressId}
        status={awaiting ? 'code' : busy ? 'busy' : 'choosing'}
        canSubmit={snapshot.can({ type: 'address.submit' })}
        onSelect={(addressId) => send({ type: 'address.select', addressId })}
        onSubmit={() => send({ type: 'address.submit' })}
        onCreate={(input) => send({ type: 'address.create', input })}
        onVerify={(code) => send({ type: 'address.verify', code })}
        onResend={() => send({ type: 'address.resend' })}
        onChangeAddress={() => send({ type: 'address.change' })}
        cities={cities ?? []}
        citiesStatus={cities ? 'ready' : 'failed'}
      />
    );
  }
  if (snapshot.matches('shipping')) {
    if (snapshot.matches({ shipping: 'fetching' })) return <StepLoading label={i18n._(msg`Loading delivery options…`)} />;
    if (snapshot.matches({ shipping: 'fetchFailed' })) return null;
    return (
      <ShippingStep
        methods={context.shippingMethods}
        selectedId={context.shippingMethodId}
        busy={snapshot.matches({ shipping: 'saving' })}
        canSubmit={snapshot.can({ type: 'shipping.submit' })}
        onSelect={(shippingMethodId) => send({ type: 'shipping.select', shippingMethodId })}
        onSubmit={() => send({ type: 'shipping.submit' })}
      />
    );
  }
  if (snapshot.matches('review') && context.order) {
    const busy = snapshot.matches({ review: 'transitioning' });
    const coupon = snapshot.children.coupon as Actor<typeof checkoutCouponMachine> | undefined;
    return (
      <div className="checkout-card">
        <h2 className="checkout-card__title">
          <Trans>Review your order</Trans>
        </h2>
        <ReviewChoices
          address={context.order.shippingAddress ?? {}}
          delivery={
            context.order.shippingLines[0]
              ? { name: context.order.shippingLines[0].shippingMethod.name, priceWithTax: context.order.shippingLines[0].priceWithTax }
              : null
          }
          onChangeAddress={
            snapshot.can({ type: 'checkout.goto', step: 'address' }) ? () => send({ type: 'checkout.goto', step: 'address' }) : null
          }
          onChangeDelivery={
            snapshot.can({ type: 'checkout.goto', step: 'shipping' }) ? () => send({ type: 'checkout.goto', step: 'shipping' }) : null
          }
        />
        <OrderLines lines={context.order.lines} />
        {coupon && <CouponFormFor actor={coupon} send={(event) => coupon.send(event)} appliedCodes={context.order.couponCodes} />}
        <div className="checkout-card__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={!snapshot.can({ type: 'review.confirm' })}
            aria-busy={busy || undefined}
            onClick={() => send({ type: 'review.confirm' })}
          >
            <Trans>Continue to payment</Trans>
          </button>
        </div>
      </div>
    );
  }
  if (snapshot.matches('payment') || snapshot.matches('reopening')) {
    if (snapshot.matches({ payment: 'fetching' }) || snapshot.matches('reopening')) {
      return <StepLoading label={i18n._(msg`Loading payment methods…`)} />;
    }
    if (snapshot.matches({ payment: 'fetchFailed' })) return null;
    const choices: PaymentChoice[] = context.paymentMethods.map((method) => {
      const total = payableTotal(context, method.code);
      return {
        method,
        name: paymentMethodName(i18n, method.code, method.name),
        payable: total?.payable ?? 0,
        discount: total?.discount ?? 0,
        increment: total?.increment ?? 0,
        // What this method would charge (shipping, its own fee or discount included), split. Its
        // limits are the backend's to apply (isEligible, on the total before method adjustments).
        installments:
          method.isEligible && method.installmentPlan && total
            ? installmentOffer(total.payable, { ...method.installmentPlan, minTotal: null, maxTotal: null })
            : null,
      };
    });
    return (
      <PaymentStep
        choices={choices}
        selectedCode={context.paymentMethodCode}
        status={snapshot.matches({ payment: 'choosing' }) ? 'choosing' : snapshot.matches({ payment: 'paying' }) ? 'paying' : 'redirecting'}
        canSubmit={snapshot.can({ type: 'payment.submit' })}
        onSelect={(method) => send({ type: 'payment.select', method })}
        onSubmit={() => send({ type: 'payment.submit' })}
      />
    );
  }
  return <StepLoading label={i18n._(msg`One moment…`)} />;
}

/** The totals beside the steps; on the payment step with the chosen method's discount or fee. */
function CheckoutSummary({ snapshot, order }: { snapshot: CheckoutSnapshot; order: Order }) {
  const { context } = snapshot;
  const method = context.paymentMethods.find((m) => m.code === context.paymentMethodCode);
  const total = method && snapshot.matches('payment') ? payableTotal(context, method.code) : null;
  // Once the method's payment is on the order its surcharge is in the order's own lines.
  const added = (order.surcharges ?? []).some((s) => s.sku === `${METHOD_SURCHARGE_SKU}${method?.code}`);
  return <OrderTotals order={order} preview={total && method && !added ? { methodCode: method.code, ...total } : null} />;
}
