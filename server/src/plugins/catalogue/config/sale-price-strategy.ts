import {
  Injector,
  PriceCalculationResult,
  ProductVariantPriceCalculationArgs,
  ProductVariantPriceCalculationStrategy,
  TaxRateService,
} from '@vendure/core';

import { salePriceAt, SaleFields } from '../services/sale-window';

/**
 * The variant's price is its promo price while it is on sale (docs/decisions/041): onSale, a
 * promoPrice, and now inside startDate..endDate (isOnSaleAt, open ends allowed); otherwise
 * Vendure's default (the channel price). Vendure applies this strategy wherever it prices a
 * variant: product page, Vendure's search index, cart lines and the order total paid at checkout.
 * It wraps the configured strategy (Vendure's DefaultProductVariantPriceCalculationStrategy, not
 * exported by @vendure/core), which prices every variant not on sale.
 *
 * promoPrice is in minor units including VAT as the owner types it (the channel's default tax
 * zone). In that zone the price is the promo price with tax included, whatever the channel's
 * pricesIncludeTax, so priceWithTax == promoPrice. In another zone the net of the promo price
 * (the default zone's rate removed) is returned without tax, as the default strategy does for a
 * channel whose prices include tax.
 */
export class SalePriceCalculationStrategy implements ProductVariantPriceCalculationStrategy {
  private taxRates!: TaxRateService;

  constructor(readonly inner: ProductVariantPriceCalculationStrategy) {}

  async init(injector: Injector) {
    await this.inner.init?.(injector);
    this.taxRates = injector.get(TaxRateService);
  }

  async destroy() {
    await this.inner.destroy?.();
  }

  async calculate(args: ProductVariantPriceCalculationArgs): Promise<PriceCalculationResult> {
    const promo = salePriceAt(args.productVariant?.customFields as SaleFields | undefined, new Date());
    if (promo == null) return this.inner.calculate(args);
    const { ctx, activeTaxZone, taxCategory } = args;
    const defaultZone = ctx.channel.defaultTaxZone;
    if (!defaultZone || String(activeTaxZone.id) === String(defaultZone.id)) {
      return { price: promo, priceIncludesTax: true };
    }
    const rate = await this.taxRates.getApplicableTaxRate(ctx, defaultZone, taxCategory);
    return { price: Math.round(rate.netPriceOf(promo)), priceIncludesTax: false };
  }
}
