import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Allow, Ctx, ID, Permission, RequestContext } from '@vendure/core';

import { ProductFilterInput, ProductListingService } from '../services/product-listing.service';
import { ProductViewService } from '../services/product-view.service';

@Resolver()
export class ProductListingResolver {
  constructor(
    private readonly listing: ProductListingService,
    private readonly views: ProductViewService,
  ) {}

  @Query()
  @Allow(Permission.Public)
  homeProducts(@Ctx() ctx: RequestContext, @Args() args: { take?: number }) {
    return this.listing.home(ctx, args.take);
  }

  @Query()
  @Allow(Permission.Public)
  relatedOfSingleProduct(@Ctx() ctx: RequestContext, @Args() args: { options: { productId: ID; take?: number } }) {
    return this.listing.related(ctx, args.options.productId, args.options.take);
  }

  @Query()
  @Allow(Permission.Public)
  productByFacetValue(@Ctx() ctx: RequestContext, @Args() args: { input: ProductFilterInput }) {
    return this.listing.byFacetValue(ctx, args.input);
  }

  @Query()
  @Allow(Permission.Public)
  productByFilter(@Ctx() ctx: RequestContext, @Args() args: { options: ProductFilterInput }) {
    return this.listing.byFilter(ctx, args.options);
  }

  @Query()
  @Allow(Permission.Public)
  filterBarProducts(@Ctx() ctx: RequestContext, @Args() args: { input?: ProductFilterInput }) {
    return this.listing.filterBar(ctx, args.input ?? {});
  }

  @Query()
  @Allow(Permission.Public)
  searchProducts(@Ctx() ctx: RequestContext, @Args() args: { term: string; skip?: number; take?: number }) {
    return this.listing.search(ctx, args.term, args.skip, args.take);
  }

  @Mutation()
  @Allow(Permission.Public)
  async productVariantFilter(@Ctx() ctx: RequestContext, @Args() args: { input: { productId: ID; optionIds: ID[] } }) {
    return (await this.listing.variantByOptions(ctx, args.input.productId, args.input.optionIds)) ?? null;
  }

  @Mutation()
  @Allow(Permission.Public)
  recordProductView(@Ctx() ctx: RequestContext, @Args() args: { productId: ID }) {
    return this.views.record(ctx, args.productId);
  }
}
