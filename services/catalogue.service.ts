import type { RequestOptions, ShopClient } from './client';
import {
  AssetFields,
  FacetRefFields,
  FacetValueFields,
  ProductCardFields,
  ProductDetailFields,
  ReviewFields,
  VariantFields,
} from './fragments';
import { graphql, type ResultOf, type VariablesOf } from './graphql';
import { toResult, type Failure } from './result';

// Catalogue reads are public; SSR loaders pass `{ cacheable: true }` to send them as GET.

// Spec §9: home sections, related products and facet samples are 8 each.
export const HOME_SECTION_SIZE = 8;
export const RELATED_SIZE = 8;
export const SEARCH_TAKE = 100;

export const homeProductsDocument = graphql(
  `
  query homeProducts($take: Int) {
    homeProducts(take: $take) {
      newArrivals { ...ProductCardFields }
      specialOffers { ...ProductCardFields }
    }
  }
`,
  [ProductCardFields],
);

export async function getHomeProducts(client: ShopClient, take = HOME_SECTION_SIZE, options?: RequestOptions) {
  return (await client.request(homeProductsDocument, { take }, options)).homeProducts;
}

export const getSingleProductDocument = graphql(
  `
  query GetSingleProduct($slug: String!) {
    product(slug: $slug) { ...ProductDetailFields }
  }
`,
  [ProductDetailFields],
);

/** null when no product has this slug (the route answers 404). */
export async function getProduct(client: ShopClient, slug: string, options?: RequestOptions) {
  return (await client.request(getSingleProductDocument, { slug }, options)).product;
}

export type ProductDetail = NonNullable<ResultOf<typeof getSingleProductDocument>['product']>;
export type ProductCard = ResultOf<typeof ProductCardFields>;

export const relatedOfSingleProductDocument = graphql(
  `
  query relatedOfSingleProduct($options: RelatedProductsInput!) {
    relatedOfSingleProduct(options: $options) {
      sameBrand { ...ProductCardFields }
      mostWatched { ...ProductCardFields }
    }
  }
`,
  [ProductCardFields],
);

export async function getRelatedProducts(client: ShopClient, productId: string, take = RELATED_SIZE, options?: RequestOptions) {
  return (await client.request(relatedOfSingleProductDocument, { options: { productId, take } }, options)).relatedOfSingleProduct;
}

export type ProductFilterInput = VariablesOf<typeof productByFilterDocument>['options'];

export const productByFacetValueDocument = graphql(
  `
  query productByFacetValue($input: ProductFilterInput!) {
    productByFacetValue(input: $input) {
      items { ...ProductCardFields }
      totalItems
    }
  }
`,
  [ProductCardFields],
);

export async function getProductsByFacetValue(client: ShopClient, input: ProductFilterInput, options?: RequestOptions) {
  return (await client.request(productByFacetValueDocument, { input }, options)).productByFacetValue;
}

export const productByFilterDocument = graphql(
  `
  query productByFilter($options: ProductFilterInput!) {
    productByFilter(options: $options) {
      items { ...ProductCardFields }
      totalItems
    }
  }
`,
  [ProductCardFields],
);

export async function getProductsByFilter(client: ShopClient, filter: ProductFilterInput, options?: RequestOptions) {
  return (await client.request(productByFilterDocument, { options: filter }, options)).productByFilter;
}

export const filterBarProductsDocument = graphql(
  `
  query filterBarProducts($input: ProductFilterInput) {
    filterBarProducts(input: $input) {
      minPrice
      maxPrice
      maxValue
      colors { code name colorCode }
      brands { ...FacetRefFields }
      subCategories { ...FacetRefFields }
    }
  }
`,
  [FacetRefFields],
);

export async function getFilterBar(client: ShopClient, input: ProductFilterInput | null, options?: RequestOptions) {
  return (await client.request(filterBarProductsDocument, { input }, options)).filterBarProducts;
}

export type FilterBar = ResultOf<typeof filterBarProductsDocument>['filterBarProducts'];

// Spec §7: search(name; contains filter, newest first, skip 0, take 100). The term is normalised
// by the search machine and again by the server.
export const searchDocument = graphql(
  `
  query search($term: String!, $skip: Int, $take: Int) {
    searchProducts(term: $term, skip: $skip, take: $take) {
      items {
        id
        name
        slug
        featuredAsset { ...AssetFields }
      }
      totalItems
    }
  }
`,
  [AssetFields],
);

export interface SearchHit {
  id: string;
  name: string;
  slug: string;
  thumbnail: { preview: string; width: number; height: number; focalPoint: { x: number; y: number } | null } | null;
}

export async function searchProducts(
  client: ShopClient,
  variables: { term: string; skip?: number; take?: number },
  options?: RequestOptions,
): Promise<{ items: SearchHit[]; totalItems: number }> {
  const { searchProducts: page } = await client.request(
    searchDocument,
    { term: variables.term, skip: variables.skip ?? 0, take: variables.take ?? SEARCH_TAKE },
    options,
  );
  return {
    totalItems: page.totalItems,
    items: page.items.map((p) => ({
      id: p.id,
      name: p.name,
      slug: p.slug,
      thumbnail: p.featuredAsset
        ? {
            preview: p.featuredAsset.preview,
            width: p.featuredAsset.width,
            height: p.featuredAsset.height,
            focalPoint: p.featuredAsset.focalPoint ?? null,
          }
        : null,
    })),
  };
}

export const productReviewsDocument = graphql(
  `
  query productReviews($productId: ID!, $options: ReviewListOptions) {
    productReviews(productId: $productId, options: $options) {
      items { ...ReviewFields }
      totalItems
    }
  }
`,
  [ReviewFields],
);

export async function getProductReviews(
  client: ShopClient,
  variables: { productId: string; skip?: number; take?: number },
  options?: RequestOptions,
) {
  const { productId, skip, take } = variables;
  return (await client.request(productReviewsDocument, { productId, options: { skip, take } }, options)).productReviews;
}

export type ProductReview = ResultOf<typeof ReviewFields>;

export const productVariantFilterDocument = graphql(
  `
  mutation productVariantFilter($input: VariantFilterInput!) {
    productVariantFilter(input: $input) { ...VariantFields }
  }
`,
  [VariantFields],
);

/** The variant with exactly these options, or null. */
export async function findVariantByOptions(client: ShopClient, productId: string, optionIds: string[]) {
  return (await client.request(productVariantFilterDocument, { input: { productId, optionIds } })).productVariantFilter;
}

export const recordProductViewDocument = graphql(`
  mutation recordProductView($productId: ID!) {
    recordProductView(productId: $productId)
  }
`);

/** Feeds "most watched". */
export async function recordProductView(client: ShopClient, productId: string): Promise<boolean> {
  return (await client.request(recordProductViewDocument, { productId })).recordProductView;
}

export const submitProductReviewDocument = graphql(
  `
  mutation submitProductReview($input: SubmitProductReviewInput!) {
    submitProductReview(input: $input) {
      __typename
      ... on ProductReview { ...ReviewFields }
      ... on ErrorResult { errorCode message }
      ... on ReviewInputError { field }
      ... on RateLimitError { retryAfterSeconds }
    }
  }
`,
  [ReviewFields],
);

export type SubmitReviewResult =
  | { ok: true; review: ProductReview }
  | Failure<'REVIEW_NOT_ALLOWED_ERROR' | 'REVIEW_ALREADY_SUBMITTED_ERROR'>
  | Failure<'REVIEW_INPUT_ERROR', { field: string }>
  | Failure<'RATE_LIMIT_ERROR', { retryAfterSeconds: number }>;

export async function submitProductReview(
  client: ShopClient,
  input: VariablesOf<typeof submitProductReviewDocument>['input'],
): Promise<SubmitReviewResult> {
  const r = (await client.request(submitProductReviewDocument, { input })).submitProductReview;
  return toResult(r, (review) => ({ review }));
}

// ---------- facets: categories, sub-categories, brands ----------

export const getHomeFacetsDocument = graphql(
  `
  query getHomeFacets {
    homeFacets {
      facetValue { ...FacetValueFields }
      products { ...ProductCardFields }
    }
  }
`,
  [FacetValueFields, ProductCardFields],
);

export async function getHomeFacets(client: ShopClient, options?: RequestOptions) {
  return (await client.request(getHomeFacetsDocument, {}, options)).homeFacets;
}

export const getHeaderFacetsDocument = graphql(
  `
  query GetHeaderFacets {
    headerFacets {
      ...FacetRefFields
      subCategories { ...FacetRefFields }
    }
  }
`,
  [FacetRefFields],
);

/** Categories with their sub-categories (header menus and the mobile menu). */
export async function getHeaderFacets(client: ShopClient, options?: RequestOptions) {
  return (await client.request(getHeaderFacetsDocument, {}, options)).headerFacets;
}

export const getFacetValueDocument = graphql(
  `
  query getFacetValue($code: String!) {
    facetValueByCode(code: $code) {
      ...FacetValueFields
      productCount
      subCategories { ...FacetValueFields productCount }
    }
  }
`,
  [FacetValueFields],
);

/** A category/brand page header: the value, its images and sub-categories; null if unknown. */
export async function getFacetValue(client: ShopClient, code: string, options?: RequestOptions) {
  return (await client.request(getFacetValueDocument, { code }, options)).facetValueByCode;
}

export const facetValueDocument = graphql(
  `
  query facetValue($code: String!) {
    facetValueByCode(code: $code) { ...FacetRefFields facet { id code } }
  }
`,
  [FacetRefFields],
);

/** Just the name and facet of a code (breadcrumbs, titles); null if unknown. */
export async function getFacetValueRef(client: ShopClient, code: string, options?: RequestOptions) {
  return (await client.request(facetValueDocument, { code }, options)).facetValueByCode;
}

export const facetSubCategoryDocument = graphql(
  `
  query facetSubCategory($code: String!) {
    facetSubCategories(code: $code) { ...FacetRefFields }
  }
`,
  [FacetRefFields],
);

/** Names and codes of a category's sub-categories (menus, filter chips). */
export async function getSubCategoryRefs(client: ShopClient, categoryCode: string, options?: RequestOptions) {
  return (await client.request(facetSubCategoryDocument, { code: categoryCode }, options)).facetSubCategories;
}

export const facetSubCategoriesDocument = graphql(
  `
  query facetSubCategories($code: String!) {
    facetSubCategories(code: $code) { ...FacetValueFields productCount }
  }
`,
  [FacetValueFields],
);

/** All sub-categories of a category with images and counts (spec §9: take -1, i.e. all). */
export async function getSubCategories(client: ShopClient, categoryCode: string, options?: RequestOptions) {
  return (await client.request(facetSubCategoriesDocument, { code: categoryCode }, options)).facetSubCategories;
}

export const getBrandsDocument = graphql(
  `
  query getBrands {
    brands { ...FacetValueFields }
  }
`,
  [FacetValueFields],
);

export async function getBrands(client: ShopClient, options?: RequestOptions) {
  return (await client.request(getBrandsDocument, {}, options)).brands;
}

export type FacetValue = ResultOf<typeof FacetValueFields>;


// ---------- review eligibility (catalogue, issue 4) ----------

/** Orders in these states count as a purchase (the catalogue plugin's rule for reviews). */
export const PURCHASED_ORDER_STATES = [
  'PaymentAuthorized',
  'PaymentSettled',
  'PartiallyShipped',
  'Shipped',
  'PartiallyDelivered',
  'Delivered',
] as const;

export const reviewableOrderLinesDocument = graphql(`
  query reviewableOrderLines($states: [String!]!, $take: Int) {
    activeCustomer {
      id
      orders(options: { filter: { state: { in: $states } }, sort: { createdAt: DESC }, take: $take }) {
        items {
          id
          lines { id orderLineHasReview productVariant { id productId } }
        }
      }
    }
  }
`);

export type ReviewEligibility =
  | { status: 'eligible'; orderLineId: string }
  | { status: 'anonymous' }
  | { status: 'not-purchased' }
  | { status: 'already-reviewed' };

/**
 * May the current shopper review this product, and with which order line? The newest purchased
 * line of the product that has no review yet; otherwise why not (signed out, never bought it,
 * already reviewed every purchase).
 */
export async function findReviewableLine(client: ShopClient, productId: string, options?: RequestOptions): Promise<ReviewEligibility> {
  const { activeCustomer } = await client.request(
    reviewableOrderLinesDocument,
    { states: [...PURCHASED_ORDER_STATES], take: 100 },
    options,
  );
  if (!activeCustomer) return { status: 'anonymous' };
  const lines = activeCustomer.orders.items.flatMap((o) => o.lines).filter((l) => String(l.productVariant.productId) === String(productId));
  if (lines.length === 0) return { status: 'not-purchased' };
  const open = lines.find((l) => !l.orderLineHasReview);
  return open ? { status: 'eligible', orderLineId: String(open.id) } : { status: 'already-reviewed' };
}
