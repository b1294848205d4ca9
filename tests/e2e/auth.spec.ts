// The sign-in page (/auth, /en/auth; decision 006) in both locales: validation, each server
// failure, a good sign-in landing on the safe redirect target, and no open redirect.
// Each test signs in as a customer of its own (createCustomer: Admin API), never the demo customer.
import type { Page } from '@playwright/test';
import {
  browserLocale,
  createCustomer,
  errorSummary,
  expect,
  expectAnnouncedOnce,
  gotoHydrated,
  locales,
  localePath,
  test,
  tr,
  type Locale,
} from './fixtures';

function form(page: Page, locale: Locale) {
  return {
    email: page.getByRole('textbox', { name: tr(locale, 'Email address') }),
    password: page.getByLabel(tr(locale, 'Password'), { exact: true }),
    submit: page.getByRole('button', { name: tr(locale, 'Sign in'), exact: true }),
    alert: errorSummary(page),
  };
}

async function signIn(page: Page, locale: Locale, email: string, password: string) {
  const f = form(page, locale);
  await f.email.fill(email);
  await f.password.fill(password);
  await f.submit.click();
}

/** Signing in, the session's user check, then the target page's loaders (home, listings) on 2 busy cores. */
const AFTER_SIGN_IN_MS = 15_000;

function accountLink(page: Page, locale: Locale) {
  return page.getByRole('banner').getByRole('link', { name: tr(locale, 'My account') });
}

for (const locale of locales) {
  test.describe(`sign in (${locale})`, () => {
    test.use(browserLocale(locale));

    test('the header and the page: minimal layout, translated, bad input shows field messages @responsive', async ({ page, axe }) => {
      await gotoHydrated(page, localePath(locale, '/'));
      await page
        .getByRole('banner')
        .getByRole('link', { name: tr(locale, 'Sign in or create an account') })
        .click();
      await expect(page).toHaveURL(new RegExp(`${localePath(locale, '/auth')}$`));
      await expect(page.getByRole('heading', { level: 1, name: tr(locale, 'Sign in') })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      // The minimal layout: logo and language switch (same page), no site navigation, no footer.
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
      const other = locale === 'ar' ? 'en' : 'ar';
      await expect(page.getByRole('banner').getByRole('link', { name: other === 'ar' ? 'العربية' : 'English' })).toHaveAttribute(
        'href',
        localePath(other, '/auth'),
      );

      const f = form(page, locale);
      await f.submit.click();
      await expect(f.email).toBeFocused();
      await expect(f.email).toHaveAttribute('aria-invalid', 'true');
      await expect(f.email).toHaveAccessibleDescription(tr(locale, 'Please enter your email address.'));
      await expect(f.password).toHaveAccessibleDescription(tr(locale, 'Please enter your password.'));

      await f.email.fill('sara@');
      await f.password.fill('whatever');
      await f.submit.click();
      await expect(f.email).toBeFocused();
      await expect(f.email).toHaveAccessibleDescription(tr(locale, 'Please enter a valid email address, for example name@example.com.'));
      await expect(f.password).not.toHaveAttribute('aria-invalid', 'true');
      await axe();
    });

    test('a wrong password says so, keeps the email and clears the password', async ({ page, request, axe }) => {
      const customer = await createCustomer(request, `wrong-${locale}`);
      await gotoHydrated(page, localePath(locale, '/auth'));
      await signIn(page, locale, customer.email, 'not-the-password');
      const f = form(page, locale);
      const wrong = tr(locale, 'The email address or password is incorrect. Please check them and try again.');
      await expect(f.alert).toHaveText(wrong, { timeout: AFTER_SIGN_IN_MS });
      await expectAnnouncedOnce(f.alert, wrong);
      await expect(f.email).toHaveValue(customer.email);
      await expect(f.password).toHaveValue('');
      await axe();
    });

    test('an account whose email is not confirmed goes on to the code step', async ({ page, request }) => {
      const email = `unverified.${locale}.${Date.now()}@example.com`;
      const res = await request.post('/shop-api', {
        data: {
          query: `mutation ($input: RegisterCustomerInput!) { registerCustomerAccount(input: $input) { __typename } }`,
          variables: { input: { emailAddress: email, password: 'Shopper123!', firstName: 'New', lastName: 'Shopper' } },
        },
      });
      expect(
        ((await res.json()) as { data: { registerCustomerAccount: { __typename: string } } }).data.registerCustomerAccount.__typename,
      ).toBe('Success');
      await gotoHydrated(page, localePath(locale, '/auth'));
      await signIn(page, locale, email, 'Shopper123!');
      // A fresh code is sent and the shopper confirms it on /auth/otp (tests/e2e/auth-flows.spec.ts).
      await expect(page).toHaveURL(new RegExp(`${localePath(locale, '/auth/otp')}$`), { timeout: AFTER_SIGN_IN_MS });
      await expect(page.getByRole('heading', { level: 1, name: tr(locale, 'Confirm your email address') })).toBeVisible();
    });

    test("too many attempts: the backend's limit (HTTP 429) shows the wait message", async ({ page, request }) => {
      const email = `limited.${locale}.${Date.now()}@example.com`;
      // The backend allows 10 sign-ins per account and address in 15 minutes; the page makes the 11th.
      const statuses = await Promise.all(
        Array.from({ length: 10 }, () =>
          request
            .post('/shop-api', { data: { query: `mutation { login(username: "${email}", password: "nope") { __typename } }` } })
            .then((res) => res.status()),
        ),
      );
      expect(statuses).toEqual(Array(10).fill(200));
      await gotoHydrated(page, localePath(locale, '/auth'));
      await signIn(page, locale, email, 'nope');
      await expect(form(page, locale).alert).toHaveText(
        tr(locale, 'Too many sign-in attempts. For your security, please wait a few minutes before trying again.'),
        { timeout: AFTER_SIGN_IN_MS },
      );
    });

    test('a network failure offers a retry that signs in', async ({ page, request }) => {
      const customer = await createCustomer(request, `retry-${locale}`);
      await gotoHydrated(page, localePath(locale, '/auth?redirect=/wishlist'));
      let failNext = true;
      await page.route('**/shop-api**', async (route) => {
        const body = route.request().postData() ?? '';
        if (failNext && body.includes('login')) {
          failNext = false;
          return route.abort('internetdisconnected');
        }
        return route.fallback();
      });
      await signIn(page, locale, customer.email, customer.password);
      const f = form(page, locale);
      await expect(f.alert).toContainText(tr(locale, 'We could not reach the store to sign you in. Check your connection and try again.'), {
        timeout: AFTER_SIGN_IN_MS,
      });
      await f.alert.getByRole('button', { name: tr(locale, 'Try again') }).click();
      await expect(page).toHaveURL(new RegExp(`${localePath(locale, '/wishlist')}$`), { timeout: AFTER_SIGN_IN_MS });
      await expect(accountLink(page, locale)).toBeVisible();
    });

    test('a good sign-in lands on the redirect target and the header shows the account', async ({ page, request }) => {
      const customer = await createCustomer(request, `good-${locale}`);
      await gotoHydrated(page, `${localePath(locale, '/auth')}?redirect=${encodeURIComponent('/products?sort=price')}`);
      await signIn(page, locale, customer.email, customer.password);
      await expect(page).toHaveURL(new RegExp(`${localePath(locale, '/products')}\\?sort=price$`), { timeout: AFTER_SIGN_IN_MS });
      await expect(accountLink(page, locale)).toBeVisible();
      await expect(page.getByRole('banner').getByRole('link', { name: tr(locale, 'Sign in or create an account') })).toHaveCount(0);

      // Signed in already: /auth moves straight on; /auth/login is the same page.
      await page.goto(`${localePath(locale, '/auth/login')}?redirect=/cart`);
      await expect(page).toHaveURL(new RegExp(`${localePath(locale, '/cart')}$`));
    });

    test('a redirect to another site lands on the profile instead', async ({ page, request, baseURL }) => {
      test.slow(); // a sign-in and three more page loads, each waiting for the session check
      const customer = await createCustomer(request, `evil-${locale}`);
      const home = new RegExp(`^${baseURL}${localePath(locale, '/profile')}$`);
      await gotoHydrated(page, `${localePath(locale, '/auth')}?redirect=//evil.com`);
      await signIn(page, locale, customer.email, customer.password);
      await expect(page).toHaveURL(home, { timeout: AFTER_SIGN_IN_MS });
      await expect(accountLink(page, locale)).toBeVisible();
      for (const evil of ['https://evil.com', '/\\evil.com', '//evil.com/%2F..']) {
        await page.goto(`${localePath(locale, '/auth')}?redirect=${encodeURIComponent(evil)}`);
        await expect(page, evil).toHaveURL(home);
      }
    });
  });
}
