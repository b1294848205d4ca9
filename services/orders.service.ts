import { ShopApiError, type RequestOptions, type ShopClient } from './client';
import { OrderFields, ErrorResultFields } from './fragments';
import { graphql, type ResultOf } from './graphql';
import type { OrderStateUpdate } from './live-order.service';
import { toResult, type Failure } from './result';

export const getOrderByCodeDocument = graphql(
  `
    query GetOrderByCode($code: String!) {
      orderByCode(code: $code) {
        ...OrderFields
        payments {
          id
          method
          state
          amount
          transactionId
          metadata
          createdAt
          refunds {
            id
            total
            state
            createdAt
          }
        }
        surcharges {
          sku
          description
          price
          priceWithTax
        }
        lines {
          id
          taxRate
        }
        history(options: { sort: { createdAt: ASC }, take: 100 }) {
          items {
            id
            type
            createdAt
            data
          }
        }
      }
    }
  `,
  [OrderFields],
);

export type OrderDetail = NonNullable<ResultOf<typeof getOrderByCodeDocument>['orderByCode']>;

/**
 * Reading an order by code: the backend answers FORBIDDEN for someone else's order and for an
 * unknown code alike (docs/decisions/011-order-access.md). For the reader both mean "not yours":
 * null. Every other failure still rejects.
 */
export async function nullIfForbidden<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ShopApiError && error.code === 'FORBIDDEN') return null;
    throw error;
  }
}

/** An order of this customer (or of the session that placed it); null otherwise. */
export async function getOrderByCode(client: ShopClient, code: string, options?: RequestOptions): Promise<OrderDetail | null> {
  return nullIfForbidden(client.request(getOrderByCodeDocument, { code }, options).then((data) => data.orderByCode));
}

/**
 * The polling twin of the live order subscription (same shape as its updates): the order's state
 * and its newest payment's state. Null when the order is not this customer's.
 */
export async function getOrderState(
  client: ShopClient,
  { orderCode }: { orderCode: string },
  options?: RequestOptions,
): Promise<OrderStateUpdate | null> {
  const order = await getOrderByCode(client, orderCode, options);
  if (!order) return null;
  // A declined payment followed by a new one: only the newest says where the checkout stands.
  const newest = [...(order.payments ?? [])].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];
  return { orderCode: order.code, state: order.state, paymentState: newest?.state ?? null };
}

// Spec §4: Rejected orders never show in the customer's history, nor does the cart (AddingItems).
const ORDER_HISTORY_STATES = [
  'ArrangingPayment',
  'PaymentAuthorized',
  'PaymentSettled',
  'PartiallyShipped',
  'Shipped',
  'PartiallyDelivered',
  'Delivered',
  'Cancelled',
] as const;

export const getCustomerOrdersDocument = graphql(`
  query getCustomerOrders($states: [String!]!, $skip: Int, $take: Int) {
    activeCustomer {
      id
      orders(options: { filter: { state: { in: $states } }, sort: { createdAt: DESC }, skip: $skip, take: $take }) {
        items {
          id
          code
          state
          createdAt
          orderPlacedAt
          totalQuantity
          totalWithTax
          currencyCode
          lines {
            id
            featuredAsset {
              id
              preview
              width
              height
            }
          }
          payments {
            id
            method
            state
            amount
            createdAt
          }
        }
        totalItems
      }
    }
  }
`);

export async function getCustomerOrders(
  client: ShopClient,
  variables: { states?: readonly string[]; skip?: number; take?: number } = {},
  options?: RequestOptions,
) {
  const { activeCustomer } = await client.request(
    getCustomerOrdersDocument,
    { states: [...(variables.states ?? ORDER_HISTORY_STATES)], skip: variables.skip, take: variables.take },
    options,
  );
  return activeCustomer?.orders ?? { items: [], totalItems: 0 };
}

export const cancelOrderDocument = graphql(
  `
    mutation cancelOrder($input: ShopCancelOrderInput!) {
      cancelOrder(input: $input) {
        __typename
        ... on Order {
          ...OrderFields
        }
        ...ErrorResultFields
        ... on CancelOrderError {
          orderState: state
        }
      }
    }
  `,
  [OrderFields, ErrorResultFields],
);

export type CancelOrderResult = { ok: true; order: ResultOf<typeof OrderFields> } | Failure<'CANCEL_ORDER_ERROR', { state: string | null }>;

export async function cancelOrder(client: ShopClient, input: { orderCode: string; reason?: string }): Promise<CancelOrderResult> {
  const r = (await client.request(cancelOrderDocument, { input })).cancelOrder;
  const result = toResult(r, (order) => ({ order }));
  if (result.ok) return result;
  // The document aliases CancelOrderError.state (nullable) away from Order.state (non-null).
  const { orderState, ...failure } = result;
  return { ...failure, state: orderState ?? null };
}
