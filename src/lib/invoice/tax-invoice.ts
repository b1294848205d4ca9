/**
 * The simplified tax invoice (فاتورة ضريبية مبسطة) of a placed order, as a view model: every
 * amount an integer in halalas, ready for the invoice view and its print stylesheet.
 *
 * Where the figures come from (Vendure, channel prices include VAT):
 * - goods lines at list price, before discounts: `linePrice` (excl. VAT) and `linePriceWithTax`;
 * - shipping as charged, after any shipping discount: `order.shipping` / `order.shippingWithTax`;
 * - surcharges, when the order document selects them;
 * - totals: incl. VAT is `order.totalWithTax` (what the customer pays), VAT is the sum of
 *   `order.taxSummary` (Vendure rounds tax per line, then sums; the invoice must agree with it),
 *   excl. VAT is the difference;
 * - one discount row takes whatever remains between the rows above and the totals, in each
 *   column. It equals the order's discounts up to Vendure's own per-adjustment rounding, and it
 *   makes every column add up to the totals printed under it.
 */
import type { LocalizedText, StoreIdentity } from '../store-identity';
import { encodeZatcaQr, zatcaFields, type ZatcaFields } from './zatca-qr';

export type { LocalizedText } from '../store-identity';

/** The order lines this needs; `OrderDetail` lines (services/orders.service.ts) fit it. */
export interface InvoiceOrderLine {
  id: string;
  quantity: number;
  unitPriceWithTax: number;
  linePrice: number;
  linePriceWithTax: number;
  /** Used when the document selects it; otherwise derived as Vendure derives it. */
  unitPrice?: number;
  /** Used when the document selects it; otherwise inferred from the order's tax summary. */
  taxRate?: number;
  productVariant: { name: string; sku: string };
}

/** The order this needs; `OrderDetail` (services/orders.service.ts) fits it. */
export interface InvoiceOrder {
  code: string;
  createdAt: string;
  orderPlacedAt?: string | null;
  currencyCode: string;
  shipping: number;
  shippingWithTax: number;
  totalWithTax: number;
  lines: readonly InvoiceOrderLine[];
  shippingLines: readonly { shippingMethod: { name: string } }[];
  discounts: readonly { description: string; amountWithTax: number }[];
  taxSummary: readonly { description: string; taxRate: number; taxBase: number; taxTotal: number }[];
  surcharges?: readonly { sku?: string | null; description: string; price: number; priceWithTax: number }[];
}

export interface InvoiceSeller {
  /** The legal name the VAT registration is held under. */
  name: LocalizedText;
  /** The store's VAT registration number, as the owner set it (decision 030). */
  vatNumber: string;
  /** Printed under the name when the owner set them. */
  address?: LocalizedText | null;
  commercialRegistrationNumber?: string | null;
}

/**
 * The seller of the store's tax invoices, from the identity its owner set in the admin; null
 * while the legal name or the VAT number is missing: no tax invoice can be issued then (the page
 * says the store's tax details are not configured), and none is made up.
 */
export function invoiceSellerOf(identity: StoreIdentity): InvoiceSeller | null {
  if (!identity.legalName || !identity.vatNumber) return null;
  return {
    name: identity.legalName,
    vatNumber: identity.vatNumber,
    address: identity.address,
    commercialRegistrationNumber: identity.commercialRegistrationNumber,
  };
}

export interface InvoiceLine {
  id: string;
  name: string;
  sku: string;
  quantity: number;
  unitPriceExclVat: number;
  unitPriceInclVat: number;
  /** Percent, e.g. 15. */
  vatRate: number;
  vatAmount: number;
  totalExclVat: number;
  totalInclVat: number;
}

export interface InvoiceAdjustment {
  /** `discount` is negative; `adjustment` is a remainder the order does not explain (should not happen). */
  kind: 'shipping' | 'surcharge' | 'discount' | 'adjustment';
  /** Shipping method names, the surcharge's description, or the promotions' descriptions. */
  descriptions: string[];
  /** A surcharge's SKU: which payment method's fee or discount it is, to name it in the page's language. */
  sku?: string | null;
  exclVat: number;
  vatAmount: number;
  inclVat: number;
}

export interface InvoiceAmounts {
  exclVat: number;
  vat: number;
  inclVat: number;
}

export interface TaxInvoice {
  /** The order code doubles as the invoice number: unique and already shown to the customer. */
  number: string;
  /** ISO 8601 as the order reports it: placement time, or creation time if not placed. */
  issuedAt: string;
  currencyCode: string;
  seller: InvoiceSeller;
  lines: InvoiceLine[];
  /** Rows under the goods lines, in print order: shipping, surcharges, discount. */
  adjustments: InvoiceAdjustment[];
  /** Per VAT rate, from the order's tax summary (taxable amount and VAT). */
  vatBreakdown: { rate: number; taxable: number; vat: number }[];
  totals: InvoiceAmounts;
  /** The ZATCA phase 1 fields and the QR code's text (base64 TLV). */
  qr: { fields: ZatcaFields; payload: string };
}

export function buildTaxInvoice(order: InvoiceOrder, seller: InvoiceSeller): TaxInvoice {
  const summaryRates = [...new Set(order.taxSummary.map((s) => s.taxRate))];
  const lines = order.lines.map((line) => invoiceLine(line, summaryRates));

  const adjustments: InvoiceAdjustment[] = [];
  if (order.shippingLines.length > 0 || order.shippingWithTax !== 0) {
    adjustments.push(
      row(
        'shipping',
        order.shippingLines.map((s) => s.shippingMethod.name),
        order.shipping,
        order.shippingWithTax,
      ),
    );
  }
  for (const s of order.surcharges ?? [])
    adjustments.push({ ...row('surcharge', [s.description], s.price, s.priceWithTax), sku: s.sku ?? null });

  const vat = sum(order.taxSummary.map((s) => s.taxTotal));
  const totals: InvoiceAmounts = { exclVat: order.totalWithTax - vat, vat, inclVat: order.totalWithTax };

  const listed = [...lines.map((l) => ({ inclVat: l.totalInclVat, vatAmount: l.vatAmount })), ...adjustments];
  const restInclVat = totals.inclVat - sum(listed.map((r) => r.inclVat));
  const restVat = totals.vat - sum(listed.map((r) => r.vatAmount));
  if (restInclVat !== 0 || restVat !== 0) {
    const descriptions = order.discounts.map((d) => d.description);
    adjustments.push({
      kind: descriptions.length > 0 ? 'discount' : 'adjustment',
      descriptions,
      exclVat: restInclVat - restVat,
      vatAmount: restVat,
      inclVat: restInclVat,
    });
  }

  const issuedAt = order.orderPlacedAt ?? order.createdAt;
  // Tag 1 carries the Arabic name: the name a Saudi VAT registration is held under, and one
  // QR for both printed languages.
  const fields = zatcaFields({
    sellerName: seller.name.ar,
    vatNumber: seller.vatNumber,
    issuedAt,
    totalWithVatHalalas: totals.inclVat,
    vatTotalHalalas: totals.vat,
  });

  return {
    number: order.code,
    issuedAt,
    currencyCode: order.currencyCode,
    seller,
    lines,
    adjustments,
    vatBreakdown: vatBreakdown(order.taxSummary),
    totals,
    qr: { fields, payload: encodeZatcaQr(fields) },
  };
}

function invoiceLine(line: InvoiceOrderLine, summaryRates: readonly number[]): InvoiceLine {
  const vatRate = line.taxRate ?? inferRate(line, summaryRates);
  return {
    id: line.id,
    name: line.productVariant.name,
    sku: line.productVariant.sku,
    quantity: line.quantity,
    unitPriceExclVat: line.unitPrice ?? netOf(line.unitPriceWithTax, vatRate, 1),
    unitPriceInclVat: line.unitPriceWithTax,
    vatRate,
    vatAmount: line.linePriceWithTax - line.linePrice,
    totalExclVat: line.linePrice,
    totalInclVat: line.linePriceWithTax,
  };
}

/**
 * Vendure's net of a tax-inclusive price: round(gross / (1 + rate) * quantity), the same float
 * steps as its netPriceOf + roundMoney, so a derived figure matches the one it would report.
 */
function netOf(grossUnit: number, rate: number, quantity: number): number {
  return Math.round((grossUnit / ((100 + rate) / 100)) * quantity);
}

/**
 * The rate among the order's rates that reproduces the line's net price exactly; failing that,
 * the one closest to the line's effective rate. An untaxed line is zero-rated.
 */
function inferRate(line: InvoiceOrderLine, summaryRates: readonly number[]): number {
  if (line.linePriceWithTax === line.linePrice) return 0;
  const candidates = summaryRates.filter((r) => r > 0);
  const exact = candidates.find((r) => netOf(line.unitPriceWithTax, r, line.quantity) === line.linePrice);
  if (exact !== undefined) return exact;
  const effective = line.linePrice === 0 ? 0 : ((line.linePriceWithTax - line.linePrice) / line.linePrice) * 100;
  if (candidates.length === 0) return Math.round(effective * 100) / 100;
  return candidates.reduce((best, r) => (Math.abs(r - effective) < Math.abs(best - effective) ? r : best));
}

function vatBreakdown(taxSummary: InvoiceOrder['taxSummary']): TaxInvoice['vatBreakdown'] {
  const byRate = new Map<number, { rate: number; taxable: number; vat: number }>();
  for (const s of taxSummary) {
    const entry = byRate.get(s.taxRate) ?? { rate: s.taxRate, taxable: 0, vat: 0 };
    entry.taxable += s.taxBase;
    entry.vat += s.taxTotal;
    byRate.set(s.taxRate, entry);
  }
  return [...byRate.values()].sort((a, b) => b.rate - a.rate);
}

function row(kind: InvoiceAdjustment['kind'], descriptions: string[], exclVat: number, inclVat: number): InvoiceAdjustment {
  return { kind, descriptions, exclVat, vatAmount: inclVat - exclVat, inclVat };
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
