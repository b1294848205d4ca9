// Issue 14: checkout as a signed-in shopper does it, in both locales: a saved address, standard
// delivery, review (coupon), payment through the backend's sandbox gateway (approve, decline,
// a return before the callback), cash on delivery, reloads and back/forward between steps.
// Seed data (server/README.md): shipping "standard" 25 SAR; Tamara from 100 SAR, Tabby from 50 SAR,
// cash on delivery up to 1000 SAR (+15 SAR); coupon WELCOME10. Each test has its own customer.
import {
  APPROVE,
  before,
  DECLINE,
  escape,
  expectSuccess,
  pay,
  shopCall,
  shopperWithCart,
  STANDARD,
  stepUrl,
  toPayment,
} from './checkout-helpers';
import { browserLocale, expect, locales, localePath, serverURL, test, tr } from './fixtures';
import type { Page } from '@playwright/test';

/** Nothing wider than the viewport: on a phone the page must not scroll sideways. */
async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

for (const locale of locales) {
  test.describe(`checkout (${locale})`, () => {
    test.use(browserLocale(locale));

    test('saved address, standard delivery and the card sandbox (approve) end on the success page', async ({ page, request, axe }) => {
      test.slow();
      const code = await shopperWithCart(page, request, locale, 'card');
      await toPayment(page, locale, code, axe);
      await expect(page.getByRole('radio', { name: new RegExp(escape(tr(locale, 'Credit or debit card'))) })).toBeEnabled();
      await axe();
      await pay(page, locale, 'Credit or debit card');

      // The signed card form went to the sandbox gateway.
      await expect(page).toHaveURL(/\/sandbox\/pay\//, { timeout: 20_000 });
      await page.getByRole('button', { name: APPROVE }).click();
      await expectSuccess(page, locale, code);
      await expect(page.getByRole('region', { name: tr(locale, 'Payment method') })).toContainText(tr(locale, 'Credit or debit card'));
      await axe();
    });

    test('Tamara declined brings the shopper back to payment with the cart intact; Tabby then pays', async ({ page, request }) => {
      test.slow();
      const code = await shopperWithCart(page, request, locale, 'tamara');
      await toPayment(page, locale, code);
      await pay(page, locale, 'Tamara: pay in instalments');
      await expect(page).toHaveURL(/\/sandbox\/pay\//, { timeout: 20_000 });
      await page.getByRole('button', { name: DECLINE }).click();

      await expect(page).toHaveURL(stepUrl(locale, code, 'payment'), { timeout: 20_000 });
      await expect(page.getByRole('alert')).toContainText(
        tr(locale, 'Your payment was declined. Nothing was charged; you can pay again with any method.'),
      );
      const active = await shopCall<{ activeOrder: { code: string; lines: unknown[] } | null }>(
        page,
        'query { activeOrder { code lines { id } } }',
      );
      expect(active.activeOrder?.code).toBe(code);
      expect(active.activeOrder?.lines).toHaveLength(1);

      await pay(page, locale, 'Tabby: pay in instalments');
      await expect(page).toHaveURL(/\/sandbox\/pay\//, { timeout: 20_000 });
      await page.getByRole('button', { name: APPROVE }).click();
      await expectSuccess(page, locale, code);
    });

    test('back from the Tamara page without paying, the card then pays the whole total', async ({ page, request }) => {
      test.slow();
      const code = await shopperWithCart(page, request, locale, 'tamara-back');
      await toPayment(page, locale, code);
      await pay(page, locale, 'Tamara: pay in instalments');
      await expect(page).toHaveURL(/\/sandbox\/pay\//, { timeout: 20_000 });
      // The shopper changes their mind at the gateway and uses the browser's back button.
      await page.goBack();
      await expect(page).toHaveURL(stepUrl(locale, code, 'payment'), { timeout: 20_000 });

      await pay(page, locale, 'Credit or debit card');
      await expect(page).toHaveURL(/\/sandbox\/pay\//, { timeout: 20_000 });
      await page.getByRole('button', { name: APPROVE }).click();
      await expectSuccess(page, locale, code);
      const { orderByCode } = await shopCall<{
        orderByCode: { totalWithTax: number; payments: Array<{ method: string; state: string; amount: number }> };
      }>(page, 'query ($code: String!) { orderByCode(code: $code) { totalWithTax payments { method state amount } } }', { code });
      // Core would have counted the abandoned Tamara payment and charged the card only the remainder (nothing).
      expect(orderByCode.payments.map((p) => [p.method, p.state])).toEqual([
        ['tamara', 'Cancelled'],
        ['payfort-card', 'Settled'],
      ]);
      expect(orderByCode.payments[1]!.amount).toBe(orderByCode.totalWithTax);
    });

    // @responsive: the mobile project runs it too, so checkout is seen on a phone's viewport.
    test('cash on delivery places the order at once, with its fee in the totals @responsive', async ({ page, request, axe }) => {
      test.slow();
      const code = await shopperWithCart(page, request, locale, 'cod');
      await toPayment(page, locale, code);
      await expectNoSideScroll(page);
      await page.getByRole('radio', { name: new RegExp(escape(tr(locale, 'Cash on delivery'))) }).check();
      // The fee is previewed before paying: the total is the order's plus 15 SAR.
      const total = page.getByTestId('order-total');
      await expect(page.getByText(tr(locale, '{0} fee').replace('{0}', tr(locale, 'Cash on delivery')))).toBeVisible();
      const previewed = await total.innerText();
      await page.getByRole('button', { name: before(locale, 'Pay {0}') }).click();

      await expectSuccess(page, locale, code);
      await expect(page.getByText(tr(locale, 'Pay the courier in cash when your order arrives.'))).toBeVisible();
      // The backend applied the same fee as an order surcharge: the paid total is the previewed one.
      await expect(page.getByTestId('order-total')).toHaveText(previewed);
      await expectNoSideScroll(page);
      await axe();
    });

    test('a reload resumes at the step the order reached; back and forward move between steps', async ({ page, request }) => {
      test.slow();
      const code = await shopperWithCart(page, request, locale, 'reload');
      await page.goto(localePath(locale, `/checkout/${code}`));
      await expect(page).toHaveURL(stepUrl(locale, code, 'address'));
      await page.getByRole('button', { name: tr(locale, 'Deliver to this address') }).click();
      await expect(page).toHaveURL(stepUrl(locale, code, 'shipping'));
      await expect(page.getByRole('radio', { name: STANDARD })).toBeVisible();

      await page.reload();
      await expect(page).toHaveURL(stepUrl(locale, code, 'shipping'));
      await page.getByRole('radio', { name: STANDARD }).check();
      await page.getByRole('button', { name: tr(locale, 'Continue to review') }).click();
      await expect(page).toHaveURL(stepUrl(locale, code, 'review'));

      // A URL naming an earlier step still opens where the server's order is.
      await page.goto(localePath(locale, `/checkout/${code}?step=address`));
      await expect(page).toHaveURL(stepUrl(locale, code, 'review'));
      await expect(page.getByRole('heading', { name: tr(locale, 'Review your order') })).toBeVisible();

      await page.getByRole('button', { name: tr(locale, 'Continue to payment') }).click();
      await expect(page).toHaveURL(stepUrl(locale, code, 'payment'));
      await expect(page.getByRole('radio', { name: new RegExp(escape(tr(locale, 'Cash on delivery'))) })).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(stepUrl(locale, code, 'review'));
      await expect(page.getByRole('heading', { name: tr(locale, 'Review your order') })).toBeVisible();
    });

    test('a coupon applied at review changes the total', async ({ page, request, axe }) => {
      test.slow();
      const code = await shopperWithCart(page, request, locale, 'coupon');
      await page.goto(localePath(locale, `/checkout/${code}`));
      await page.getByRole('button', { name: tr(locale, 'Deliver to this address') }).click();
      await page.getByRole('radio', { name: STANDARD }).check();
      await page.getByRole('button', { name: tr(locale, 'Continue to review') }).click();
      await expect(page).toHaveURL(stepUrl(locale, code, 'review'));

      const total = page.getByTestId('order-total');
      const before = await total.innerText();
      await page.getByLabel(tr(locale, 'Coupon code')).fill('WELCOME10');
      await page.getByRole('button', { name: tr(locale, 'Apply'), exact: true }).click();
      await expect(page.getByText(tr(locale, 'Coupon {applied} applied.', { applied: 'WELCOME10' }))).toBeVisible();
      await expect(total).not.toHaveText(before);
      await axe();
    });

    test('a return before the payment settled shows "confirming", then success when the callback arrives', async ({
      page,
      request,
      axe,
    }) => {
      test.slow();
      const code = await shopperWithCart(page, request, locale, 'early');
      await toPayment(page, locale, code);
      await pay(page, locale, 'Tabby: pay in instalments');
      await expect(page).toHaveURL(/\/sandbox\/pay\//, { timeout: 20_000 });
      const reference = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);

      // Back at the shop before the provider answered (a tab closed, a slow notification).
      await page.goto(localePath(locale, `/checkout-success?order=${code}`));
      await expect(page.getByText(tr(locale, 'Confirming your payment…'))).toBeVisible({ timeout: 15_000 });
      await axe();

      // The provider approves; its signed callback reaches the backend without the shopper's browser.
      const decided = await request.post(`${serverURL}/sandbox/pay/${encodeURIComponent(reference)}/decision`, {
        form: { decision: 'approve' },
        maxRedirects: 0,
      });
      expect(decided.status()).toBe(303);
      const callback = new URL(decided.headers()['location']!, serverURL);
      const applied = await request.get(`${serverURL}${callback.pathname}${callback.search}`, { maxRedirects: 0 });
      expect(applied.status()).toBe(303);

      await expect(page.getByRole('heading', { name: tr(locale, 'Thank you, your order is placed') })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByText(code, { exact: true })).toBeVisible();
    });
  });
}
