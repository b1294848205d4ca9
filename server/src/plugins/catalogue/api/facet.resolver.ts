import { Args, Query, Resolver } from '@nestjs/graphql';
import { Allow, Ctx, Permission, RequestContext } from '@vendure/core';

import { FACET_BRAND, FACET_CATEGORY, FACET_SUB_CATEGORY } from '../constants';
import { FacetLookupService } from '../services/facet-lookup.service';
import { ProductListingService } from '../services/product-listing.service';

@Resolver()
export class FacetResolver {
  constructor(
    private readonly facets: FacetLookupService,
    private readonly listing: ProductListingService,
  ) {}

  @Query()
  @Allow(Permission.Public)
  homeFacets(@Ctx() ctx: RequestContext) {
    return this.listing.homeFacets(ctx);
  }

  /** Categories by sortOrder; their subCategories are resolved by FacetValue.subCategories. */
  @Query()
  @Allow(Permission.Public)
  headerFacets(@Ctx() ctx: RequestContext) {
    return this.facets.find(ctx, { facetCodes: [FACET_CATEGORY] });
  }

  @Query()
  @Allow(Permission.Public)
  async facetValueByCode(@Ctx() ctx: RequestContext, @Args() args: { code: string; facetCode?: string }) {
    return (await this.facets.findByCode(ctx, args.code, args.facetCode ?? undefined)) ?? null;
  }

  @Query()
  @Allow(Permission.Public)
  facetSubCategories(@Ctx() ctx: RequestContext, @Args() args: { code: string }) {
    return this.facets.find(ctx, { facetCodes: [FACET_SUB_CATEGORY], parentCode: args.code });
  }

  @Query()
  @Allow(Permission.Public)
  brands(@Ctx() ctx: RequestContext) {
    return this.facets.find(ctx, { facetCodes: [FACET_BRAND] });
  }
}
