import { describe, expect, it } from 'vitest';
import { canonicalSearch, pageUrls } from '../../../../src/seo/alternates';
import { pageMeta } from '../../../../src/seo/meta';
import { buildSitemap } from '../../../../src/seo/sitemap';

const ORIGIN = 'https://shop.example';

describe('canonical and hreflang', () => {
  it('gives both language versions and x-default to the Arabic one', () => {
    const urls = pageUrls(ORIGIN, '/en/about', 'en');
    expect(urls.canonical).toBe('https://shop.example/en/about');
    expect(urls.alternates).toEqual([
      { hreflang: 'ar', href: 'https://shop.example/about' },
      { hreflang: 'en', href: 'https://shop.example/en/about' },
      { hreflang: 'x-default', href: 'https://shop.example/about' },
    ]);
    expect(pageUrls(ORIGIN, '/', 'ar').alternates.map((a) => a.href)).toEqual([
      'https://shop.example/',
      'https://shop.example/en',
      'https://shop.example/',
    ]);
  });

  it('keeps only the query parameters that select content, in a stable order', () => {
    expect(canonicalSearch('?utm_source=x&type=privacy', ['type'])).toBe('?type=privacy');
    expect(canonicalSearch('?b=2&a=1&c=3', ['b', 'a'])).toBe('?a=1&b=2');
    expect(canonicalSearch('?page=2', [])).toBe('');
    expect(pageUrls(ORIGIN, '/pages/privacy-policy', 'ar', '?type=privacy&x=1', ['type']).canonical).toBe(
      'https://shop.example/pages/privacy-policy?type=privacy',
    );
  });
});

describe('pageMeta', () => {
  const base = {
    title: 'About us',
    description: 'Who we are',
    siteName: 'Elegance Store',
    locale: 'en' as const,
    origin: ORIGIN,
    pathname: '/en/about',
  };

  it('renders title, description, canonical, alternates and Open Graph', () => {
    const tags = pageMeta(base);
    expect(tags).toContainEqual({ title: 'About us | Elegance Store' });
    expect(tags).toContainEqual({ name: 'description', content: 'Who we are' });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://shop.example/en/about' });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: 'https://shop.example/about' });
    expect(tags).toContainEqual({ property: 'og:locale', content: 'en_US' });
    expect(tags).toContainEqual({ property: 'og:url', content: 'https://shop.example/en/about' });
  });

  it('does not repeat the site name and makes images absolute', () => {
    const tags = pageMeta({ ...base, title: 'Elegance Store', image: '/og.png' });
    expect(tags).toContainEqual({ title: 'Elegance Store' });
    expect(tags).toContainEqual({ property: 'og:image', content: 'https://shop.example/og.png' });
  });

  it('marks error pages noindex without canonical or alternates', () => {
    const tags = pageMeta({ ...base, noindex: true });
    expect(tags).toContainEqual({ name: 'robots', content: 'noindex' });
    expect(tags.some((t) => 'rel' in t)).toBe(false);
  });
});

describe('sitemap', () => {
  it('lists both language versions with their alternates, XML-escaped', () => {
    const xml = buildSitemap(`${ORIGIN}/`, [{ ar: '/pages/x?type=a&b=1', en: '/en/pages/x?type=a&b=1' }]);
    expect(xml).toContain('<loc>https://shop.example/pages/x?type=a&amp;b=1</loc>');
    expect(xml).toContain('<loc>https://shop.example/en/pages/x?type=a&amp;b=1</loc>');
    expect(xml.match(/<url>/g)).toHaveLength(2);
    expect(xml.match(/hreflang="x-default" href="https:\/\/shop.example\/pages\/x/g)).toHaveLength(2);
  });
});
