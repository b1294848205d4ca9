import type { RequestOptions, ShopClient } from './client';
import { FacetRefFields, ProductCardFields } from './fragments';
import { graphql, type ResultOf, type VariablesOf } from './graphql';

// Product listings (category, brand, filtered pages) and the filter bar beside them.
// Catalogue reads are public; SSR loaders pass `{ cacheable: true }` to send them as GET.

export type ProductFilterInput = VariablesOf<typeof productByFilterDocument>['options'];

export const productByFacetValueDocument = graphql(
  `
    query productByFacetValue($input: ProductFilterInput!) {
      productByFacetValue(input: $input) {
        items {
          ...ProductCardFields
        }
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
        items {
          ...ProductCardFields
        }
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
        colors {
          code
          name
          colorCode
        }
        brands {
          ...FacetRefFields
        }
        subCategories {
          ...FacetRefFields
        }
      }
    }
  `,
  [FacetRefFields],
);

export async function getFilterBar(client: ShopClient, input: ProductFilterInput | null, options?: RequestOptions) {
  return (await client.request(filterBarProductsDocument, { input }, options)).filterBarProducts;
}

export type FilterBar = ResultOf<typeof filterBarProductsDocument>['filterBarProducts'];
