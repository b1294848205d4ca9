// Stored XSS (issue 15, item 7): script payloads saved through the Admin API (product description,
// a policy page, an FAQ, the alert bar) and the Shop API (a review, approved by the store) render
// inert in Chromium, in both languages: no dialog, no payload code runs (each one would set
// window.__xss), no live event handler or javascript: URL reaches the DOM, and the text of a
// plain-text field shows the markup as text.
//
// Isolation (the e2e backend is shared by every spec of a run): the product is new, priced below
// the ranges other specs pick from, and deleted afterwards (with it its review); the FAQs and
// alerts are new and deleted afterwards; the warranty policy (no other spec opens it) is restored.
// The alert shows on every page while this spec runs (up to the SSR cache's 30 s after).
import type { APIRequestContext, Page } from '@playwright/test';
import { browserLocale, expect, localePath, locales, recordFigure, serverURL, test, tr, type Locale } from './fixtures';

const MARK = `xss${Date.now()}`;

/** Each payload would set window.__xss (and most would open a dialog) if it ran. */
const PAYLOADS = [
  `<script>window.__xss=1;alert(1)</script>`,
  `<img src=x onerror="window.__xss=2;alert(2)">`,
  `<a href="javascript:window.__xss=3;alert(3)">${MARK}-link</a>`,
  `<svg onload="window.__xss=4;alert(4)"><circle r="1"></circle></svg>`,
  `<iframe src="javascript:parent.__xss=5;alert(5)"></iframe>`,
  `<div onmouseover="window.__xss=6" style="background:url(javascript:alert(6))">${MARK}-hover</div>`,
  `"><img src=x onerror=window.__xss=7>`,
  `<details open ontoggle="window.__xss=8;alert(8)"><summary>d</summary></details>`,
  `<object data="javascript:window.__xss=9"></object>`,
  `<input autofocus onfocus="window.__xss=10;alert(10)">`,
  `<math><mi xlink:href="javascript:alert(11)">m</mi></math>`,
  `<a href="JaVaScRiPt&colon;window.__xss=12">${MARK}-entity</a>`,
];
const RICH = `<p>${MARK} rich text</p>${PAYLOADS.join('\n')}`;
/** The review's body carries the first four, its summary one more. */
const REVIEW_PAYLOADS = PAYLOADS.slice(0, 4);

/** Figures of the run (tests/tools/e2e-figures.mjs): payloads a page showed, found inert, and the page. */
function inertOnPage(payloads: number) {
  recordFigure('xss-payloads', payloads);
  recordFigure('xss-pages', 1);
}

const HANDLERS = ['onerror', 'onload', 'onmouseover', 'ontoggle', 'onfocus', 'onclick'];

// ---- Admin and Shop API set-up ----------------------------------------------------------------

async function adminClient(request: APIRequestContext) {
  const login = await request.post(`${serverURL}/admin-api`, {
    data: { query: 'mutation { login(username: "superadmin", password: "superadmin") { __typename } }' },
  });
  const token = login.headers()['vendure-auth-token'];
  expect(token, 'Admin API login').toBeTruthy();
  return async <T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}): Promise<T> => {
    const res = await request.post(`${serverURL}/admin-api`, { headers: { authorization: `Bearer ${token}` }, data: { query, variables } });
    const body = (await res.json()) as { data: T; errors?: unknown };
    expect(body.errors, `${query.slice(0, 80)}: ${JSON.stringify(body.errors)}`).toBeUndefined();
    return body.data;
  };
}

/** A Shop API session of its own (bearer token), for the customer who buys and reviews. */
function shopClient(request: APIRequestContext) {
  let token: string | undefined;
  return async <T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}): Promise<T> => {
    const res = await request.post(`${serverURL}/shop-api`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      data: { query, variables },
    });
    token = res.headers()['vendure-auth-token'] ?? token;
    const body = (await res.json()) as { data: T; errors?: unknown };
    expect(body.errors, `${query.slice(0, 80)}: ${JSON.stringify(body.errors)}`).toBeUndefined();
    return body.data;
  };
}

interface Created {
  productId?: string;
  slug: string;
  faqIds: string[];
  alertIds: string[];
  warranty: { languageCode: Locale; policy: string; content: string }[];
}
const created: Created = { slug: `${MARK}-product`, faqIds: [], alertIds: [], warranty: [] };

// one product, FAQ and alert set for the file (serial: one worker); a page may wait out the SSR cache
test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  const admin = await adminClient(request);

  // a product with the payloads in its description, both languages
  const product = await admin<{ createProduct: { id: string } }>('mutation($i: CreateProductInput!) { createProduct(input: $i) { id } }', {
    i: {
      enabled: true,
      translations: (['en', 'ar'] as const).map((languageCode) => ({
        languageCode,
        name: `${MARK} product`,
        slug: created.slug,
        description: RICH,
      })),
    },
  });
  created.productId = product.createProduct.id;
  const variants = await admin<{ createProductVariants: { id: string }[] }>(
    'mutation($i: [CreateProductVariantInput!]!) { createProductVariants(input: $i) { id } }',
    {
      i: [
        {
          productId: created.productId,
          sku: `${MARK}-sku`,
          price: 500,
          stockOnHand: 100,
          translations: (['en', 'ar'] as const).map((languageCode) => ({ languageCode, name: `${MARK} product` })),
        },
      ],
    },
  );
  const variantId = variants.createProductVariants[0]!.id;

  // the warranty policy and new FAQs and alerts per language (originals kept for afterAll)
  type PolicyRow = Created['warranty'][number] & { type: string };
  const policies = await admin<{ policyPageList: { items: PolicyRow[] } }>(
    '{ policyPageList(options: { take: 100 }) { items { type languageCode policy content } } }',
  );
  created.warranty = policies.policyPageList.items
    .filter((p) => p.type === 'warranty')
    .map(({ languageCode, policy, content }) => ({ languageCode, policy, content }));
  for (const languageCode of locales) {
    await admin('mutation($i: UpsertPolicyPageInput!) { upsertPolicyPage(input: $i) { id } }', {
      i: { type: 'warranty', languageCode, policy: `${MARK} warranty`, content: RICH },
    });
    const faq = await admin<{ createFaq: { id: string } }>('mutation($i: FaqInput!) { createFaq(input: $i) { id } }', {
      i: { languageCode, title: `${MARK} question <img src=x onerror="window.__xss=20">`, content: RICH, enabled: true },
    });
    created.faqIds.push(faq.createFaq.id);
    const alert = await admin<{ createAlert: { id: string } }>('mutation($i: AlertInput!) { createAlert(input: $i) { id } }', {
      i: {
        languageCode,
        name: `${MARK} alert <img src=x onerror="window.__xss=30;alert(30)">`,
        url: 'javascript:window.__xss=31',
        enabled: true,
      },
    });
    created.alertIds.push(alert.createAlert.id);
  }

  // a customer buys the product (cash on delivery) and reviews it; the store approves the review
  const email = `${MARK}@example.com`;
  const password = 'Shopper123!';
  await admin('mutation($i: CreateCustomerInput!, $p: String) { createCustomer(input: $i, password: $p) { __typename } }', {
    i: { emailAddress: email, firstName: 'Xss', lastName: 'Tester' },
    p: password,
  });
  const shop = shopClient(request);
  await shop('mutation($u: String!, $p: String!) { login(username: $u, password: $p) { __typename } }', { u: email, p: password });
  await shop('mutation($id: ID!) { addItemToOrder(productVariantId: $id, quantity: 1) { __typename } }', { id: variantId });
  await shop('mutation($i: CreateAddressInput!) { setOrderShippingAddress(input: $i) { __typename } }', {
    i: { fullName: 'Xss Tester', streetLine1: 'Olaya St 1', city: 'Riyadh', countryCode: 'SA', phoneNumber: '+966500000099' },
  });
  const methods = await shop<{ eligibleShippingMethods: { id: string }[] }>('{ eligibleShippingMethods { id } }');
  await shop('mutation($id: [ID!]!) { setOrderShippingMethod(shippingMethodId: $id) { __typename } }', {
    id: [methods.eligibleShippingMethods[0]!.id],
  });
  await shop('mutation { transitionOrderToState(state: "ArrangingPayment") { __typename } }');
  const paid = await shop<{ addPaymentToOrder: { state: string; lines: { id: string }[] } }>(
    'mutation { addPaymentToOrder(input: { method: "cash-on-delivery", metadata: {} }) { ... on Order { state lines { id } } } }',
  );
  expect(paid.addPaymentToOrder.state).toBe('PaymentAuthorized');
  const review = await shop<{ submitProductReview: { __typename: string; id?: string } }>(
    'mutation($i: SubmitProductReviewInput!) { submitProductReview(input: $i) { __typename ... on ProductReview { id } } }',
    {
      i: {
        productId: created.productId,
        orderLineId: paid.addPaymentToOrder.lines[0]!.id,
        rating: 5,
        summary: `${MARK} <svg onload=alert(40)>`,
        body: `${MARK} review ${REVIEW_PAYLOADS.join(' ')}`,
      },
    },
  );
  expect(review.submitProductReview.__typename).toBe('ProductReview');
  await admin('mutation($id: ID!) { updateProductReviewState(id: $id, state: approved) { id } }', { id: review.submitProductReview.id });
});

test.afterAll(async ({ request }) => {
  const admin = await adminClient(request);
  if (created.productId) await admin('mutation($id: ID!) { deleteProduct(id: $id) { result } }', { id: created.productId });
  for (const id of created.faqIds) await admin('mutation($id: ID!) { deleteContent(type: Faq, id: $id) { result } }', { id });
  for (const id of created.alertIds) await admin('mutation($id: ID!) { deleteContent(type: Alert, id: $id) { result } }', { id });
  for (const original of created.warranty) {
    await admin('mutation($i: UpsertPolicyPageInput!) { upsertPolicyPage(input: $i) { id } }', { i: { type: 'warranty', ...original } });
  }
});

// ---- checks ------------------------------------------------------------------------------------

/** Dialogs the page opened (each is dismissed so the page goes on). */
function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  return dialogs;
}

/** Opens `path`, reloading while the SSR cache (30 s) still serves an older copy, until `text` shows. */
async function openShowing(page: Page, path: string, text: string) {
  await expect(async () => {
    await page.goto(path);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(path);
    await expect(page.getByText(text, { exact: false }).first()).toBeAttached({ timeout: 2_000 });
  }).toPass({ timeout: 45_000, intervals: [1_000, 3_000, 5_000] });
}

/** Nothing ran and nothing that could run later is in the DOM (hover, focus, clicks included). */
async function expectInert(page: Page, dialogs: string[]) {
  // give onerror/onload/autofocus handlers their chance, and hover/focus what a payload might target
  await page.mouse.move(10, 10);
  await page.keyboard.press('Tab');
  await page.waitForTimeout(500);
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  const live = await page.evaluate((handlers) => {
    const found: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      for (const h of handlers) if (el.hasAttribute(h)) found.push(`${el.tagName.toLowerCase()}[${h}]`);
      for (const attr of ['href', 'src', 'data', 'xlink:href', 'action', 'formaction']) {
        const v = el.getAttribute(attr);
        if (v && /^javascript:/i.test(v.replace(/[\s\p{Cc}]/gu, ''))) found.push(`${el.tagName.toLowerCase()}[${attr}=${v}]`);
      }
      if (['iframe', 'object', 'embed'].includes(el.tagName.toLowerCase())) found.push(el.tagName.toLowerCase());
    }
    // the payload's own <script> element; the hydration data may carry the stored text, as a JSON
    // string (checked escaped in the server's HTML by expectEscapedHtml)
    for (const s of Array.from(document.querySelectorAll('script')))
      if (/^\s*window\.__xss/.test(s.textContent ?? '')) found.push('payload script');
    return found;
  }, HANDLERS);
  expect(live).toEqual([]);
}

/**
 * The server's HTML carries no payload markup as markup: rich text is sanitised, plain text and
 * the hydration data escape `<` (a `</script>` in the data would end its script element early).
 */
async function expectEscapedHtml(page: Page, path: string) {
  const html = await (await page.request.get(path)).text();
  for (const raw of ['<script>window.__xss', '<img src=x onerror', '<svg onload', '<iframe src="javascript']) {
    expect(html, `raw ${raw} in the HTML of ${path}`).not.toContain(raw);
  }
}

for (const locale of locales) {
  test.describe(`${locale}: stored payloads render inert`, () => {
    // a browser of that language, so the unprefixed Arabic pages are not redirected to /en
    test.use(browserLocale(locale));

    test('product description and an approved review', async ({ page }) => {
      const dialogs = watchDialogs(page);
      await openShowing(page, localePath(locale, `/products/${created.slug}`), `${MARK} rich text`);
      await expectEscapedHtml(page, localePath(locale, `/products/${created.slug}`));
      // the review's markup is plain text: shown literally, never parsed
      await expect(page.getByText(`${MARK} review <script>window.__xss=1;alert(1)</script>`, { exact: false })).toBeVisible();
      await expect(page.getByText(`${MARK} <svg onload=alert(40)>`)).toBeVisible();
      // the description keeps its harmless text and drops the active parts
      await expect(page.getByText(`${MARK}-link`, { exact: true })).toBeAttached();
      await expectInert(page, dialogs);
      await page
        .getByText(`${MARK}-link`, { exact: true })
        .click({ force: true, timeout: 2_000 })
        .catch(() => undefined);
      await page
        .getByText(`${MARK}-hover`, { exact: true })
        .hover({ force: true, timeout: 2_000 })
        .catch(() => undefined);
      await expectInert(page, dialogs);
      // the description's payloads, the review body's and its summary's
      inertOnPage(PAYLOADS.length + REVIEW_PAYLOADS.length + 1);
    });

    test('a policy page', async ({ page }) => {
      const dialogs = watchDialogs(page);
      await openShowing(page, localePath(locale, '/pages/warranty-policy?type=warranty'), `${MARK} rich text`);
      await expectEscapedHtml(page, localePath(locale, '/pages/warranty-policy?type=warranty'));
      await expectInert(page, dialogs);
      await page
        .getByText(`${MARK}-link`, { exact: true })
        .click({ force: true, timeout: 2_000 })
        .catch(() => undefined);
      await expectInert(page, dialogs);
      inertOnPage(PAYLOADS.length);
    });

    test('an FAQ (question and answer)', async ({ page }) => {
      const dialogs = watchDialogs(page);
      await openShowing(page, localePath(locale, '/faqs'), `${MARK} question`);
      await expectEscapedHtml(page, localePath(locale, '/faqs'));
      // Arabic pages write a number in a text as Arabic-Indic digits, a Latin word's digits stay (decision 015)
      const twenty = locale === 'ar' ? '٢٠' : '20';
      await expect(page.getByText(`${MARK} question <img src=x onerror="window.__xss=${twenty}">`)).toBeVisible();
      const item = page.locator('.faq-item', { hasText: `${MARK} question` });
      await item.locator('summary').click();
      await expect(item.getByText(`${MARK} rich text`)).toBeVisible();
      await expectInert(page, dialogs);
      // the answer's payloads and the question's
      inertOnPage(PAYLOADS.length + 1);
    });

    test('the alert bar', async ({ page }) => {
      const dialogs = watchDialogs(page);
      // Arabic pages write the alert's numbers as Arabic-Indic digits, the markup's too; a Latin word's
      // digits (the mark) stay as written (decision 015)
      const thirty = locale === 'ar' ? '٣٠' : '30';
      const text = `${MARK} alert <img src=x onerror="window.__xss=${thirty};alert(${thirty})">`;
      await openShowing(page, localePath(locale, '/faqs'), `${MARK} alert`);
      const link = page.getByRole('region', { name: tr(locale, 'Announcement') }).getByRole('link');
      await expect(link).toHaveText(text);
      // a javascript: target is never a link: the banner falls back to the home page
      await expect(link).toHaveAttribute('href', localePath(locale, '/'));
      await expectInert(page, dialogs);
      // the alert's text and its javascript: link
      inertOnPage(2);
    });
  });
}
