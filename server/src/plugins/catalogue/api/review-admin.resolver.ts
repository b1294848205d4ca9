import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Allow, Ctx, ID, ListQueryOptions, Permission, RequestContext, Transaction } from '@vendure/core';

import { ProductReview } from '../entities/product-review.entity';
import { ProductReviewService } from '../services/product-review.service';

/** Review moderation: read with ReadCatalog, approve/reject with UpdateCatalog. */
@Resolver()
export class ReviewAdminResolver {
  constructor(private readonly reviews: ProductReviewService) {}

  @Query()
  @Allow(Permission.ReadCatalog)
  productReviews(@Ctx() ctx: RequestContext, @Args() args: { options?: ListQueryOptions<ProductReview> }) {
    return this.reviews.findAllForAdmin(ctx, args.options);
  }

  @Query()
  @Allow(Permission.ReadCatalog)
  async productReview(@Ctx() ctx: RequestContext, @Args() args: { id: ID }) {
    return (await this.reviews.findOneForAdmin(ctx, args.id)) ?? null;
  }

  @Transaction()
  @Mutation()
  @Allow(Permission.UpdateCatalog)
  updateProductReviewState(@Ctx() ctx: RequestContext, @Args() args: { id: ID; state: string }) {
    return this.reviews.setState(ctx, args.id, args.state);
  }
}
