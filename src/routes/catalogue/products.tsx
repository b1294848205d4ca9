import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Route } from './+types/products';
import { localeContext } from '../../i18n/locale-middleware.server';
import { routeMeta } from '../../seo/route-meta';
import { listingMeta } from './listing-meta';
import { ListingView, listingShouldRevalidate } from './listing-view';
import { loadListing } from './listing.server';

/** /products: every product, with the full filter bar. */
export async function loader({ context, url }: Route.LoaderArgs) {
  return { listing: await loadListing(context.get(localeContext), url, {}) };
}

export const shouldRevalidate = listingShouldRevalidate;

export const meta: Route.MetaFunction = (args) =>
  args.loaderData
    ? listingMeta(args, {
        title: msg`All products`,
        description: msg`Browse all products: filter by price, colour and brand, and sort by newest or price.`,
        neutralPath: '/products',
        params: args.loaderData.listing.params,
      })
    : routeMeta(args, { title: '', description: '', notFound: true });

export default function Products({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  return <ListingView title={t`All products`} listing={loaderData.listing} />;
}
