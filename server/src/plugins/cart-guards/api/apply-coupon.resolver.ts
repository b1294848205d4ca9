import { Args, Mutation, Resolver } from '@nestjs/graphql';
import {
  ACTIVE_ORDER_INPUT_FIELD_NAME,
  ActiveOrderService,
  Allow,
  Ctx,
  OrderService,
  Permission,
  RequestContext,
  Transaction,
} from '@vendure/core';

import { CouponCodeCombinationError, otherCouponCode } from './one-coupon';

type ApplyCouponArgs = { couponCode: string } & Record<string, any>;

/**
 * Overrides the Shop API's `applyCouponCode` (a plugin resolver of the same name replaces the
 * built-in one): an order takes one coupon. With another code already applied the new one is
 * refused (CouponCodeCombinationError); otherwise core's ShopOrderResolver.applyCouponCode (Vendure
 * 3.7) runs unchanged. The shopper removes the first coupon to use another.
 */
@Resolver()
export class ApplyCouponResolver {
  constructor(
    private readonly activeOrderService: ActiveOrderService,
    private readonly orderService: OrderService,
  ) {}

  @Transaction()
  @Mutation()
  @Allow(Permission.UpdateOrder, Permission.Owner)
  async applyCouponCode(@Ctx() ctx: RequestContext, @Args() args: ApplyCouponArgs) {
    const order = await this.activeOrderService.getActiveOrder(ctx, args[ACTIVE_ORDER_INPUT_FIELD_NAME], true);
    const applied = otherCouponCode(order.couponCodes ?? [], args.couponCode);
    if (applied) return new CouponCodeCombinationError({ couponCode: args.couponCode, appliedCouponCode: applied });
    return this.orderService.applyCouponCode(ctx, order.id, args.couponCode);
  }
}
