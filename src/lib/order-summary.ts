/**
 * The rows of an order's summary (cart, checkout, success page, profile order), in halalas, so
 * that the rows, added up, give the total the shopper pays (issue 32 §4):
 *
 *   subtotal (the items as their rows show them, before order-level discounts)
 *   + each order-level discount once (negative)
 *   + each surcharge (a payment method's fee, or its discount, negative)
 *   + shipping
 *   = total (VAT included; the VAT row is "of which", not a summand)
 *
 * Vendure's `subTotalWithTax` is none of these: it is after order-level discounts *and* includes
 * the surcharges, so no view reads it. The discount rows are Vendure's per-promotion amounts; they
 * are each rounded on every line, so their sum may miss the order's real discount by a halala or
 * two: the difference goes onto the largest discount row, and the rows add up to the total exactly.
 */
import { METHOD_SURCHARGE_SKU } from '../../machines/checkout/checkout.selectors';

export interface SummaryOrder {
  lines: readonly { discountedLinePriceWithTax: number }[];
  discounts: readonly { description: string; amountWithTax: number }[];
  surcharges?: readonly { sku?: string | null; description: string; priceWithTax: number }[] | null;
  /** Whether a shipping method is chosen; without one `shippingWithTax` is 0. */
  shippingLines: readonly unknown[];
  shippingWithTax: number;
  totalWithTax: number;
  taxSummary: readonly { taxRate: number; taxTotal: number }[];
}

/** A payment method chosen but not on the order yet: its discount and fee, previewed. */
export interface MethodPreviewAmounts {
  methodCode: string;
  discount: number;
  increment: number;
  payable: number;
}

/**
 * Shipping while none is chosen (the cart): a cheapest-method estimate, `null` when no method is
 * eligible yet (priced at checkout), `undefined` while the estimate loads (no total is shown).
 */
export type ShippingEstimate = number | null | undefined;

export type SummaryRow =
  | { kind: 'subtotal'; amount: number }
  | { kind: 'discount'; description: string; amount: number }
  /** A surcharge; `methodCode` when it is a payment method's fee (positive) or discount (negative). */
  | { kind: 'surcharge'; description: string; methodCode: string | null; amount: number }
  /** `amount` null: not known yet (`estimated` false) or priced at checkout. */
  | { kind: 'shipping'; amount: number | null; estimated: boolean }
  /** A previewed payment method's discount (negative) or fee. */
  | { kind: 'method-discount' | 'method-fee'; methodCode: string; amount: number };

export interface OrderSummary {
  rows: SummaryRow[];
  /** What the shopper pays; null while the cart's shipping estimate loads. */
  total: number | null;
  /** VAT included in the total ("of which"). */
  vat: number;
  /** The VAT rates that apply (one: "VAT (15%) included"). */
  vatRates: number[];
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

export function orderSummary(
  order: SummaryOrder,
  options: { shippingEstimate?: ShippingEstimate; preview?: MethodPreviewAmounts | null } = {},
): OrderSummary {
  const shippingChosen = order.shippingLines.length > 0;
  const previewing = Boolean(options.preview && (options.preview.discount > 0 || options.preview.increment > 0));
  // A previewed method replaces any method surcharge already on the order (the preview's base is
  // the total without it, machines/checkout/checkout.selectors.ts payableTotal).
  const surcharges = (order.surcharges ?? [])
    .filter((s) => !(previewing && s.sku?.startsWith(METHOD_SURCHARGE_SKU)))
    .map((s): SummaryRow & { kind: 'surcharge' } => ({
      kind: 'surcharge',
      description: s.description,
      methodCode: s.sku?.startsWith(METHOD_SURCHARGE_SKU) ? s.sku.slice(METHOD_SURCHARGE_SKU.length) : null,
      amount: s.priceWithTax,
    }));
  const allSurcharges = sum((order.surcharges ?? []).map((s) => s.priceWithTax));
  const subtotal = sum(order.lines.map((l) => l.discountedLinePriceWithTax));
  const shipping = shippingChosen ? order.shippingWithTax : 0;

  // What the order-level discounts really take off, to the halala.
  const discountTotal = order.totalWithTax - subtotal - allSurcharges - shipping;
  const discounts = order.discounts
    .filter((d) => d.amountWithTax !== 0)
    .map((d): SummaryRow & { kind: 'discount' } => ({ kind: 'discount', description: d.description, amount: d.amountWithTax }));
  const rest = discountTotal - sum(discounts.map((d) => d.amount));
  if (rest !== 0) {
    const largest = discounts.reduce<(typeof discounts)[number] | null>(
      (a, d) => (!a || Math.abs(d.amount) > Math.abs(a.amount) ? d : a),
      null,
    );
    if (largest) largest.amount += rest;
    else discounts.push({ kind: 'discount', description: '', amount: rest });
  }

  const estimate = options.shippingEstimate;
  const shippingRow: SummaryRow = shippingChosen
    ? { kind: 'shipping', amount: order.shippingWithTax, estimated: false }
    : { kind: 'shipping', amount: estimate ?? null, estimated: estimate !== undefined };

  const rows: SummaryRow[] = [{ kind: 'subtotal', amount: subtotal }, ...discounts, ...surcharges, shippingRow];
  let total: number | null = order.totalWithTax + (shippingChosen ? 0 : (estimate ?? 0));
  if (!shippingChosen && estimate === undefined) total = null;
  if (previewing && options.preview) {
    const { methodCode, discount, increment, payable } = options.preview;
    if (discount > 0) rows.push({ kind: 'method-discount', methodCode, amount: -discount });
    if (increment > 0) rows.push({ kind: 'method-fee', methodCode, amount: increment });
    total = payable;
  }

  return {
    rows,
    total,
    vat: sum(order.taxSummary.map((s) => s.taxTotal)),
    vatRates: [...new Set(order.taxSummary.filter((s) => s.taxTotal > 0).map((s) => s.taxRate))],
  };
}
