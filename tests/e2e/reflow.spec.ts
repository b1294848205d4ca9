// Issue 20 (5): reflow, text zoom, motion and target size, in both locales.
// - 320 CSS px wide (WCAG 1.4.10) and text at 200 % on a desktop window (1.4.4, the browser's own
//   text-size setting, which the shop's rem-based type follows): on every kind of page — catalogue,
//   product, cart, wishlist, auth, profile, the checkout's steps, success — the page does not scroll
//   sideways and no text is clipped.
// - Targets (2.5.8): every control is at least 24×24 CSS px or has the spacing exception's room.
// - prefers-reduced-motion: no animation or transition runs, and the carousel's buttons jump.
import { profilePages } from './a11y-helpers';
import type { CDPSession, Page } from '@playwright/test';
import { expect, gotoHydrated, locales, localePath, test, tr } from './fixtures';
import { before, escape, expectSuccess, shopperWithCart, toPayment } from './checkout-helpers';

interface LayoutProblems {
  /** The document is wider than the window (it scrolls sideways). */
  sideways: string | null;
  /** Text cut off by a box that hides its overflow. */
  clipped: string[];
  /** Controls under 24×24 px without the spacing exception's room. */
  small: string[];
  /** The root font size (to prove the text zoom took). */
  rootFontSize: number;
}

/**
 * Runs in the page. Clipped text: a visible text node whose box reaches out of an ancestor that
 * hides overflow (hidden or clip; scrolling boxes such as a carousel's track let it be reached, and
 * visually hidden text is meant to be clipped), or an element that truncates its text with an
 * ellipsis or a line clamp while the text is longer than the box.
 * Targets: WCAG 2.5.8 — a control smaller than 24×24 passes if a 24 px circle on its centre meets no
 * other control (and no other small control's circle); links inside a sentence are exempt.
 */
function layoutProblems(): LayoutProblems {
  const describe = (el: Element) => {
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    return `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).join('.') : ''} "${text}"`;
  };
  const hiddenOnPurpose = (el: Element) => {
    for (let a: Element | null = el; a; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.display === 'none' || s.visibility === 'hidden' || s.clipPath === 'inset(50%)' || s.clip === 'rect(0px, 0px, 0px, 0px)')
        return true;
      if (a.getAttribute('aria-hidden') === 'true' && a.closest('svg')) return true;
      const r = a.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) return true;
      if (a.closest('[hidden], dialog:not([open]), details:not([open]) > :not(summary)')) return true;
    }
    return false;
  };
  const doc = document.documentElement;
  let sideways: string | null = null;
  if (doc.scrollWidth > doc.clientWidth + 1) {
    // The outermost boxes that reach out of the window, to say what to fix.
    const W = doc.clientWidth;
    const out = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && (r.right > W + 1 || r.left < -1);
    };
    // The outermost boxes wider than their parent's content box: what holds the page open.
    const widens = (el: Element) => {
      const p = el.parentElement;
      if (!p || !out(el)) return false;
      const ps = getComputedStyle(p);
      const inner = p.getBoundingClientRect().width - parseFloat(ps.paddingInlineStart) - parseFloat(ps.paddingInlineEnd);
      return el.getBoundingClientRect().width > inner + 1;
    };
    const culprits = [...document.querySelectorAll('body *')]
      .filter((el) => widens(el) && !el.closest('[hidden]'))
      .slice(0, 4)
      .map((el) => `${describe(el)} ${Math.round(el.getBoundingClientRect().left)}..${Math.round(el.getBoundingClientRect().right)}`);
    sideways = `the page is ${doc.scrollWidth} px wide in a ${doc.clientWidth} px window: ${culprits.join('; ')}`;
  }

  const clipped = new Set<string>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!/\S/.test(n.textContent ?? '')) continue;
    const parent = n.parentElement;
    if (!parent || parent.closest('script, style, noscript, template') || hiddenOnPurpose(parent)) continue;
    range.selectNodeContents(n);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
    if (!rects.length) continue;
    const box = rects.reduce(
      (a, r) => ({
        left: Math.min(a.left, r.left),
        right: Math.max(a.right, r.right),
        top: Math.min(a.top, r.top),
        bottom: Math.max(a.bottom, r.bottom),
      }),
      { left: Infinity, right: -Infinity, top: Infinity, bottom: -Infinity },
    );
    for (let a: Element | null = parent; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      const truncates = s.textOverflow === 'ellipsis' || (s.webkitLineClamp !== 'none' && s.webkitLineClamp !== '');
      if (truncates && (a.scrollWidth > a.clientWidth + 1 || a.scrollHeight > a.clientHeight + 1)) {
        clipped.add(`${describe(a)} is truncated (${a.scrollWidth}×${a.scrollHeight} in ${a.clientWidth}×${a.clientHeight})`);
        break;
      }
      const hidesX = s.overflowX === 'hidden' || s.overflowX === 'clip';
      const hidesY = s.overflowY === 'hidden' || s.overflowY === 'clip';
      if (!hidesX && !hidesY) {
        // A scrolling box: what is outside it can be scrolled to.
        if (s.overflowX !== 'visible' || s.overflowY !== 'visible') break;
        continue;
      }
      const r = a.getBoundingClientRect();
      const out =
        (hidesX && (box.left < r.left - 2 || box.right > r.right + 2)) || (hidesY && (box.top < r.top - 2 || box.bottom > r.bottom + 2));
      if (out) {
        clipped.add(`"${(n.textContent ?? '').trim().slice(0, 40)}" is cut off by ${describe(a)}`);
        break;
      }
    }
  }

  // Targets: controls and what enlarges them (a label around a radio).
  const controls = [
    ...document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="tab"], [role="option"][tabindex]',
    ),
  ].filter((el) => !hiddenOnPurpose(el) || (el.matches('input') && el.closest('label') && !hiddenOnPurpose(el.closest('label')!)));
  const targets = controls
    .map((el) => {
      const label = el.matches('input') ? el.closest('label') : null;
      const r = (label ?? el).getBoundingClientRect();
      return { el: label ?? el, r };
    })
    .filter(({ el }, i, all) => all.findIndex((t) => t.el === el) === i);
  const inSentence = (el: Element) => {
    if (!el.matches('a')) return false;
    const block = el.parentElement?.closest('p, li, dd, td, label, span');
    if (!block) return false;
    const own = (block.textContent ?? '').replace(/\s+/g, '');
    const link = (el.textContent ?? '').replace(/\s+/g, '');
    return own.length > link.length;
  };
  const small = targets.filter(({ el, r }) => (r.width < 23.5 || r.height < 23.5) && !inSentence(el));
  const problems: string[] = [];
  for (const t of small) {
    const cx = (t.r.left + t.r.right) / 2;
    const cy = (t.r.top + t.r.bottom) / 2;
    const tooClose = targets.find(({ el, r }) => {
      if (el === t.el || el.contains(t.el) || t.el.contains(el)) return false;
      const dx = Math.max(r.left - cx, 0, cx - r.right);
      const dy = Math.max(r.top - cy, 0, cy - r.bottom);
      if (Math.hypot(dx, dy) < 12 - 0.5) return true;
      const isSmall = small.some((s) => s.el === el);
      return isSmall && Math.hypot((r.left + r.right) / 2 - cx, (r.top + r.bottom) / 2 - cy) < 24 - 0.5;
    });
    if (tooClose) {
      problems.push(
        `${describe(t.el)} is ${Math.round(t.r.width)}×${Math.round(t.r.height)} px, ${describe(tooClose.el)} within its 24 px circle`,
      );
    }
  }
  return { sideways, clipped: [...clipped], small: problems, rootFontSize: parseFloat(getComputedStyle(doc).fontSize) };
}

type Condition = 'narrow' | 'text200';

async function check(page: Page, condition: Condition, found: Record<string, string[]>) {
  // Sections the browser skips until scrolled to are laid out like the rest.
  await page.evaluate(() => {
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (getComputedStyle(el).contentVisibility === 'auto') el.style.contentVisibility = 'visible';
    }
  });
  const p = await page.evaluate(layoutProblems);
  if (condition === 'text200') expect(p.rootFontSize, 'the text is at 200 %').toBe(32);
  const list = [...(p.sideways ? [p.sideways] : []), ...p.clipped, ...p.small];
  if (list.length) found[new URL(page.url()).pathname + new URL(page.url()).search] = list;
}

/** The browser's text size at 200 % (Chrome's font-size setting: 32 px instead of 16 px). */
async function textAt200(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
  return cdp;
}

/** The first link on the page whose path matches, as a path without the locale prefix. */
async function firstHref(page: Page, pattern: RegExp): Promise<string> {
  const hrefs = await page
    .locator('main a[href]')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  const found = hrefs.find((h) => pattern.test(h));
  expect(found, `a link matching ${pattern} on ${page.url()}`).toBeTruthy();
  return decodeURI(found!.replace(/^\/en(?=\/)/, ''));
}

const settled = async (page: Page) => expect(page.locator('.cart-skeleton, [aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });

const conditions: { condition: Condition; title: string; viewport: { width: number; height: number } }[] = [
  { condition: 'narrow', title: '320 CSS px wide', viewport: { width: 320, height: 720 } },
  { condition: 'text200', title: 'text at 200 %', viewport: { width: 1280, height: 800 } },
];

test.describe('the reflow checks themselves', () => {
  test.use({ viewport: { width: 320, height: 720 } });

  test('they report a page wider than the window, clipped and truncated text, and crowded small targets', async ({ page }) => {
    await gotoHydrated(page, localePath('en', '/about'));
    expect(await page.evaluate(layoutProblems)).toMatchObject({ sideways: null, clipped: [], small: [] });
    await page.evaluate(() => {
      const main = document.getElementById('main')!;
      const add = (html: string) => main.insertAdjacentHTML('afterbegin', html);
      add('<p style="inline-size: 400px">A paragraph wider than a phone</p>');
      add('<div style="inline-size: 60px; overflow: hidden; white-space: nowrap">Text cut off at the edge of its box</div>');
      add('<p style="inline-size: 60px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap">Truncated with an ellipsis</p>');
      add(
        '<div><button style="inline-size: 16px; block-size: 16px; padding: 0">a</button><button style="inline-size: 16px; block-size: 16px; padding: 0">b</button></div>',
      );
    });
    const found = await page.evaluate(layoutProblems);
    expect(found.sideways).toMatch(/^the page is \d+ px wide in a 320 px window: p "A paragraph wider than a phone"/);
    expect(found.clipped).toEqual([
      expect.stringMatching(/^p "Truncated with an ellipsis" is truncated/),
      expect.stringMatching(/^"Text cut off at the edge of its box" is cut off by div/),
    ]);
    expect(found.small).toEqual([
      expect.stringMatching(/^button "a" is 16×16 px, button "b"/),
      expect.stringMatching(/^button "b" is 16×16 px, button "a"/),
    ]);
  });
});

for (const locale of locales) {
  for (const { condition, title, viewport } of conditions) {
    test.describe(`reflow at ${title} (${locale})`, () => {
      test.use({ locale: locale === 'ar' ? 'ar-SA' : 'en-US', viewport });

      test('every kind of page: no sideways scrolling, no clipped text, targets of 24 px', async ({ page, request }) => {
        test.setTimeout(240_000);
        if (condition === 'text200') await textAt200(page);
        const found: Record<string, string[]> = {};
        const visit = async (path: string) => {
          await gotoHydrated(page, localePath(locale, path));
          await settled(page);
          await check(page, condition, found);
        };

        await gotoHydrated(page, localePath(locale, '/products/c'));
        const category = await firstHref(page, /^(\/en)?\/products\/c\/[^/]+$/);
        await gotoHydrated(page, localePath(locale, '/products'));
        const product = await firstHref(page, /^(\/en)?\/products\/(?!c\/|c$|brand\/)[^/]+$/);
        for (const path of ['/', '/products', '/products/c', category, product, '/auth', '/auth/forget-password', '/about', '/contact']) {
          await visit(path);
        }

        // Signed in, with a favourite and a cart line: cart, wishlist, the checkout, success, profile.
        const code = await shopperWithCart(page, request, locale, `reflow-${condition}`);
        await gotoHydrated(page, localePath(locale, '/products'));
        const fav = page.locator('article.product-card .product-card__fav').first();
        // (the signed-in wishlist loads after hydration; a press before it is there is not kept)
        await expect(async () => {
          if ((await fav.getAttribute('aria-pressed')) !== 'true') await fav.click();
          await expect(fav).toHaveAttribute('aria-pressed', 'true', { timeout: 3000 });
        }).toPass({ timeout: 20_000 });
        await visit('/wishlist');
        await visit('/cart');
        await toPayment(page, locale, code, async () => {
          await settled(page);
          await check(page, condition, found);
        });
        await page.getByRole('radio', { name: new RegExp(escape(tr(locale, 'Cash on delivery'))) }).check();
        await check(page, condition, found);
        await page.getByRole('button', { name: before(locale, 'Pay {0}') }).click();
        await expectSuccess(page, locale, code);
        await check(page, condition, found);
        for (const path of profilePages(code)) {
          await visit(path);
        }
        expect(found).toEqual({});
      });

      test('the search list shows the longest product name whole (no ellipsis, nothing cut off)', async ({ page }) => {
        if (condition === 'text200') await textAt200(page);
        // The catalogue's longest name in this language, from the Shop API.
        const res = await page.request.post(`/shop-api?languageCode=${locale}`, {
          data: { query: 'query { products(options: { take: 100 }) { items { name slug } } }' },
        });
        const items = ((await res.json()) as { data: { products: { items: { name: string; slug: string }[] } } }).data.products.items;
        const longest = items.reduce((a, b) => (b.name.length > a.name.length ? b : a));
        await gotoHydrated(page, localePath(locale, '/'));
        const header = page.getByRole('banner');
        // on a narrow screen the box is behind the header's Search toggle
        const toggle = header.getByRole('button', { name: tr(locale, 'Search'), exact: true });
        if (await toggle.isVisible()) await toggle.click();
        const search = header.getByRole('combobox', { name: tr(locale, 'Search products') }).filter({ visible: true });
        await search.fill(longest.name);
        const hit = page.getByRole('option').and(page.locator(`a[href$="/products/${encodeURIComponent(longest.slug)}"]`));
        await expect(hit).toBeVisible({ timeout: 15_000 });
        // Its accessible name carries the whole name, and every text in the open list is shown whole.
        await expect(hit).toHaveAccessibleName(new RegExp(longest.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
        const p = await page.evaluate(layoutProblems);
        expect(p.clipped).toEqual([]);
        expect(p.sideways).toBeNull();
        // The name is on the screen inside the list, not only in the tree.
        const box = await hit.getByText(longest.name, { exact: true }).boundingBox();
        const list = await page.getByRole('listbox').boundingBox();
        expect(box && list && box.x >= list.x - 1 && box.x + box.width <= list.x + list.width + 1).toBe(true);
      });
    });
  }

  test.describe(`motion (${locale})`, () => {
    test.use({ locale: locale === 'ar' ? 'ar-SA' : 'en-US' });

    test('with prefers-reduced-motion nothing animates and the carousel jumps; without it the carousel glides', async ({ page }) => {
      // How the page asks the browser to scroll (headless Chromium may finish a smooth scroll at
      // once, so the request is what can be told apart).
      await page.addInitScript(() => {
        const asked: string[] = [];
        (window as unknown as { __scrolls: string[] }).__scrolls = asked;
        const original = Element.prototype.scrollIntoView;
        Element.prototype.scrollIntoView = function (this: Element, arg?: boolean | ScrollIntoViewOptions) {
          asked.push(typeof arg === 'object' ? (arg.behavior ?? 'auto') : 'auto');
          return original.call(this, arg);
        };
      });
      const pressLastDot = async () => {
        await gotoHydrated(page, localePath(locale, '/'));
        const carousel = page.getByRole('region', { name: tr(locale, 'Featured') });
        const dots = carousel.getByRole('button');
        expect(await dots.count(), 'the home carousel has slides to move between').toBeGreaterThan(1);
        await dots.last().press('Enter');
        await expect(dots.last()).toHaveAttribute('aria-current', 'true');
        await expect
          .poll(() =>
            carousel
              .locator('ul')
              .first()
              .evaluate((el) => Math.abs(el.scrollLeft)),
          )
          .toBeGreaterThan(0);
        return page.evaluate(() => (window as unknown as { __scrolls: string[] }).__scrolls);
      };

      await page.emulateMedia({ reducedMotion: 'reduce' });
      expect(await pressLastDot()).toEqual(['auto']);
      // Nothing on the page runs an animation or a transition that lasts.
      const moving = await page.evaluate(() =>
        [...document.querySelectorAll('*')]
          .flatMap((el) => {
            const s = getComputedStyle(el);
            const longest = (v: string) => Math.max(...v.split(',').map((d) => parseFloat(d) * (d.trim().endsWith('ms') ? 1 : 1000)));
            const out: string[] = [];
            if (s.animationName !== 'none' && longest(s.animationDuration) > 1) out.push(`${el.tagName} animation ${s.animationDuration}`);
            if (longest(s.transitionDuration) > 1) out.push(`${el.tagName}.${el.className} transition ${s.transitionDuration}`);
            return out;
          })
          .slice(0, 10),
      );
      expect(moving).toEqual([]);

      await page.emulateMedia({ reducedMotion: 'no-preference' });
      expect(await pressLastDot(), 'without the preference the carousel glides').toEqual(['smooth']);
    });
  });
}
