// Decision 015 (docs/decisions/015-digits.md), issue 32 §6: on Arabic pages every number a shopper
// reads is written with Arabic-Indic digits, the numbers inside texts that come from the backend
// (policies, FAQs, delivery methods, promotion names) included. Identifiers (order codes, phone
// numbers, postcodes, coupon codes, model numbers) stay Latin inside `dir="ltr"`/`lang="en"`
// islands or as part of a Latin phrase; tests/tools/latin-digits.mjs says which is which.
import type { Page } from '@playwright/test';
import { latinDigitsIn } from '../tools/latin-digits.mjs';
import { expectSuccess, pay, products, shopCall, shopperWithCart, STANDARD, stepUrl } from './checkout-helpers';
import { browserLocale, expect, gotoHydrated, test, tr } from './fixtures';
import { POLICY_PAGES } from '../../src/routes/policy-pages';

/** Fails with the texts that hold Latin digits outside identifiers. */
async function expectArabicDigits(page: Page, what: string) {
  await page.waitForLoadState('load');
  const found = await page.locator('body').evaluate(latinDigitsIn);
  expect(found, `Latin digits in Arabic text on ${what} (${page.url()})`).toEqual([]);
}

test.describe('one digit rule on Arabic pages (decision 015)', () => {
  test.use(browserLocale('ar'));

  test('catalogue and content pages write every number with Arabic-Indic digits', async ({ page, request }) => {
    test.setTimeout(120_000);
    const [product] = await products(request, 'ar', 10_000, 80_000);
    const pages = [
      '/',
      '/products',
      `/products/${encodeURIComponent(product!.slug)}`,
      '/faqs',
      ...Object.entries(POLICY_PAGES).map(([slug, type]) => `/pages/${slug}?type=${type}`),
    ];
    for (const path of pages) {
      await gotoHydrated(page, path);
      await expectArabicDigits(page, path);
    }
  });

  test('a purchase reads in Arabic-Indic digits from the cart to the order detail', async ({ page, request }) => {
    test.setTimeout(180_000);
    const code = await shopperWithCart(page, request, 'ar', 'digits');
    await shopCall(page, 'mutation { applyCouponCode(couponCode: "WELCOME10") { __typename } }');

    await gotoHydrated(page, '/cart');
    await expect(page.getByRole('list', { name: tr('ar', 'Applied coupons') })).toContainText('WELCOME10');
    await expectArabicDigits(page, 'the cart');

    await page.getByRole('link', { name: tr('ar', 'Proceed to checkout') }).click();
    await expect(page).toHaveURL(stepUrl('ar', code, 'address'), { timeout: 20_000 });
    const deliver = page.getByRole('button', { name: tr('ar', 'Deliver to this address') });
    await expect(deliver).toBeEnabled();
    await expectArabicDigits(page, 'the address step');
    await deliver.click();

    await expect(page).toHaveURL(stepUrl('ar', code, 'shipping'));
    await page.getByRole('radio', { name: STANDARD }).check();
    await expectArabicDigits(page, 'the delivery step');
    await page.getByRole('button', { name: tr('ar', 'Continue to review') }).click();

    await expect(page).toHaveURL(stepUrl('ar', code, 'review'));
    await expect(page.getByRole('heading', { name: tr('ar', 'Review your order') })).toBeVisible();
    await expectArabicDigits(page, 'the review step');
    await page.getByRole('button', { name: tr('ar', 'Continue to payment') }).click();

    await expect(page).toHaveURL(stepUrl('ar', code, 'payment'));
    await page.getByRole('radio', { name: new RegExp(tr('ar', 'Cash on delivery')) }).check();
    await expectArabicDigits(page, 'the payment step');
    await pay(page, 'ar', 'Cash on delivery');

    await expectSuccess(page, 'ar', code);
    await expectArabicDigits(page, 'the success page');

    await gotoHydrated(page, '/profile/orders');
    await expect(page.getByRole('link', { name: new RegExp(code) }).first()).toBeVisible();
    await expectArabicDigits(page, 'the profile orders');

    await gotoHydrated(page, `/profile/orders/${code}`);
    await expectArabicDigits(page, 'the order detail');
  });
});
