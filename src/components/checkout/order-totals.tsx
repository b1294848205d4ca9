import { Trans, useLingui } from '@lingui/react/macro';
import type { Order } from '../../../services/cart.service';
import { localizeDigits } from '../../lib/digits';
import { formatMoneyPlain } from '../../lib/money';
import { useLocale } from '../../lib/use-locale';
import { surchargeName } from './payment-method-name';

export interface MethodPreview {
  /** The method's name, for the preview lines. */
  name: string;
  discount: number;
  increment: number;
  payable: number;
}

export interface OrderTotalsProps {
  order: Pick<Order, 'subTotalWithTax' | 'discounts' | 'shippingLines' | 'shippingWithTax' | 'taxSummary' | 'totalWithTax'> & {
    surcharges?: Order['surcharges'] | null;
  };
  /** A payment method chosen but not yet added to the order: its discount or fee, previewed. */
  preview?: MethodPreview | null;
  title?: string;
}

/** Subtotal, discounts, surcharges (payment method discount or fee), shipping, VAT, total. */
export function OrderTotals({ order, preview, title }: OrderTotalsProps) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const money = (n: number) => <bdi>{formatMoneyPlain(n, locale)}</bdi>;
  const vat = order.taxSummary.reduce((sum, s) => sum + s.taxTotal, 0);
  const rates = [...new Set(order.taxSummary.filter((s) => s.taxTotal > 0).map((s) => s.taxRate))];
  const hasShipping = order.shippingLines.length > 0;
  const previewing = preview && (preview.discount > 0 || preview.increment > 0);
  // Vendure's subtotal includes the surcharges, listed on lines of their own here: the subtotal
  // row shows the items only, so the rows add up to the total.
  const surcharges = order.surcharges ?? [];
  const itemsSubtotal = order.subTotalWithTax - surcharges.reduce((sum, s) => sum + s.priceWithTax, 0);
  return (
    <section className="order-totals" aria-labelledby="order-totals-title">
      <h2 id="order-totals-title" className="order-totals__title">
        {title ?? t`Order summary`}
      </h2>
      <dl className="cart-summary__rows">
        <div className="cart-summary__row">
          <dt>
            <Trans>Subtotal</Trans>
          </dt>
          <dd>{money(itemsSubtotal)}</dd>
        </div>
        {order.discounts.map((d, i) => (
          <div className="cart-summary__row cart-summary__row--discount" key={`d-${i}`}>
            <dt>{localizeDigits(d.description, locale) || t`Discount`}</dt>
            <dd>{money(d.amountWithTax)}</dd>
          </div>
        ))}
        {surcharges.map((s, i) => (
          <div className={`cart-summary__row${s.priceWithTax < 0 ? ' cart-summary__row--discount' : ''}`} key={`s-${i}`}>
            <dt>{surchargeName(i18n, locale, s)}</dt>
            <dd>{money(s.priceWithTax)}</dd>
          </div>
        ))}
        {hasShipping && (
          <div className="cart-summary__row">
            <dt>
              <Trans>Shipping</Trans>
            </dt>
            <dd>{order.shippingWithTax === 0 ? t`Free` : money(order.shippingWithTax)}</dd>
          </div>
        )}
        <div className="cart-summary__row cart-summary__row--muted">
          <dt>{rates.length === 1 ? t`VAT (${rates[0]}%) included` : t`VAT included`}</dt>
          <dd>{money(vat)}</dd>
        </div>
        {previewing && preview.discount > 0 && (
          <div className="cart-summary__row cart-summary__row--discount">
            <dt>{t`${preview.name} discount`}</dt>
            <dd>{money(-preview.discount)}</dd>
          </div>
        )}
        {previewing && preview.increment > 0 && (
          <div className="cart-summary__row">
            <dt>{t`${preview.name} fee`}</dt>
            <dd>{money(preview.increment)}</dd>
          </div>
        )}
        <div className="cart-summary__row cart-summary__row--total">
          <dt>
            <Trans>Total incl. VAT</Trans>
          </dt>
          <dd data-testid="order-total">{money(previewing ? preview.payable : order.totalWithTax)}</dd>
        </div>
      </dl>
    </section>
  );
}
