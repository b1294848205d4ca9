// @vitest-environment node
// Issue 35 §4 (docs/decisions/041): inside its window a variant is priced at its promo price,
// incl. VAT in the channel's default tax zone, its net elsewhere; outside, the wrapped strategy.
import { TaxRate, TaxRateService } from '@vendure/core';
import type { Injector, ProductVariantPriceCalculationArgs } from '@vendure/core';
import { describe, expect, it } from 'vitest';

import { SalePriceCalculationStrategy } from '../../../../../../../server/src/plugins/catalogue/config/sale-price-strategy';

const HOME = { id: 1 };
const ABROAD = { id: 2 };
const HOUR = 3_600_000;
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();

async function strategy() {
  const taxRates = { getApplicableTaxRate: async () => new TaxRate({ value: 15 }) };
  const injector = { get: (t: unknown) => (t === TaxRateService ? taxRates : undefined) } as unknown as Injector;
  // the wrapped strategy: marks its answers so that delegation shows
  const s = new SalePriceCalculationStrategy({ calculate: async ({ inputPrice }) => ({ price: inputPrice, priceIncludesTax: false }) });
  await s.init(injector);
  return s;
}

function args(customFields: Record<string, unknown>, zone = HOME, pricesIncludeTax = true): ProductVariantPriceCalculationArgs {
  return {
    inputPrice: 25000,
    productVariant: { customFields },
    taxCategory: { id: 1 },
    activeTaxZone: zone,
    ctx: { channel: { defaultTaxZone: HOME, pricesIncludeTax } },
  } as unknown as ProductVariantPriceCalculationArgs;
}

describe('SalePriceCalculationStrategy', () => {
  it.each([
    ['inside the window, channel prices incl. VAT', { startDate: iso(-HOUR), endDate: iso(HOUR) }, true],
    ['inside the window, channel prices net', { startDate: iso(-HOUR), endDate: iso(HOUR) }, false],
    ['open start and end', { startDate: null, endDate: null }, true],
  ])('%s: the promo price with tax included in the default zone', async (_, window, pricesIncludeTax) => {
    const s = await strategy();
    expect(await s.calculate(args({ onSale: true, promoPrice: 19900, ...window }, HOME, pricesIncludeTax))).toEqual({
      price: 19900,
      priceIncludesTax: true,
    });
  });

  it('in another tax zone: the promo price without the default zone VAT (19900 / 1.15)', async () => {
    const s = await strategy();
    expect(await s.calculate(args({ onSale: true, promoPrice: 19900, startDate: iso(-HOUR) }, ABROAD))).toEqual({
      price: 17304,
      priceIncludesTax: false,
    });
  });

  it.each([
    ['the window ended', { onSale: true, promoPrice: 19900, startDate: iso(-2 * HOUR), endDate: iso(-HOUR) }],
    ['the window has not started', { onSale: true, promoPrice: 19900, startDate: iso(HOUR), endDate: null }],
    ['not on sale', { onSale: false, promoPrice: 19900, startDate: null, endDate: null }],
    ['no promo price', { onSale: true, promoPrice: null, startDate: null, endDate: null }],
  ])('%s: the wrapped strategy prices it', async (_, fields) => {
    const s = await strategy();
    expect(await s.calculate(args(fields))).toEqual({ price: 25000, priceIncludesTax: false });
  });
});
