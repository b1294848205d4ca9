import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Route } from './+types/products';
import { localeContext } from '../../i18n/locale-middleware.server';
import { searchOf } from '../../lib/catalogue/listing-params';
import { routeMeta } from '../../seo/route-meta';
import { listingMeta } from './listing-meta';
import { ListingView, listingShouldRevalidate } from './listing-view';
import { loadListing } from './listing.server';

/**
 * /products: every product, with the full filter bar. With `?q=` (the header search, Enter) the
 * full results page of a search: the same listing narrowed to what the term finds, filters, sort
 * and pages on top.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  return { listing: await loadListing(context.get(localeContext), url, {}) };
}

export const shouldRevalidate = listingShouldRevalidate;

export const meta: Route.MetaFunction = (args) => {
  if (!args.loaderData) return routeMeta(args, { title: '', description: '', notFound: true });
  const search = searchOf(args.loaderData.listing.params);
  return search
    ? // a page per search term is no page for search engines
      listingMeta(args, {
        title: msg`Results for “${search}”`,
        description: msg`Products matching “${search}”: filter by price, colour and brand, and sort by newest or price.`,
        neutralPath: '/products',
        params: args.loaderData.listing.params,
        noindex: true,
      })
    : listingMeta(args, {
        title: msg`All products`,
        description: msg`Browse all products: filter by price, colour and brand, and sort by newest or price.`,
        neutralPath: '/products',
        params: args.loaderData.listing.params,
      });
};

export default function Products({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const search = searchOf(loaderData.listing.params);
  // The term in its own direction: an English word on an Arabic page, or the other way round.
  const title = search ? (
    <Trans>
      Results for “<bdi>{search}</bdi>”
    </Trans>
  ) : (
    t`All products`
  );
  return <ListingView title={title} listing={loaderData.listing} />;
}
