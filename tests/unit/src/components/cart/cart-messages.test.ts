import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { cartErrorText, couponErrorText } from '../../../../../src/components/cart/cart-messages';

const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
const UNAVAILABLE = 'The store is briefly unavailable. Try again in a moment; nothing you entered is lost.';

describe('failure texts: the store, not the connection, when the shop answered but its backend did not', () => {
  it('cart', () => {
    expect(cartErrorText(i18n, { code: 'NETWORK', message: '', unavailable: true })).toBe(UNAVAILABLE);
    expect(cartErrorText(i18n, { code: 'NETWORK', message: '' })).toBe(
      'We could not reach the store. Check your connection and try again.',
    );
  });

  it('coupon', () => {
    expect(couponErrorText(i18n, { code: 'NETWORK', message: '', unavailable: true }, 'WELCOME10')).toBe(UNAVAILABLE);
    expect(couponErrorText(i18n, { code: 'NETWORK', message: '' }, 'WELCOME10')).toBe(
      'We could not reach the store. Check your connection and try again.',
    );
  });
});

describe('one coupon per order (decision 035)', () => {
  it('a second coupon is refused naming the one to remove first', () => {
    expect(couponErrorText(i18n, { code: 'COUPON_CODE_COMBINATION_ERROR', message: '', appliedCouponCode: 'WELCOME10' }, 'VIP15')).toBe(
      'Only one coupon per order. Remove WELCOME10 to use VIP15.',
    );
  });
});
