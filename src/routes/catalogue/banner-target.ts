/**
 * Where a banner may send a shopper. Banners are edited in the admin, so their targets are data,
 * not code: a typo or a compromised admin account must not turn the home page into a link to an
 * arbitrary site. Internal targets become locale-neutral site paths (the view localises them);
 * external targets are allowed only to hosts on an allow-list; anything else is not a link.
 *
 * Accepted forms of `redirectTo` (+ `redirectToSlug`):
 *   '/products/c/bags'                  a site path (an /en prefix is dropped: the view re-adds it)
 *   'product' | 'category' | 'sub-category' | 'brand' + slug   an entity of the catalogue
 *   'https://host/path'                 external, only when host is allow-listed (or our own origin)
 */

export type BannerTarget = { kind: 'internal'; path: string } | { kind: 'external'; href: string };

const SAFE_PATH = /^\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@%/?#]*$/;
const SLUG = /^[\p{L}\p{N}][\p{L}\p{N}_-]{0,199}$/u;

const ENTITY_PATHS: Record<string, (slug: string) => string> = {
  product: (s) => `/products/${s}`,
  category: (s) => `/products/c/${s}`,
  'sub-category': (s) => `/products/c/${s}`,
  subcategory: (s) => `/products/c/${s}`,
  brand: (s) => `/products/brand/${s}`,
};

function neutralPath(path: string): string | null {
  if (!SAFE_PATH.test(path)) return null;
  if (path === '/en') return '/';
  if (path.startsWith('/en/') || path.startsWith('/en?') || path.startsWith('/en#')) return path.slice(3) || '/';
  return path;
}

export interface BannerTargetOptions {
  /** Lower-case host names an external banner may link to (exact host or a subdomain of it). */
  allowedHosts: readonly string[];
  /** Our public origin: absolute links to it are treated as internal. */
  ownOrigin?: string | null;
}

function hostAllowed(host: string, allowed: readonly string[]): boolean {
  const h = host.toLowerCase();
  return allowed.some((a) => h === a || h.endsWith(`.${a}`));
}

export function resolveBannerTarget(
  redirectTo: string | null | undefined,
  redirectToSlug: string | null | undefined,
  options: BannerTargetOptions,
): BannerTarget | null {
  const to = redirectTo?.trim();
  if (!to) return null;
  const entity = ENTITY_PATHS[to.toLowerCase()];
  if (entity) {
    const slug = redirectToSlug?.trim();
    return slug && SLUG.test(slug) ? { kind: 'internal', path: entity(encodeURIComponent(slug)) } : null;
  }
  if (to.startsWith('/')) {
    const path = neutralPath(to);
    return path ? { kind: 'internal', path } : null;
  }
  let url: URL;
  try {
    url = new URL(to);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (options.ownOrigin && url.origin === new URL(options.ownOrigin).origin) {
    const path = neutralPath(url.pathname + url.search + url.hash);
    return path ? { kind: 'internal', path } : null;
  }
  if (url.protocol !== 'https:') return null;
  return hostAllowed(url.hostname, options.allowedHosts) ? { kind: 'external', href: url.href } : null;
}

/** Default allow-list: the store's payment partners' pages used in campaigns. */
export const DEFAULT_BANNER_HOSTS: readonly string[] = ['tamara.co', 'tabby.ai', 'stcpay.com.sa'];

/** BANNER_LINK_HOSTS="a.com,b.org" replaces the default list (read on the server only). */
export function bannerHostsFromEnv(value: string | undefined): readonly string[] {
  if (value === undefined) return DEFAULT_BANNER_HOSTS;
  return value
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter((h) => /^[a-z0-9.-]+$/.test(h));
}
