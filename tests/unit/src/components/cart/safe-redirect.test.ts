import { describe, expect, it } from 'vitest';
import { checkoutHref, safeRedirect } from '../../../../../src/components/cart/safe-redirect';

describe('safeRedirect', () => {
  it.each(['/checkout/ABC', '/en/checkout/ABC?step=2#pay', '/'])('keeps the site path %s', (path) => {
    expect(safeRedirect(path)).toBe(path);
  });

  it.each(['https://evil.example', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'checkout', '', null, '/a\nb'])(
    'refuses %s',
    (target) => {
      expect(safeRedirect(target, '/fallback')).toBe('/fallback');
    },
  );

  it('sends a guest to sign in and back to checkout, a customer straight on', () => {
    expect(checkoutHref('AB 1', false)).toBe('/auth?redirect=%2Fcheckout%2FAB%25201');
    expect(safeRedirect(decodeURIComponent('%2Fcheckout%2FAB%25201'))).toBe('/checkout/AB%201');
    expect(checkoutHref('AB1', true)).toBe('/checkout/AB1');
  });
});
