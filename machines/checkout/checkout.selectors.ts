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

/** The total the shopper pays with the chosen (or a previewed) payment method. */
export function payableTotal(context: Pick<CheckoutContext, 'order' | 'paymentMethods' | 'paymentMethodCode'>, methodCode = context.paymentMethodCode): PaymentTotal | null {
  if (!context.order) return null;
  return paymentTotal(context.order.totalWithTax, context.paymentMethods.find((m) => m.code === methodCode));
}

