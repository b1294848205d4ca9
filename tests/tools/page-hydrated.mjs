/* global document */
// One rule for "React has hydrated this page", shared by the browser tests (tests/e2e/fixtures.ts)
// and bench:bundle (tests/perf/bundle.mjs). It runs in the page: Playwright sends its source.

/**
 * True once React has hydrated every element of the page. The server HTML shows buttons (menu,
 * search toggle, form submit) before their handlers exist, and a click that early is lost. Parts of
 * a page hydrate separately (HydrationSlice: header, page, footer, home rows), so React's fiber key
 * on <body> is not enough: every element must carry one, except the inline data scripts and what
 * sits inside a `dangerouslySetInnerHTML` (a product's sanitised description), which React never
 * owns, and markup a test put into the HTML outside React (marked `data-foreign`).
 */
export function pageHydrated() {
  const reactKey = (el, prefix) => Object.keys(el).find((k) => k.startsWith(prefix));
  const insideRawHtml = (el) => {
    for (let parent = el.parentElement; parent; parent = parent.parentElement) {
      const props = reactKey(parent, '__reactProps$');
      if (props) return Boolean(parent[props]?.dangerouslySetInnerHTML);
    }
    return false;
  };
  return [...document.body.querySelectorAll('*')].every(
    (el) =>
      el.tagName === 'SCRIPT' || reactKey(el, '__reactFiber$') !== undefined || insideRawHtml(el) || el.closest('[data-foreign]') !== null,
  );
}
