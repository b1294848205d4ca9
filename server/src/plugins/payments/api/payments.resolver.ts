import { Args, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { Allow, Ctx, Order, Permission, RequestContext } from '@vendure/core';

import { OrderPaymentsService } from '../services/order-payments.service';
import { PurchaseTermsService } from '../services/purchase-terms.service';

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

@Resolver()
export class PurchaseTermsResolver {
  constructor(private readonly terms: PurchaseTermsService) {}

  @Query()
  @Allow(Permission.Public)
  installmentPlans(@Ctx() ctx: RequestContext) {
    return this.terms.installmentPlans(ctx);
  }

  @Query()
  @Allow(Permission.Public)
  deliveryTimes(@Ctx() ctx: RequestContext) {
    return this.terms.deliveryTimes(ctx);
  }
}

@Resolver('PaymentMethodQuote')
export class PaymentMethodQuoteResolver {
  constructor(private readonly terms: PurchaseTermsService) {}

  @ResolveField()
  installmentPlan(@Ctx() ctx: RequestContext, @Parent() quote: { code: string }) {
    return this.terms.installmentPlan(ctx, quote.code);
  }
}
