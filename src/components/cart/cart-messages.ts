import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CartError } from '../../../machines/cart.machine';
import type { CouponError } from '../../../machines/coupon.machine';

/**
 * The backend is down or restarting while the shop's site answers (machines/lib/network-failure.ts):
 * the store's fault, not the shopper's connection; the same request can be sent again.
 */
export function storeUnavailableText(i18n: I18n): string {
  return i18n._(msg`The store is briefly unavailable. Try again in a moment; nothing you entered is lost.`);
}

/** The shopper-facing text of a cart failure (spec §8), in the page's language. */
export function cartErrorText(i18n: I18n, error: CartError): string {
  switch (error.code) {
    case 'NETWORK':
      if (error.unavailable) return storeUnavailableText(i18n);
      return i18n._(msg`We could not reach the store. Check your connection and try again.`);
    case 'LOAD_FAILED':
      return i18n._(msg`Your cart could not be loaded.`);
    case 'ORDER_LIMIT_ERROR':
      return i18n._(msg`A cart can hold at most ${error.maxItems ?? 0} items.`);
    case 'ORDER_INTERCEPTOR_ERROR':
      // Our cart-guards plugin explains its limit itself, already in the page's language.
      return error.message || i18n._(msg`This product cannot be added in that quantity.`);
    case 'ORDER_MODIFICATION_ERROR':
      return i18n._(msg`This order can no longer be changed.`);
    case 'NEGATIVE_QUANTITY_ERROR':
      return i18n._(msg`The quantity must be at least 1.`);
    default:
      return i18n._(msg`Something went wrong. Your cart was not changed.`);
  }
}

export function couponErrorText(i18n: I18n, error: CouponError, code: string): string {
  switch (error.code) {
    case 'COUPON_CODE_EXPIRED_ERROR':
      return i18n._(msg`The coupon ${code} has expired.`);
    case 'COUPON_CODE_INVALID_ERROR':
      return i18n._(msg`The coupon ${code} is not valid.`);
    case 'COUPON_CODE_LIMIT_ERROR':
      return i18n._(msg`The coupon ${code} has reached its usage limit.`);
    case 'COUPON_CODE_COMBINATION_ERROR': {
      const applied = error.appliedCouponCode ?? '';
      return i18n._(msg`Only one coupon per order. Remove ${applied} to use ${code}.`);
    }
    case 'EMPTY':
      return i18n._(msg`Enter a coupon code.`);
    case 'NETWORK':
      if (error.unavailable) return storeUnavailableText(i18n);
      return i18n._(msg`We could not reach the store. Check your connection and try again.`);
  }
}
