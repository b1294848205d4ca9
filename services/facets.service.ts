import type { RequestOptions, ShopClient } from './client';
import { FacetRefFields, FacetValueFields, ProductCardFields } from './fragments';
import { graphql, type ResultOf } from './graphql';

// Facets: categories, sub-categories and brands (menus, category and brand pages, home rows).
// Catalogue reads are public; SSR loaders pass `{ cacheable: true }` to send them as GET.

export const getHomeFacetsDocument = graphql(
  `
    query getHomeFacets {
      homeFacets {
        facetValue {
          ...FacetValueFields
        }
        products {
          ...ProductCardFields
        }
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
        subCategories {
          ...FacetRefFields
        }
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
        subCategories {
          ...FacetValueFields
          productCount
        }
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
      facetValueByCode(code: $code) {
        ...FacetRefFields
        facet {
          id
          code
        }
      }
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
      facetSubCategories(code: $code) {
        ...FacetRefFields
      }
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
      facetSubCategories(code: $code) {
        ...FacetValueFields
        productCount
      }
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
      brands {
        ...FacetValueFields
      }
    }
  `,
  [FacetValueFields],
);

export async function getBrands(client: ShopClient, options?: RequestOptions) {
  return (await client.request(getBrandsDocument, {}, options)).brands;
}

export type FacetValue = ResultOf<typeof FacetValueFields>;
