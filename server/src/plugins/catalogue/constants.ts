/** Facet codes of the data model (docs/decisions/001-architecture.md). */
export const FACET_CATEGORY = 'category';
export const FACET_SUB_CATEGORY = 'sub-category';
export const FACET_BRAND = 'brand';
export const FACET_COLOR = 'color';
/** Facets whose value names a search also matches (with the product's own names). */
export const SEARCHED_FACETS: readonly string[] = [FACET_BRAND, FACET_CATEGORY, FACET_SUB_CATEGORY];

export const loggerCtx = 'CataloguePlugin';

export const LIMITS = {
  /** productByFilter & co: `take` default and maximum. */
  pageDefault: 10,
  pageMax: 100,
  /** homeProducts, relatedOfSingleProduct, homeFacets: items per section. */
  sectionDefault: 8,
  sectionMax: 50,
  /** searchProducts: spec §9 asks for take 100. */
  searchDefault: 100,
  searchMax: 100,
  searchTermMaxLength: 100,
  /** mergeWishList: ids considered per call. */
  mergeMax: 200,
  reviewsDefault: 10,
  reviewsMax: 50,
} as const;

/** One view per (session or IP, product) in this window counts for "most watched". */
export const VIEW_THROTTLE_MS = 30 * 60 * 1000;
export const VIEW_THROTTLE_MAX_KEYS = 50_000;

/** submitProductReview: per customer and per IP. */
export const REVIEW_RATE_LIMITS = {
  perCustomer: { limit: 10, windowSeconds: 60 * 60 },
  perIp: { limit: 30, windowSeconds: 60 * 60 },
} as const;

export const REVIEW_RULES = {
  summaryMin: 3,
  summaryMax: 100,
  bodyMin: 10,
  bodyMax: 1000,
} as const;
