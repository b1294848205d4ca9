import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Allow, Ctx, ID, Permission, RequestContext } from '@vendure/core';

import { LIMITS } from '../constants';
import { clampSkip, clampTake } from '../services/product-listing.service';
import { ProductLoaderService } from '../services/product-loader.service';
import { WishlistService } from '../services/wishlist.service';

@Resolver()
export class WishlistResolver {
  constructor(
    private readonly wishlist: WishlistService,
    private readonly loader: ProductLoaderService,
  ) {}

  /** The active customer's favourites (guests: empty; their list lives in the browser). */
  @Query()
  @Allow(Permission.Public)
  async customerWishList(@Ctx() ctx: RequestContext, @Args() args: { options?: { skip?: number; take?: number } }) {
    const skip = clampSkip(args.options?.skip);
    const take = clampTake(args.options?.take, LIMITS.pageDefault, LIMITS.pageMax);
    const { ids, totalItems } = await this.wishlist.list(ctx, skip, take);
    return { items: await this.loader.findByIds(ctx, ids), totalItems };
  }

  @Query()
  @Allow(Permission.Public)
  wishListLength(@Ctx() ctx: RequestContext) {
    return this.wishlist.count(ctx);
  }

  /** Logged-in customers only: guests get Vendure's ForbiddenError. */
  @Mutation()
  @Allow(Permission.Public)
  toggleFav(@Ctx() ctx: RequestContext, @Args() args: { productId: ID }) {
    return this.wishlist.toggle(ctx, args.productId);
  }

  @Mutation()
  @Allow(Permission.Public)
  mergeWishList(@Ctx() ctx: RequestContext, @Args() args: { productIds: ID[] }) {
    return this.wishlist.merge(ctx, args.productIds);
  }
}
