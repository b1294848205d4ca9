// The storefront shell as a shopper meets it (issue 3, "How it is checked"): locale of the server
// HTML, first-visit language choice, the language switch, 404s, header and footer, the mobile menu,
// the contact form and accessibility of the static pages, in Arabic and English.
import {
  acceptLanguage,
  browserLocale,
  exactly,
  type Locale,
  gotoHydrated,
  startingWith,
  expect,
  htmlAttributes,
  LOCALE_COOKIE,
  localDigits,
  localePath,
  locales,
  test,
  tr,
} from './fixtures';
import type { Page } from '@playwright/test';

const noRedirect = { maxRedirects: 0 } as const;
const locationOf = (headers: Record<string, string>) => {
  const url = new URL(headers.location ?? '', 'http://x');
  return url.pathname + url.search;
};

test.describe('the server renders each locale with its language and direction', () => {
  for (const [path, lang, dir] of [
    ['/', 'ar', 'rtl'],
    ['/en', 'en', 'ltr'],
    ['/about', 'ar', 'rtl'],
    ['/en/about', 'en', 'ltr'],
  ] as const) {
    test(`${path} is served as <html lang="${lang}" dir="${dir}">`, async ({ request }) => {
      const res = await request.get(path, { headers: { 'accept-language': acceptLanguage[lang] }, ...noRedirect });
      expect(res.status()).toBe(200);
      expect(htmlAttributes(await res.text())).toEqual({ lang, dir });
    });
  }
});

test.describe('a first visit chooses the language: cookie, then browser languages, then English', () => {
  test('an English browser on an unprefixed page is sent to the English twin with a 302, query kept', async ({ request }) => {
    const res = await request.get('/about?ref=e2e', { headers: { 'accept-language': acceptLanguage.en }, ...noRedirect });
    expect(res.status()).toBe(302);
    expect(locationOf(res.headers())).toBe('/en/about?ref=e2e');
  });

  test('an English browser on the home page is sent to /en', async ({ request }) => {
    const res = await request.get('/', { headers: { 'accept-language': acceptLanguage.en }, ...noRedirect });
    expect(res.status()).toBe(302);
    expect(locationOf(res.headers())).toBe('/en');
  });

  test('an Arabic browser stays on the Arabic page', async ({ request }) => {
    const res = await request.get('/about', { headers: { 'accept-language': acceptLanguage.ar }, ...noRedirect });
    expect(res.status()).toBe(200);
    expect(htmlAttributes(await res.text()).lang).toBe('ar');
  });

  test('the first supported language of the browser list wins', async ({ request }) => {
    const res = await request.get('/', { headers: { 'accept-language': 'fr-FR,fr;q=0.9,ar;q=0.8,en;q=0.7' }, ...noRedirect });
    expect(res.status()).toBe(200);
    expect(htmlAttributes(await res.text()).lang).toBe('ar');
  });

  test('a browser with no supported language falls back to English', async ({ request }) => {
    const res = await request.get('/', { headers: { 'accept-language': 'fr-FR,de;q=0.8' }, ...noRedirect });
    expect(res.status()).toBe(302);
    expect(locationOf(res.headers())).toBe('/en');
  });

  test('the locale cookie beats the browser languages (ar cookie, English browser)', async ({ request }) => {
    const res = await request.get('/', {
      headers: { 'accept-language': acceptLanguage.en, cookie: `${LOCALE_COOKIE}=ar` },
      ...noRedirect,
    });
    expect(res.status()).toBe(200);
    expect(htmlAttributes(await res.text()).lang).toBe('ar');
  });

  test('the locale cookie beats the browser languages (en cookie, Arabic browser)', async ({ request }) => {
    const res = await request.get('/culture', {
      headers: { 'accept-language': acceptLanguage.ar, cookie: `${LOCALE_COOKIE}=en` },
      ...noRedirect,
    });
    expect(res.status()).toBe(302);
    expect(locationOf(res.headers())).toBe('/en/culture');
  });

  test('a page reached from our own site is never redirected (that is the language switch)', async ({ request, baseURL }) => {
    const res = await request.get('/about', {
      headers: { 'accept-language': acceptLanguage.en, cookie: `${LOCALE_COOKIE}=en`, referer: `${baseURL}/en/about` },
      ...noRedirect,
    });
    expect(res.status()).toBe(200);
    expect(htmlAttributes(await res.text()).lang).toBe('ar');
  });

  for (const locale of locales) {
    test(`rendering a ${locale} page stores ${locale} in the cookie for 365 days, path /, SameSite=Lax`, async ({ request }) => {
      const res = await request.get(localePath(locale, '/about'), {
        headers: { 'accept-language': acceptLanguage[locale] },
        ...noRedirect,
      });
      expect(res.status()).toBe(200);
      const cookie = res
        .headersArray()
        .filter((h) => h.name.toLowerCase() === 'set-cookie')
        .map((h) => h.value)
        .find((v) => v.startsWith(`${LOCALE_COOKIE}=`));
      expect(cookie, 'Set-Cookie for the locale').toBeDefined();
      expect(cookie).toMatch(new RegExp(`^${LOCALE_COOKIE}=${locale};`));
      expect(cookie).toMatch(/;\s*Path=\/(;|$)/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      const maxAge = /Max-Age=(\d+)/i.exec(cookie!)?.[1];
      const expires = /Expires=([^;]+)/i.exec(cookie!)?.[1];
      const seconds = maxAge ? Number(maxAge) : (Date.parse(expires ?? '') - Date.now()) / 1000;
      expect(Math.round(seconds / 86400)).toBe(365);
    });
  }
});

test.describe('the language switch', () => {
  test.use(browserLocale('en'));

  test('goes to the same page and query in the other language, and back', async ({ page }) => {
    await page.goto('/en/about?ref=e2e');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const aboutEn = await page.getByRole('heading', { level: 1 }).textContent();

    await page.getByRole('banner').getByRole('link', { name: 'العربية' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/about' && url.search === '?ref=e2e');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(aboutEn ?? '');

    await page.getByRole('banner').getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/en/about' && url.search === '?ref=e2e');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(aboutEn ?? '');
  });

  test('the language chosen with the switch wins over the browser language on a later visit', async ({ page, context }) => {
    const localeCookie = async () => (await context.cookies()).find((c) => c.name === LOCALE_COOKIE)?.value;
    await gotoHydrated(page, '/en/about');
    expect(await localeCookie()).toBe('en');
    await page.getByRole('banner').getByRole('link', { name: 'العربية' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect.poll(localeCookie).toBe('ar');

    // A new visit to an unprefixed page (no referrer) stays Arabic although the browser prefers English.
    await page.goto('/culture');
    await expect(page).toHaveURL((url) => url.pathname === '/culture');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  });
});

test('a policy page with an invalid type is a 404', async ({ request }) => {
  const res = await request.get('/en/pages/privacy-policy?type=bogus', { ...noRedirect });
  expect(res.status()).toBe(404);
});

for (const locale of locales) {
  test.describe(`${locale}: unknown pages`, () => {
    test.use(browserLocale(locale));

    test(`an unknown path answers 404 with the translated "Page not found"`, async ({ request, page }) => {
      const path = localePath(locale, '/no-such-page-e2e');
      const res = await request.get(path, { headers: { 'accept-language': acceptLanguage[locale] }, ...noRedirect });
      expect(res.status()).toBe(404);
      const html = await res.text();
      expect(htmlAttributes(html).lang).toBe(locale);
      expect(html).toContain(tr(locale, 'Page not found'));

      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: tr(locale, 'Page not found') })).toBeVisible();
      await expect(page.getByRole('link', { name: tr(locale, 'Back to home') })).toHaveAttribute('href', localePath(locale, '/'));
    });

    // Issue 32 §7: a malformed URL (bad percent-encoding) gets the shop's own page in the page's
    // language, not Express's bare "Bad Request".
    test(`a malformed URL answers 404 with the shop's translated "Page not found"`, async ({ request, page }) => {
      for (const path of [localePath(locale, '/%E0%A4%A'), localePath(locale, '/products/%E0%A4%A')]) {
        const res = await request.get(path, { headers: { 'accept-language': acceptLanguage[locale] }, ...noRedirect });
        expect(res.status(), path).toBe(404);
        const html = await res.text();
        expect(htmlAttributes(html).lang).toBe(locale);
        expect(html).toContain(tr(locale, 'Page not found'));
      }
      await page.goto(localePath(locale, '/%E0%A4%A'));
      await expect(page.getByRole('heading', { level: 1, name: tr(locale, 'Page not found') })).toBeVisible();
      await expect(page.getByRole('link', { name: tr(locale, 'Back to home') })).toHaveAttribute('href', localePath(locale, '/'));
    });
  });

  test.describe(`${locale}: header and footer`, () => {
    test.use(browserLocale(locale));

    test(`the header offers account, wishlist, cart and search @responsive`, async ({ page, isMobile }) => {
      await gotoHydrated(page, localePath(locale, '/faqs'));
      const header = page.getByRole('banner');
      await expect(header).toBeVisible();
      await expect(header.getByRole('link', { name: tr(locale, 'Cart') })).toHaveAttribute('href', localePath(locale, '/cart'));
      await expect(header.getByRole('link', { name: tr(locale, 'Sign in or create an account') })).toHaveAttribute(
        'href',
        localePath(locale, '/auth'),
      );
      if (isMobile) {
        // the wishlist lives in the menu and the search box behind a toggle on small screens
        await header.getByRole('button', { name: tr(locale, 'Search') }).click();
        await expect(header.getByRole('button', { name: tr(locale, 'Close search') })).toHaveAttribute('aria-expanded', 'true');
      } else {
        await expect(header.getByRole('link', { name: tr(locale, 'Wishlist') })).toHaveAttribute('href', localePath(locale, '/wishlist'));
      }
      await expect(header.getByRole('combobox', { name: tr(locale, 'Search products') }).filter({ visible: true })).toHaveCount(1);
    });

    test(`the footer lists company and policy links, payment logos, the year; no YouTube or Snapchat`, async ({ page }) => {
      await page.goto(localePath(locale, '/faqs'));
      const footer = page.getByRole('contentinfo');
      for (const [label, path] of [
        ['About us', '/about'],
        ['Contact us', '/contact'],
        ['FAQs', '/faqs'],
        ['Privacy policy', '/pages/privacy-policy?type=privacy'],
        ['Exchange and return policy', '/pages/exchange-and-return-policy?type=exchange'],
      ] as const) {
        await expect(footer.getByRole('link', { name: tr(locale, label) })).toHaveAttribute('href', localePath(locale, path));
      }
      for (const name of ['Apple Pay', 'Visa', 'Mastercard', 'mada', 'Tamara', 'Tabby', 'STC Pay']) {
        await expect(footer.getByRole('img', { name, exact: true })).toBeVisible();
      }
      await expect(footer).toContainText(localDigits(locale, new Date().getFullYear()));
      await expect(footer.locator('a[href*="youtube"], a[href*="snapchat"]')).toHaveCount(0);
    });
  });

  test.describe(`${locale}: mobile menu`, () => {
    test.use(browserLocale(locale));

    test(`opens with categories, sub-lists, wishlist and language switch, and closes @mobile`, async ({ page }) => {
      await gotoHydrated(page, localePath(locale, '/'));
      await page.getByRole('button', { name: tr(locale, 'Open menu') }).click();
      const menu = page.getByRole('dialog', { name: tr(locale, 'Menu') });
      await expect(menu).toBeVisible();
      const categories = menu.getByRole('navigation', { name: tr(locale, 'Categories') });
      await expect(categories).toBeVisible();
      await expect(menu.getByRole('link', { name: new RegExp(tr(locale, 'Wishlist')) })).toHaveAttribute(
        'href',
        localePath(locale, '/wishlist'),
      );
      await expect(menu.getByRole('link', { name: locale === 'ar' ? 'English' : 'العربية' })).toBeVisible();

      // the seeded catalogue has categories with subcategories
      const opener = categories.locator('button[aria-haspopup]').first();
      const name = (await opener.textContent())?.trim() ?? '';
      await opener.click();
      await expect(menu.getByRole('navigation', { name })).toBeVisible();
      await expect(menu.getByRole('link', { name: exactly(tr(locale, 'Shop all')) })).toBeVisible();
      await menu.getByRole('button', { name: tr(locale, 'Back') }).click();
      await expect(categories).toBeVisible();
      await expect(opener).toBeFocused();

      await menu.getByRole('button', { name: tr(locale, 'Close menu') }).click();
      await expect(menu).toBeHidden();
    });
  });

  test.describe(`${locale}: contact form`, () => {
    test.use(browserLocale(locale));
    // The form has no accessible name (it would be a `form` landmark with one), so the fields are
    // found on the page by their labels; the labels carry a " *" required mark.
    const field = (page: Page, label: string) => page.getByRole('textbox', { name: startingWith(tr(locale, label)) });

    test(`rejects bad input with translated messages @responsive`, async ({ page }) => {
      await gotoHydrated(page, localePath(locale, '/contact'));
      await field(page, 'Email address').fill('not-an-email');
      await field(page, 'Message').fill('short');
      await page.getByRole('button', { name: tr(locale, 'Send message') }).click();

      const name = field(page, 'Full name');
      await expect(name).toHaveAttribute('aria-invalid', 'true');
      await expect(name).toBeFocused(); // the first invalid field takes the focus
      await expect(name).toHaveAccessibleDescription(tr(locale, 'Please enter your name.'));
      await expect(field(page, 'Email address')).toHaveAccessibleDescription(
        tr(locale, 'Please enter a valid email address, for example name@example.com.'),
      );
      await expect(field(page, 'Message')).toHaveAccessibleDescription(
        tr(locale, 'Please write at least {messageMin} characters so we can help you.', { messageMin: 10 }),
      );
      await expect(page.getByRole('status').filter({ hasText: tr(locale, 'Thank you, your message has been sent') })).toHaveCount(0);
    });

    test(`sends good input and confirms it`, async ({ page }) => {
      await gotoHydrated(page, localePath(locale, '/contact'));
      await field(page, 'Full name').fill(locale === 'ar' ? 'سارة أحمد' : 'Sara Ahmed');
      await field(page, 'Email address').fill(`sara.${locale}.${Date.now()}@example.com`);
      await page.getByRole('textbox', { name: tr(locale, 'Mobile number (optional)') }).fill('0501234567');
      await field(page, 'Message').fill('I would like to know when the blue abaya is back in stock.');
      await page.getByRole('button', { name: tr(locale, 'Send message') }).click();
      const sent = page
        .getByRole('status')
        .filter({ has: page.getByRole('heading', { name: tr(locale, 'Thank you, your message has been sent') }) });
      await expect(sent).toBeVisible();
      await expect(sent).toBeFocused();
    });
  });

  test.describe(`${locale}: accessibility of the static pages (axe: no serious or critical)`, () => {
    test.use(browserLocale(locale));
    for (const path of [
      '/',
      '/about',
      '/approach',
      '/culture',
      '/faqs',
      '/contact',
      '/installment',
      '/pages/privacy-policy?type=privacy',
      '/no-such-page-e2e',
    ]) {
      test(`${localePath(locale, path)} @responsive`, async ({ page, axe }) => {
        await page.goto(localePath(locale, path));
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await axe();
      });
    }
  });
}

// A real fault on a client-side navigation: the data request of the page the shopper opens (the
// FAQs, which has a loader) fails with a 500, as a crashed loader or an unreachable backend would
// make it, so the app shows its error page instead of the page.
async function openFailingPage(page: Page, locale: Locale, before?: () => Promise<void>) {
  await page.route('**/faqs.data*', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }));
  await gotoHydrated(page, localePath(locale, '/about'));
  await before?.();
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: tr(locale, 'FAQs') })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: tr(locale, 'Something went wrong') })).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === localePath(locale, '/faqs'));
}

for (const locale of locales) {
  test.describe(`${locale}: the error page`, () => {
    test.use(browserLocale(locale));

    test(`a failed page shows the translated error page with its two ways out @responsive`, async ({ page, axe }) => {
      // The page's clock stands still: its 8 s redirect home must not beat the checks (axe) on a slow machine.
      await page.clock.install();
      await openFailingPage(page, locale, async () => page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000));
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByText(tr(locale, 'We could not show this page. Please try again in a moment.'))).toBeVisible();
      await expect(
        page.getByRole('status').filter({ hasText: tr(locale, 'You will be taken to the home page in 8 seconds.') }),
      ).toBeAttached();
      await expect(page.getByRole('link', { name: tr(locale, 'Back to home') })).toHaveAttribute('href', localePath(locale, '/'));
      const shopping = page.getByRole('link', { name: tr(locale, 'Go shopping') });
      await expect(shopping).toHaveAttribute('href', localePath(locale, '/products'));
      // axe waits on the page's timers: the clock moves a millisecond at a time while it scans, far
      // from the 8 s.
      let scanned = false;
      const scan = axe().finally(() => (scanned = true));
      while (!scanned) await page.clock.runFor(1);
      await scan;

      await shopping.click();
      await expect(page).toHaveURL((url) => url.pathname === localePath(locale, '/products'));
      await expect(page.getByRole('heading', { level: 1, name: tr(locale, 'Something went wrong') })).toBeHidden();
    });

    test(`the error page sends the shopper home after 8 s, not before`, async ({ page }) => {
      await page.clock.install();
      // The page's clock stands still from here: the 8 s only pass when the test says so.
      await openFailingPage(page, locale, async () => page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000));

      // A redirect would first load the home page's data: none may be asked for before 8 s.
      const dataRequests: string[] = [];
      page.on('request', (req) => {
        if (new URL(req.url()).pathname.endsWith('.data')) dataRequests.push(req.url());
      });
      await page.clock.runFor(7_900);
      await page.waitForTimeout(1_000); // real time, for a navigation that must not start
      expect(dataRequests).toEqual([]);
      await expect(page).toHaveURL((url) => url.pathname === localePath(locale, '/faqs'));
      await expect(page.getByRole('heading', { level: 1, name: tr(locale, 'Something went wrong') })).toBeVisible();

      await page.clock.runFor(200);
      await expect(page).toHaveURL((url) => url.pathname === localePath(locale, '/'));
      await expect(page.getByRole('heading', { level: 1, name: tr(locale, 'Something went wrong') })).toBeHidden();
      await expect(page.getByRole('region', { name: tr(locale, 'New arrivals') })).toBeVisible();
    });
  });
}
