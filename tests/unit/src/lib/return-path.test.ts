import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localizePath } from '../../../../src/i18n/paths';
import { acceptReturnPath, returnHref } from '../../../../src/lib/return-path';

// Issue 33 §2: `/en/auth?redirect=/en//evil.example` and `redirect=/.//evil.example` answered
// `302 Location: //evil.example`. A return path is accepted only when, after every
// normalisation, it still resolves on the shop's own origin.

const SHOP = 'https://shop.example';

/** Where a browser would go for this Location, resolved on a shop page (as a 302 is). */
function staysOnShop(location: string): boolean {
  const url = new URL(location, `${SHOP}/en/auth?x=1`);
  return url.origin === SHOP;
}

describe('acceptReturnPath', () => {
  it.each([
    ['/checkout/ABC', '/checkout/ABC'],
    ['/en/checkout/ABC?step=2#pay', '/checkout/ABC?step=2#pay'],
    ['/', '/'],
    ['/en', '/'],
    ['/products/%D8%B3%D8%A7%D8%B9%D8%A9', '/products/%D8%B3%D8%A7%D8%B9%D8%A9'],
    ['/search?q=a//b', '/search?q=a//b'],
  ])('keeps the site path %s as %s', (target, expected) => {
    expect(acceptReturnPath(target)).toBe(expected);
  });

  it.each([
    // the two reported URLs' parameters
    '/en//evil.example',
    '/.//evil.example',
    '//evil.example/x',
    '/\\evil.example',
    '/%2fevil.example',
    '/%2F%2Fevil.example',
    '/%5cevil.example',
    '/en/%2f/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/./evil',
    '/a/../../evil.example',
    '/%2e%2e/evil',
    '/\u2215evil.example',
    '/\uff0fevil.example',
    '/%E2%88%95evil.example',
    '/en/en//evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    'evil.example',
    '',
    null,
    '/auth',
    '/en/auth/login?redirect=/x',
  ])('refuses %j', (target) => {
    expect(acceptReturnPath(target)).toBeNull();
  });

  it('gives the href of the page locale', () => {
    expect(returnHref('/en/cart?x=1', 'ar')).toBe('/cart?x=1');
    expect(returnHref('/cart', 'en')).toBe('/en/cart');
    expect(returnHref('/en//evil.example', 'en')).toBeNull();
  });

  // Pieces an attacker strings together: slashes in every spelling, dot segments, locale
  // prefixes, schemes, credentials and hosts.
  const piece = fc.constantFrom(
    '/',
    '//',
    '\\',
    '/\\',
    '\\/',
    '%2f',
    '%2F',
    '%5c',
    '%5C',
    '%252f',
    '\t',
    '\n',
    '\r',
    ' ',
    '%09',
    '%0a',
    '.',
    '..',
    '/./',
    '/../',
    '%2e',
    '%2e%2e',
    'en',
    '/en',
    '/en/',
    'ar',
    '\u2215',
    '\uff0f',
    '\u2044',
    '\uff3c',
    '%E2%88%95',
    '@',
    'user:pass@',
    'evil.example',
    'shop.example',
    ':',
    'http:',
    'https:',
    'javascript:',
    '//evil.example',
    '?',
    '#',
    '&',
    '=',
    'redirect=',
    'a',
    'checkout',
    '\u0000',
    '\u00a0',
    '%00',
  );
  const candidate = fc.array(piece, { maxLength: 10 }).map((parts) => parts.join(''));

  it('never accepts a path that leaves the origin, in either locale, resolved again or decoded', () => {
    fc.assert(
      fc.property(candidate, fc.constantFrom('ar', 'en') as fc.Arbitrary<'ar' | 'en'>, (target, locale) => {
        const accepted = acceptReturnPath(target);
        if (accepted === null) return;
        const href = localizePath(accepted, locale);
        expect(href.startsWith('/')).toBe(true);
        expect(staysOnShop(href)).toBe(true);
        // a second pass (a next auth page re-reads it) and a decoding proxy both stay home too
        expect(staysOnShop(decodeURIComponent(href.split(/[?#]/)[0]!))).toBe(true);
        expect(acceptReturnPath(href)).toBe(accepted);
      }),
      { numRuns: 20000 },
    );
  });

  it('accepts every plain path of the site', () => {
    const segment = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 4 }), fc.boolean(), (segments, english) => {
        const path = `/${segments.join('/')}`;
        fc.pre(segments[0] !== 'auth' && segments[0] !== 'en');
        expect(acceptReturnPath(english ? `/en${path}` : path)).toBe(path);
      }),
    );
  });
});
