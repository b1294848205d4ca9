import type { RequestOptions, ShopClient } from './client';
import { ProductCardFields, ProductDetailFields, VariantFields } from './fragments';
import { graphql, type ResultOf } from './graphql';

// Products: home rows, a product page, its related products and variants.
// Catalogue reads are public; SSR loaders pass `{ cacheable: true }` to send them as GET.

// Spec §9: home sections and related products are 8 each.
export const HOME_SECTION_SIZE = 8;
export const RELATED_SIZE = 8;

export const homeProductsDocument = graphql(
  `
    query homeProducts($take: Int) {
      homeProducts(take: $take) {
        newArrivals {
          ...ProductCardFields
        }
        specialOffers {
          ...ProductCardFields
        }
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
      product(slug: $slug) {
        ...ProductDetailFields
      }
    }
  `,
  [ProductDetailFields],
);

/** null when no product has this slug (the route answers 404). */
export async function getProduct(client: ShopClient, slug: string, options?: RequestOptions) {
  return (await client.request(getSingleProductDocument, { slug }, options)).product;
}

export type ProductCard = ResultOf<typeof ProductCardFields>;

export const relatedOfSingleProductDocument = graphql(
  `
    query relatedOfSingleProduct($options: RelatedProductsInput!) {
      relatedOfSingleProduct(options: $options) {
        sameBrand {
          ...ProductCardFields
        }
        mostWatched {
          ...ProductCardFields
        }
      }
    }
  `,
  [ProductCardFields],
);

export async function getRelatedProducts(client: ShopClient, productId: string, take = RELATED_SIZE, options?: RequestOptions) {
  return (await client.request(relatedOfSingleProductDocument, { options: { productId, take } }, options)).relatedOfSingleProduct;
}

export const productVariantFilterDocument = graphql(
  `
    mutation productVariantFilter($input: VariantFilterInput!) {
      productVariantFilter(input: $input) {
        ...VariantFields
      }
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
