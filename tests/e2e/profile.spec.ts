// The customer profile pages (issue 13: /profile, addresses, change-password, orders, an order with
// its tax invoice, payments) in both locales. Each test makes its own customer (Admin API) and signs
// in by handing the browser a Shop API session token in the `vendure_token` cookie, as the shop's
// token store does after a sign-in.
import type { APIRequestContext, Page } from '@playwright/test';
import { browserLocale, createCustomer, errorSummary, expect, gotoHydrated, localePath, locales, serverURL, test, tr } from './fixtures';
import { formatMoneyPlain } from '../../src/lib/money';

const shopApi = `${serverURL}/shop-api`;

interface Session {
  token: string;
  email: string;
  password: string;
  q: <T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>) => Promise<T>;
}

/** A fresh customer signed in through the Shop API (the token is what the browser keeps). */
async function signedInCustomer(request: APIRequestContext, label: string): Promise<Session> {
  const { email, password } = await createCustomer(request, label);
  const res = await request.post(shopApi, {
    data: {
      query: 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { __typename } }',
      variables: { u: email, p: password },
    },
  });
  const token = res.headers()['vendure-auth-token'];
  expect(token, 'Shop API login').toBeTruthy();
  const q = async <T>(query: string, variables: Record<string, unknown> = {}) => {
    const r = await request.post(shopApi, { headers: { authorization: `Bearer ${token}` }, data: { query, variables } });
    const body = (await r.json()) as { data?: T; errors?: unknown };
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return body.data as T;
  };
  return { token: token!, email, password, q };
}

async function useSession(page: Page, baseURL: string | undefined, session: Session) {
  await page.context().addCookies([{ name: 'vendure_token', value: session.token, url: baseURL ?? 'http://127.0.0.1' }]);
}

/** The newest code the dev mailbox holds for an address (mail templates put it in data-testid="code"). */
async function readMailCode(request: APIRequestContext, email: string, after: number): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(
      async () => {
        const list = (await (await request.get(`${serverURL}/mailbox/list`)).json()) as {
          fileName: string;
          recipient: string;
          date: string;
        }[];
        const mail = list.find((m) => m.recipient.toLowerCase() === email.toLowerCase() && new Date(m.date).getTime() >= after - 1000);
        if (!mail) return null;
        const item = (await (await request.get(`${serverURL}/mailbox/item/${encodeURIComponent(mail.fileName)}`)).json()) as {
          body: string;
        };
        code = /data-testid="code"[^>]*>\s*(\d{6})/.exec(item.body)?.[1] ?? null;
        return code;
      },
      { timeout: 20_000 },
    )
    .not.toBeNull();
  return code!;
}

/** A placed order (cash on delivery) through the Shop API, as the checkout would make it. */
async function placeOrder(session: Session): Promise<string> {
  const { products } = await session.q<{ products: { items: { variants: { id: string; priceWithTax: number; stockLevel: string }[] }[] } }>(
    'query { products(options: { take: 20 }) { items { variants { id priceWithTax stockLevel } } } }',
  );
  const variant = products.items
    .flatMap((p) => p.variants)
    .filter((v) => v.priceWithTax > 0 && v.priceWithTax < 60000 && v.stockLevel !== 'OUT_OF_STOCK')
    .sort((a, b) => a.priceWithTax - b.priceWithTax)[0];
  expect(variant, 'a variant cheap enough for cash on delivery').toBeTruthy();
  await session.q('mutation($id: ID!) { addItemToOrder(productVariantId: $id, quantity: 1) { __typename } }', { id: variant!.id });
  await session.q('mutation($i: CreateAddressInput!) { setOrderShippingAddress(input: $i) { __typename } }', {
    i: { fullName: 'Sara Test', streetLine1: 'Olaya St 12', city: 'Riyadh', countryCode: 'SA', phoneNumber: '+966501234567' },
  });
  const { eligibleShippingMethods } = await session.q<{ eligibleShippingMethods: { id: string }[] }>(
    'query { eligibleShippingMethods { id } }',
  );
  await session.q('mutation($id: [ID!]!) { setOrderShippingMethod(shippingMethodId: $id) { __typename } }', {
    id: [eligibleShippingMethods[0]!.id],
  });
  await session.q('mutation { transitionOrderToState(state: "ArrangingPayment") { __typename } }');
  const { addPaymentToOrder } = await session.q<{ addPaymentToOrder: { __typename: string; code?: string; state?: string } }>(
    'mutation { addPaymentToOrder(input: { method: "cash-on-delivery", metadata: {} }) { __typename ... on Order { code state } } }',
  );
  expect(addPaymentToOrder.__typename).toBe('Order');
  return addPaymentToOrder.code!;
}

/** Saving, the customer reload and the page's loaders on 2 busy cores. */
const SLOW = { timeout: 15_000 };

for (const locale of locales) {
  test.describe(`profile (${locale})`, () => {
    test.use(browserLocale(locale));

    test('a guest asking for the profile is sent to sign in, with the page to come back to', async ({ page }) => {
      await page.goto(localePath(locale, '/profile/orders?page=2'));
      await expect(page).toHaveURL(
        new RegExp(`${localePath(locale, '/auth')}\\?redirect=${encodeURIComponent('/profile/orders?page=2').replace(/[?]/g, '\\?')}$`),
      );
    });

    test('profile home: edit names and phone, upload a picture, a rejected file says why @responsive', async ({
      page,
      request,
      baseURL,
      axe,
    }) => {
      const session = await signedInCustomer(request, `profile-${locale}`);
      await useSession(page, baseURL, session);
      await gotoHydrated(page, localePath(locale, '/profile'));
      await expect(page.getByRole('heading', { level: 1, name: tr(locale, 'My profile') })).toBeVisible();
      const nav = page.getByRole('navigation', { name: tr(locale, 'My account') });
      await expect(nav.getByRole('link', { name: tr(locale, 'Profile') })).toHaveAttribute('aria-current', 'page');
      await axe();

      const first = page.getByRole('textbox', { name: tr(locale, 'First name') });
      await expect(first).toHaveValue('Test');
      await first.fill('');
      await page.getByRole('button', { name: tr(locale, 'Save details') }).click();
      await expect(first).toBeFocused();
      await expect(first).toHaveAccessibleDescription(tr(locale, 'Please enter your first name.'));

      await first.fill('Noura');
      await page.getByRole('textbox', { name: tr(locale, 'Mobile number (optional)') }).fill('0501234567');
      await page.getByRole('button', { name: tr(locale, 'Save details') }).click();
      await expect(page.getByText(tr(locale, 'Your details have been saved.'))).toBeVisible(SLOW);
      const { activeCustomer } = await session.q<{ activeCustomer: { firstName: string; phoneNumber: string } }>(
        'query { activeCustomer { firstName phoneNumber } }',
      );
      expect(activeCustomer).toEqual({ firstName: 'Noura', phoneNumber: '+966501234567' });

      const picker = page.getByLabel(tr(locale, 'Choose a picture'));
      await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
      await expect(page.getByRole('alert').filter({ hasText: tr(locale, 'Choose a JPEG, PNG or WebP image.') })).toBeVisible();

      // 1x1 transparent PNG
      const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
      const avatar = page.getByRole('img', { name: tr(locale, 'Your profile picture') });
      await expect(avatar).toHaveCount(0);
      await picker.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
      await expect(page.getByText(tr(locale, 'Your picture has been uploaded.'))).toBeVisible(SLOW);
      await expect(avatar).toBeVisible();
      // Saved to the customer: after a reload the picture is still there, served through the asset preset.
      await page.reload();
      await expect(avatar).toBeVisible(SLOW);
      await expect(avatar).toHaveAttribute('src', /preset=thumb/);
      await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), SLOW).toBe(true);
      await axe();
    });

    test('addresses: add with a Saudi city, edit, verify by code, set default, delete with confirmation', async ({
      page,
      request,
      baseURL,
      axe,
    }) => {
      test.slow();
      const session = await signedInCustomer(request, `addresses-${locale}`);
      const saudiCities = (
        (await (
          await request.post(`${shopApi}?languageCode=${locale}`, { data: { query: 'query { cities(countryCode: "SA") { name } }' } })
        ).json()) as { data: { cities: { name: string }[] } }
      ).data.cities.map((c) => c.name);
      expect(saudiCities.length).toBeGreaterThan(1);
      await useSession(page, baseURL, session);
      await gotoHydrated(page, localePath(locale, '/profile/addresses'));
      await expect(page.getByText(tr(locale, 'You have no saved addresses yet.'))).toBeVisible();
      await axe();

      async function addAddress(firstName: string, street: string) {
        await page.getByRole('button', { name: tr(locale, 'Add an address') }).click();
        await page.getByRole('textbox', { name: tr(locale, 'First name') }).fill(firstName);
        await page.getByRole('textbox', { name: tr(locale, 'Last name') }).fill('Saleh');
        await page.getByRole('textbox', { name: tr(locale, 'Street and building') }).fill(street);
        const city = page.getByRole('combobox', { name: tr(locale, 'City') });
        await expect(city.locator('option')).not.toHaveCount(1, SLOW);
        await city.selectOption({ index: 1 });
        // a Saudi city, named in the page's language (the backend's cities of SA in that language)
        const chosen = (await city.locator('option:checked').textContent())?.trim() ?? '';
        expect(saudiCities).toContain(chosen);
        expect(chosen).toMatch(locale === 'ar' ? /^[\p{Script=Arabic}\s]+$/u : /^[A-Za-z][A-Za-z\s'-]*$/);
        await page.getByRole('textbox', { name: tr(locale, 'Mobile number'), exact: true }).fill('0551234567');
        await page.getByRole('button', { name: tr(locale, 'Save address') }).click();
        await expect(page.getByRole('heading', { level: 2, name: `${firstName} Saleh` })).toBeVisible(SLOW);
      }

      // An empty form: focus goes to the first field in error.
      await page.getByRole('button', { name: tr(locale, 'Add an address') }).click();
      await page.getByRole('button', { name: tr(locale, 'Save address') }).click();
      const firstName = page.getByRole('textbox', { name: tr(locale, 'First name') });
      await expect(firstName).toBeFocused();
      await expect(firstName).toHaveAccessibleDescription(tr(locale, 'Please enter the first name.'));
      await axe();
      await page.getByRole('button', { name: tr(locale, 'Cancel') }).click();

      await addAddress('Huda', 'King Fahd Rd 1');
      await addAddress('Reem', 'Tahlia St 2');

      // Edit
      await page.getByRole('button', { name: tr(locale, 'Edit the address of {name}', { name: 'Huda Saleh' }) }).click();
      const street = page.getByRole('textbox', { name: tr(locale, 'Street and building') });
      await expect(street).toHaveValue('King Fahd Rd 1');
      await street.fill('King Fahd Rd 99');
      await page.getByRole('button', { name: tr(locale, 'Save address') }).click();
      await expect(page.getByText('King Fahd Rd 99')).toBeVisible(SLOW);

      // Verify by the code mailed to the customer
      const asked = Date.now();
      await page.getByRole('button', { name: tr(locale, 'Verify the address of {name}', { name: 'Huda Saleh' }) }).click();
      const code = await readMailCode(request, session.email, asked);
      await page.getByRole('textbox', { name: tr(locale, 'Verification code') }).fill(code);
      await page.getByRole('button', { name: tr(locale, 'Verify'), exact: true }).click();
      const huda = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Huda Saleh' }) });
      await expect(huda.getByText(tr(locale, 'Verified'), { exact: true })).toBeVisible(SLOW);

      // Set default
      await page.getByRole('button', { name: tr(locale, 'Set as default: {name}', { name: 'Reem Saleh' }) }).click();
      const reem = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Reem Saleh' }) });
      await expect(reem.getByText(tr(locale, 'Default address'))).toBeVisible(SLOW);

      // Delete with confirmation
      await page.getByRole('button', { name: tr(locale, 'Delete the address of {name}', { name: 'Huda Saleh' }) }).click();
      const dialog = page.getByRole('alertdialog', { name: tr(locale, 'Delete this address?') });
      await expect(dialog).toBeVisible();
      await axe();
      await dialog.getByRole('button', { name: tr(locale, 'Yes, delete it') }).click();
      await expect(page.getByRole('heading', { name: 'Huda Saleh' })).toHaveCount(0, SLOW);
      await expect(page.getByRole('heading', { name: 'Reem Saleh' })).toBeVisible();
    });

    test('orders: a placed order is in the history, its page shows totals and the invoice QR; payments list it @responsive', async ({
      page,
      request,
      baseURL,
      axe,
    }) => {
      test.slow();
      const session = await signedInCustomer(request, `orders-${locale}`);
      const code = await placeOrder(session);
      await useSession(page, baseURL, session);

      await gotoHydrated(page, localePath(locale, '/profile/orders'));
      await expect(page.getByRole('heading', { level: 1, name: tr(locale, 'My orders') })).toBeVisible();
      const row = page.getByRole('row').filter({ hasText: code });
      await expect(row).toBeVisible();
      await expect(row.getByText(tr(locale, 'Payment authorised'))).toBeVisible();
      await axe();

      await row.getByRole('link', { name: code }).click();
      await expect(page).toHaveURL(new RegExp(`${localePath(locale, `/profile/orders/${code}`)}$`));
      await expect(page.getByRole('heading', { level: 2, name: tr(locale, 'Totals') })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: tr(locale, 'Simplified tax invoice') })).toBeVisible();
      const qr = page.getByRole('img', { name: tr(locale, 'Tax invoice QR code') });
      await expect(qr).toBeVisible();
      expect(await qr.evaluate((el) => el.tagName.toLowerCase())).toBe('svg');
      await expect(page.getByRole('button', { name: tr(locale, 'Cancel order') })).toBeVisible();
      await expect(
        page.getByRole('link', { name: new RegExp(tr(locale, 'Write a review of {0}', { 0: '' }).trim()) }).first(),
      ).toBeVisible();
      await axe();

      await gotoHydrated(page, localePath(locale, '/profile/payments'));
      const payment = page.getByRole('row').filter({ hasText: code });
      await expect(payment.getByText(tr(locale, 'Cash on delivery'))).toBeVisible();
      await axe();

      await gotoHydrated(page, localePath(locale, '/profile/change-password'));
      await page.getByRole('button', { name: tr(locale, 'Change password') }).click();
      const current = page.getByLabel(tr(locale, 'Current password'));
      await expect(current).toBeFocused();
      await axe();
    });

    test('cancel an order the backend still allows cancelling', async ({ page, request, baseURL, axe }) => {
      test.slow();
      const session = await signedInCustomer(request, `cancel-${locale}`);
      const code = await placeOrder(session);
      await useSession(page, baseURL, session);
      await gotoHydrated(page, localePath(locale, `/profile/orders/${code}`));
      await page.getByRole('button', { name: tr(locale, 'Cancel order') }).click();
      const reason = page.getByRole('textbox', { name: tr(locale, 'Why are you cancelling? (optional)') });
      await expect(reason).toBeFocused();
      await reason.fill('Ordered by mistake');
      await axe();
      await page.getByRole('button', { name: tr(locale, 'Yes, cancel this order') }).click();
      await expect(page.getByRole('status').filter({ hasText: tr(locale, 'Your order has been cancelled.') })).toBeVisible(SLOW);
      // the backend agrees, and the page read again no longer offers it
      const { activeCustomer } = await session.q<{ activeCustomer: { orders: { items: { code: string; state: string }[] } } }>(
        'query { activeCustomer { orders(options: { take: 5 }) { items { code state } } } }',
      );
      expect(activeCustomer.orders.items.find((o) => o.code === code)?.state).toBe('Cancelled');
      await gotoHydrated(page, localePath(locale, `/profile/orders/${code}`));
      await expect(page.getByRole('button', { name: tr(locale, 'Cancel order') })).toHaveCount(0);
      // a cancelled cash-on-delivery order: nothing due, no fee, its payment cancelled (issue 35 §5)
      await expect(
        page.getByRole('status').filter({ hasText: tr(locale, 'This order has been cancelled. Nothing is due.') }),
      ).toBeVisible();
      await expect(page.locator('.summary-list__total dd')).toContainText(formatMoneyPlain(0, locale));
      await expect(page.locator('.order-payments li')).toContainText(tr(locale, 'Cancelled'));
      await gotoHydrated(page, localePath(locale, '/profile/orders'));
      await expect(page.getByRole('row').filter({ hasText: code }).getByText(tr(locale, 'Cancelled'), { exact: true })).toBeVisible();
    });

    test("another customer's order code is a 404", async ({ page, request, baseURL }) => {
      const owner = await signedInCustomer(request, `owner-${locale}`);
      const code = await placeOrder(owner);
      const other = await signedInCustomer(request, `other-${locale}`);
      await useSession(page, baseURL, other);
      const response = await page.goto(localePath(locale, `/profile/orders/${code}`));
      expect(response?.status()).toBe(404);
    });
  });
}

// Change of password, end to end in Arabic: the new password signs in, the old one no longer does.
test.describe('change password (ar)', () => {
  test.use(browserLocale('ar'));

  test('the new password signs in and the old one is refused', async ({ page, request, baseURL, axe }) => {
    test.slow();
    const session = await signedInCustomer(request, 'change-password-ar');
    await useSession(page, baseURL, session);
    await gotoHydrated(page, localePath('ar', '/profile/change-password'));
    const fresh = 'كلمة جديدة 2026';
    await page.getByLabel(tr('ar', 'Current password'), { exact: true }).fill(session.password);
    await page.getByLabel(tr('ar', 'New password'), { exact: true }).fill(fresh);
    await page.getByLabel(tr('ar', 'Repeat the new password'), { exact: true }).fill(fresh);
    await page.getByRole('button', { name: tr('ar', 'Change password') }).click();
    await expect(page.getByRole('status').filter({ hasText: tr('ar', 'Your password has been changed.') })).toBeVisible(SLOW);
    await axe();

    // A browser that is not signed in: the old password is refused, the new one signs in.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await gotoHydrated(page, localePath('ar', '/auth'));
    const email = page.getByRole('textbox', { name: tr('ar', 'Email address') });
    const password = page.getByLabel(tr('ar', 'Password'), { exact: true });
    const signIn = page.getByRole('button', { name: tr('ar', 'Sign in'), exact: true });
    await email.fill(session.email);
    await password.fill(session.password);
    await signIn.click();
    await expect(errorSummary(page)).toHaveText(
      tr('ar', 'The email address or password is incorrect. Please check them and try again.'),
      SLOW,
    );
    await password.fill(fresh);
    await signIn.click();
    await expect(page).toHaveURL(new RegExp(`${localePath('ar', '/profile')}$`), SLOW);
  });
});

// The same form in English: what the shopper is told when the fields or the current password are wrong.
test.describe('change password (en)', () => {
  test.use(browserLocale('en'));

  test('a wrong current password, a weak or repeated-wrongly new one each say why, and nothing changes', async ({
    page,
    request,
    baseURL,
    axe,
  }) => {
    const session = await signedInCustomer(request, 'change-password-en');
    await useSession(page, baseURL, session);
    await gotoHydrated(page, localePath('en', '/profile/change-password'));
    const current = page.getByLabel(tr('en', 'Current password'), { exact: true });
    const next = page.getByLabel(tr('en', 'New password'), { exact: true });
    const repeat = page.getByLabel(tr('en', 'Repeat the new password'), { exact: true });
    const submit = page.getByRole('button', { name: tr('en', 'Change password') });

    await current.fill(session.password);
    await next.fill('short1');
    await repeat.fill('short2');
    await submit.click();
    await expect(next).toBeFocused();
    await expect(next).toHaveAccessibleDescription(tr('en', 'Choose a password of at least {minLength} characters.', { minLength: 8 }));
    await expect(repeat).toHaveAccessibleDescription(tr('en', 'The two passwords do not match.'));
    await axe();

    await current.fill('Not my password 1');
    await next.fill('Another pass 42');
    await repeat.fill('Another pass 42');
    await submit.click();
    await expect(current).toHaveAccessibleDescription(tr('en', 'Your current password is not correct.'), SLOW);
    await expect(current).toHaveValue('Not my password 1');

    // nothing changed: the password the account had still signs in
    const login = await request.post(shopApi, {
      data: {
        query: 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { __typename } }',
        variables: { u: session.email, p: session.password },
      },
    });
    expect(((await login.json()) as { data: { login: { __typename: string } } }).data.login.__typename).toBe('CurrentUser');
  });
});
