// Decision 015's check: on an Arabic page (or in the Arabic part of a mail) every number a shopper
// reads is written with Arabic-Indic digits. Identifiers stay Latin, and are marked as such:
// anything inside a `dir="ltr"` element or an element whose `lang` is not Arabic (order codes,
// phone numbers, postcodes, tax numbers, Latin names) is left out, and so are Latin phrases
// ("iPhone 15", "WELCOME10", "Sony A7 IV"): a run of Latin letters, digits and their punctuation
// that holds at least one Latin letter.
//
// Plain JavaScript without imports, so Playwright can run `latinDigitsIn` inside the page
// (page.evaluate) and Node (server e2e, on a mail parsed by the same rules) can import it.

/**
 * Texts (and names read out: aria-label, alt, title, placeholder, aria-valuetext) under `root`
 * that hold Latin digits outside identifiers, and numbered lists counting in Latin digits, each as
 * "<tag> «text»". Runs in a browser or on a happy-dom document.
 */
export function latinDigitsIn(root) {
  // Function bodies are serialised into the page by page.evaluate: the helpers live inside.
  const stray = (text) => {
    const withoutLatinPhrases = text.replace(/[A-Za-z0-9%.,:/+\-–&'’ ]*[A-Za-z][A-Za-z0-9%.,:/+\-–&'’ ]*/g, ' ');
    return /[0-9]/.test(withoutLatinPhrases);
  };
  const outside = (el) => {
    if (!el) return true;
    if (el.closest('script, style, noscript, template, [hidden], [dir="ltr" i]')) return true;
    const lang = el.closest('[lang]')?.getAttribute('lang') ?? '';
    return !/^ar\b/i.test(lang);
  };
  const found = [];
  const walker = root.ownerDocument.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue ?? '';
    if (/[0-9]/.test(text) && !outside(node.parentElement) && stray(text)) {
      found.push(`${node.parentElement.tagName.toLowerCase()} «${text.trim().slice(0, 120)}»`);
    }
  }
  for (const name of ['aria-label', 'aria-valuetext', 'alt', 'title', 'placeholder']) {
    for (const el of root.querySelectorAll(`[${name}]`)) {
      const text = el.getAttribute(name) ?? '';
      if (/[0-9]/.test(text) && !outside(el) && stray(text)) found.push(`${el.tagName.toLowerCase()}[${name}] «${text.slice(0, 120)}»`);
    }
  }
  // Numbered lists draw their numbers from CSS, not from text: Latin ones unless the list says otherwise.
  const view = root.ownerDocument.defaultView;
  for (const ol of root.querySelectorAll('ol')) {
    if (outside(ol) || !view?.getComputedStyle) continue;
    const marker = view.getComputedStyle(ol).listStyleType;
    const shown = [...ol.children].some((li) => view.getComputedStyle(li).display === 'list-item');
    if (shown && /^decimal/.test(marker)) found.push(`ol «${(ol.textContent ?? '').trim().slice(0, 60)}» numbered ${marker}`);
  }
  return found;
}
