import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { Ctx, FacetValue, RequestContext } from '@vendure/core';

import { FACET_CATEGORY } from '../constants';
import { FacetLookupService } from '../services/facet-lookup.service';

@Resolver('FacetValue')
export class FacetValueFieldsResolver {
  constructor(private readonly facets: FacetLookupService) {}

  /** Sub-category values whose parentCode is this category's code (empty for other facets). */
  @ResolveField()
  async subCategories(@Ctx() ctx: RequestContext, @Parent() value: FacetValue): Promise<FacetValue[]> {
    const facetCode = value.facet?.code;
    if (facetCode !== undefined && facetCode !== FACET_CATEGORY) return [];
    return this.facets.subCategoriesOf(ctx, value.code);
  }

  /** Listable products (enabled, priced in the channel) carrying this value. */
  @ResolveField()
  productCount(@Ctx() ctx: RequestContext, @Parent() value: FacetValue): Promise<number> {
    return this.facets.productCount(ctx, value.id);
  }
}
