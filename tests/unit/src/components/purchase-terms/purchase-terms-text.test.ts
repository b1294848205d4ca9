import { describe, expect, it } from 'vitest';
import { deliveryEstimateText, installmentOfferText } from '../../../../../src/components/purchase-terms/purchase-terms';
import { loadI18n } from '../../../../../src/i18n/i18n';
import { installmentOffer } from '../../../../../src/lib/installments';

/** What a reader sees: without the invisible isolates and marks, no-break spaces as spaces. */
const seen = (s: string) => s.replace(/[\u2068\u2069\u200f\u200e\u061c]/g, '').replace(/\u00a0/g, ' ');

const tabby = { methodCode: 'tabby', installments: 4, interestFree: true, minTotal: 5000, maxTotal: 300000 };
const tamara = { methodCode: 'tamara', installments: 3, interestFree: true, minTotal: 10000, maxTotal: 500000 };

describe('deliveryEstimateText: one wording for a delivery time, in the page’s language and digits', () => {
  it('English', async () => {
    const i18n = await loadI18n('en');
    expect(deliveryEstimateText(i18n, 'en', { minDays: 1, maxDays: 5 })).toBe('Delivery in 1–5 working days');
    expect(deliveryEstimateText(i18n, 'en', { minDays: 2, maxDays: 2 })).toBe('Delivery in 2 working days');
    expect(deliveryEstimateText(i18n, 'en', { minDays: 1, maxDays: 1 })).toBe('Delivery in 1 working day');
  });

  it('Arabic, with Arabic-Indic digits and the plural of the largest number', async () => {
    const i18n = await loadI18n('ar');
    expect(deliveryEstimateText(i18n, 'ar', { minDays: 1, maxDays: 5 })).toBe('التوصيل خلال ١ إلى ٥ أيام عمل');
    expect(deliveryEstimateText(i18n, 'ar', { minDays: 3, maxDays: 12 })).toBe('التوصيل خلال ٣ إلى ١٢ يوم عمل');
    expect(deliveryEstimateText(i18n, 'ar', { minDays: 1, maxDays: 1 })).toBe('التوصيل خلال يوم عمل واحد');
    expect(deliveryEstimateText(i18n, 'ar', { minDays: 2, maxDays: 2 })).toBe('التوصيل خلال يومَي عمل');
  });
});

describe('installmentOfferText: the split in words, amounts in the money formatter’s form', () => {
  it('English: equal payments, a remainder on the last, the provider’s limits', async () => {
    const i18n = await loadI18n('en');
    const text = (total: number, terms = tabby) => seen(installmentOfferText(i18n, 'en', installmentOffer(total, terms)!));
    expect(text(43000)).toBe('4 × SAR 107.50, no interest');
    expect(text(10000, tamara)).toBe('2 × SAR 33.33 + SAR 33.34, no interest');
    expect(text(43000, { ...tabby, interestFree: false })).toBe('4 × SAR 107.50, interest set by the provider');
    expect(text(4000)).toBe('Available for orders from SAR 50');
    expect(text(350000)).toBe('Available for orders up to SAR 3,000');
  });

  it('Arabic: Arabic-Indic digits, each amount isolated for the bidi algorithm', async () => {
    const i18n = await loadI18n('ar');
    const raw = installmentOfferText(i18n, 'ar', installmentOffer(43000, tabby)!);
    expect(seen(raw)).toBe('٤ × ١٠٧٫٥٠ ر.س.، بدون فوائد');
    expect(raw).toMatch(/\u2068[^\u2069]*١٠٧٫٥٠[^\u2069]*\u2069/);
    expect(seen(installmentOfferText(i18n, 'ar', installmentOffer(10000, tamara)!))).toBe('٢ × ٣٣٫٣٣ ر.س. + ٣٣٫٣٤ ر.س.، بدون فوائد');
    expect(seen(installmentOfferText(i18n, 'ar', installmentOffer(4000, tabby)!))).toBe('متاح للطلبات من ٥٠ ر.س.');
  });
});
