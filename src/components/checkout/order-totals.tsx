import { useLingui } from '@lingui/react/macro';
import { formatMoneyPlain } from '../../lib/money';
import { orderSummary, type SummaryOrder } from '../../lib/order-summary';
import { useLocale } from '../../lib/use-locale';
import { SummaryRows } from '../order-summary/summary-rows';

export interface MethodPreview {
  /** The method's code, which names it in the preview rows. */
  methodCode: string;
  discount: number;
  increment: number;
  payable: number;
}

export interface OrderTotalsProps {
  order: SummaryOrder;
  /** A payment method chosen but not yet added to the order: its discount or fee, previewed. */
  preview?: MethodPreview | null;
  title?: string;
}

/** Subtotal, discounts, surcharges (payment method discount or fee), shipping, VAT, total. */
export function OrderTotals({ order, preview, title }: OrderTotalsProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const money = (n: number) => <bdi>{formatMoneyPlain(n, locale)}</bdi>;
  const summary = orderSummary(order, { preview, shippingEstimate: null });
  // Before a delivery method is chosen checkout shows no shipping row (it has its own step).
  const shown = { ...summary, rows: summary.rows.filter((r) => !(r.kind === 'shipping' && r.amount === null)) };
  return (
    <section className="order-totals" aria-labelledby="order-totals-title">
      <h2 id="order-totals-title" className="order-totals__title">
        {title ?? t`Order summary`}
      </h2>
      <SummaryRows summary={shown} money={money} />
    </section>
  );
}
