import type { MessageDescriptor } from '@lingui/core';
import type { Location, MetaDescriptor } from 'react-router';
import { loadedI18n } from '../../i18n/i18n';
import { EN_PREFIX } from '../../i18n/locales';
import { localeFromPath } from '../../i18n/paths';
import { pageMeta } from '../../seo/meta';
import { routeMeta, siteOrigin, SITE_NAME } from '../../seo/route-meta';
import { canonicalSearch, type ListingParams } from '../../lib/catalogue/listing-params';

interface MetaArgs {
  location: Location;
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
  error?: unknown;
}

/**
 * Meta of a listing: the canonical URL is the listing's own path (a sub-category's path form even
 * when reached through `?subCategory=`) plus only `?page=N` for N > 1. Filters, sort and view are
 * presentation of the same collection and stay out of it.
 */
export function listingMeta(
  args: MetaArgs,
  page: {
    title: string | MessageDescriptor;
    description: string | MessageDescriptor;
    neutralPath: string;
    params: ListingParams;
    /** A search's results: not indexed (no canonical, no alternates). */
    noindex?: boolean;
  },
): MetaDescriptor[] {
  const locale = localeFromPath(args.location.pathname);
  const i18n = loadedI18n(locale);
  if (!i18n) return routeMeta(args, { title: page.title, description: page.description });
  const tr = (x: string | MessageDescriptor) => (typeof x === 'string' ? x : i18n._(x));
  return pageMeta({
    title: tr(page.title),
    description: tr(page.description),
    siteName: i18n._(SITE_NAME),
    locale,
    origin: siteOrigin(args.matches, args.location),
    pathname: (locale === 'en' ? EN_PREFIX : '') + page.neutralPath,
    search: canonicalSearch(page.params),
    keepParams: ['page'],
    noindex: page.noindex,
  });
}
