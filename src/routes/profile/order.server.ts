import { data } from 'react-router';
import { CANCEL_REASON_MAX, CUSTOMER_CANCELLABLE_STATES } from '../../../machines/order-cancel.machine';
import { ShopApiError } from '../../../services/client';
import { getStoreIdentityFields } from '../../../services/content.service';
import { getOrderByCode, type OrderDetail } from '../../../services/orders.service';
import type { Locale } from '../../i18n/locales';
import { renderQrSvg } from '../../lib/invoice/qr-svg';
import { buildTaxInvoice, invoiceSellerOf, type TaxInvoice } from '../../lib/invoice/tax-invoice';
import { ZatcaQrError } from '../../lib/invoice/zatca-qr';
import { orderSettlement } from '../../lib/order-settlement';
import { storeIdentityOf } from '../../lib/store-identity';
import { personalShopClient, type GuardedCustomer, type GuardOptions } from '../guards.server';

/** A state change of the order, from its public history (oldest first). */
export interface TimelineStep {
  state: string;
  at: string;
}

function timelineOf(order: OrderDetail): TimelineStep[] {
  const steps: TimelineStep[] = [];
  for (const entry of order.history.items) {
    if (entry.type !== 'ORDER_STATE_TRANSITION') continue;
    const to = (entry.data as { to?: unknown } | null)?.to;
    if (typeof to === 'string' && to !== 'AddingItems') steps.push({ state: to, at: entry.createdAt });
  }
  // A history the backend keeps private still shows where the order stands.
  if (steps.length === 0 || steps[steps.length - 1]!.state !== order.state) {
    steps.push({ state: order.state, at: order.orderPlacedAt ?? order.createdAt });
  }
  return steps;
}

/**
 * The order of this customer by code, with its simplified tax invoice and the invoice's QR code
 * drawn here on the server (no QR code library in the page's JS). Another customer's order, or
 * none, is a 404: the page does not tell them apart (decision 011). The invoice's seller is the
 * store's identity as its owner set it (decision 030): without a legal name and VAT number there
 * is no invoice, and `taxDetailsMissing` lets the page say why.
 */
export async function loadOrderPage(request: Request, locale: Locale, customer: GuardedCustomer, code: string, options: GuardOptions = {}) {
  const client = personalShopClient(request, locale, options);
  let order: OrderDetail | null;
  let identityFields: Awaited<ReturnType<typeof getStoreIdentityFields>>;
  try {
    [order, identityFields] = await Promise.all([getOrderByCode(client, code), getStoreIdentityFields(client)]);
  } catch (error) {
    // Vendure refuses another customer's order with FORBIDDEN: to this customer it does not exist.
    if (error instanceof ShopApiError && error.code === 'FORBIDDEN') throw data(null, { status: 404 });
    throw error;
  }
  if (!order || order.customer?.id !== customer.id || order.state === 'AddingItems') throw data(null, { status: 404 });

  const taxRates = new Map(order.lines.map((l) => [l.id, (l as { taxRate?: number }).taxRate]));
  const seller = invoiceSellerOf(storeIdentityOf(identityFields));
  let invoice: TaxInvoice | null = null;
  let qr: { path: string; size: number } | null = null;
  if (seller) {
    try {
      invoice = buildTaxInvoice({ ...order, lines: order.lines.map((l) => ({ ...l, taxRate: taxRates.get(l.id) })) }, seller);
      const svg = renderQrSvg(invoice.qr.payload);
      qr = { path: svg.path, size: svg.size };
    } catch (error) {
      // An invoice ZATCA's rules refuse must not hide the order: the page shows it without the invoice.
      if (!(error instanceof ZatcaQrError)) throw error;
      console.warn(`[profile] no tax invoice for order ${order.code}: ${error.message}`);
    }
  }

  return {
    order: {
      code: order.code,
      state: order.state,
      placedAt: order.orderPlacedAt ?? order.createdAt,
      currencyCode: order.currencyCode,
      surcharges: (order.surcharges ?? []).map((s) => ({ sku: s.sku, description: s.description, priceWithTax: s.priceWithTax })),
      shippingWithTax: order.shippingWithTax,
      shippingLines: order.shippingLines.map((s) => s.shippingMethod.name),
      totalWithTax: order.totalWithTax,
      discounts: order.discounts.map((d) => ({ description: d.description, amountWithTax: d.amountWithTax })),
      taxSummary: order.taxSummary,
      shippingAddress: order.shippingAddress,
      shippingMethods: order.shippingLines.map((s) => s.shippingMethod.name),
      payments: order.payments?.map((p) => ({ id: p.id, method: p.method, state: p.state, amount: p.amount })) ?? [],
      settlement: orderSettlement({ state: order.state, payments: order.payments ?? [] }),
      lines: order.lines.map((l) => ({
        id: l.id,
        quantity: l.quantity,
        unitPriceWithTax: l.unitPriceWithTax,
        linePriceWithTax: l.discountedLinePriceWithTax,
        name: l.productVariant.name,
        productName: l.productVariant.product.name,
        slug: l.productVariant.product.slug,
        options: l.productVariant.options.map((o) => `${o.group.name}: ${o.name}`),
        image: l.featuredAsset ? { src: l.featuredAsset.preview, width: l.featuredAsset.width, height: l.featuredAsset.height } : null,
        reviewed: Boolean(l.orderLineHasReview),
      })),
    },
    cancel: { possible: CUSTOMER_CANCELLABLE_STATES.includes(order.state), reasonMax: CANCEL_REASON_MAX },
    timeline: timelineOf(order),
    invoice,
    qr,
    taxDetailsMissing: seller === null,
  };
}
