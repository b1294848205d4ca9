import type { RequestOptions, ShopClient } from './client';
import { ProductCardFields } from './fragments';
import { graphql } from './graphql';

export const getCustomerWishListDocument = graphql(
  `
    query getCustomerWishList($options: ReviewListOptions) {
      customerWishList(options: $options) {
        items {
          ...ProductCardFields
        }
        totalItems
      }
    }
  `,
  [ProductCardFields],
);

/** The signed-in customer's favourites (empty for a guest, whose list is kept locally). */
export async function getWishList(client: ShopClient, page: { skip?: number; take?: number } = {}, options?: RequestOptions) {
  return (await client.request(getCustomerWishListDocument, { options: page }, options)).customerWishList;
}

export const wishListLengthDocument = graphql(`
  query wishListLength {
    wishListLength
  }
`);

export async function getWishListLength(client: ShopClient, options?: RequestOptions): Promise<number> {
  return (await client.request(wishListLengthDocument, {}, options)).wishListLength;
}

export const toggleFavDocument = graphql(`
  mutation toggleFav($productId: ID!) {
    toggleFav(productId: $productId) {
      productId
      isFav
      count
    }
  }
`);

/**
 * Adds or removes a favourite of the signed-in customer; returns the new state and count.
 * A guest gets a ShopApiError with code FORBIDDEN (keep a guest's list locally instead).
 */
export async function toggleFav(client: ShopClient, productId: string): Promise<{ productId: string; isFav: boolean; count: number }> {
  return (await client.request(toggleFavDocument, { productId })).toggleFav;
}

export const mergeWishListDocument = graphql(`
  mutation mergeWishList($productIds: [ID!]!) {
    mergeWishList(productIds: $productIds)
  }
`);

/** Merges a guest's local favourites into the account after login; returns the new count. */
export async function mergeWishList(client: ShopClient, productIds: string[]): Promise<number> {
  return (await client.request(mergeWishListDocument, { productIds })).mergeWishList;
}

export const productNamesDocument = graphql(`
  query productNames($options: ProductListOptions) {
    products(options: $options) {
      items {
        id
        name
      }
    }
  }
`);

/** A product's name in the client's language. */
export interface ProductName {
  id: string;
  name: string;
}

/** Vendure's `shopListQueryLimit`: one page of `products` holds at most this many. */
export const PRODUCT_NAMES_PAGE = 100;

/**
 * The names of these products in the client's language (a guest's favourites keep the names of the
 * page each was saved on): one `products` call filtered by id, a page of 100 ids per call. Products
 * the shop no longer sells are not in the answer.
 */
export async function getProductNames(client: ShopClient, productIds: readonly string[], options?: RequestOptions): Promise<ProductName[]> {
  const pages: string[][] = [];
  for (let i = 0; i < productIds.length; i += PRODUCT_NAMES_PAGE) pages.push(productIds.slice(i, i + PRODUCT_NAMES_PAGE));
  const answers = await Promise.all(
    pages.map((ids) => client.request(productNamesDocument, { options: { filter: { id: { in: ids } }, take: ids.length } }, options)),
  );
  return answers.flatMap((a) => a.products.items);
}
