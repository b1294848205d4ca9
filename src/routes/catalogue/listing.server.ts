import { data } from 'react-router';
import { getFacetValue } from '../../../services/facets.service';
import { getFilterBar, getProductsByFacetValue, getProductsByFilter } from '../../../services/listing.service';
import type { FilterBarData } from '../../components/catalogue/filter-bar';
import type { FacetRef, ProductCardData } from '../../lib/catalogue/types';
import type { Locale } from '../../i18n/locales';
import { cachedRead } from '../../lib/shop.server';
import {
  pageCount,
  parseListingParams,
  priceBoundsOf,
  toProductFilterInput,
  type ListingParams,
  type ListingScope,
} from '../../lib/catalogue/listing-params';
import { toAssetView, toFacetRef, toProductCard } from '../../lib/catalogue/view-models';

const CACHEABLE = { cacheable: true } as const;

export interface ListingData {
  params: ListingParams;
  items: ProductCardData[];
  totalItems: number;
  filterBar: FilterBarData;
}

/**
 * One listing page: the products and the filter bar, read in parallel (each an anonymous,
 * cached read). A page past the last one is a 404, like any other invalid route.
 */
export async function loadListing(locale: Locale, url: URL, scope: ListingScope): Promise<ListingData> {
  const params = parseListingParams(url.searchParams);
  const input = toProductFilterInput(params, scope);
  const { skip: _skip, take: _take, sort: _sort, ...barInput } = input;
  const scoped = Boolean(scope.categoryCode || scope.subCategoryCode || scope.brandCode);
  const now = new Date();
  const [page, bar] = await Promise.all([
    scoped
      ? cachedRead(locale, 'productByFacetValue', input, (c) => getProductsByFacetValue(c, input, CACHEABLE))
      : cachedRead(locale, 'productByFilter', input, (c) => getProductsByFilter(c, input, CACHEABLE)),
    cachedRead(locale, 'filterBarProducts', barInput, (c) => getFilterBar(c, barInput, CACHEABLE)),
  ]);
  if (params.page > pageCount(page.totalItems)) throw data(null, { status: 404 });
  return {
    params,
    items: page.items.map((p) => toProductCard(p, now)),
    totalItems: page.totalItems,
    filterBar: {
      colors: bar.colors.map((c) => ({ code: c.code, name: c.name, colorCode: c.colorCode })),
      brands: bar.brands.map((b) => ({ code: b.code, name: b.name })),
      subCategories: bar.subCategories.map((s) => ({ code: s.code, name: s.name })),
      // The listing's own price range (its context, not the chosen price): a handle at an end means
      // "no bound", and the URL carries min/max only once the shopper moved a handle.
      priceBounds: priceBoundsOf(bar),
    },
  };
}

export interface FacetPageHeader extends FacetRef {
  cover: ReturnType<typeof toAssetView>;
  subCategories: (FacetRef & { productCount: number })[];
}

/**
 * A category, sub-category or brand by code, checked against its facet (a brand code in a
 * category URL is a 404, not a brand page). Unknown codes are a 404.
 */
export async function loadFacetValue(
  locale: Locale,
  code: string,
  facetCode: 'category' | 'sub-category' | 'brand',
): Promise<FacetPageHeader & { parentCode: string | null }> {
  const fv = await cachedRead(locale, 'getFacetValue', { code }, (c) => getFacetValue(c, code, CACHEABLE));
  if (!fv || fv.facet.code !== facetCode) throw data(null, { status: 404 });
  return {
    code: fv.code,
    name: fv.name,
    cover: toAssetView(fv.customFields?.cover ?? fv.customFields?.mainFeatureAsset ?? null),
    parentCode: fv.customFields?.parentCode ?? null,
    subCategories: fv.subCategories.map((s) => ({ ...toFacetRef(s)!, productCount: s.productCount })),
  };
}
