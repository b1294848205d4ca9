import { describe, expect, it } from 'vitest';
import { signInTarget } from '../../../../../src/components/auth/sign-in-target';

describe('signInTarget', () => {
  it.each([
    ['/checkout/ABC', 'ar', '/checkout/ABC'],
    ['/checkout/ABC', 'en', '/en/checkout/ABC'],
    ['/en/cart?x=1', 'en', '/en/cart?x=1'],
    [null, 'ar', '/profile'],
    [null, 'en', '/en/profile'],
    ['/', 'en', '/en'],
  ] as const)('%s in %s goes to %s', (redirect, locale, expected) => {
    expect(signInTarget(redirect, locale)).toBe(expected);
  });

  it.each(['//evil.com', 'https://evil.com', '/\\evil.com', 'javascript:alert(1)', '/auth', '/en/auth/login?redirect=/x'])(
    'sends %s to the profile',
    (redirect) => {
      expect(signInTarget(redirect, 'en')).toBe('/en/profile');
      expect(signInTarget(redirect, 'ar')).toBe('/profile');
    },
  );
});
