import { getHeaderFacets } from '../../services/facets.service';
import { getProductsByFilter } from '../../services/listing.service';
import type { ShopClient } from '../../services/client';
import type { Locale } from '../i18n/locales';
import { localizePath } from '../i18n/paths';
import { config } from '../lib/config.server';
import { createReadCache } from '../lib/read-cache';
import { ssrClient } from '../lib/shop.server';
import { buildSitemap, type SitemapEntry } from '../seo/sitemap';
import { catalogueHref } from '../lib/chrome-data';
import { policyHref } from './policy-pages';
import type { Route } from './+types/sitemap';

const STATIC_PATHS = [
  '/',
  '/products',
  '/about',
  '/approach',
  '/culture',
  '/faqs',
  '/contact',
  '/installment',
  policyHref('privacy'),
  policyHref('usage'),
  policyHref('warranty'),
  policyHref('exchange'),
];

const PAGE = 100; // the Shop API's maximum page size
const MAX_PRODUCTS = 20_000;

async function productSlugs(client: ShopClient): Promise<Map<string, string>> {
  const slugs = new Map<string, string>();
  for (let skip = 0; skip < MAX_PRODUCTS; skip += PAGE) {
    const page = await getProductsByFilter(client, { skip, take: PAGE });
    for (const p of page.items) slugs.set(String(p.id), p.slug);
    if (page.items.length < PAGE || skip + PAGE >= page.totalItems) break;
  }
  return slugs;
}

async function collectEntries(): Promise<SitemapEntry[]> {
  const client = (l: Locale) => ssrClient(l);
  const [categories, arProducts, enProducts] = await Promise.all([
    getHeaderFacets(client('ar')),
    productSlugs(client('ar')),
    productSlugs(client('en')),
  ]);
  const both = (path: string): SitemapEntry => ({ ar: localizePath(path, 'ar'), en: localizePath(path, 'en') });
  const entries = STATIC_PATHS.map(both);
  entries.push(both('/products/c'));
  for (const c of categories) {
    entries.push(both(catalogueHref.category(c.code)));
    for (const s of c.subCategories) entries.push(both(catalogueHref.subCategoryPath(c.code, s.code)));
  }
  // Product slugs are translated: pair the two language versions by product id.
  for (const [id, arSlug] of arProducts) {
    const enSlug = enProducts.get(id) ?? arSlug;
    entries.push({
      ar: `/products/${encodeURIComponent(arSlug)}`,
      en: localizePath(`/products/${encodeURIComponent(enSlug)}`, 'en'),
    });
  }
  return entries;
}

// The catalogue changes rarely compared to crawler traffic: rebuild at most every 10 minutes.
const cache = createReadCache({ ttlMs: 10 * 60_000, maxEntries: 4 });

export async function loader({ url }: Route.LoaderArgs) {
  const origin = config.publicUrl ?? url.origin;
  const xml = await cache.read('sitemap', null, origin, async () => buildSitemap(origin, await collectEntries()));
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=600' },
  });
}
