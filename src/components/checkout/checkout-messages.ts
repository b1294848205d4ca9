import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CheckoutError } from '../../../machines/checkout.machine';
import { storeUnavailableText } from '../cart/cart-messages';
import { retryAfterText } from '../retry-after';

/** The shopper-facing text of a checkout failure (spec §8), in the page's language. */
export function checkoutErrorText(i18n: I18n, error: CheckoutError): string {
  switch (error.code) {
    case 'NETWORK':
      if (error.unavailable) return storeUnavailableText(i18n);
      return i18n._(msg`We could not reach the store. Check your connection and try again; your choices are kept.`);
    case 'PAYMENT_DECLINED':
      return i18n._(msg`Your payment was declined. Nothing was charged; you can pay again with any method.`);
    case 'PAYMENT_CANCELLED':
      return i18n._(msg`The payment was cancelled. Your cart is as it was; you can pay again with any method.`);
    case 'PAYMENT_UNCONFIRMED':
      return i18n._(msg`We have not received your payment's confirmation yet. You will not be charged twice: check again in a moment.`);
    case 'VERIFICATION_NOT_SENT':
      return i18n._(msg`We could not send the verification code for this address. Try again.`);
    case 'VERIFICATION_CODE_INVALID_ERROR':
      return i18n._(msg`That code is not right. Attempts left: ${error.detail?.attemptsLeft ?? 0}.`);
    case 'RATE_LIMIT_ERROR':
      return retryAfterText(i18n, error.detail?.retryAfterSeconds ?? 60);
    case 'INELIGIBLE_PAYMENT_METHOD_ERROR':
      return error.detail?.eligibilityMessage || i18n._(msg`This payment method is not available for this order.`);
    case 'PAYMENT_FAILED_ERROR':
    case 'PAYMENT_DECLINED_ERROR':
      return error.detail?.paymentErrorMessage || i18n._(msg`The payment could not be completed. Try again or choose another method.`);
    case 'COUPON_REMOVED_DURING_CHECKOUT_ERROR':
      return i18n._(msg`A coupon no longer applies and was removed. Check the new total and pay again.`);
    case 'ORDER_STATE_TRANSITION_ERROR':
      return error.detail?.transitionError || error.message || i18n._(msg`Your order cannot move on yet. Check the previous steps.`);
    case 'INELIGIBLE_SHIPPING_METHOD_ERROR':
      return i18n._(msg`This delivery option is not available for this order. Choose another.`);
    case 'NO_ACTIVE_ORDER_ERROR':
      return i18n._(msg`Your cart is empty.`);
    default:
      return error.message || i18n._(msg`Something went wrong. Try again; your choices are kept.`);
  }
}

// In a module of its own: the order totals (first paint of the checkout) need only this.
export { paymentMethodName } from './payment-method-name';
