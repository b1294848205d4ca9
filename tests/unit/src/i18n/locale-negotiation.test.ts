import { describe, expect, it } from 'vitest';
import {
  localeCookie,
  localeFromAcceptLanguage,
  negotiateLocale,
  parseCookies,
  type NegotiationRequest,
} from '../../../../src/i18n/locale-negotiation';

const ORIGIN = 'https://shop.example';

function request(path: string, init: Partial<Omit<NegotiationRequest, 'url'>> = {}): NegotiationRequest {
  return {
    url: new URL(path, ORIGIN),
    method: 'GET',
    cookie: null,
    acceptLanguage: null,
    referer: null,
    isBot: false,
    ...init,
  };
}

const cookieOn = { cookieEnabled: true };
const cookieOff = { cookieEnabled: false };

describe('Accept-Language', () => {
  it('takes the highest quality of our locales, regional variants included', () => {
    expect(localeFromAcceptLanguage('fr-FR,fr;q=0.9,ar-SA;q=0.8,en;q=0.7')).toBe('ar');
    expect(localeFromAcceptLanguage('en-GB;q=0.5, ar;q=0.4')).toBe('en');
    expect(localeFromAcceptLanguage('ar;q=0.3, EN-us;q=0.9')).toBe('en');
  });

  it('keeps header order for equal qualities and ignores q=0 and wildcards', () => {
    expect(localeFromAcceptLanguage('ar, en')).toBe('ar');
    expect(localeFromAcceptLanguage('en;q=0, ar;q=0.1')).toBe('ar');
    expect(localeFromAcceptLanguage('*')).toBeNull();
    expect(localeFromAcceptLanguage('de, fr')).toBeNull();
    expect(localeFromAcceptLanguage(null)).toBeNull();
  });
});

describe('cookies', () => {
  it('parses a Cookie header, first occurrence wins', () => {
    const c = parseCookies('a=1; i18n_redirected=en; i18n_redirected=ar; b="x%20y"');
    expect(c.get('i18n_redirected')).toBe('en');
    expect(c.get('b')).toBe('x y');
  });

  it('writes a 365-day, path /, SameSite=Lax cookie', () => {
    expect(localeCookie('en')).toBe('i18n_redirected=en; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(localeCookie('ar', { secureCookie: true })).toContain('; Secure');
  });
});

describe('negotiateLocale: first visit without a prefix', () => {
  it('follows the cookie before the browser languages', () => {
    const r = negotiateLocale(request('/about', { cookie: 'i18n_redirected=en', acceptLanguage: 'ar' }), cookieOn);
    expect(r).toMatchObject({ locale: 'en', redirectTo: '/en/about', reason: 'cookie', setCookie: null });
  });

  it('stays in Arabic when the cookie says ar, whatever the browser says', () => {
    const r = negotiateLocale(request('/', { cookie: 'i18n_redirected=ar', acceptLanguage: 'en-US' }), cookieOn);
    expect(r).toMatchObject({ locale: 'ar', redirectTo: null, reason: 'cookie', setCookie: null });
  });

  it('never sends a path beginning with two slashes to its twin (that would be another origin)', () => {
    for (const path of ['//evil.example/x', '//evil.example/', '///evil.example/x']) {
      const r = negotiateLocale({ ...request('/'), url: new URL(`${ORIGIN}${path}`) }, cookieOn);
      expect(r.redirectTo, path).toBeNull();
    }
  });

  it('uses Accept-Language without a cookie and keeps the query on the redirect', () => {
    const r = negotiateLocale(request('/products?page=2&sort=price-asc', { acceptLanguage: 'en-US,en;q=0.9' }), cookieOn);
    expect(r.redirectTo).toBe('/en/products?page=2&sort=price-asc');
    expect(r.reason).toBe('accept-language');
    expect(r.setCookie).toBe(localeCookie('en'));
  });

  it('stays on the Arabic page for an Arabic browser and stores the choice', () => {
    const r = negotiateLocale(request('/about', { acceptLanguage: 'ar-SA,ar;q=0.9,en;q=0.8' }), cookieOn);
    expect(r).toMatchObject({ locale: 'ar', redirectTo: null, reason: 'accept-language' });
    expect(r.setCookie).toBe(localeCookie('ar'));
  });

  it('falls back to en-US when nothing matches', () => {
    expect(negotiateLocale(request('/', { acceptLanguage: 'de-DE' }), cookieOn)).toMatchObject({
      redirectTo: '/en',
      reason: 'fallback',
    });
    expect(negotiateLocale(request('/'), cookieOn).redirectTo).toBe('/en');
  });

  it('ignores an unknown cookie value', () => {
    const r = negotiateLocale(request('/', { cookie: 'i18n_redirected=fr', acceptLanguage: 'ar' }), cookieOn);
    expect(r).toMatchObject({ locale: 'ar', reason: 'accept-language' });
  });
});

describe('negotiateLocale: when nobody is redirected', () => {
  it('never redirects a request coming from our own site (language switch, navigation)', () => {
    const r = negotiateLocale(
      request('/about', { acceptLanguage: 'en', cookie: 'i18n_redirected=en', referer: `${ORIGIN}/en/about` }),
      cookieOn,
    );
    expect(r).toMatchObject({ locale: 'ar', redirectTo: null, reason: 'same-origin' });
    // …and the cookie follows the page the shopper chose.
    expect(r.setCookie).toBe(localeCookie('ar'));
  });

  it('does redirect when the referer is another site', () => {
    const r = negotiateLocale(request('/about', { acceptLanguage: 'en', referer: 'https://search.example/?q=shop' }), cookieOn);
    expect(r.redirectTo).toBe('/en/about');
  });

  it('treats /en paths as English and only refreshes the cookie', () => {
    const r = negotiateLocale(request('/en/about', { acceptLanguage: 'ar' }), cookieOn);
    expect(r).toMatchObject({ locale: 'en', redirectTo: null, reason: 'prefixed', setCookie: localeCookie('en') });
    expect(negotiateLocale(request('/en', { cookie: 'i18n_redirected=en' }), cookieOn).setCookie).toBeNull();
  });

  it('does not take /english or /entry for the English prefix', () => {
    expect(negotiateLocale(request('/entry', { acceptLanguage: 'ar' }), cookieOn).locale).toBe('ar');
  });

  it('leaves crawlers, non-GET requests and files alone', () => {
    expect(negotiateLocale(request('/', { isBot: true }), cookieOn)).toMatchObject({ redirectTo: null, reason: 'bot' });
    expect(negotiateLocale(request('/contact', { method: 'POST', acceptLanguage: 'en' }), cookieOn)).toMatchObject({
      redirectTo: null,
      reason: 'not-get',
    });
    expect(negotiateLocale(request('/sitemap.xml', { acceptLanguage: 'en' }), cookieOn)).toMatchObject({
      redirectTo: null,
      setCookie: null,
      reason: 'resource',
    });
  });
});

describe('negotiateLocale with cookie use disabled', () => {
  it('neither reads nor writes the cookie', () => {
    const r = negotiateLocale(request('/', { cookie: 'i18n_redirected=en', acceptLanguage: 'ar' }), cookieOff);
    expect(r).toMatchObject({ locale: 'ar', redirectTo: null, setCookie: null, reason: 'accept-language' });
    const en = negotiateLocale(request('/about', { acceptLanguage: 'en' }), cookieOff);
    expect(en).toMatchObject({ redirectTo: '/en/about', setCookie: null });
  });
});
