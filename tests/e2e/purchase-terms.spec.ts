// Issue 32 §7: what a Saudi shopper expects to read before paying. Tamara and Tabby say what each
// payment would be on the product page, in the cart and at the payment step, from the real total
// and the methods' terms; the product page and the cart say how long delivery takes.
// Seed data (server/README.md): Tamara 3 interest-free payments for 100–5,000 SAR, Tabby 4 for
// 50–3,000 SAR; delivery: standard 3–5 working days, express 1–2 (so "1–5" together).
import type { Locator, Page } from '@playwright/test';
import { latinDigitsIn } from '../tools/latin-digits.mjs';
import { amountOf, escape, halalas, products, shopperWithCart, toPayment } from './checkout-helpers';
import { browserLocale, expect, localePath, locales, test, tr, type Locale } from './fixtures';

const PLANS = [
  { code: 'tabby', provider: 'Tabby', method: 'Tabby: pay in instalments', installments: 4 },
  { code: 'tamara', provider: 'Tamara', method: 'Tamara: pay in instalments', installments: 3 },
] as const;

/** The delivery window of the seeded methods, as each page's language writes it. */
const DELIVERY = { en: 'Delivery in 1–5 working days', ar: 'التوصيل خلال ١ إلى ٥ أيام عمل' } as const;

/** An amount as a shopper reads it: SAR with halalas only when there are any, the locale's digits. */
function money(locale: Locale, amount: number): string {
  const whole = amount % 100 === 0;
  return new Intl.NumberFormat(locale === 'ar' ? 'ar-SA' : 'en-US', {
    style: 'currency',
    currency: 'SAR',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amount / 100);
}

/** Text without the invisible bidi isolates/marks, spaces normalised. */
const seen = (s: string) =>
  s
    .replace(/[\u2068\u2069\u200f\u200e\u061c]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * What a plan of `count` interest-free payments says for `total` (halalas): equal payments, or, when
 * the total does not divide, the last one carrying the remainder; the payments add up to the total.
 */
function split(locale: Locale, total: number, count: number): string {
  const regular = Math.floor(total / count);
  const last = total - regular * (count - 1);
  expect(regular * (count - 1) + last).toBe(total);
  return last === regular
    ? seen(tr(locale, '{times} × {amount}, no interest', { times: count, amount: money(locale, regular) }))
    : seen(
        tr(locale, '{times} × {amount} + {last}, no interest', {
          times: count - 1,
          amount: money(locale, regular),
          last: money(locale, last),
        }),
      );
}

async function expectOffers(list: Locator, locale: Locale, total: number) {
  const items = (await list.getByRole('listitem').allInnerTexts()).map(seen);
  expect(items).toEqual(PLANS.map((p) => `${tr(locale, p.provider)} ${split(locale, total, p.installments)}`));
}

async function expectArabicDigits(page: Page, locale: Locale, region: Locator) {
  if (locale !== 'ar') return;
  expect(await region.evaluate(latinDigitsIn)).toEqual([]);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
}

for (const locale of locales) {
  test.describe(`instalments and delivery estimate (${locale})`, () => {
    test.use(browserLocale(locale));

    test('the product page splits the price and says how long delivery takes, before any script runs @responsive', async ({
      page,
      request,
    }) => {
      const [product] = await products(request, locale, 10_000, 80_000);
      expect(product, 'a product Tamara and Tabby both take').toBeTruthy();
      const price = product!.variants[0]!.priceWithTax;
      // Server-rendered with the page: the shopper reads it without JavaScript.
      await page.context().route(/\.(js|mjs)(\?|$)/, (route) => route.abort());
      await page.goto(localePath(locale, `/products/${product!.slug}`));
      const offers = page.getByRole('list', { name: tr(locale, 'Pay in instalments') });
      await expectOffers(offers, locale, price);
      await expect(page.getByText(DELIVERY[locale], { exact: true })).toBeVisible();
      await expectArabicDigits(page, locale, page.locator('.product__info'));
    });

    test('below a provider’s minimum the product page names the minimum, not a split', async ({ page, request }) => {
      const [cheap] = await products(request, locale, 5_000, 9_999);
      test.skip(!cheap, 'no seeded product between 50 and 100 SAR');
      await page.goto(localePath(locale, `/products/${cheap!.slug}`));
      const offers = page.getByRole('list', { name: tr(locale, 'Pay in instalments') });
      const tamara = seen(
        await offers
          .getByRole('listitem')
          .filter({ hasText: tr(locale, 'Tamara') })
          .innerText(),
      );
      expect(tamara).toBe(`${tr(locale, 'Tamara')} ${seen(tr(locale, 'Available for orders from {min}', { min: money(locale, 10_000) }))}`);
      const tabby = seen(
        await offers
          .getByRole('listitem')
          .filter({ hasText: tr(locale, 'Tabby') })
          .innerText(),
      );
      expect(tabby).toBe(`${tr(locale, 'Tabby')} ${split(locale, cheap!.variants[0]!.priceWithTax, 4)}`);
    });

    test('the cart splits its total and says how long delivery takes; the payment step splits what each method charges @responsive', async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      const code = await shopperWithCart(page, request, locale, 'instalments');
      await page.goto(localePath(locale, '/cart'));
      const summaryName = tr(locale, 'Order summary');
      const summary = page.getByRole('region', { name: summaryName });
      const offers = summary.getByRole('list', { name: tr(locale, 'Pay in instalments') });
      await expect(offers).toBeVisible({ timeout: 15_000 });
      const total = await amountOf(page, summaryName, tr(locale, 'Total incl. VAT'));
      await expectOffers(offers, locale, total);
      await expect(summary.getByText(DELIVERY[locale], { exact: true })).toBeVisible();
      await expectArabicDigits(page, locale, summary);

      await toPayment(page, locale, code);
      for (const plan of PLANS) {
        const radio = page.getByRole('radio', { name: new RegExp(escape(tr(locale, plan.method))) });
        await expect(radio).toBeEnabled();
        // What this method charges: the order with its delivery (and the method's fee, if any).
        const charged = halalas(await page.locator('label', { has: radio }).locator('.choice__price').innerText());
        // The radio's description (what a screen reader says with it) is the split.
        const describedBy = (await radio.getAttribute('aria-describedby')) ?? '';
        expect(seen(await page.locator(`[id="${describedBy}"]`).innerText())).toBe(split(locale, charged, plan.installments));
      }
      await expectArabicDigits(page, locale, page.getByRole('group', { name: tr(locale, 'Choose how to pay') }));
    });
  });
}
