import type { RequestOptions, ShopClient } from './client';
import { OrderFields, ErrorResultFields } from './fragments';
import { graphql, type ResultOf } from './graphql';
import { toResult, type Failure } from './result';

export type Order = ResultOf<typeof OrderFields>;

export const getOrdersDocument = graphql(
  `
    query getOrders {
      activeOrder {
        ...OrderFields
      }
    }
  `,
  [OrderFields],
);

/** The active order (the cart); null until something was added. */
export async function getActiveOrder(client: ShopClient, options?: RequestOptions): Promise<Order | null> {
  return (await client.request(getOrdersDocument, {}, options)).activeOrder;
}

export const cartLengthDocument = graphql(`
  query cartLength {
    activeOrder {
      id
      totalQuantity
      lines {
        id
      }
    }
  }
`);

/** Spec §3: the header shows the cart line count. */
export async function getCartLength(client: ShopClient, options?: RequestOptions): Promise<{ lines: number; quantity: number }> {
  const order = (await client.request(cartLengthDocument, {}, options)).activeOrder;
  return { lines: order?.lines.length ?? 0, quantity: order?.totalQuantity ?? 0 };
}

/** Every way adding to or changing the cart can end (spec §8). */
export type CartUpdateResult =
  | { ok: true; order: Order }
  /** The line was set to what is available; `order` is the updated cart. */
  | Failure<'INSUFFICIENT_STOCK_ERROR', { quantityAvailable: number; order: Order }>
  | Failure<'ORDER_LIMIT_ERROR', { maxItems: number }>
  | Failure<'ORDER_MODIFICATION_ERROR' | 'NEGATIVE_QUANTITY_ERROR'>
  | Failure<'ORDER_INTERCEPTOR_ERROR', { interceptorError: string }>;

type UpdateOrderItems = ResultOf<typeof addToCartDocument>['addItemToOrder'];

function toCartUpdate(r: UpdateOrderItems): CartUpdateResult {
  return toResult(r, (order) => ({ order }));
}

/** What adding or changing a line answers (both are an `UpdateOrderItemsResult`). */
const CartUpdateFields = graphql(
  `
    fragment CartUpdateFields on UpdateOrderItemsResult {
      __typename
      ... on Order {
        ...OrderFields
      }
      ...ErrorResultFields
      ... on InsufficientStockError {
        quantityAvailable
        order {
          ...OrderFields
        }
      }
      ... on OrderLimitError {
        maxItems
      }
      ... on OrderInterceptorError {
        interceptorError
      }
    }
  `,
  [OrderFields, ErrorResultFields],
);

export const addToCartDocument = graphql(
  `
    mutation addToCart($productVariantId: ID!, $quantity: Int!) {
      addItemToOrder(productVariantId: $productVariantId, quantity: $quantity) {
        ...CartUpdateFields
      }
    }
  `,
  [CartUpdateFields],
);

export async function addToCart(client: ShopClient, variables: { productVariantId: string; quantity: number }): Promise<CartUpdateResult> {
  return toCartUpdate((await client.request(addToCartDocument, variables)).addItemToOrder);
}

export const incDecCartItemDocument = graphql(
  `
    mutation incDecCartItem($orderLineId: ID!, $quantity: Int!) {
      adjustOrderLine(orderLineId: $orderLineId, quantity: $quantity) {
        ...CartUpdateFields
      }
    }
  `,
  [CartUpdateFields],
);

/** Sets a line's quantity (0 removes it). */
export async function adjustCartLine(client: ShopClient, variables: { orderLineId: string; quantity: number }): Promise<CartUpdateResult> {
  return toCartUpdate((await client.request(incDecCartItemDocument, variables)).adjustOrderLine);
}

export const removeOrderDocument = graphql(
  `
    mutation removeOrder($orderLineId: ID!) {
      removeOrderLine(orderLineId: $orderLineId) {
        __typename
        ... on Order {
          ...OrderFields
        }
        ...ErrorResultFields
        ... on OrderInterceptorError {
          interceptorError
        }
      }
    }
  `,
  [OrderFields, ErrorResultFields],
);

export type RemoveLineResult =
  { ok: true; order: Order } | Failure<'ORDER_MODIFICATION_ERROR'> | Failure<'ORDER_INTERCEPTOR_ERROR', { interceptorError: string }>;

export async function removeCartLine(client: ShopClient, orderLineId: string): Promise<RemoveLineResult> {
  const r = (await client.request(removeOrderDocument, { orderLineId })).removeOrderLine;
  return toResult(r, (order) => ({ order }));
}

export const applyCouponCodeDocument = graphql(
  `
    mutation applyCouponCode($couponCode: String!) {
      applyCouponCode(couponCode: $couponCode) {
        __typename
        ... on Order {
          ...OrderFields
        }
        ...ErrorResultFields
        ... on CouponCodeLimitError {
          limit
        }
        ... on CouponCodeCombinationError {
          appliedCouponCode
        }
      }
    }
  `,
  [OrderFields, ErrorResultFields],
);

/**
 * Spec §8: expired, invalid and limit-reached each come with their own message; a second coupon is
 * refused naming the one on the order (one coupon per order, decision 035).
 */
export type ApplyCouponResult =
  | { ok: true; order: Order }
  | Failure<'COUPON_CODE_EXPIRED_ERROR' | 'COUPON_CODE_INVALID_ERROR'>
  | Failure<'COUPON_CODE_LIMIT_ERROR', { limit: number }>
  | Failure<'COUPON_CODE_COMBINATION_ERROR', { appliedCouponCode: string }>;

export async function applyCouponCode(client: ShopClient, couponCode: string): Promise<ApplyCouponResult> {
  const r = (await client.request(applyCouponCodeDocument, { couponCode })).applyCouponCode;
  return toResult(r, (order) => ({ order }));
}

export const removeCouponCodeDocument = graphql(
  `
    mutation removeCouponCode($couponCode: String!) {
      removeCouponCode(couponCode: $couponCode) {
        ...OrderFields
      }
    }
  `,
  [OrderFields],
);

/** The order without the code; null when there is no active order. */
export async function removeCouponCode(client: ShopClient, couponCode: string): Promise<Order | null> {
  return (await client.request(removeCouponCodeDocument, { couponCode })).removeCouponCode;
}
