// Issue 20: helpers of the accessibility specs (a11y-pages, contrast, reflow), apart from fixtures.ts.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The signed-in profile pages, with one of the customer's orders (the a11y, contrast and reflow audits visit them all). */
export function profilePages(orderCode: string): string[] {
  return [
    '/profile',
    '/profile/addresses',
    '/profile/orders',
    `/profile/orders/${orderCode}`,
    '/profile/change-password',
    '/profile/payments',
  ];
}

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Lays out the sections the browser skips until they near the viewport (`content-visibility: auto`):
 * axe measures boxes, and skipped ones overlap (target-size saw the home rows' buttons "obscured").
 * A shopper scrolling there gets them laid out; CSSOM, not a <style> tag, so a CSP cannot refuse it.
 */
export async function renderSkippedContent(page: Page) {
  await page.evaluate(() => {
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (getComputedStyle(el).contentVisibility === 'auto') el.style.contentVisibility = 'visible';
    }
  });
}

/** Serious and critical violations on the page as it is now, readable in a failure message. */
export async function scan(page: Page): Promise<string[]> {
  await renderSkippedContent(page);
  // options() first: it replaces the whole options object, withTags() then adds runOnly to it.
  const { violations } = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(WCAG_TAGS)
    .setLegacyMode(true)
    .analyze();
  const mismatches = await labelContentMismatches(page);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id} (${v.nodes.length}): ${v.help}\n${v.nodes
          .slice(0, 6)
          .map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join('; ')}`)
          .join('\n')}`,
    )
    .concat(mismatches.length ? [`label-content (ours, ${mismatches.length}):\n    ${mismatches.join('\n    ')}`] : []);
}

/**
 * WCAG 2.5.3 by our own reading, in both scripts: every control named by aria-label/labelledby whose
 * visible text has letters or digits must have that text inside its name. axe's experimental rule
 * passed an Arabic "عرض الكل" link named "عرض كل …" that it fails in English.
 */
export async function labelContentMismatches(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const norm = (s: string) =>
      s
        .normalize('NFKC')
        .toLowerCase()
        .replace(/[\u200e\u200f\u2066-\u2069\u061c]/g, '')
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim();
    const clipped = (el: Element) => {
      for (let a: Element | null = el; a; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.clipPath === 'inset(50%)' || s.display === 'none' || s.visibility === 'hidden') return true;
        const r = a.getBoundingClientRect();
        if (s.overflow !== 'visible' && (r.width <= 1 || r.height <= 1)) return true;
      }
      return false;
    };
    const visibleText = (el: Element) => {
      const parts: string[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const parent = n.parentElement;
        if (parent && !parent.closest('svg') && !clipped(parent)) parts.push(n.textContent ?? '');
      }
      return parts.join(' ');
    };
    const out: string[] = [];
    const controls = document.querySelectorAll(
      'a[href][aria-label], a[href][aria-labelledby], button[aria-label], button[aria-labelledby], summary[aria-label], [role="button"][aria-label], [role="link"][aria-label], [role="tab"][aria-label], [role="menuitem"][aria-label]',
    );
    for (const el of controls) {
      if (!el.checkVisibility() || clipped(el)) continue;
      const text = norm(visibleText(el));
      if (!/[\p{L}\p{N}]/u.test(text)) continue; // icons and symbols (+, −, ›) name nothing
      const labelledby = el.getAttribute('aria-labelledby');
      const name = labelledby
        ? labelledby
            .split(/\s+/)
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ')
        : (el.getAttribute('aria-label') ?? '');
      if (!norm(name).includes(text)) out.push(`"${text}" is not in the name "${name.trim()}" (${el.outerHTML.slice(0, 120)})`);
    }
    return out;
  });
}
