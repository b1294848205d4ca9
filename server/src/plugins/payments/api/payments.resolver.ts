import { Args, Mutation, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { Allow, Ctx, Order, Permission, RequestContext } from '@vendure/core';

import { OrderPaymentsService } from '../services/order-payments.service';

@Resolver()
export class PaymentsResolver {
  constructor(private readonly orderPayments: OrderPaymentsService) {}

  @Mutation()
  @Allow(Permission.Owner)
  getPayFortSignature(@Ctx() ctx: RequestContext, @Args() args: { orderCode: string }) {
    return this.orderPayments.payfortSignature(ctx, args.orderCode);
  }
}

@Resolver('Order')
export class OrderPaymentUrlResolver {
  constructor(private readonly orderPayments: OrderPaymentsService) {}

  @ResolveField()
  paymentUrl(@Ctx() ctx: RequestContext, @Parent() order: Order) {
    return this.orderPayments.paymentUrl(ctx, order);
  }
}
