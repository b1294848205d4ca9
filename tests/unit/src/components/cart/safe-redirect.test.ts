import { describe, expect, it } from 'vitest';
import { checkoutHref } from '../../../../../src/components/cart/safe-redirect';
import { acceptReturnPath } from '../../../../../src/lib/return-path';

describe('checkoutHref', () => {
  it('sends a guest to sign in and back to checkout, a customer straight on', () => {
    expect(checkoutHref('AB 1', false)).toBe('/auth?redirect=%2Fcheckout%2FAB%25201');
    expect(acceptReturnPath(decodeURIComponent('%2Fcheckout%2FAB%25201'))).toBe('/checkout/AB%201');
    expect(checkoutHref('AB1', true)).toBe('/checkout/AB1');
  });
});
