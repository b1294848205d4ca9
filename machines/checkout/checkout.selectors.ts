import { paymentTotal, type PaymentTotal } from '../lib/payment-total';
import type { CheckoutContext, CheckoutStep } from './checkout.types';

/** The step the URL shows for a snapshot (null while loading or when there is nothing to show). */
export function checkoutStep(snapshot: { value: unknown }): CheckoutStep | 'confirming' | 'success' | null {
  const top = typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value as object)[0];
  switch (top) {
    case 'address':
    case 'shipping':
    case 'review':
    case 'payment':
    case 'confirming':
    case 'success':
      return top;
    case 'reopening':
      return 'payment';
    case 'unconfirmed':
      return 'confirming';
    default:
      return null;
  }
}

/** SKU prefix of the surcharge the backend adds for a payment method's discount or fee. */
export const METHOD_SURCHARGE_SKU = 'payment-method:';

/**
 * The total the shopper pays with the chosen (or a previewed) payment method. Once a payment was
 * added the order already carries that method's surcharge: the preview starts from the total
 * without it, so a method's discount or fee is never counted twice.
 */
export function payableTotal(
  context: Pick<CheckoutContext, 'order' | 'paymentMethods' | 'paymentMethodCode'>,
  methodCode = context.paymentMethodCode,
): PaymentTotal | null {
  if (!context.order) return null;
  const applied = (context.order.surcharges ?? [])
    .filter((s) => s.sku?.startsWith(METHOD_SURCHARGE_SKU))
    .reduce((sum, s) => sum + s.priceWithTax, 0);
  return paymentTotal(
    context.order.totalWithTax - applied,
    context.paymentMethods.find((m) => m.code === methodCode),
  );
}
