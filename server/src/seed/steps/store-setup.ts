import {
  ChannelService,
  CountryService,
  CurrencyCode,
  defaultShippingCalculator,
  defaultShippingEligibilityChecker,
  GlobalSettingsService,
  ID,
  isGraphQlErrorResult,
  LanguageCode,
  manualFulfillmentHandler,
  ShippingMethodService,
  TaxCategoryService,
  TaxRateService,
  ZoneService,
} from '@vendure/core';

import { storeIdentityFromEnv } from '../../config/store-identity';
import { SeedStep } from '../types';

const { ar, en } = LanguageCode;

/** GCC countries (SA first = default). VAT rates: SA 15 %, AE 5 %, BH 10 %, OM 5 %, KW/QA none. */
export const GCC_COUNTRIES = [
  { code: 'SA', en: 'Saudi Arabia', ar: 'المملكة العربية السعودية', zone: 'Saudi Arabia', vat: 15 },
  { code: 'AE', en: 'United Arab Emirates', ar: 'الإمارات العربية المتحدة', zone: 'United Arab Emirates', vat: 5 },
  { code: 'KW', en: 'Kuwait', ar: 'الكويت', zone: 'Kuwait', vat: 0 },
  { code: 'BH', en: 'Bahrain', ar: 'البحرين', zone: 'Bahrain', vat: 10 },
  { code: 'QA', en: 'Qatar', ar: 'قطر', zone: 'Qatar', vat: 0 },
  { code: 'OM', en: 'Oman', ar: 'عُمان', zone: 'Oman', vat: 5 },
] as const;

/**
 * Shipping methods (prices in halalas, VAT included); `days`: delivery time in working days
 * (custom fields minDeliveryDays / maxDeliveryDays, shown by the storefront's delivery estimate,
 * so the descriptions do not repeat it).
 */
export const SHIPPING_METHODS = [
  {
    code: 'standard',
    rate: 2500,
    minimum: 0,
    days: [3, 5],
    en: { name: 'Standard delivery', description: 'Delivered to your door by our courier.' },
    ar: { name: 'التوصيل العادي', description: 'يصل إلى باب منزلك مع شركة الشحن.' },
  },
  {
    code: 'express',
    rate: 4500,
    minimum: 0,
    days: [1, 2],
    en: { name: 'Express delivery', description: 'Priority handling and delivery.' },
    ar: { name: 'التوصيل السريع', description: 'تجهيز وتوصيل بأولوية.' },
  },
  {
    code: 'free-over-300',
    rate: 0,
    minimum: 30000,
    days: [3, 5],
    en: { name: 'Free delivery', description: 'Free standard delivery on orders of 300 SAR or more.' },
    ar: { name: 'توصيل مجاني', description: 'توصيل عادي مجاني للطلبات بقيمة ٣٠٠ ريال أو أكثر.' },
  },
] as const;

/**
 * Channel and global settings: languages ar + en (default ar), currency SAR, prices include VAT,
 * GCC countries and zones, VAT tax rates, shipping methods. Idempotent (find or create).
 */
export const storeSetupStep: SeedStep = {
  name: 'store-setup',
  async run(seed) {
    const { injector } = seed;
    let ctx = seed.ctx;
    const globalSettings = injector.get(GlobalSettingsService);
    const channelService = injector.get(ChannelService);
    const countryService = injector.get(CountryService);
    const zoneService = injector.get(ZoneService);
    const taxCategoryService = injector.get(TaxCategoryService);
    const taxRateService = injector.get(TaxRateService);
    const shippingMethodService = injector.get(ShippingMethodService);

    await globalSettings.updateSettings(ctx, { availableLanguages: [ar, en], trackInventory: true, outOfStockThreshold: 0 });

    // Countries
    const existingCountries = (await countryService.findAll(ctx, { take: 1000 })).items;
    const countryIds: Record<string, ID> = {};
    for (const c of GCC_COUNTRIES) {
      const found = existingCountries.find((x) => x.code === c.code);
      const country = found
        ? found
        : await countryService.create(ctx, {
            code: c.code,
            enabled: true,
            translations: [
              { languageCode: ar, name: c.ar },
              { languageCode: en, name: c.en },
            ],
          });
      countryIds[c.code] = country.id;
    }

    // Zones: one per country (tax) + "GCC" (all six, shipping)
    const zones = await zoneService.findAll(ctx);
    const zoneIds: Record<string, ID> = {};
    const ensureZone = async (name: string, memberIds: ID[]) => {
      const found = zones.items.find((z) => z.name === name);
      if (found) {
        await zoneService.addMembersToZone(ctx, { zoneId: found.id, memberIds });
        return found.id;
      }
      return (await zoneService.create(ctx, { name, memberIds })).id;
    };
    for (const c of GCC_COUNTRIES) zoneIds[c.zone] = await ensureZone(c.zone, [countryIds[c.code]]);
    zoneIds.GCC = await ensureZone('GCC', Object.values(countryIds));

    // Tax
    const taxCategories = (await taxCategoryService.findAll(ctx)).items;
    let standard = taxCategories.find((t) => t.name === 'Standard VAT');
    if (!standard) standard = await taxCategoryService.create(ctx, { name: 'Standard VAT', isDefault: true });
    const zeroRated =
      taxCategories.find((t) => t.name === 'Zero-rated') ??
      (await taxCategoryService.create(ctx, { name: 'Zero-rated', isDefault: false }));
    const taxRates = (await taxRateService.findAll(ctx, { take: 1000 })).items;
    const ensureRate = async (name: string, value: number, categoryId: ID, zoneId: ID) => {
      if (!taxRates.find((r) => r.name === name)) {
        await taxRateService.create(ctx, { name, value, enabled: true, categoryId, zoneId });
      }
    };
    for (const c of GCC_COUNTRIES) {
      await ensureRate(`VAT ${c.vat}% ${c.en}`, c.vat, standard.id, zoneIds[c.zone]);
      await ensureRate(`Zero-rated ${c.en}`, 0, zeroRated.id, zoneIds[c.zone]);
    }
    seed.generated.extra.taxCategoryId = standard.id;

    // Channel: ar default, ar + en, SAR, prices include VAT, Saudi tax & shipping zone; the store's
    // identity from STORE_* when set (development and test rigs; the owner edits it in the admin).
    const identity = storeIdentityFromEnv(process.env);
    const channel = await channelService.getDefaultChannel(ctx);
    const updated = await channelService.update(ctx, {
      id: channel.id,
      defaultLanguageCode: ar,
      availableLanguageCodes: [ar, en],
      defaultCurrencyCode: CurrencyCode.SAR,
      availableCurrencyCodes: [CurrencyCode.SAR],
      pricesIncludeTax: true,
      defaultTaxZoneId: zoneIds['Saudi Arabia'],
      defaultShippingZoneId: zoneIds['Saudi Arabia'],
      customFields: identity,
    });
    if (isGraphQlErrorResult(updated)) throw new Error(`Channel update failed: ${updated.message}`);
    ctx = await seed.refreshCtx();

    // Shipping methods
    const existing = (await shippingMethodService.findAll(ctx, { take: 100 })).items;
    for (const m of SHIPPING_METHODS) {
      const found = existing.find((s) => s.code === m.code);
      if (found) {
        seed.generated.shippingMethodIds[m.code] = found.id;
        continue;
      }
      const created = await shippingMethodService.create(ctx, {
        code: m.code,
        fulfillmentHandler: manualFulfillmentHandler.code,
        checker: {
          code: defaultShippingEligibilityChecker.code,
          arguments: [{ name: 'orderMinimum', value: String(m.minimum) }],
        },
        calculator: {
          code: defaultShippingCalculator.code,
          arguments: [
            { name: 'rate', value: String(m.rate) },
            { name: 'includesTax', value: 'include' },
            { name: 'taxRate', value: '15' },
          ],
        },
        translations: [
          { languageCode: ar, ...m.ar },
          { languageCode: en, ...m.en },
        ],
        customFields: { minDeliveryDays: m.days[0], maxDeliveryDays: m.days[1] },
      } as Parameters<ShippingMethodService['create']>[1]);
      seed.generated.shippingMethodIds[m.code] = created.id;
    }
    const identityNote = Object.keys(identity).length
      ? `identity: ${Object.keys(identity).join(', ')}`
      : 'no store identity (STORE_* unset)';
    seed.log(`store set up: ${GCC_COUNTRIES.length} countries, ${SHIPPING_METHODS.length} shipping methods, SAR, ar+en, ${identityNote}`);
  },
};
