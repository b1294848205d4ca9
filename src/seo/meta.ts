import type { MetaDescriptor } from 'react-router';
import { ogLocale, otherLocale, type Locale } from '../i18n/locales';
import { pageUrls } from './alternates';

export interface PageMetaInput {
  /** Already translated page title (without the site name). */
  title: string;
  /** Already translated description. */
  description: string;
  siteName: string;
  locale: Locale;
  origin: string;
  pathname: string;
  search?: string;
  /** Query parameters that are part of the canonical URL (e.g. `type` on policy pages). */
  keepParams?: readonly string[];
  /** Absolute or site-relative image URL for Open Graph. */
  image?: string;
  type?: 'website' | 'article' | 'product';
  /** 404s and error pages: no canonical, no alternates, noindex. */
  noindex?: boolean;
}

/** Title, description, canonical, hreflang alternates and Open Graph tags of one page. */
export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const fullTitle = input.title === input.siteName ? input.title : `${input.title} | ${input.siteName}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: 'description', content: input.description },
    { property: 'og:title', content: input.title },
    { property: 'og:description', content: input.description },
    { property: 'og:site_name', content: input.siteName },
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:locale', content: ogLocale(input.locale) },
    { property: 'og:locale:alternate', content: ogLocale(otherLocale(input.locale)) },
    { name: 'twitter:card', content: input.image ? 'summary_large_image' : 'summary' },
  ];
  if (input.noindex) {
    tags.push({ name: 'robots', content: 'noindex' });
    return tags;
  }
  const { canonical, alternates } = pageUrls(input.origin, input.pathname, input.locale, input.search ?? '', input.keepParams ?? []);
  tags.push({ tagName: 'link', rel: 'canonical', href: canonical });
  for (const alt of alternates) tags.push({ tagName: 'link', rel: 'alternate', hrefLang: alt.hreflang, href: alt.href });
  tags.push({ property: 'og:url', content: canonical });
  if (input.image) {
    const image = /^https?:\/\//.test(input.image) ? input.image : input.origin.replace(/\/+$/, '') + input.image;
    tags.push({ property: 'og:image', content: image });
  }
  return tags;
}
