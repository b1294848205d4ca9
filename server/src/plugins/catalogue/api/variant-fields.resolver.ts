import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { Ctx, ProductVariant, ProductVariantService, RequestContext } from '@vendure/core';

import { discountAmountOf } from '../services/sale-window';

@Resolver('ProductVariant')
export class VariantFieldsResolver {
  constructor(private readonly variantService: ProductVariantService) {}

  /** Saleable stock (on hand − allocated − out-of-stock threshold) as Vendure computes it. */
  @ResolveField()
  async inStock(@Ctx() ctx: RequestContext, @Parent() variant: ProductVariant): Promise<boolean> {
    return (await this.variantService.getSaleableStockLevel(ctx, variant)) > 0;
  }

  /** mainPrice − priceWithTax while the variant is on sale (onSale, inside startDate..endDate), else 0. */
  @ResolveField()
  async discountAmount(@Ctx() ctx: RequestContext, @Parent() variant: ProductVariant): Promise<number> {
    const priceWithTax = variant.priceWithTax ?? (await this.variantService.hydratePriceFields(ctx, variant, 'priceWithTax'));
    return discountAmountOf(variant, priceWithTax, new Date());
  }
}
