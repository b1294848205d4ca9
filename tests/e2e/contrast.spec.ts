// Issue 20 (1): text contrast computed by us, not by axe's applicability rules (axe skipped the Arabic
// copy of the very label it flagged in English). Every visible text node and form control's text on
// the main pages, both locales, desktop and mobile: foreground against the backdrop painted under it
// (own and ancestors' background colours, gradients by their stops, overlapping pictures). Text over
// a picture is measured through its scrim against both a black and a white picture, so it passes only
// with a backing that holds whatever the picture shows; with no scrim it fails.
import type { Page } from '@playwright/test';
import { browserLocale, expect, gotoHydrated, locales, localePath, test, tr, type Locale } from './fixtures';
import { renderSkippedContent } from './a11y-helpers';
import { shopCall } from './checkout-helpers';

export interface ContrastFailure {
  text: string;
  where: string;
  ratio: number;
  required: number;
  fg: string;
  bg: string;
}

/**
 * Runs in the page: audits every visible text node and every input/select/textarea. Returns the
 * failures and the texts it measured (so a test can prove a text was not skipped).
 */
export function auditContrast(): { failures: ContrastFailure[]; checked: string[] } {
  type RGBA = [number, number, number, number];
  const canvas = document.createElement('canvas').getContext('2d')!;
  const parse = (value: string): RGBA | null => {
    const m = /^rgba?\(([^)]+)\)$/.exec(value.trim());
    if (m) {
      const p = m[1]!.split(/[\s,/]+/).filter(Boolean);
      const n = p.map((x) => (x.endsWith('%') ? (parseFloat(x) / 100) * 255 : parseFloat(x)));
      const a = p[3] === undefined ? 1 : p[3].endsWith('%') ? parseFloat(p[3]) / 100 : parseFloat(p[3]);
      return [n[0]!, n[1]!, n[2]!, a];
    }
    if (value === 'transparent') return [0, 0, 0, 0];
    // Other syntaxes (color(srgb ...), oklch(...)): let the canvas convert an opaque copy.
    canvas.clearRect(0, 0, 1, 1);
    canvas.fillStyle = '#000';
    canvas.fillStyle = value;
    canvas.fillRect(0, 0, 1, 1);
    const d = canvas.getImageData(0, 0, 1, 1).data;
    return d[3] === 0 ? null : [d[0]!, d[1]!, d[2]!, d[3]! / 255];
  };
  const over = (top: RGBA, bottom: RGBA): RGBA => {
    const a = top[3] + bottom[3] * (1 - top[3]);
    if (a === 0) return [0, 0, 0, 0];
    const mix = (i: number) => (top[i]! * top[3] + bottom[i]! * bottom[3] * (1 - top[3])) / a;
    return [mix(0), mix(1), mix(2), a];
  };
  const luminance = (c: RGBA) => {
    const [r, g, b] = [c[0], c[1], c[2]].map((v) => {
      const s = v / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const ratio = (a: RGBA, b: RGBA) => {
    const [x, y] = [luminance(a), luminance(b)];
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
  };
  const hex = (c: RGBA) => `rgb(${c.slice(0, 3).map(Math.round).join(' ')})`;
  const BLACK: RGBA = [0, 0, 0, 1];
  const WHITE: RGBA = [255, 255, 255, 1];

  /** What is left of an element's box once scrolling ancestors have clipped it (a gallery's other slides). */
  const clippedRect = (el: Element): DOMRect => {
    let { left, top, right, bottom } = el.getBoundingClientRect();
    for (let a = el.parentElement; a; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const r = a.getBoundingClientRect();
      if (s.overflowX !== 'visible') [left, right] = [Math.max(left, r.left), Math.min(right, r.right)];
      if (s.overflowY !== 'visible') [top, bottom] = [Math.max(top, r.top), Math.min(bottom, r.bottom)];
    }
    return new DOMRect(left, top, Math.max(0, right - left), Math.max(0, bottom - top));
  };
  const pictures = [...document.querySelectorAll('img, picture, video, canvas')]
    .map((el) => ({ el, rect: clippedRect(el) }))
    .filter(({ rect }) => rect.width > 1 && rect.height > 1);
  const overlaps = (a: DOMRect, b: DOMRect) =>
    a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

  /** The colours of one element's own painting (background colour, gradient stops) and whether it hides what is under it. */
  const layersOf = (el: Element): { colors: RGBA[]; opaque: boolean; picture: boolean }[] => {
    const out: { colors: RGBA[]; opaque: boolean; picture: boolean }[] = [];
    for (const pseudo of ['::after', '::before']) {
      const ps = getComputedStyle(el, pseudo);
      if (ps.content === 'none' || ps.content === 'normal' || ps.display === 'none') continue;
      if (ps.position !== 'absolute' && ps.position !== 'fixed') continue;
      const c = parse(ps.backgroundColor);
      if (c && c[3] > 0) out.push({ colors: [c], opaque: false, picture: false });
    }
    const s = getComputedStyle(el);
    const image = s.backgroundImage;
    if (image && image !== 'none') {
      if (/url\(/.test(image)) out.push({ colors: [], opaque: true, picture: true });
      else {
        const stops = (image.match(/rgba?\([^)]*\)/g) ?? []).map(parse).filter((c): c is RGBA => c !== null);
        if (stops.length) out.push({ colors: stops, opaque: stops.every((c) => c[3] === 1), picture: false });
      }
    }
    const bg = parse(s.backgroundColor);
    if (bg && bg[3] > 0) out.push({ colors: [bg], opaque: bg[3] === 1, picture: false });
    return out;
  };

  /** Every colour the backdrop under `el`'s text can have at `rect`. */
  const backdrops = (el: Element, rect: DOMRect): RGBA[] => {
    const stack: { colors: RGBA[] }[] = [];
    let base: RGBA[] = [WHITE]; // the canvas
    let child: Element | null = null;
    outer: for (let a: Element | null = el; a; child = a, a = a.parentElement) {
      // A picture painted under the text inside this element (a sibling branch of the text's chain).
      if (child) {
        const under = pictures.find((p) => a!.contains(p.el) && !child!.contains(p.el) && !p.el.contains(el) && overlaps(p.rect, rect));
        if (under) {
          base = [BLACK, WHITE];
          break;
        }
      }
      for (const layer of layersOf(a)) {
        if (layer.picture) {
          base = [BLACK, WHITE];
          break outer;
        }
        stack.push(layer);
        if (layer.opaque) {
          base = [];
          break outer;
        }
      }
    }
    // Fold from the bottom: each layer over every colour below it.
    let colors = base;
    for (let i = stack.length - 1; i >= 0; i--) {
      const layer = stack[i]!;
      const next: RGBA[] = [];
      for (const top of layer.colors) {
        if (colors.length === 0) next.push(top);
        else for (const bottom of colors) next.push(over(top, bottom));
      }
      colors = next.filter((c, j) => next.findIndex((d) => d.every((v, k) => Math.abs(v - c[k]!) < 0.5)) === j).slice(0, 16);
    }
    return colors.map((c) => (c[3] < 1 ? over(c, WHITE) : c));
  };

  const hiddenByClip = (el: Element): boolean => {
    for (let a: Element | null = el; a; a = a.parentElement) {
      const s = getComputedStyle(a);
      const r = a.getBoundingClientRect();
      if (s.overflow !== 'visible' && (r.width <= 1 || r.height <= 1)) return true;
      if (s.clipPath === 'inset(50%)') return true;
    }
    return false;
  };
  // Inactive controls are exempt (WCAG 1.4.3): disabled ones, and the pagination's greyed-out arrow at either end.
  const exempt = (el: Element) =>
    !!el.closest(
      'svg, script, style, noscript, template, :disabled, [aria-disabled="true"], select option, .pagination__control--disabled',
    );
  const describe = (el: Element) => {
    const parts: string[] = [];
    for (let a: Element | null = el; a && parts.length < 3; a = a.parentElement) {
      parts.unshift(a.tagName.toLowerCase() + (a.classList.length ? `.${[...a.classList].join('.')}` : ''));
    }
    return parts.join(' > ');
  };

  const failures: ContrastFailure[] = [];
  const checked: string[] = [];
  const measure = (el: Element, text: string, rect: DOMRect, color: string) => {
    const s = getComputedStyle(el);
    const fg0 = parse(color);
    if (!fg0 || fg0[3] === 0) return; // transparent text: a graphic drawn by its background (rating stars)
    let opacity = 1;
    for (let a: Element | null = el; a; a = a.parentElement) opacity *= Number(getComputedStyle(a).opacity);
    const size = parseFloat(s.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(s.fontWeight) >= 700);
    const required = large ? 3 : 4.5;
    checked.push(text);
    for (const bg of backdrops(el, rect)) {
      const fg = over([fg0[0], fg0[1], fg0[2], fg0[3] * opacity], bg);
      const r = ratio(fg, bg);
      if (r < required - 0.005) {
        failures.push({
          text: text.slice(0, 40),
          where: describe(el),
          ratio: Math.round(r * 100) / 100,
          required,
          fg: hex(fg),
          bg: hex(bg),
        });
        return;
      }
    }
  };

  const inDocument = (r: DOMRect) =>
    r.width > 1 &&
    r.height > 1 &&
    r.bottom + scrollY > 0 &&
    r.right + scrollX > 0 &&
    r.left + scrollX < document.documentElement.scrollWidth;

  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? '';
    const el = node.parentElement;
    if (!text || !el || exempt(el)) continue;
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    range.selectNodeContents(node);
    const rect = range.getBoundingClientRect();
    if (!inDocument(rect) || hiddenByClip(el)) continue;
    measure(el, text, rect, getComputedStyle(el).color);
  }
  for (const control of document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('input, select, textarea')) {
    if (control instanceof HTMLInputElement && ['hidden', 'checkbox', 'radio', 'range', 'color', 'file', 'image'].includes(control.type))
      continue;
    if (exempt(control) || !control.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const rect = control.getBoundingClientRect();
    if (!inDocument(rect) || hiddenByClip(control)) continue;
    const name = control.getAttribute('aria-label') ?? control.name ?? control.tagName;
    if (control instanceof HTMLSelectElement || control.value)
      measure(control, `${name}: ${control.value}`, rect, getComputedStyle(control).color);
    else if (control.placeholder)
      measure(control, `${name} placeholder: ${control.placeholder}`, rect, getComputedStyle(control, '::placeholder').color);
  }
  return { failures, checked };
}

async function audit(page: Page) {
  await renderSkippedContent(page);
  return page.evaluate(auditContrast);
}

interface SeedProduct {
  slug: string;
  name: string;
  variants: { id: string; stockLevel: string }[];
}

async function seedProducts(page: Page, locale: Locale): Promise<SeedProduct[]> {
  const res = await page.request.post(`/shop-api?languageCode=${locale}`, {
    data: { query: 'query { products(options: { take: 100 }) { items { slug name variants { id stockLevel } } } }' },
  });
  return ((await res.json()) as { data: { products: { items: SeedProduct[] } } }).data.products.items;
}

const pages: { name: string; path: (locale: Locale, page: Page) => Promise<string>; mustCheck?: (locale: Locale) => string }[] = [
  { name: 'home', path: async () => '/' },
  { name: 'listing', path: async () => '/products' },
  {
    // A product whose stock is low: its "Only a few left" label failed in English and went unchecked in Arabic.
    name: 'product (low stock)',
    path: async (locale, page) => {
      const low = (await seedProducts(page, locale)).find((p) => p.variants.some((v) => v.stockLevel === 'LOW_STOCK'));
      expect(low, 'the seed has a product with low stock').toBeTruthy();
      return `/products/${low!.slug}?variant=${low!.variants.find((v) => v.stockLevel === 'LOW_STOCK')!.id}`;
    },
    mustCheck: (locale) => tr(locale, 'Only a few left'),
  },
  {
    name: 'cart (one line)',
    path: async (locale, page) => {
      const product = (await seedProducts(page, locale)).find((p) => p.variants.length === 1 && p.variants[0]!.stockLevel === 'IN_STOCK');
      await page.goto(localePath(locale, '/'));
      await page.waitForFunction(() => !!localStorage.getItem('vendure_token'), undefined, { timeout: 15_000 });
      await shopCall(page, 'mutation ($v: ID!) { addItemToOrder(productVariantId: $v, quantity: 1) { __typename } }', {
        v: product!.variants[0]!.id,
      });
      return '/cart';
    },
    mustCheck: (locale) => tr(locale, 'Proceed to checkout'),
  },
  { name: 'auth', path: async () => '/auth' },
  { name: 'about', path: async () => '/about' },
];

for (const locale of locales) {
  test.describe(`contrast (${locale})`, () => {
    test.use(browserLocale(locale));
    for (const p of pages) {
      test(`every text on ${p.name} meets WCAG AA contrast @responsive`, async ({ page }) => {
        const path = localePath(locale, await p.path(locale, page));
        await gotoHydrated(page, path);
        if (p.name.startsWith('cart')) await expect(page.getByRole('link', { name: tr(locale, 'Proceed to checkout') })).toBeVisible();
        const { failures, checked } = await audit(page);
        expect(failures, `contrast on ${path}`).toEqual([]);
        // The audit reached the page's own text (and the label this issue is about), in this script.
        expect(checked.length).toBeGreaterThan(8);
        if (p.mustCheck) expect(checked).toContain(p.mustCheck(locale));
        if (locale === 'ar') expect(checked.some((t) => /[\u0600-\u06ff]/.test(t))).toBe(true);
      });
    }
  });
}
