import { describe, expect, it } from 'vitest';
import { localeFromPath, localizePath, stripLocalePrefix, switchLocaleHref } from '../../../../src/i18n/paths';

describe('locale paths', () => {
  it('reads the locale from the prefix', () => {
    expect(localeFromPath('/')).toBe('ar');
    expect(localeFromPath('/about')).toBe('ar');
    expect(localeFromPath('/en')).toBe('en');
    expect(localeFromPath('/en/products/c/bags')).toBe('en');
    expect(localeFromPath('/enamel')).toBe('ar');
  });

  it('strips the English prefix', () => {
    expect(stripLocalePrefix('/en')).toBe('/');
    expect(stripLocalePrefix('/en/about')).toBe('/about');
    expect(stripLocalePrefix('/about')).toBe('/about');
  });

  it('localises site paths and keeps query and hash', () => {
    expect(localizePath('/', 'en')).toBe('/en');
    expect(localizePath('/about?x=1#team', 'en')).toBe('/en/about?x=1#team');
    expect(localizePath('/en/about?x=1', 'ar')).toBe('/about?x=1');
    expect(localizePath('/en?x=1', 'ar')).toBe('/?x=1');
    expect(localizePath('/en/about', 'en')).toBe('/en/about');
  });

  it('leaves external and protocol-relative links alone', () => {
    expect(localizePath('https://example.com/x', 'en')).toBe('https://example.com/x');
    expect(localizePath('//evil.example/x', 'en')).toBe('//evil.example/x');
    expect(localizePath('mailto:a@b.c', 'en')).toBe('mailto:a@b.c');
  });

  it('switches to the same page in the other language', () => {
    expect(switchLocaleHref('/pages/privacy-policy?type=privacy', 'en')).toBe('/en/pages/privacy-policy?type=privacy');
    expect(switchLocaleHref('/en/pages/privacy-policy?type=privacy', 'ar')).toBe('/pages/privacy-policy?type=privacy');
    expect(switchLocaleHref('/en', 'ar')).toBe('/');
  });
});
