import { getAlert, getSocialLinks, getStoreIdentityFields } from '../../services/content.service';
import { getBrands, getHeaderFacets } from '../../services/facets.service';
import type { Locale } from '../i18n/locales';
import { cachedRead } from '../lib/shop.server';
import { visibleSocialLinks, type ChromeData } from '../lib/chrome-data';
import { storeIdentityOf } from '../lib/store-identity';

/** Header/footer parts are decoration: when one cannot be loaded the page still renders without it. */
async function optional<T>(what: string, read: Promise<T>, fallback: T): Promise<T> {
  try {
    return await read;
  } catch (error) {
    console.warn(`[layout] ${what} unavailable: ${error instanceof Error ? error.message : String(error)}`);
    return fallback;
  }
}

/** Footer "top brands": a short list. */
const TOP_BRANDS = 8;

export async function loadChrome(locale: Locale): Promise<ChromeData> {
  const [facets, alert, brands, links, identity] = await Promise.all([
    optional('categories', cachedRead(locale, 'GetHeaderFacets', {}, getHeaderFacets), []),
    optional('alert', cachedRead(locale, 'Alert', {}, getAlert), null),
    optional('brands', cachedRead(locale, 'getBrands', {}, getBrands), []),
    optional('social links', cachedRead(locale, 'GetLinks', {}, getSocialLinks), []),
    optional('store identity', cachedRead(locale, 'StoreIdentity', {}, getStoreIdentityFields), null),
  ]);
  return {
    categories: facets.map((c) => ({
      code: c.code,
      name: c.name,
      subCategories: c.subCategories.map((s) => ({ code: s.code, name: s.name })),
    })),
    alert: alert ? { id: String(alert.id), name: alert.name, url: alert.url ?? null } : null,
    brands: brands.slice(0, TOP_BRANDS).map((b) => ({ code: b.code, name: b.name })),
    socialLinks: visibleSocialLinks(links.map((l) => ({ id: String(l.id), platform: l.platform, link: l.link }))),
    identity: storeIdentityOf(identity),
  };
}
