// Focus not obscured (WCAG 2.2 2.4.11 AA, 2.4.12 AAA; issue 39): the focused element's box is not
// covered by a fixed or sticky element (the sticky header, the "Added to your cart" notice, the
// new-build card) that does not contain it. neither axe nor a focus assertion sees this: the element
// has focus, and the header is painted over it.
//
// How: points spread over the focused element's box (its label's box for a visually hidden radio
// or checkbox, the part inside the viewport) are hit-tested with elementFromPoint; a point whose
// topmost element sits inside a fixed or sticky box that does not also contain the focused element
// is covered. Elements with `pointer-events: none` are not hit-tested (no such overlay exists in
// the shop). An element entirely outside the viewport is not this check's business (it is not under
// anything); the browser scrolls a focused element into view.
import type { CDPSession, Page } from '@playwright/test';
import { expect } from './fixtures';

/** In the page: what covers the focused element, as "<focused> under <cover>", or null. */
export function obscuredFocus(): string | null {
  const el = document.activeElement;
  if (!el || el === document.body || el === document.documentElement) return null;
  let box = el.getBoundingClientRect();
  if (box.width < 4 || box.height < 4) {
    // a visually hidden input: the label (the picture the shopper sees) stands for it
    const owner = el.closest('label') ?? (el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`) : null) ?? el.parentElement;
    if (owner) box = owner.getBoundingClientRect();
  }
  const width = document.documentElement.clientWidth;
  const height = document.documentElement.clientHeight;
  const left = Math.max(box.left, 0);
  const right = Math.min(box.right, width);
  const top = Math.max(box.top, 0);
  const bottom = Math.min(box.bottom, height);
  if (right - left < 1 || bottom - top < 1) return null;
  const pinned = (node: Element | null): Element | null => {
    for (let n = node; n; n = n.parentElement) {
      const position = getComputedStyle(n).position;
      if (position === 'fixed' || position === 'sticky') return n;
    }
    return null;
  };
  const describe = (node: Element) => {
    const name = (node.getAttribute('aria-label') ?? node.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    const cls = typeof node.className === 'string' && node.className ? `.${node.className.trim().split(/\s+/).join('.')}` : '';
    return `<${node.tagName.toLowerCase()}${cls}>${name ? ` "${name}"` : ''}`;
  };
  let covered = 0;
  let cover: Element | null = null;
  const xs = [0.1, 0.3, 0.5, 0.7, 0.9];
  const ys = [0.15, 0.5, 0.85];
  for (const fx of xs) {
    for (const fy of ys) {
      const hit = document.elementFromPoint(left + (right - left) * fx, top + (bottom - top) * fy);
      if (!hit || el.contains(hit)) continue;
      const over = pinned(hit);
      if (over && !over.contains(el)) {
        covered++;
        cover = over;
      }
    }
  }
  if (!cover) return null;
  return `${describe(el)} under ${describe(cover)} (${covered} of ${xs.length * ys.length} points, ${location.pathname}${location.search})`;
}

/**
 * Watches every focus move in the page, on every document it loads, including other origins (the
 * payment gateway): after each one has scrolled and been painted, what covers the focused element
 * is added to the returned list. Call before the first navigation; assert the list is empty.
 */
export async function watchObscuredFocus(page: Page): Promise<string[]> {
  const found: string[] = [];
  await page.exposeBinding('__reportObscuredFocus', (_source, text: string) => {
    found.push(text);
  });
  await page.addInitScript(`(() => {
    const obscuredFocus = ${obscuredFocus.toString()};
    let pending = 0;
    addEventListener('focusin', () => {
      const ticket = ++pending;
      // after the browser has scrolled the element into view and laid out what the focus changed
      requestAnimationFrame(() => requestAnimationFrame(() => {
        if (ticket !== pending) return;
        const text = obscuredFocus();
        if (text) window.__reportObscuredFocus(text);
      }));
    }, true);
  })();`);
  return found;
}

/** Now, not on a focus move: the element that has focus is not covered (e.g. after a notice appeared). */
export async function expectFocusUnobscured(page: Page, what: string) {
  await expect.poll(() => page.evaluate(obscuredFocus), { message: `focus not obscured: ${what}`, timeout: 3_000 }).toBeNull();
}

/** The browser's text size at 200 % (Chrome's font-size setting: 32 px instead of 16 px), as reflow.spec sets it. */
export async function textAt200(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
  return cdp;
}

/** The three conditions issue 39 names: a phone, a desktop, and a desktop with the text at 200 %. */
export const FOCUS_CONDITIONS = [
  { name: '1280 px', viewport: { width: 1280, height: 720 }, text200: false },
  { name: '390 px', viewport: { width: 390, height: 844 }, text200: false },
  { name: '1280 px, text 200 %', viewport: { width: 1280, height: 720 }, text200: true },
] as const;
