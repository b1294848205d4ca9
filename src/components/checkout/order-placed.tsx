import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { Order } from '../../../services/cart.service';
import { LocaleLink } from '../locale-link/locale-link';
import { paymentMethodName } from './checkout-messages';
import { AddressLines, OrderLines } from './order-lines';
import { OrderTotals } from './order-totals';

/** The success page's content: what was ordered, where it goes, how it is paid, what comes next. */
export function OrderPlaced({ order }: { order: Order }) {
  const { t, i18n } = useLingui();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const payments = order.payments ?? [];
  const payment = [...payments].reverse().find((p) => p.state === 'Authorized' || p.state === 'Settled') ?? payments.at(-1);
  const cashOnDelivery = payment?.method === 'cash-on-delivery';
  return (
    <div className="order-placed">
      <div className="notice notice--success order-placed__head">
        <h1 ref={headingRef} tabIndex={-1} className="order-placed__title">
          <Trans>Thank you, your order is placed</Trans>
        </h1>
        <p>
          <Trans>
            Order number <bdi className="order-placed__code">{order.code}</bdi>
          </Trans>
        </p>
      </div>
      <div className="order-placed__grid">
        <section aria-labelledby="placed-items" className="checkout-card">
          <h2 id="placed-items" className="checkout-card__title">
            <Trans>Items</Trans>
          </h2>
          <OrderLines lines={order.lines} />
        </section>
        <div className="order-placed__aside">
          <OrderTotals order={order} />
          <section aria-labelledby="placed-address" className="checkout-card">
            <h2 id="placed-address" className="checkout-card__title">
              <Trans>Shipping address</Trans>
            </h2>
            {order.shippingAddress && <AddressLines address={order.shippingAddress} />}
          </section>
          {payment && (
            <section aria-labelledby="placed-payment" className="checkout-card">
              <h2 id="placed-payment" className="checkout-card__title">
                <Trans>Payment method</Trans>
              </h2>
              <p>{paymentMethodName(i18n, payment.method)}</p>
            </section>
          )}
        </div>
      </div>
      <section aria-labelledby="placed-next" className="checkout-card">
        <h2 id="placed-next" className="checkout-card__title">
          <Trans>What happens next</Trans>
        </h2>
        <ol className="order-placed__next">
          <li>{t`We have sent an order confirmation to your e-mail address.`}</li>
          <li>{t`We prepare your order and let you know when it ships.`}</li>
          <li>
            {cashOnDelivery ? t`Pay the courier in cash when your order arrives.` : t`Your payment is confirmed; nothing more to pay.`}
          </li>
        </ol>
      </section>
      <div className="order-placed__links">
        <LocaleLink to={`/profile/orders/${encodeURIComponent(order.code)}`} className="button button--primary">
          <Trans>View your order</Trans>
        </LocaleLink>
        <LocaleLink to="/products" className="button button--secondary">
          <Trans>Continue shopping</Trans>
        </LocaleLink>
      </div>
    </div>
  );
}
