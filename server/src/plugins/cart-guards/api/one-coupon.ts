import { ErrorResult } from '@vendure/core/dist/common/error/generated-graphql-shop-errors';
import gql from 'graphql-tag';

/**
 * One coupon per order (docs/decisions/035-one-coupon-per-order.md): a second code is refused with
 * its own error result, naming the code already on the order, so the shopper is told what to do.
 */
export const oneCouponShopApiExtensions = gql`
  "Returned when the order already has another coupon code: one coupon per order"
  type CouponCodeCombinationError implements ErrorResult {
    errorCode: ErrorCode!
    message: String!
    couponCode: String!
    appliedCouponCode: String!
  }

  extend union ApplyCouponCodeResult = CouponCodeCombinationError
`;

export class CouponCodeCombinationError extends ErrorResult {
  readonly __typename = 'CouponCodeCombinationError';
  readonly errorCode = 'COUPON_CODE_COMBINATION_ERROR' as any;
  readonly message = 'COUPON_CODE_COMBINATION_ERROR';
  readonly couponCode: string;
  readonly appliedCouponCode: string;

  constructor(input: { couponCode: string; appliedCouponCode: string }) {
    super();
    this.couponCode = input.couponCode;
    this.appliedCouponCode = input.appliedCouponCode;
  }
}

/** The code already on the order that a new one would be combined with, if any (case-insensitive, like core). */
export function otherCouponCode(couponCodes: readonly string[], couponCode: string): string | undefined {
  return couponCodes.find((c) => c.toLowerCase() !== couponCode.toLowerCase());
}
