import { describe, expect, it } from 'vitest';
import { bannerHostsFromEnv, resolveBannerTarget } from '../../../../../src/routes/catalogue/banner-target';

const opts = { allowedHosts: ['tamara.co'], ownOrigin: 'https://shop.example' };
const resolve = (to: string | null, slug: string | null = null) => resolveBannerTarget(to, slug, opts);

describe('resolveBannerTarget', () => {
  it('keeps site paths and drops the /en prefix', () => {
    expect(resolve('/products/c/bags?subCategory=totes')).toEqual({ kind: 'internal', path: '/products/c/bags?subCategory=totes' });
    expect(resolve('/en/products')).toEqual({ kind: 'internal', path: '/products' });
    expect(resolve('/en')).toEqual({ kind: 'internal', path: '/' });
  });

  it('builds catalogue paths from an entity type and slug', () => {
    expect(resolve('product', 'red-bag')).toEqual({ kind: 'internal', path: '/products/red-bag' });
    expect(resolve('category', 'bags')).toEqual({ kind: 'internal', path: '/products/c/bags' });
    expect(resolve('brand', 'acme')).toEqual({ kind: 'internal', path: '/products/brand/acme' });
    expect(resolve('product', 'حقيبة-حمراء')?.kind).toBe('internal');
    expect(resolve('product', '../admin')).toBeNull();
    expect(resolve('product', null)).toBeNull();
  });

  it('allows external https links only to allow-listed hosts and their subdomains', () => {
    expect(resolve('https://tamara.co/offer')).toEqual({ kind: 'external', href: 'https://tamara.co/offer' });
    expect(resolve('https://www.tamara.co/x')?.kind).toBe('external');
    expect(resolve('https://eviltamara.co/x')).toBeNull();
    expect(resolve('https://tamara.co.evil.com/x')).toBeNull();
    expect(resolve('http://tamara.co/offer')).toBeNull();
    expect(resolve('https://user:pw@tamara.co/')).toBeNull();
  });

  it('treats absolute links to our own origin as internal', () => {
    expect(resolve('https://shop.example/en/products/c/bags')).toEqual({ kind: 'internal', path: '/products/c/bags' });
  });

  it('refuses protocol-relative, script and malformed targets', () => {
    expect(resolve('//evil.com/x')).toBeNull();
    expect(resolve('javascript:alert(1)')).toBeNull();
    expect(resolve('/path with spaces')).toBeNull();
    expect(resolve('not a url')).toBeNull();
    expect(resolve('')).toBeNull();
    expect(resolve(null)).toBeNull();
  });
});

describe('bannerHostsFromEnv', () => {
  it('parses a comma list and drops junk', () => {
    expect(bannerHostsFromEnv(' A.com, b.org ,bad host,')).toEqual(['a.com', 'b.org']);
    expect(bannerHostsFromEnv('')).toEqual([]);
    expect(bannerHostsFromEnv(undefined).length).toBeGreaterThan(0);
  });
});
