import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { Ctx, OrderLine, RequestContext } from '@vendure/core';

import { ProductReviewService } from '../services/product-review.service';

@Resolver('OrderLine')
export class OrderLineFieldsResolver {
  constructor(private readonly reviews: ProductReviewService) {}

  @ResolveField()
  orderLineHasReview(@Ctx() ctx: RequestContext, @Parent() line: OrderLine): Promise<boolean> {
    return this.reviews.orderLineHasReview(ctx, line.id);
  }
}
