import { NO_STORE_IDENTITY, type StoreIdentity } from './store-identity';

/** The site-wide alert above the header. */
export interface AlertView {
  id: string;
  name: string;
  /** A site path to link to; anything else links home (spec §2). */
  url: string | null;
}

/** What the header, footer and mobile menu show; the layout loader maps service results to it. */
export interface SubCategoryLink {
  code: string;
  name: string;
}

export interface CategoryLink {
  code: string;
  name: string;
  subCategories: SubCategoryLink[];
}

export interface BrandLink {
  code: string;
  name: string;
}

export interface SocialLinkView {
  id: string;
  platform: string;
  link: string;
}

export interface ChromeData {
  categories: CategoryLink[];
  alert: AlertView | null;
  brands: BrandLink[];
  socialLinks: SocialLinkView[];
  /** The store's legal identity for the footer; its unset parts are null (never a placeholder). */
  identity: StoreIdentity;
}

export const EMPTY_CHROME: ChromeData = { categories: [], alert: null, brands: [], socialLinks: [], identity: NO_STORE_IDENTITY };

/** Catalogue URLs shared by the header, mobile menu and footer (the listing pages own them). */
export const catalogueHref = {
  category: (code: string) => `/products/c/${encodeURIComponent(code)}`,
  /** Desktop dropdowns: the category listing filtered by subcategory (spec §2). */
  subCategoryQuery: (category: string, sub: string) => `/products/c/${encodeURIComponent(category)}?subCategory=${encodeURIComponent(sub)}`,
  /** Mobile menu: the path form of the same listing (spec §2). */
  subCategoryPath: (category: string, sub: string) => `/products/c/${encodeURIComponent(category)}/${encodeURIComponent(sub)}`,
  /** Footer "top brands": a brand listing by brand code. */
  brand: (code: string) => `/products/brand/${encodeURIComponent(code)}`,
} as const;

/** Spec §2: YouTube and Snapchat entries are not shown among the footer's social links. */
export function visibleSocialLinks<T extends { platform: string; link: string }>(links: readonly T[]): T[] {
  return links.filter((l) => {
    const platform = l.platform.trim().toLowerCase();
    if (platform === 'youtube' || platform === 'snapchat') return false;
    return /^https:\/\//i.test(l.link);
  });
}
