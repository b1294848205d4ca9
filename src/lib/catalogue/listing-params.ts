/**
 * The state of a product listing lives in its URL: shareable, server-rendered, restored by the
 * back button. This module is the one place that reads and writes those search params.
 *
 *   ?q=shoes&page=2&sort=price-asc&view=list&min=100&max=500&color=red,black&brand=acme&subCategory=bags
 *
 * `q` is a search (the header's search box, Enter): the listing narrowed to the products the
 * term finds, with every filter, sort and page on top of it.
 *
 * Defaults are omitted (so the plain path is the default listing), unknown or malformed values
 * fall back to defaults (a hand-edited URL never errors), and params come out in a stable order.
 */

import { FALLBACK_PRICE_BOUNDS, type PriceRange } from '../../../machines/lib/price-range';
import { cleanSearchQuery, isSearchable } from '../../../machines/lib/search-term';

export const PAGE_SIZE = 10;
export const VISIBLE_PAGES = 5;
/**
 * The price slider's scale in SAR: from 0 to the listing's own highest price, rounded up to the
 * backend's slider step (`filterBar.maxValue`, halalas), so every product of the listing can be
 * reached; spec §9's 0–800 only when the listing has no price range (no products).
 */
export function priceBoundsOf(bar: { maxValue: number }): PriceRange {
  return bar.maxValue > 0 ? { min: 0, max: Math.ceil(bar.maxValue / 100) } : FALLBACK_PRICE_BOUNDS;
}

export const SORT_KEYS = ['newest', 'price-asc', 'price-desc'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export const VIEW_MODES = ['grid', 'list'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

export interface ListingParams {
  /** The search text as typed (spaces collapsed); null = no search. Searched only when isSearchable. */
  q: string | null;
  page: number;
  sort: SortKey;
  view: ViewMode;
  /** Whole riyals; null = no bound. */
  minPrice: number | null;
  maxPrice: number | null;
  /** Colour facet value codes, sorted. */
  colors: string[];
  brand: string | null;
  subCategory: string | null;
}

export const DEFAULT_LISTING: ListingParams = {
  q: null,
  page: 1,
  sort: 'newest',
  view: 'grid',
  minPrice: null,
  maxPrice: null,
  colors: [],
  brand: null,
  subCategory: null,
};

const CODE = /^[a-z0-9][a-z0-9_-]{0,63}$/i;
const MAX_COLORS = 12;
const MAX_PAGE = 10_000;

function code(value: string | null): string | null {
  return value !== null && CODE.test(value) ? value : null;
}

function wholeNumber(value: string | null, max: number): number | null {
  if (value === null || !/^\d{1,7}$/.test(value)) return null;
  const n = Number(value);
  return n <= max ? n : null;
}

function nonEmpty(value: string | null): string | null {
  return value === null || value.trim() === '' ? null : value.trim();
}

function searchText(value: string | null): string | null {
  return cleanSearchQuery(value) || null;
}

function oneOf<T extends string>(list: readonly T[], value: string | null, fallback: T): T {
  return list.includes(value as T) ? (value as T) : fallback;
}

export function parseListingParams(search: URLSearchParams): ListingParams {
  // `color=a,b` (our links) or `color=a&color=b` (a plain form submitted without JavaScript).
  const colors = search
    .getAll('color')
    .flatMap((c) => c.split(','))
    .map((c) => code(c.trim()))
    .filter((c): c is string => c !== null);
  let minPrice = wholeNumber(nonEmpty(search.get('min')), 1_000_000);
  let maxPrice = wholeNumber(nonEmpty(search.get('max')), 1_000_000);
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  if (minPrice === 0) minPrice = null;
  const page = wholeNumber(search.get('page'), MAX_PAGE);
  return {
    q: searchText(search.get('q')),
    page: page !== null && page >= 1 ? page : 1,
    sort: oneOf(SORT_KEYS, search.get('sort'), 'newest'),
    view: oneOf(VIEW_MODES, search.get('view'), 'grid'),
    minPrice,
    maxPrice,
    colors: [...new Set(colors)].sort().slice(0, MAX_COLORS),
    brand: code(nonEmpty(search.get('brand'))),
    subCategory: code(nonEmpty(search.get('subCategory'))),
  };
}

export function serializeListingParams(p: ListingParams): URLSearchParams {
  const out = new URLSearchParams();
  if (p.q) out.set('q', p.q);
  if (p.subCategory) out.set('subCategory', p.subCategory);
  if (p.brand) out.set('brand', p.brand);
  if (p.colors.length) out.set('color', [...p.colors].sort().join(','));
  if (p.minPrice !== null && p.minPrice > 0) out.set('min', String(p.minPrice));
  if (p.maxPrice !== null) out.set('max', String(p.maxPrice));
  if (p.sort !== DEFAULT_LISTING.sort) out.set('sort', p.sort);
  if (p.view !== DEFAULT_LISTING.view) out.set('view', p.view);
  if (p.page > 1) out.set('page', String(p.page));
  return out;
}

/** `?…` or '' — ready to append to a pathname. */
export function listingSearch(p: ListingParams): string {
  const s = serializeListingParams(p).toString();
  return s ? `?${s}` : '';
}

type FilterPatch = Partial<Pick<ListingParams, 'minPrice' | 'maxPrice' | 'colors' | 'brand' | 'subCategory' | 'sort'>>;

/**
 * A new listing state after changing filters or sort: back to page 1, because page 7 of the old
 * result set means nothing in the new one. View and page changes keep the rest as it is.
 */
export function withFilters(p: ListingParams, patch: FilterPatch): ListingParams {
  return { ...p, ...patch, page: 1 };
}

export function toggleColor(p: ListingParams, color: string): ListingParams {
  const colors = p.colors.includes(color) ? p.colors.filter((c) => c !== color) : [...p.colors, color].sort();
  return withFilters(p, { colors });
}

export function hasActiveFilters(p: ListingParams): boolean {
  return p.minPrice !== null || p.maxPrice !== null || p.colors.length > 0 || p.brand !== null || p.subCategory !== null;
}

/** The filters gone; the search (what the shopper looked for), sort and view stay. */
export function clearFilters(p: ListingParams): ListingParams {
  return { ...DEFAULT_LISTING, q: p.q, sort: p.sort, view: p.view };
}

/** The search term the listing is narrowed to: `q` when long enough to search for (spec §5). */
export function searchOf(p: ListingParams): string | null {
  return isSearchable(p.q) ? p.q : null;
}

/**
 * The canonical query of a listing: only the page. Sort, view and filters are presentation of
 * the same collection, so search engines get one URL per page of it.
 */
export function canonicalSearch(p: ListingParams): string {
  return p.page > 1 ? `?page=${p.page}` : '';
}

export type ProductSortKey = 'NEWEST' | 'PRICE_ASC' | 'PRICE_DESC';

const SORT_TO_API: Record<SortKey, ProductSortKey> = {
  newest: 'NEWEST',
  'price-asc': 'PRICE_ASC',
  'price-desc': 'PRICE_DESC',
};

export interface ListingScope {
  categoryCode?: string;
  subCategoryCode?: string;
  brandCode?: string;
}

/** The Shop API's ProductFilterInput (decision 002) for this listing; prices go in halalas. */
export function toProductFilterInput(p: ListingParams, scope: ListingScope = {}) {
  return {
    categoryCode: scope.categoryCode ?? null,
    subCategoryCode: scope.subCategoryCode ?? p.subCategory ?? null,
    brandCode: scope.brandCode ?? p.brand ?? null,
    colorCodes: p.colors.length ? p.colors : null,
    minPrice: p.minPrice !== null ? p.minPrice * 100 : null,
    maxPrice: p.maxPrice !== null ? p.maxPrice * 100 : null,
    term: searchOf(p),
    sort: SORT_TO_API[p.sort],
    skip: (p.page - 1) * PAGE_SIZE,
    take: PAGE_SIZE,
  };
}

export function pageCount(totalItems: number): number {
  return Math.max(1, Math.ceil(totalItems / PAGE_SIZE));
}
