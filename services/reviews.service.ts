import type { RequestOptions, ShopClient } from './client';
import { ReviewFields, ErrorResultFields } from './fragments';
import { graphql, type ResultOf, type VariablesOf } from './graphql';
import { toResult, type Failure } from './result';

// Product reviews: reading them, who may write one, submitting one.

export const productReviewsDocument = graphql(
  `
    query productReviews($productId: ID!, $options: ReviewListOptions) {
      productReviews(productId: $productId, options: $options) {
        items {
          ...ReviewFields
        }
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

export const submitProductReviewDocument = graphql(
  `
    mutation submitProductReview($input: SubmitProductReviewInput!) {
      submitProductReview(input: $input) {
        __typename
        ... on ProductReview {
          ...ReviewFields
        }
        ...ErrorResultFields
        ... on ReviewInputError {
          field
        }
        ... on RateLimitError {
          retryAfterSeconds
        }
      }
    }
  `,
  [ReviewFields, ErrorResultFields],
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

// ---------- review eligibility (catalogue, issue 4) ----------

/** Orders in these states count as a purchase (the catalogue plugin's rule for reviews). */
const PURCHASED_ORDER_STATES = [
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
          lines {
            id
            orderLineHasReview
            productVariant {
              id
              productId
            }
          }
        }
      }
    }
  }
`);

export type ReviewEligibility =
  { status: 'eligible'; orderLineId: string } | { status: 'anonymous' } | { status: 'not-purchased' } | { status: 'already-reviewed' };

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
