/**
 * The message catalog is split into parts (decision 009): a page loads, before it hydrates, only the
 * parts holding the messages its server render used, and the whole catalog later (once the page is
 * idle, or before a client navigation). `core` is what the shell (layout, header, footer, cards)
 * can show; the home page, listings, the product page and each content page have a part of their
 * own; so do the sign-in pages (`auth`), the profile and its change of password (`account`), the
 * address book (`addresses`), the customer's orders and payments (`orders`) and the checkout
 * (`checkout`) and the cart page (`cart`, server-rendered with its lines since issue 38), with
 * `customer` for what several of those share (the profile's menu, the phone input, password rules,
 * address fields, the coupon form, an order's summary); the rest (wishlist, contact, review form,
 * what the machines report) is only in `full`.
 *
 * Which part a message is in follows from where it is used (the origins Lingui extracts into the
 * .po file): the vite plugin in vite.config.ts builds each part from the one catalog, so
 * translators keep working on a single file.
 */

/** Parts a page can ask for before hydrating; `full` is the whole catalog. */
export type CatalogPart =
  | 'core'
  | 'home'
  | 'listing'
  | 'product'
  | 'about'
  | 'approach'
  | 'culture'
  | 'installment'
  | 'faqs'
  | 'policy'
  | 'auth'
  | 'account'
  | 'addresses'
  | 'orders'
  | 'checkout'
  | 'cart'
  | 'customer'
  | 'rest';

/** Origins whose messages are not needed for the first paint of every page (the shell). */
const NOT_CORE = [
  /^src\/routes\/catalogue\/(home|listing-view|products|category|brand|categories|product|product-reviews-section)\.tsx$/,
  /^src\/components\/catalogue\/(hero-banners|filter-bar|listing-toolbar|product-gallery|option-picker|rating-summary|review-list|stock-status)\.tsx$/,
  /^src\/routes\/(about|approach|culture|installment|faqs|contact|policy-page)\.tsx$/,
  /^src\/routes\/(cart|auth|account|profile|checkout)\//,
  /^src\/routes\/checkout[^/]*\.tsx$/,
  // build-notice: shown only once the actors (and with them the whole catalog) are there.
  /^src\/components\/(cart|contact|auth|wishlist|phone-input|content|account|profile|checkout|order-summary|build-notice)\//,
  /^src\/components\/catalogue\/review-form\.tsx$/,
  // Instalments and delivery times: the product page's first paint; the cart and the checkout load `full`.
  /^src\/components\/purchase-terms\//,
  // Containers are page parts except the shell's own (header, its search, language switch, sign-out).
  /^src\/containers\/(?!(site-header|header-search|language-switch|sign-out-button|app-actors)\.tsx$)/,
  /^src\/layouts\/(checkout|minimal)-layout\.tsx$/,
  /^(machines|services)\//,
];

const PAGE_PARTS: ReadonlyArray<[CatalogPart, RegExp]> = [
  ['home', /^src\/(routes\/catalogue\/home|components\/catalogue\/hero-banners)\.tsx$/],
  [
    'listing',
    /^src\/(routes\/catalogue\/(listing-view|products|category|brand|categories)|components\/catalogue\/(filter-bar|listing-toolbar))\.tsx$/,
  ],
  [
    'product',
    /^src\/(routes\/catalogue\/(product|product-reviews-section)|components\/catalogue\/(product-gallery|option-picker|rating-summary|review-list|stock-status))\.tsx$|^src\/components\/purchase-terms\//,
  ],
  ['about', /^src\/routes\/about\.tsx$/],
  ['approach', /^src\/routes\/approach\.tsx$/],
  ['culture', /^src\/routes\/culture\.tsx$/],
  ['installment', /^src\/routes\/installment\.tsx$/],
  ['faqs', /^src\/routes\/faqs\.tsx$/],
  ['policy', /^src\/routes\/policy-page\.tsx$/],
  // What the auth and profile machines report (field errors, failures) and the address form (the
  // machine opens it): shown only once the machines are there, and the whole catalog comes with them.
  ['rest', /^src\/components\/(auth\/auth-messages|profile\/profile-messages)\.ts$|^src\/routes\/profile\/address-form\.tsx$/],
  ['auth', /^src\/(routes|components)\/auth\/|^src\/layouts\/minimal-layout\.tsx$/],
  // Shared by the customer's pages: the profile's frame (its menu, on every profile page) and the
  // phone input (the profile, its addresses and the checkout's; the contact form loads `full`), and
  // an order's summary rows (checkout, the success page and the profile's order; the cart loads `full`).
  [
    'customer',
    /^src\/(components\/profile\/profile-shell|containers\/(profile-frame|coupon-form))\.tsx$|^src\/components\/(phone-input|order-summary)\//,
  ],
  // The cart page's lines, summary and messages (issue 38 §2: its server render shows them).
  ['cart', /^src\/(routes\/cart\/cart\.tsx|components\/cart\/)/],
  [
    'orders',
    /^src\/routes\/profile\/(orders|order|payments)\.tsx$|^src\/components\/profile\/(order-state\.ts|tax-invoice-view\.tsx)$|^src\/containers\/order-cancel\.tsx$/,
  ],
  ['addresses', /^src\/routes\/profile\/addresses\.tsx$/],
  ['account', /^src\/(routes|components)\/profile\//],
  [
    'checkout',
    /^src\/(routes|components)\/checkout\/|^src\/containers\/(checkout-flow|checkout-flow-view|coupon-form)\.tsx$|^src\/layouts\/checkout-layout\.tsx$/,
  ],
];

/** The customer's pages: a message only they share goes to `customer`, not to `core`. */
const CUSTOMER_PARTS: ReadonlySet<CatalogPart> = new Set(['auth', 'account', 'addresses', 'orders', 'checkout', 'cart', 'customer']);

/** The part of one origin file (a path relative to the project root, `/` separated). */
export function partOfOrigin(file: string): CatalogPart {
  const path = file.replace(/\\/g, '/').replace(/^\.\//, '');
  if (!NOT_CORE.some((pattern) => pattern.test(path))) return 'core';
  return PAGE_PARTS.find(([, pattern]) => pattern.test(path))?.[0] ?? 'rest';
}

/**
 * The part of a message used in `origins`: `core` when any use is in the shell; the page group's
 * part when only that group uses it; `rest` when only non-page code (forms, flows) does; `customer`
 * when only the customer's pages (sign-in, profile, checkout; the pages that load `full` aside)
 * share it; `core` again when other page groups share it. A message without origins (obsolete) is
 * `rest`.
 */
export function partOfMessage(origins: readonly string[]): CatalogPart {
  const parts = new Set(origins.map(partOfOrigin));
  if (parts.size === 0) return 'rest';
  if (parts.size === 1) return [...parts][0]!;
  const pages = [...parts].filter((part) => part !== 'rest');
  // Only the customer's pages, with or without pages that load the whole catalog anyway (the
  // contact form and the cart share address and coupon wording with them).
  if (pages.every((part) => CUSTOMER_PARTS.has(part))) return pages.length === 1 ? pages[0]! : 'customer';
  return 'core';
}

/**
 * What a page needs before hydrating, from the message ids its server render used: the parts
 * holding them, or `full` when one of them is only in the whole catalog (or unknown).
 */
export function partsForIds(ids: Iterable<string>, partOf: Readonly<Record<string, CatalogPart>>): CatalogPart[] | 'full' {
  const parts = new Set<CatalogPart>(['core']);
  for (const id of ids) {
    const part = Object.prototype.hasOwnProperty.call(partOf, id) ? partOf[id] : undefined;
    if (!part || part === 'rest') return 'full';
    parts.add(part);
  }
  return [...parts];
}
