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
