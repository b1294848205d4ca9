import { isGraphQlErrorResult, LanguageCode, PromotionService } from '@vendure/core';

import { itemsPercentageDiscount } from '../../plugins/payments/config/items-percentage-discount';

import { SeedStep } from '../types';

const { ar, en } = LanguageCode;
const DAY = 24 * 3600 * 1000;

/**
 * Coupons (documented in server/README.md):
 *  WELCOME10  10 % off, valid
 *  EXPIRED20  20 % off, ended yesterday            → COUPON_CODE_EXPIRED_ERROR
 *  LIMITED5   5 % off, usageLimit 1, already used by a placed demo order (demo-customer step)
 *                                                   → COUPON_CODE_LIMIT_ERROR
 *  VIP15      15 % off, perCustomerUsageLimit 1 (the demo customer has used it once already)
 */
export const COUPONS = {
  WELCOME10: { discount: 10, en: 'Welcome offer: 10% off', ar: 'عرض الترحيب: خصم ١٠٪' },
  EXPIRED20: { discount: 20, en: 'Spring sale: 20% off (ended)', ar: 'تخفيضات الربيع: خصم ٢٠٪ (منتهي)' },
  LIMITED5: { discount: 5, en: 'Limited offer: 5% off (one use)', ar: 'عرض محدود: خصم ٥٪ (استخدام واحد)' },
  VIP15: { discount: 15, en: 'VIP: 15% off, once per customer', ar: 'كبار العملاء: خصم ١٥٪ مرة واحدة لكل عميل' },
} as const;

export const promotionsStep: SeedStep = {
  name: 'promotions',
  async run(seed) {
    const promotionService = seed.injector.get(PromotionService);
    const now = Date.now();
    const limits: Record<keyof typeof COUPONS, { startsAt?: Date; endsAt?: Date; usageLimit?: number; perCustomerUsageLimit?: number }> = {
      WELCOME10: { startsAt: new Date(now - DAY) },
      EXPIRED20: { startsAt: new Date(now - 60 * DAY), endsAt: new Date(now - DAY) },
      LIMITED5: { startsAt: new Date(now - DAY), usageLimit: 1 },
      VIP15: { startsAt: new Date(now - DAY), perCustomerUsageLimit: 1 },
    };
    for (const [code, c] of Object.entries(COUPONS) as Array<[keyof typeof COUPONS, (typeof COUPONS)[keyof typeof COUPONS]]>) {
      const created = await promotionService.createPromotion(seed.ctx, {
        enabled: true,
        couponCode: code,
        ...limits[code],
        conditions: [],
        actions: [
          {
            // a percentage of the items: the cash-on-delivery fee is not discounted (issue 35 §5)
            code: itemsPercentageDiscount.code,
            arguments: [
              { name: 'discount', value: String(c.discount) },
              { name: 'includeSurcharges', value: 'false' },
            ],
          },
        ],
        translations: [
          { languageCode: ar, name: c.ar, description: c.ar },
          { languageCode: en, name: c.en, description: c.en },
        ],
      });
      if (isGraphQlErrorResult(created)) throw new Error(`Promotion ${code}: ${created.message}`);
      seed.generated.promotionIds[code] = created.id;
    }
    seed.log(`promotions: ${Object.keys(COUPONS).join(', ')}`);
  },
};
