import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { Ctx, FacetValue, Product, ProductVariant, RelationPaths, Relations, RequestContext } from '@vendure/core';

import { FacetLookupService } from '../services/facet-lookup.service';
import { ProductPriceSummary, ProductPriceSummaryService } from '../services/product-price-summary.service';
import { ProductVariantsLoaderService } from '../services/product-variants-loader.service';
import { OverallRating, ProductReviewService } from '../services/product-review.service';
import { WishlistService } from '../services/wishlist.service';

/** Computed Product fields of the Shop API; each is batched per request for product lists. */
@Resolver('Product')
export class ProductFieldsResolver {
  constructor(
    private readonly wishlist: WishlistService,
    private readonly reviews: ProductReviewService,
    private readonly facets: FacetLookupService,
    private readonly variantsLoader: ProductVariantsLoaderService,
    private readonly priceSummaries: ProductPriceSummaryService,
  ) {}

  /** Core's field, batched per request (one query for every card of a listing). */
  @ResolveField()
  variants(
    @Ctx() ctx: RequestContext,
    @Parent() product: Product,
    @Relations({ entity: ProductVariant, omit: ['assets'] }) relations: RelationPaths<ProductVariant>,
  ): Promise<ProductVariant[]> {
    return this.variantsLoader.variantsOf(ctx, product.id, relations as string[]);
  }

  @ResolveField()
  isFav(@Ctx() ctx: RequestContext, @Parent() product: Product): Promise<boolean> {
    return this.wishlist.isFav(ctx, product.id);
  }

  @ResolveField()
  isNew(@Parent() product: Product): boolean {
    return (product.customFields as any)?.newArrival === true;
  }

  @ResolveField()
  overallRating(@Ctx() ctx: RequestContext, @Parent() product: Product): Promise<OverallRating> {
    return this.reviews.overallRating(ctx, product.id);
  }

  @ResolveField()
  async category(@Ctx() ctx: RequestContext, @Parent() product: Product): Promise<FacetValue | null> {
    return (await this.facets.taxonomyOf(ctx, product)).category ?? null;
  }

  @ResolveField()
  async subCategory(@Ctx() ctx: RequestContext, @Parent() product: Product): Promise<FacetValue | null> {
    return (await this.facets.taxonomyOf(ctx, product)).subCategory ?? null;
  }

  @ResolveField()
  async brand(@Ctx() ctx: RequestContext, @Parent() product: Product): Promise<FacetValue | null> {
    return (await this.facets.taxonomyOf(ctx, product)).brand ?? null;
  }

  /** From the listing index and one stock query per request: a search hit without its variants. */
  @ResolveField()
  priceSummary(@Ctx() ctx: RequestContext, @Parent() product: Product): Promise<ProductPriceSummary | null> {
    return this.priceSummaries.summaryOf(ctx, product.id);
  }
}
