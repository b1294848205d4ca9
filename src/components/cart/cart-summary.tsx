import { Trans } from '@lingui/react/macro';
import type { Order } from '../../../services/cart.service';
import { useLocale } from '../../lib/use-locale';
import { formatMoneyPlain } from '../../lib/money';
import { orderSummary } from '../../lib/order-summary';
import { SummaryRows } from '../order-summary/summary-rows';
import type { DeliveryDays } from '../../lib/delivery-estimate';
import { DeliveryEstimate, InstallmentOffers, type InstallmentPlanView } from '../purchase-terms/purchase-terms';

export interface CartSummaryProps {
  order: Order;
  /** Cheapest eligible shipping (halalas) while the order has none chosen; undefined: loading. */
  shippingEstimate: number | null | undefined;
  /** Tamara's and Tabby's terms: each splits the total shown. */
  installmentPlans?: readonly InstallmentPlanView[];
  /** The delivery options' delivery times (working days). */
  deliveryTimes?: readonly DeliveryDays[];
}

/**
 * Totals: subtotal, discounts, shipping (chosen or estimated), VAT (included), total with tax.
 * While the shipping estimate loads the total is not known yet: a number that then jumps by the
 * shipping fee would mislead (and is what a shopper might read and trust).
 */
export function CartSummary({ order, shippingEstimate, installmentPlans = [], deliveryTimes = [] }: CartSummaryProps) {
  const locale = useLocale();
  const money = (n: number) => <bdi>{formatMoneyPlain(n, locale)}</bdi>;
  const summary = orderSummary(order, { shippingEstimate });
  return (
    <section className="cart-summary" aria-labelledby="cart-summary-title">
      <h2 id="cart-summary-title" className="cart-summary__title">
        <Trans>Order summary</Trans>
      </h2>
      <SummaryRows summary={summary} money={money} shippingPending={shippingEstimate === undefined ? 'calculating' : 'at-checkout'} />
      {/* The total above, split (nothing while it is not known yet). */}
      <InstallmentOffers total={summary.total} plans={installmentPlans} />
      <DeliveryEstimate times={deliveryTimes} />
    </section>
  );
}
