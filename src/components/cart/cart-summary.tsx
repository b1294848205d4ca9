import { Trans, useLingui } from '@lingui/react/macro';
import type { Order } from '../../../services/cart.service';
import { localizeDigits } from '../../lib/digits';
import { useLocale } from '../../lib/use-locale';
import { formatMoneyPlain } from '../../lib/money';

export interface CartSummaryProps {
  order: Order;
  /** Cheapest eligible shipping (halalas) while the order has none chosen; undefined: loading. */
  shippingEstimate: number | null | undefined;
}

/** Totals: subtotal, shipping (chosen or estimated), discounts, VAT (tax summary), total with tax. */
export function CartSummary({ order, shippingEstimate }: CartSummaryProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const money = (n: number) => <bdi>{formatMoneyPlain(n, locale)}</bdi>;
  const shippingChosen = order.shippingLines.length > 0;
  const shipping = shippingChosen ? order.shippingWithTax : (shippingEstimate ?? null);
  const vat = order.taxSummary.reduce((sum, s) => sum + s.taxTotal, 0);
  const rates = [...new Set(order.taxSummary.filter((s) => s.taxTotal > 0).map((s) => s.taxRate))];
  // While the shipping estimate loads the total is not known yet: a number that then jumps by the
  // shipping fee would mislead (and is what a shopper might read and trust).
  const estimating = shippingEstimate === undefined && !shippingChosen;
  const total = order.totalWithTax + (shippingChosen ? 0 : (shippingEstimate ?? 0));

  return (
    <section className="cart-summary" aria-labelledby="cart-summary-title">
      <h2 id="cart-summary-title" className="cart-summary__title">
        <Trans>Order summary</Trans>
      </h2>
      <dl className="cart-summary__rows">
        <div className="cart-summary__row">
          <dt>
            <Trans>Subtotal</Trans>
          </dt>
          <dd>{money(order.subTotalWithTax)}</dd>
        </div>
        {order.discounts.map((d, i) => (
          <div className="cart-summary__row cart-summary__row--discount" key={`${d.description}-${i}`}>
            <dt>{localizeDigits(d.description, locale) || t`Discount`}</dt>
            <dd>{money(d.amountWithTax)}</dd>
          </div>
        ))}
        <div className="cart-summary__row">
          <dt>{shippingChosen ? t`Shipping` : t`Estimated shipping`}</dt>
          <dd>{estimating ? t`Calculating…` : shipping === null ? t`At checkout` : shipping === 0 ? t`Free` : money(shipping)}</dd>
        </div>
        <div className="cart-summary__row cart-summary__row--muted">
          <dt>{rates.length === 1 ? t`VAT (${rates[0]}%) included` : t`VAT included`}</dt>
          <dd>{money(vat)}</dd>
        </div>
        <div className="cart-summary__row cart-summary__row--total">
          <dt>
            <Trans>Total incl. VAT</Trans>
          </dt>
          <dd>{estimating ? t`Calculating…` : money(total)}</dd>
        </div>
      </dl>
    </section>
  );
}
