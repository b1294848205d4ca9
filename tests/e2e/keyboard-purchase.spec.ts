// Issue 20 (4): the whole purchase with the keyboard only, in both locales — search, product options,
// add to cart, a coupon, the checkout's steps, a card payment approved on the payment sandbox (the
// gateway's page the checkout sends card payments to), the success page. No click, no
// fill(), no focus(): only Tab / Shift+Tab / arrows / Enter / Space and typed characters, from the
// shop's home page on. The shopper is signed in and has a saved address through the API, as the
// checkout's own specs set them up (sign-in is auth.spec's). Each checkout step's accessibility
// tree (roles and names, dynamic values as patterns), the sandbox page's and the success page's are
// asserted, and so is what the live regions announced on the way.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { scan } from './a11y-helpers';
import { shopCall } from './checkout-helpers';
import { browserLocale, createCustomer, expect, exactly, localePath, locales, pageHydrated, test, tr, type Locale } from './fixtures';
import { expectFocusUnobscured, FOCUS_CONDITIONS, textAt200, watchObscuredFocus } from './focus-helpers';

const COUPON = 'WELCOME10'; // README: seeded, 10 % off, valid

interface Candidate {
  name: string;
  slug: string;
  optionGroups: { name: string }[];
  variants: { stockLevel: string }[];
}

/** A product with options to choose (several variants, every one in stock), from the Shop API. */
async function productWithOptions(request: APIRequestContext, locale: Locale, run: number): Promise<Candidate> {
  const res = await request.post(`/shop-api?languageCode=${locale}`, {
    data: { query: 'query { products(options: { take: 100 }) { items { name slug optionGroups { name } variants { stockLevel } } } }' },
  });
  const items = ((await res.json()) as { data: { products: { items: Candidate[] } } }).data.products.items;
  const found = items.filter(
    (p) => p.optionGroups.length > 0 && p.variants.length > 1 && p.variants.every((v) => v.stockLevel === 'IN_STOCK'),
  );
  expect(found.length, 'a product with options, every variant in stock').toBeGreaterThan(0);
  // each run (locale and condition) its own, so the tests do not share a product's stock
  return found[(run * 2 + (locale === 'ar' ? 0 : 1)) % found.length]!;
}

/** Presses Tab (or Shift+Tab) until `target` has focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}) {
  await expect(target).toBeAttached();
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `reached by ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}`).toBeFocused({ timeout: 1 });
}

/** A quoted name for an ARIA snapshot template (YAML double quotes take JSON's escapes). */
const q = (text: string) => JSON.stringify(text);
/** A name pattern for an ARIA snapshot template: the text, then anything (a price, a count). */
const starts = (text: string) => `/${text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}.*/`;

/**
 * What the live regions said, as a screen reader would hear it: text that appears in or changes
 * inside an aria-live region, role=status or role=alert, after the page has loaded. Kept in
 * sessionStorage, so a full page load does not lose it.
 */
function recordAnnouncements() {
  const KEY = '__announcements';
  const live = (el: Element | null) => el?.closest('[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]');
  const said = new Map<Element, string>();
  const push = (region: Element) => {
    const text = (region.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (!text || said.get(region) === text) return;
    said.set(region, text);
    const list = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as string[];
    list.push(text);
    sessionStorage.setItem(KEY, JSON.stringify(list));
  };
  addEventListener('load', () => {
    for (const region of document.querySelectorAll('[aria-live], [role="status"], [role="alert"]')) {
      said.set(region, (region.textContent ?? '').replace(/\s+/g, ' ').trim());
    }
    new MutationObserver((mutations) => {
      for (const m of mutations) {
        const target = m.target.nodeType === Node.ELEMENT_NODE ? (m.target as Element) : m.target.parentElement;
        const region = live(target);
        if (region) push(region);
        for (const n of m.addedNodes) if (n instanceof Element && n.matches('[aria-live], [role="status"], [role="alert"]')) push(n);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

const announcements = (page: Page) => page.evaluate(() => JSON.parse(sessionStorage.getItem('__announcements') ?? '[]') as string[]);

const stepUrl = (locale: Locale, step: string) => new RegExp(`${localePath(locale, '/checkout/')}[^/?]+\\?step=${step}$`);

// Each locale at 1280 px, at 390 px and at 1280 px with the text at 200 % (issue 39): on the way,
// every focus move is watched for a fixed or sticky element over the focused one (focus-helpers.ts).
const RUNS = FOCUS_CONDITIONS.flatMap((condition, run) => locales.map((locale) => ({ condition, run, locale })));
for (const { condition, run, locale } of RUNS) {
  test.describe(`keyboard only (${locale}, ${condition.name})`, () => {
    test.use({ ...browserLocale(locale), viewport: condition.viewport });

    test('a signed-in shopper searches, chooses options, adds to cart, applies a coupon, checks out and pays by card on the gateway page', async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      const product = await productWithOptions(request, locale, run);
      const customer = await createCustomer(request, `keyboard-${locale}-${run}`);
      await page.addInitScript(recordAnnouncements);
      const obscured = await watchObscuredFocus(page);
      if (condition.text200) await textAt200(page);
      await page.goto(localePath(locale, '/'));
      await page.waitForFunction(() => !!localStorage.getItem('vendure_token'), undefined, { timeout: 15_000 });
      await shopCall(page, 'mutation ($u: String!, $p: String!) { login(username: $u, password: $p) { __typename } }', {
        u: customer.email,
        p: customer.password,
      });
      await shopCall(page, 'mutation ($input: CreateAddressInput!) { createCustomerAddress(input: $input) { id } }', {
        input: {
          fullName: 'Sara Ali',
          streetLine1: 'King Fahd Road 12',
          city: 'Riyadh',
          postalCode: '12211',
          countryCode: 'SA',
          phoneNumber: '+966500000001',
          defaultShippingAddress: true,
          defaultBillingAddress: true,
        },
      });
      // The session is the signed-in one from this load on.
      await page.goto(localePath(locale, '/'));
      await page.waitForFunction(pageHydrated);

      // Search: Tab to the box, type, arrow down to the product, Enter.
      const search = page.getByRole('banner').getByRole('combobox', { name: tr(locale, 'Search products') });
      // On a phone the box is behind the Search button; Enter on it opens the box with focus in it.
      const searchToggle = page.getByRole('banner').getByRole('button', { name: exactly(tr(locale, 'Search')) });
      if (await searchToggle.isVisible()) {
        await tabTo(page, searchToggle);
        await page.keyboard.press('Enter');
        await expect(search).toBeFocused();
      } else await tabTo(page, search);
      await page.keyboard.type(product.name);
      // Names repeat in the catalogue: the option whose link is the product's.
      const hit = page.getByRole('option').and(page.locator(`a[href$="/products/${encodeURIComponent(product.slug)}"]`));
      await expect(hit).toBeAttached({ timeout: 15_000 });
      for (let i = 0; i < 10 && (await hit.getAttribute('aria-selected')) !== 'true'; i++) await page.keyboard.press('ArrowDown');
      await expect(hit).toHaveAttribute('aria-selected', 'true');
      await expect(search).toHaveAttribute('aria-activedescendant', (await hit.getAttribute('id'))!);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`${localePath(locale, '/products/')}${encodeURIComponent(product.slug)}$`));
      // The new page's heading takes focus (it used to stay in the search box).
      const title = page.getByRole('heading', { level: 1, name: product.name });
      await expect(title).toBeFocused({ timeout: 15_000 });

      // Options: each group is a radio group; Tab into it, an arrow key moves the choice.
      await expect(page.locator('article.product[data-interactive]')).toBeAttached({ timeout: 15_000 });
      for (const group of product.optionGroups) {
        const fieldset = page.getByRole('group', { name: new RegExp(`^\\s*${group.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
        const radios = fieldset.getByRole('radio');
        await tabTo(page, fieldset.getByRole('radio', { checked: true }).or(radios.first()).first());
        // A group with one option (a bike sold in black only) has nothing to move to: it is chosen.
        if ((await radios.count()) === 1) {
          await expect(radios).toBeChecked();
          continue;
        }
        const before = await radios.evaluateAll((els) => els.findIndex((e) => (e as HTMLInputElement).checked));
        await page.keyboard.press('ArrowDown');
        const after = await radios.evaluateAll((els) => els.findIndex((e) => (e as HTMLInputElement).checked));
        expect(after, `${group.name}: the arrow key chose another option`).not.toBe(before);
        expect(after).toBeGreaterThanOrEqual(0);
      }

      // Add to cart: focus stays on the button, the live region says so once, the notice is next.
      const add = page.getByRole('button', { name: tr(locale, 'Add to cart') });
      await tabTo(page, add);
      await expect(add).toBeEnabled();
      await page.keyboard.press('Enter');
      const viewCart = page.getByRole('link', { name: tr(locale, 'View cart'), exact: true });
      await expect(viewCart).toBeVisible({ timeout: 15_000 });
      await expect(add).toBeFocused();
      // the notice that appeared is not over the button that still has focus
      await expectFocusUnobscured(page, 'Add to cart, once the notice is shown');
      expect((await announcements(page)).filter((a) => a.includes(tr(locale, 'Added to your cart.')))).toHaveLength(1);
      await page.keyboard.press('Tab');
      await expect(viewCart).toBeFocused();
      await page.keyboard.press('Enter');

      // Cart: the coupon by keyboard, Enter in the field applies it.
      await expect(page).toHaveURL(new RegExp(`${localePath(locale, '/cart')}$`));
      await expect(page.getByRole('heading', { level: 1, name: tr(locale, 'Shopping cart') })).toBeFocused({ timeout: 15_000 });
      const couponField = page.getByRole('textbox', { name: tr(locale, 'Coupon code') });
      await tabTo(page, couponField);
      await page.keyboard.type(COUPON);
      await page.keyboard.press('Enter');
      const applied = tr(locale, 'Coupon {applied} applied.', { applied: COUPON });
      await expect(page.getByText(applied)).toBeVisible({ timeout: 15_000 });
      await expect(couponField).toBeFocused();
      // The field and its answer stay in view once the totals above them have grown (issue 39 (5)).
      await expectFocusUnobscured(page, 'the coupon field, once applied');
      await expect(couponField).toBeInViewport({ ratio: 1 });
      await expect(page.getByText(applied)).toBeInViewport({ ratio: 1 });
      expect(await announcements(page)).toContainEqual(expect.stringContaining(applied));

      const proceed = page.getByRole('link', { name: tr(locale, 'Proceed to checkout') });
      await expect(proceed).toHaveAttribute('href', new RegExp(`${localePath(locale, '/checkout/')}`), { timeout: 15_000 });
      await tabTo(page, proceed);
      await page.keyboard.press('Enter');

      // Address: the saved default is chosen; its radio and the button are reached by Tab.
      await expect(page).toHaveURL(stepUrl(locale, 'address'), { timeout: 15_000 });
      const main = page.getByRole('main');
      const steps = (current: string) => `
  - heading ${q(tr(locale, 'Checkout'))} [level=1]
  - navigation ${q(tr(locale, 'Checkout steps'))}:
    - list:
      - listitem: ${q(current)}`;
      const deliver = page.getByRole('button', { name: tr(locale, 'Deliver to this address') });
      await expect(deliver).toBeEnabled({ timeout: 15_000 });
      await expect(main).toMatchAriaSnapshot(`
- main:${steps(tr(locale, 'Address'))}
  - heading ${q(tr(locale, 'Shipping address'))} [level=2]
  - group ${q(tr(locale, 'Choose a saved address'))}:
    - radio /Sara Ali/ [checked]
  - button ${q(tr(locale, 'Deliver to this address'))}
  - button ${q(tr(locale, 'Add a new address'))}
`);
      await tabTo(page, page.getByRole('radio', { name: /Sara Ali/ }));
      await tabTo(page, deliver);
      await page.keyboard.press('Enter');

      // Delivery: focus moves to the step's heading; an arrow key or Space chooses a method.
      await expect(page).toHaveURL(stepUrl(locale, 'shipping'), { timeout: 15_000 });
      const delivery = page.getByRole('heading', { level: 2, name: tr(locale, 'Delivery') });
      await expect(delivery).toBeFocused({ timeout: 15_000 });
      await expect(main).toMatchAriaSnapshot(`
- main:${steps(tr(locale, 'Delivery'))}
  - heading ${q(tr(locale, 'Delivery'))} [level=2]
  - group ${q(tr(locale, 'Choose a delivery option'))}:
    - radio
  - button ${q(tr(locale, 'Continue to review'))}
`);
      const methods = main.getByRole('radio');
      const chosen = main.getByRole('radio', { checked: true });
      await page.keyboard.press('Tab');
      await expect(chosen.or(methods.first()).first()).toBeFocused();
      if ((await chosen.count()) === 0) await page.keyboard.press('Space');
      await expect(chosen).toHaveCount(1);
      const toReview = page.getByRole('button', { name: tr(locale, 'Continue to review') });
      await tabTo(page, toReview);
      await expect(toReview).toBeEnabled();
      await page.keyboard.press('Enter');

      // Review: the coupon is on the order; the lines and the coupon form are in the tree.
      await expect(page).toHaveURL(stepUrl(locale, 'review'), { timeout: 15_000 });
      const review = page.getByRole('heading', { level: 2, name: tr(locale, 'Review your order') });
      await expect(review).toBeFocused({ timeout: 15_000 });
      await expect(main).toMatchAriaSnapshot(`
- main:${steps(tr(locale, 'Review'))}
  - heading ${q(tr(locale, 'Review your order'))} [level=2]
  - list ${q(tr(locale, 'Items in your order'))}:
    - listitem:
      - paragraph: ${q(product.name)}
  - region ${q(tr(locale, 'Coupon'))}:
    - heading ${q(tr(locale, 'Coupon'))} [level=2]
    - textbox ${q(tr(locale, 'Coupon code'))}
    - button ${q(tr(locale, 'Apply'))}
    - list ${q(tr(locale, 'Applied coupons'))}:
      - listitem:
        - text: ${COUPON}
        - button ${q(tr(locale, 'Remove coupon {c}', { c: COUPON }))}
  - button ${q(tr(locale, 'Continue to payment'))}
  - complementary:
    - region ${q(tr(locale, 'Order summary'))}:
      - term: ${q(tr(locale, 'Total incl. VAT'))}
`);
      const toPayment = page.getByRole('button', { name: tr(locale, 'Continue to payment') });
      await tabTo(page, toPayment);
      await page.keyboard.press('Enter');

      // Payment: arrow keys move through the methods to the card; Tab to Pay, Enter.
      await expect(page).toHaveURL(stepUrl(locale, 'payment'), { timeout: 15_000 });
      await expect(page.getByRole('heading', { level: 2, name: tr(locale, 'Payment') })).toBeFocused({ timeout: 15_000 });
      const card = page.getByRole('radio', { name: new RegExp(tr(locale, 'Credit or debit card').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
      await expect(main).toMatchAriaSnapshot(`
- main:${steps(tr(locale, 'Payment'))}
  - heading ${q(tr(locale, 'Payment'))} [level=2]
  - group ${q(tr(locale, 'Choose how to pay'))}:
    - radio ${starts(tr(locale, 'Credit or debit card'))}
  - button /.+/
`);
      const choices = main.getByRole('radio');
      await page.keyboard.press('Tab');
      await expect(main.getByRole('radio', { checked: true }).or(choices.first()).first()).toBeFocused();
      // No method chosen yet: Tab from the methods reaches Pay (issue 39 (6): a disabled Pay left the
      // page), which says it cannot go on and why; Shift+Tab goes back to the methods.
      if ((await main.getByRole('radio', { checked: true }).count()) === 0) {
        await page.keyboard.press('Tab');
        const blocked = page.getByRole('button', { name: tr(locale, 'Pay now') });
        await expect(blocked).toBeFocused();
        await expect(blocked).toHaveAttribute('aria-disabled', 'true');
        await expect(blocked).toHaveAccessibleDescription(tr(locale, 'Choose a payment method to pay.'));
        await page.keyboard.press('Shift+Tab');
        await expect(choices.first()).toBeFocused();
      }
      // Space chooses the focused method; the arrows move to the next one the order may use (a large
      // order leaves the card as the only one: the arrows then have nowhere to go).
      if (await card.evaluate((el) => el === document.activeElement)) await page.keyboard.press('Space');
      const count = await choices.count();
      for (let i = 0; i < count && !(await card.isChecked()); i++) await page.keyboard.press('ArrowDown');
      await expect(card).toBeChecked();
      await expect(card).toBeFocused();
      const pay = page.getByRole('button', {
        name: new RegExp(
          `^\\s*${tr(locale, 'Pay {0}')
            .split('{0}')[0]!
            .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
        ),
      });
      await tabTo(page, pay);
      await page.keyboard.press('Enter');

      // The gateway's page (the payment sandbox, on the backend's origin): in the order's language
      // and direction, a main landmark with the title, what is charged, and the three decisions as
      // buttons; Tab reaches Approve after the language switch, Enter approves.
      await expect(page).toHaveURL(/\/sandbox\/pay\//, { timeout: 20_000 });
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
      const gateway =
        locale === 'ar'
          ? {
              title: 'بوابة الدفع التجريبية',
              note: 'هذه بيئة تجريبية: لن يتم خصم أي مبلغ.',
              terms: ['مزوّد الدفع', 'رقم الطلب', 'المبلغ'],
              card: 'بطاقة (PayFort)',
              buttons: ['قبول الدفع', 'رفض الدفع', 'إلغاء'],
              other: 'English',
            }
          : {
              title: 'Payment sandbox',
              note: 'This is a test gateway: no money is moved.',
              terms: ['Provider', 'Order', 'Amount'],
              card: 'Card (PayFort)',
              buttons: ['Approve payment', 'Decline payment', 'Cancel'],
              other: 'العربية',
            };
      await expect(page.locator('body')).toMatchAriaSnapshot(`
- banner:
  - paragraph:
    - link ${q(gateway.other)}
- main:
  - heading ${q(gateway.title)} [level=1]
  - paragraph: ${q(gateway.note)}
  - term: ${q(gateway.terms[0]!)}
  - definition: ${q(gateway.card)}
  - term: ${q(gateway.terms[1]!)}
  - definition: /[A-Z0-9]{6,}/
  - term: ${q(gateway.terms[2]!)}
  - definition: /[0-9٠-٩]/
  - button ${q(gateway.buttons[0]!)}
  - button ${q(gateway.buttons[1]!)}
  - button ${q(gateway.buttons[2]!)}
`);
      expect(await scan(page), `axe on ${page.url()}`).toEqual([]);
      const approve = page.getByRole('button', { name: gateway.buttons[0]! });
      await tabTo(page, approve, { max: 5 });
      await expect(approve).toBeFocused();
      // its focus is seen: the ring is drawn (not the browser's none)
      expect(await approve.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
      await page.keyboard.press('Enter');

      // Success: its heading has focus; the tree says what was ordered and how it is paid.
      await expect(page).toHaveURL(new RegExp(`${localePath(locale, '/checkout-success')}\\?order=`), { timeout: 20_000 });
      const placed = page.getByRole('heading', { level: 1, name: tr(locale, 'Thank you, your order is placed') });
      await expect(placed).toBeFocused({ timeout: 15_000 });
      await expect(main).toMatchAriaSnapshot(`
- main:
  - heading ${q(tr(locale, 'Thank you, your order is placed'))} [level=1]
  - region ${q(tr(locale, 'Items'))}:
    - heading ${q(tr(locale, 'Items'))} [level=2]
    - list ${q(tr(locale, 'Items in your order'))}:
      - listitem:
        - paragraph: ${q(product.name)}
  - region ${q(tr(locale, 'Payment method'))}:
    - heading ${q(tr(locale, 'Payment method'))} [level=2]
    - paragraph: ${q(tr(locale, 'Credit or debit card'))}
  - region ${q(tr(locale, 'What happens next'))}:
    - list:
      - listitem: ${q(tr(locale, 'Your payment is confirmed; nothing more to pay.'))}
  - link ${q(tr(locale, 'View your order'))}
  - link ${q(tr(locale, 'Continue shopping'))}
`);
      // Each announcement once: the add and the coupon, not repeated on the pages after them.
      const said = await announcements(page);
      expect(said.filter((a) => a.includes(tr(locale, 'Added to your cart.')))).toHaveLength(1);
      expect(said.filter((a) => a.includes(applied))).toHaveLength(1);
      expect(obscured, 'focused elements covered by a fixed or sticky element').toEqual([]);
    });
  });
}
