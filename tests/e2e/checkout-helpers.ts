// Shared by checkout.spec.ts and checkout-paths.spec.ts: a signed-in shopper with a saved address
// and a cart, and the steps of the checkout as a shopper takes them.
import type { APIRequestContext, Page } from '@playwright/test';
import { createCustomer, expect, localePath, serverURL, tr, type Locale } from './fixtures';

export interface SeedProduct {
  slug: string;
  variants: { id: string; priceWithTax: number; stockLevel: string }[];
}

export const STANDARD = /Standard delivery|التوصيل العادي/;
export const APPROVE = /Approve payment|قبول الدفع/;
export const DECLINE = /Decline payment|رفض الدفع/;
export const CANCEL = /^(Cancel|إلغاء)$/;
export const EXPRESS = /Express delivery|التوصيل السريع/;

/** The saved address shopperWithCart gives every shopper. */
export const SAVED_ADDRESS = { fullName: 'Sara Ali', streetLine1: 'King Fahd Road 12', city: 'Riyadh' };

export const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A message with a `{0}` argument, matched by what comes before it. */
export const before = (locale: Locale, message: string) => new RegExp(`^\\s*${escape(tr(locale, message).split('{0}')[0]!)}`);

/** Single-variant products in stock priced between the bounds (halalas, VAT included). */
export async function products(request: APIRequestContext, locale: Locale, min: number, max: number): Promise<SeedProduct[]> {
  const res = await request.post(`/shop-api?languageCode=${locale}`, {
    data: { query: 'query { products(options: { take: 60 }) { items { slug variants { id priceWithTax stockLevel } } } }' },
  });
  const items = ((await res.json()) as { data: { products: { items: SeedProduct[] } } }).data.products.items;
  return items.filter(
    (p) =>
      p.variants.length === 1 &&
      p.variants[0]!.stockLevel === 'IN_STOCK' &&
      p.variants[0]!.priceWithTax >= min &&
      p.variants[0]!.priceWithTax <= max,
  );
}

/** Calls the Shop API from the page with the page's session (as the storefront does). */
export async function shopCall<T>(page: Page, query: string, variables: Record<string, unknown> = {}, languageCode?: Locale): Promise<T> {
  return page.evaluate(
    async ({ query, variables, languageCode }) => {
      const token = localStorage.getItem('vendure_token');
      const res = await fetch(languageCode ? `/shop-api?languageCode=${languageCode}` : '/shop-api', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      const next = res.headers.get('vendure-auth-token');
      if (next) {
        localStorage.setItem('vendure_token', next);
        localStorage.setItem('vendure_token_issued_at', String(Date.now()));
        document.cookie = `vendure_token=${encodeURIComponent(next)}; Path=/; SameSite=Lax`;
      }
      return ((await res.json()) as { data: T }).data;
    },
    { query, variables, languageCode },
  );
}

/** A new customer, signed in on the page's own session (the sign-in page is auth.spec's); no cart. */
export async function signedInShopper(page: Page, request: APIRequestContext, locale: Locale, label: string) {
  const customer = await createCustomer(request, `checkout-${label}-${locale}`);
  await page.goto(localePath(locale, '/'));
  // The page starts an anonymous session of its own: sign in on that session once it exists, or its
  // token would arrive after ours and replace it (the shopper would be a guest again).
  await page.waitForFunction(() => !!localStorage.getItem('vendure_token'), undefined, { timeout: 15_000 });
  await shopCall(page, `mutation ($u: String!, $p: String!) { login(username: $u, password: $p) { __typename } }`, {
    u: customer.email,
    p: customer.password,
  });
  return customer;
}

/**
 * A new customer, signed in, with a saved default address and one product in the cart. Returns the
 * active order's code.
 */
export async function shopperWithCart(page: Page, request: APIRequestContext, locale: Locale, label: string, min = 10_000, max = 80_000) {
  const [product] = await products(request, locale, min, max);
  expect(product, `a product between ${min} and ${max} halalas`).toBeTruthy();
  await signedInShopper(page, request, locale, label);
  await shopCall(page, `mutation ($input: CreateAddressInput!) { createCustomerAddress(input: $input) { id } }`, {
    input: {
      ...SAVED_ADDRESS,
      postalCode: '12211',
      countryCode: 'SA',
      phoneNumber: '+966500000001',
      defaultShippingAddress: true,
      defaultBillingAddress: true,
    },
  });
  return addOneToCart(page, product!.variants[0]!.id);
}

/** One unit of a variant into the signed-in page's cart through the Shop API; the order's code. */
export async function addOneToCart(page: Page, variantId: string): Promise<string> {
  const added = await shopCall<{ addItemToOrder: { code?: string } }>(
    page,
    `mutation ($v: ID!) { addItemToOrder(productVariantId: $v, quantity: 1) { ... on Order { code } } }`,
    { v: variantId },
  );
  expect(added.addItemToOrder.code).toBeTruthy();
  return added.addItemToOrder.code!;
}

export const stepUrl = (locale: Locale, code: string, step: string) =>
  new RegExp(`${escape(localePath(locale, `/checkout/${code}`))}\\?step=${step}$`);

/** From the cart page's button to the payment step, with the saved address and standard delivery. */
export async function toPayment(page: Page, locale: Locale, code: string, axe?: () => Promise<void>) {
  await page.goto(localePath(locale, '/cart'));
  const proceed = page.getByRole('link', { name: tr(locale, 'Proceed to checkout') });
  // Once the session has checked the token the button leads to checkout (a guest's goes to sign-in).
  await expect(proceed).toHaveAttribute('href', localePath(locale, `/checkout/${code}`), { timeout: 15_000 });
  await proceed.click();
  // The checkout's machine arrives once the page is idle: on a loaded machine that takes seconds.
  await expect(page).toHaveURL(stepUrl(locale, code, 'address'), { timeout: 20_000 });
  const deliver = page.getByRole('button', { name: tr(locale, 'Deliver to this address') });
  await expect(deliver).toBeEnabled();
  await expect(page.getByRole('radio')).toBeChecked(); // the default address is preselected
  await axe?.();
  await deliver.click();

  await expect(page).toHaveURL(stepUrl(locale, code, 'shipping'));
  await page.getByRole('radio', { name: STANDARD }).check();
  await axe?.();
  await page.getByRole('button', { name: tr(locale, 'Continue to review') }).click();

  await expect(page).toHaveURL(stepUrl(locale, code, 'review'));
  await expect(page.getByRole('heading', { name: tr(locale, 'Review your order') })).toBeVisible();
  await axe?.();
  await page.getByRole('button', { name: tr(locale, 'Continue to payment') }).click();
  await expect(page).toHaveURL(stepUrl(locale, code, 'payment'));
}

export async function pay(page: Page, locale: Locale, method: string) {
  await page.getByRole('radio', { name: new RegExp(escape(tr(locale, method))) }).check();
  await page.getByRole('button', { name: before(locale, 'Pay {0}') }).click();
}

export async function expectSuccess(page: Page, locale: Locale, code: string) {
  await expect(page).toHaveURL(new RegExp(`${escape(localePath(locale, '/checkout-success'))}\\?order=${code}$`), { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: tr(locale, 'Thank you, your order is placed') })).toBeVisible();
  await expect(page.getByText(code, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: tr(locale, 'View your order') })).toHaveAttribute(
    'href',
    localePath(locale, `/profile/orders/${code}`),
  );
  await expect(page.getByRole('link', { name: tr(locale, 'Continue shopping') })).toHaveAttribute('href', localePath(locale, '/products'));
}

/** An amount as the page shows it ("SAR 1,234.50", "‏١٬٢٣٤٫٥٠ ر.س.‏", "-SAR 5") in halalas. */
export function halalas(text: string): number {
  const latin = text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/\u066B/g, '.')
    .replace(/[\u2212\u002D]/g, '-');
  const m = /[\d,\u066C]+(?:\.\d+)?/.exec(latin);
  if (!m) throw new Error(`no amount in ${JSON.stringify(text)}`);
  const sign = latin.slice(0, m.index).includes('-') ? -1 : 1;
  return sign * Math.round(Number(m[0].replace(/[,\u066C]/g, '')) * 100);
}

/** The amount beside a term of a `<dl>` of totals (`dt` = term, `dd` = definition). */
export async function amountOf(page: Page, region: string, term: string | RegExp): Promise<number> {
  const row = page
    .getByRole('region', { name: region })
    .locator('div')
    .filter({ has: page.getByRole('term').filter({ hasText: term }) })
    .last();
  return halalas(await row.getByRole('definition').innerText());
}

/** Calls the Admin API as the development superadmin (what the Shop API cannot prepare). */
export async function adminCall<T>(request: APIRequestContext, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const admin = `${serverURL}/admin-api`;
  const login = await request.post(admin, {
    data: {
      query: `mutation { login(username: "${process.env.SUPERADMIN_USERNAME ?? 'superadmin'}", password: "${process.env.SUPERADMIN_PASSWORD ?? 'superadmin'}") { __typename } }`,
    },
  });
  const token = login.headers()['vendure-auth-token'];
  expect(token, 'Admin API login').toBeTruthy();
  const res = await request.post(admin, { headers: { authorization: `Bearer ${token}` }, data: { query, variables } });
  const body = (await res.json()) as { data?: T; errors?: unknown };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data!;
}

/** The shopper's active order as the Shop API reports it (names in the locale's language). */
export async function activeOrder(page: Page, locale: Locale) {
  const { activeOrder } = await shopCall<{
    activeOrder: {
      code: string;
      state: string;
      subTotalWithTax: number;
      lines: { quantity: number; productVariant: { product: { name: string } } }[];
    } | null;
  }>(page, 'query { activeOrder { code state subTotalWithTax lines { quantity productVariant { product { name } } } } }', {}, locale);
  return activeOrder;
}

/**
 * The "View order" links (Arabic section, English section) of the order confirmation the dev
 * mailbox holds for `code`, once it is there (the mail is sent by a job after the payment settles).
 */
export async function orderMailLinks(request: APIRequestContext, code: string): Promise<string[]> {
  const until = Date.now() + 20_000;
  for (;;) {
    const list = (await (await request.get(`${serverURL}/mailbox/list`)).json()) as Array<{ fileName: string; subject: string }>;
    const mail = list.find((m) => m.subject.includes(code));
    if (mail) {
      const { body } = (await (await request.get(`${serverURL}/mailbox/item/${encodeURIComponent(mail.fileName)}`)).json()) as {
        body: string;
      };
      return [...body.matchAll(/href="([^"]*\/profile\/orders\/[^"]*)"/g)].map((m) => m[1]!);
    }
    if (Date.now() > until) throw new Error(`no order confirmation for ${code} in the mailbox`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
