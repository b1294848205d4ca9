import { getHomeFacets } from '../../../services/facets.service';
import { HOME_SECTION_SIZE, getHomeProducts } from '../../../services/products.service';
import { getBanners, getSuperBanners } from '../../../services/content.service';
import type { BannerView, SuperBannerView } from '../../components/catalogue/hero-banners';
import type { ProductCardData } from '../../lib/catalogue/types';
import type { Locale } from '../../i18n/locales';
import { config } from '../../lib/config.server';
import { cachedRead } from '../../lib/shop.server';
import { bannerHostsFromEnv, resolveBannerTarget } from './banner-target';
import { toAssetView, toProductCard } from '../../lib/catalogue/view-models';

const CACHEABLE = { cacheable: true } as const;
export const HOME_BANNER_PAGE = 'home';
const bannerOptions = {
  allowedHosts: bannerHostsFromEnv(process.env.BANNER_LINK_HOSTS),
  ownOrigin: config.publicUrl,
};

// What the page reads of the content plugin's answers (decision 002). Until that plugin is
// registered in the backend, the generated schema lacks these types and the services return
// `unknown`; these shapes are the contract the documents select.
interface AssetSource {
  preview: string;
  width: number;
  height: number;
  focalPoint?: { x: number; y: number } | null;
}
interface SuperBannerSource {
  id: string | number;
  title?: string | null;
  redirectTo?: string | null;
  asset: AssetSource;
  mobileAsset?: AssetSource | null;
}
interface BannerSource {
  id: string | number;
  title?: string | null;
  position: string;
  slug?: string | null;
  redirectTo?: string | null;
  redirectToSlug?: string | null;
  assets: AssetSource[];
}

export interface HomeFacetView {
  code: string;
  name: string;
  /** The listing of this facet value, when it has one. */
  href: string | null;
  products: ProductCardData[];
}

export interface HomeData {
  superBanners: SuperBannerView[];
  banners: BannerView[];
  newArrivals: ProductCardData[];
  specialOffers: ProductCardData[];
  facets: HomeFacetView[];
}

function facetHref(facetCode: string, code: string, parentCode: string | null | undefined): string | null {
  const c = encodeURIComponent(code);
  if (facetCode === 'category') return `/products/c/${c}`;
  if (facetCode === 'brand') return `/products/brand/${c}`;
  if (facetCode === 'sub-category' && parentCode) return `/products/c/${encodeURIComponent(parentCode)}/${c}`;
  return null;
}

/** Everything on the home page, read in parallel; a missing part leaves its section out. */
export async function loadHome(locale: Locale): Promise<HomeData> {
  const optional = <T>(what: string, p: Promise<T>, fallback: T) =>
    p.catch((error: unknown) => {
      console.warn(`[home] ${what} unavailable: ${error instanceof Error ? error.message : String(error)}`);
      return fallback;
    });
  const [superBanners, banners, products, facets] = await Promise.all([
    optional(
      'super banners',
      cachedRead(locale, 'getSuperBanners', {}, (c) => getSuperBanners(c, undefined, CACHEABLE)) as Promise<SuperBannerSource[]>,
      [],
    ),
    optional(
      'banners',
      cachedRead(locale, 'getBanners', { page: HOME_BANNER_PAGE }, (c) => getBanners(c, { page: HOME_BANNER_PAGE }, CACHEABLE)) as Promise<
        BannerSource[]
      >,
      [],
    ),
    // The product rows are the page: if they fail, the error page says so.
    cachedRead(locale, 'homeProducts', { take: HOME_SECTION_SIZE }, (c) => getHomeProducts(c, HOME_SECTION_SIZE, CACHEABLE)),
    optional(
      'home facets',
      cachedRead(locale, 'getHomeFacets', {}, (c) => getHomeFacets(c, CACHEABLE)),
      [],
    ),
  ]);
  const now = new Date();
  const card = (p: Parameters<typeof toProductCard>[0]) => toProductCard(p, now);
  return {
    superBanners: superBanners.map((b) => ({
      id: String(b.id),
      title: b.title ?? null,
      href: resolveBannerTarget(b.redirectTo, null, bannerOptions),
      desktop: toAssetView(b.asset)!,
      mobile: toAssetView(b.mobileAsset ?? b.asset)!,
    })),
    banners: banners
      .filter((b) => b.assets.length > 0)
      .map((b) => ({
        id: String(b.id),
        title: b.title ?? null,
        position: b.position,
        href: resolveBannerTarget(b.redirectTo, b.redirectToSlug ?? b.slug, bannerOptions),
        image: toAssetView(b.assets[0])!,
      })),
    newArrivals: products.newArrivals.map(card),
    specialOffers: products.specialOffers.map(card),
    facets: facets
      .filter((f) => f.products.length > 0)
      .map((f) => ({
        code: f.facetValue.code,
        name: f.facetValue.name,
        href: facetHref(f.facetValue.facet.code, f.facetValue.code, f.facetValue.customFields?.parentCode),
        products: f.products.map(card),
      })),
  };
}
