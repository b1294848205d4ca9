import { isGraphQlErrorResult, LanguageCode, PaymentMethod, PaymentMethodService, TransactionalConnection } from '@vendure/core';
import sharp from 'sharp';

import { createAssetFromBuffer } from '../assets';
import { SeedStep } from '../types';

const { ar, en } = LanguageCode;

/**
 * The four payment methods (handlers in server/src/plugins/payments). Amounts in halalas.
 * Tamara and Tabby carry their plan as handler arguments (number of instalments, interest-free)
 * and their order limits as the installment-eligibility checker's: the storefront shows both.
 * Cash on delivery carries the PaymentMethod custom fields: `discount` (percent, applied as an order
 * surcharge when the shopper pays with it) and `increment` (fee in halalas) plus a logo `asset`.
 */
export const PAYMENT_METHODS = [
  {
    code: 'payfort-card',
    handler: 'payfort-card',
    checker: undefined,
    color: '#1d4ed8',
    label: 'CARD',
    en: { name: 'Credit / debit card', description: 'Visa, MasterCard and mada through PayFort.' },
    ar: { name: 'البطاقة الائتمانية / مدى', description: 'فيزا وماستركارد ومدى عبر PayFort.' },
  },
  {
    code: 'tamara',
    handler: 'tamara',
    handlerArgs: { installments: 3, interestFree: true },
    checker: { code: 'installment-eligibility', args: { minTotal: 10000, maxTotal: 500000 } },
    color: '#f59e0b',
    label: 'tamara',
    // The plan's numbers are the handler arguments above: the texts do not repeat them.
    en: { name: 'Tamara — pay in installments', description: 'Split your payment into monthly installments with Tamara.' },
    ar: { name: 'تمارا — الدفع بالتقسيط', description: 'قسّم مشترياتك على دفعات شهرية مع تمارا.' },
  },
  {
    code: 'tabby',
    handler: 'tabby',
    handlerArgs: { installments: 4, interestFree: true },
    checker: { code: 'installment-eligibility', args: { minTotal: 5000, maxTotal: 300000 } },
    color: '#10b981',
    label: 'tabby',
    en: { name: 'Tabby — pay in installments', description: 'Split your payment into smaller payments with Tabby.' },
    ar: { name: 'تابي — الدفع بالتقسيط', description: 'قسّم مشترياتك على دفعات أصغر مع تابي.' },
  },
  {
    code: 'cash-on-delivery',
    handler: 'cash-on-delivery',
    checker: { code: 'cod-eligibility', args: { maxTotal: 100000 } },
    color: '#374151',
    label: 'COD',
    customFields: { discount: 0, increment: 1500 },
    en: { name: 'Cash on delivery', description: 'Pay in cash when your order arrives. A 15 SAR fee applies.' },
    ar: { name: 'الدفع عند الاستلام', description: 'ادفع نقدًا عند استلام طلبك. تُضاف رسوم ١٥ ريالًا.' },
  },
] as const;

async function logo(color: string, label: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="120">
<rect width="240" height="120" rx="16" fill="${color}"/>
<text x="120" y="74" font-family="sans-serif" font-size="40" font-weight="700" fill="#fff" text-anchor="middle">${label}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export const paymentsStep: SeedStep = {
  name: 'payments',
  async run(seed) {
    const service = seed.injector.get(PaymentMethodService);
    const repo = seed.injector.get(TransactionalConnection).getRepository(seed.ctx, PaymentMethod);
    for (const m of PAYMENT_METHODS) {
      if (await repo.findOne({ where: { code: m.code } })) continue;
      const asset = await createAssetFromBuffer(seed, await logo(m.color, m.label), `payment-${m.code}.png`);
      const created = await service.create(seed.ctx, {
        code: m.code,
        enabled: true,
        handler: {
          code: m.handler,
          arguments: Object.entries('handlerArgs' in m ? m.handlerArgs : {}).map(([name, value]) => ({ name, value: String(value) })),
        },
        checker: m.checker
          ? {
              code: m.checker.code,
              arguments: Object.entries(m.checker.args).map(([name, value]) => ({ name, value: String(value) })),
            }
          : undefined,
        translations: [
          { languageCode: ar, name: m.ar.name, description: m.ar.description },
          { languageCode: en, name: m.en.name, description: m.en.description },
        ],
        customFields: { assetId: asset.id, ...('customFields' in m ? m.customFields : {}) },
      } as any);
      if (isGraphQlErrorResult(created)) throw new Error(`Payment method ${m.code}: ${(created as { message: string }).message}`);
      seed.generated.extra[`paymentMethod:${m.code}`] = created.id;
    }
    seed.log(`payment methods: ${PAYMENT_METHODS.map((m) => m.code).join(', ')}`);
  },
};
