import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { checkoutErrorText } from '../../../../../src/components/checkout/checkout-messages';

const i18n = setupI18n({ locale: 'en', messages: { en: {} } });

describe('checkout failure text: the store, not the connection, when the shop answered but its backend did not', () => {
  it('checkout', () => {
    expect(checkoutErrorText(i18n, { code: 'NETWORK', message: '', unavailable: true })).toBe(
      'The store is briefly unavailable. Try again in a moment; nothing you entered is lost.',
    );
    expect(checkoutErrorText(i18n, { code: 'NETWORK', message: '' })).toBe(
      'We could not reach the store. Check your connection and try again; your choices are kept.',
    );
  });
});
