import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Route } from './+types/brand';
import { localeContext } from '../../i18n/locale-middleware.server';
import { routeMeta } from '../../seo/route-meta';
import { listingMeta } from './listing-meta';
import { ListingView, listingShouldRevalidate } from './listing-view';
import { loadFacetValue, loadListing } from './listing.server';

/** /products/brand/:brandCode — the footer's "top brands" links. Unknown brand: 404. */
export async function loader({ params, context, url }: Route.LoaderArgs) {
  const locale = context.get(localeContext);
  // In parallel: an unknown code gives an empty listing, and the facet lookup answers 404.
  const [brand, listing] = await Promise.all([
    loadFacetValue(locale, params.brandCode, 'brand'),
    loadListing(locale, url, { brandCode: params.brandCode }),
  ]);
  return { brand: { code: brand.code, name: brand.name }, listing };
}

export const shouldRevalidate = listingShouldRevalidate;

export const meta: Route.MetaFunction = (args) => {
  const d = args.loaderData;
  if (!d) return routeMeta(args, { title: '', description: '', notFound: true });
  const name = d.brand.name;
  return listingMeta(args, {
    title: name,
    description: msg`Genuine ${name} products with prices including VAT and delivery across Saudi Arabia.`,
    neutralPath: `/products/brand/${encodeURIComponent(d.brand.code)}`,
    params: d.listing.params,
  });
};

export default function Brand({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  return <ListingView title={t`${loaderData.brand.name} products`} listing={loaderData.listing} showBrands={false} />;
}
