import { Args, Mutation, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { Allow, Ctx, ID, Permission, RequestContext } from '@vendure/core';

import { LIMITS } from '../constants';
import { clampSkip, clampTake } from '../services/product-listing.service';
import { ProductReviewService, SubmitReviewInput } from '../services/product-review.service';

@Resolver()
export class ReviewShopResolver {
  constructor(private readonly reviews: ProductReviewService) {}

  @Query()
  @Allow(Permission.Public)
  productReviews(@Ctx() ctx: RequestContext, @Args() args: { productId: ID; options?: { skip?: number; take?: number } }) {
    const skip = clampSkip(args.options?.skip);
    const take = clampTake(args.options?.take, LIMITS.reviewsDefault, LIMITS.reviewsMax);
    return this.reviews.listForShop(ctx, args.productId, skip, take);
  }

  /** A logged-in customer who bought the product; guests get ReviewNotAllowedError. */
  @Mutation()
  @Allow(Permission.Public)
  submitProductReview(@Ctx() ctx: RequestContext, @Args() args: { input: SubmitReviewInput }) {
    return this.reviews.submit(ctx, args.input);
  }
}

@Resolver('SubmitProductReviewResult')
export class SubmitProductReviewResultResolver {
  @ResolveField()
  __resolveType(value: { __typename?: string }): string {
    return value.__typename ?? 'ProductReview';
  }
}
