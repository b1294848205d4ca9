// Issue 39: focus never hidden (WCAG 2.2 2.4.11/2.4.12), never lost.
// - Walking a listing backwards (Shift+Tab, where the sticky header is in the way), at 1280 px,
//   390 px (with the phone's search row open) and with the text at 200 %, no focused element is
//   covered by the header or any other fixed/sticky element (the keyboard purchase runs the same
//   watch over a whole purchase: keyboard-purchase.spec.ts).
// - The "Added to your cart" notice covers no focusable element on a phone, and goes once focus
//   moves on past it.
// - /auth: "Create an account" / "Sign in instead" hand focus to the new form's heading; the
//   register view's document title says so.
import type { Page } from '@playwright/test';
import { FOCUS_CONDITIONS, textAt200, watchObscuredFocus } from './focus-helpers';
import { browserLocale, expect, exactly, gotoHydrated, localDigits, locales, localePath, startingWith, test, tr } from './fixtures';

const STOPS = 25;

/** The boxes of the visible focusable elements that overlap `box` (outside `except`). */
async function focusablesUnder(page: Page, selector: string) {
  return page.locator(selector).evaluate((notice) => {
    const box = notice.getBoundingClientRect();
    const focusable = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"])';
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(focusable)) {
      if (notice.contains(el) || !el.checkVisibility({ visibilityProperty: true })) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const overlap =
        Math.min(r.right, box.right) - Math.max(r.left, box.left) > 1 && Math.min(r.bottom, box.bottom) - Math.max(r.top, box.top) > 1;
      if (overlap)
        found.push(`${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}"`);
    }
    return found;
  });
}

for (const locale of locales) {
  for (const condition of FOCUS_CONDITIONS) {
    test.describe(`focus not obscured (${locale}, ${condition.name})`, () => {
      test.use({ ...browserLocale(locale), viewport: condition.viewport });

      test(`Shift+Tab back up a listing: no focused element is under the sticky header`, async ({ page }) => {
        test.setTimeout(90_000);
        const obscured = await watchObscuredFocus(page);
        if (condition.text200) await textAt200(page);
        await gotoHydrated(page, localePath(locale, '/products'));
        if (condition.text200) expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('32px');
        // On a phone the search row makes the header taller (issue 39: footer links were hidden).
        const toggle = page.getByRole('banner').getByRole('button', { name: exactly(tr(locale, 'Search')) });
        if (await toggle.isVisible()) {
          await toggle.press('Enter');
          await expect(page.getByRole('banner').getByRole('combobox', { name: tr(locale, 'Search products') })).toBeFocused();
        }
        // From the foot of the page, backwards: each stop is scrolled to from below the header.
        await page.keyboard.press('End');
        await page.locator('footer').last().getByRole('link').last().focus();
        for (let i = 0; i < STOPS; i++) await page.keyboard.press('Shift+Tab');
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        expect(obscured).toEqual([]);
      });
    });
  }

  test.describe(`focus and the page's own changes (${locale})`, () => {
    test.use(browserLocale(locale));

    test('on a phone the "Added to your cart" notice covers no focusable element, and goes once focus moves past it @mobile', async ({
      page,
    }) => {
      await gotoHydrated(page, localePath(locale, '/products'));
      const cards = page.locator('article.product-card').filter({ has: page.locator('.product-card__add') });
      const card = cards.first();
      const name = (await card.getByRole('heading').innerText()).trim();
      const add = card.getByRole('button', { name: tr(locale, 'Add {0} to cart', { 0: name }) });
      await add.focus();
      await page.keyboard.press('Enter');
      await expect(
        page
          .getByRole('banner')
          .getByRole('link', { name: startingWith(tr(locale, 'Cart')) })
          .locator('.count-badge'),
      ).toHaveText(localDigits(locale, 1), { timeout: 15_000 });
      const viewCart = page.getByRole('link', { name: exactly(tr(locale, 'View cart')) });
      await expect(viewCart).toBeVisible({ timeout: 15_000 });
      await expect(add).toBeFocused();
      expect(await focusablesUnder(page, '.cart-status--added'), 'focusable elements under the notice').toEqual([]);
      // The notice is the next stops (View cart, Dismiss); one more Tab moves on, and it goes.
      await page.keyboard.press('Tab');
      await expect(viewCart).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: exactly(tr(locale, 'Dismiss')) })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(viewCart).toHaveCount(0);
      await expect(page.locator('body')).not.toBeFocused();
    });

    test('/auth: "Create an account" and "Sign in instead" move focus to the new form\'s heading; the title follows the view', async ({
      page,
    }) => {
      await gotoHydrated(page, localePath(locale, '/auth'));
      const site = tr(locale, 'Elegance Store');
      await expect(page).toHaveTitle(`${tr(locale, 'Sign in')} | ${site}`);
      await page.getByRole('button', { name: exactly(tr(locale, 'Create an account')) }).focus();
      await page.keyboard.press('Enter');
      const registerHeading = page.getByRole('heading', { level: 1, name: tr(locale, 'Create an account') });
      await expect(registerHeading).toBeFocused();
      await expect(page).toHaveTitle(`${tr(locale, 'Create an account')} | ${site}`);
      await page.keyboard.press('Tab');
      await expect(page.getByRole('textbox', { name: tr(locale, 'First name') })).toBeFocused();

      await page.getByRole('button', { name: exactly(tr(locale, 'Sign in instead')) }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: tr(locale, 'Sign in') })).toBeFocused();
      await expect(page).toHaveTitle(`${tr(locale, 'Sign in')} | ${site}`);
      await page.keyboard.press('Tab');
      await expect(page.getByRole('textbox', { name: tr(locale, 'Email address') })).toBeFocused();
    });
  });
}
