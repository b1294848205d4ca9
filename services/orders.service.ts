import type { RequestOptions, ShopClient } from './client';
import { OrderFields } from './fragments';
import { graphql, type ResultOf } from './graphql';
import { toResult, type Failure } from './result';

export const getOrderByCodeDocument = graphql(
  `
  query GetOrderByCode($code: String!) {
    orderByCode(code: $code) {
      ...OrderFields
      payments { id method state amount transactionId metadata createdAt }
      surcharges { description price priceWithTax }
      lines { id taxRate }
      history(options: { sort: { createdAt: ASC }, take: 100 }) { items { id type createdAt data } }
    }
  }
`,
  [OrderFields],
);

export type OrderDetail = NonNullable<ResultOf<typeof getOrderByCodeDocument>['orderByCode']>;

/** An order of this customer (or a guest's, shortly after placing it); null otherwise. */
export async function getOrderByCode(client: ShopClient, code: string, options?: RequestOptions): Promise<OrderDetail | null> {
  return (await client.request(getOrderByCodeDocument, { code }, options)).orderByCode;
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

export const getCustomerOrdersDocument = graphql(
  `
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
          lines { id featuredAsset { id preview width height } }
          payments { id method state amount createdAt }
        }
        totalItems
      }
    }
  }
`,
);

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
      ... on Order { ...OrderFields }
      ... on ErrorResult { errorCode message }
      ... on CancelOrderError { orderState: state }
    }
  }
`,
  [OrderFields],
);

export type CancelOrderResult =
  | { ok: true; order: ResultOf<typeof OrderFields> }
  | Failure<'CANCEL_ORDER_ERROR', { state: string | null }>;

export async function cancelOrder(client: ShopClient, input: { orderCode: string; reason?: string }): Promise<CancelOrderResult> {
  const r = (await client.request(cancelOrderDocument, { input })).cancelOrder;
  const result = toResult(r, (order) => ({ order }));
  if (result.ok) return result;
  // The document aliases CancelOrderError.state (nullable) away from Order.state (non-null).
  const { orderState, ...failure } = result;
  return { ...failure, state: orderState ?? null };
}
