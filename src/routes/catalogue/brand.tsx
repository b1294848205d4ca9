import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Route } from './+types/brand';
import { localeContext } from '../../i18n/locale-middleware.server';
import { loadedI18n } from '../../i18n/i18n';
import { localeFromPath } from '../../i18n/paths';
import { routeMeta } from '../../seo/route-meta';
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
    const brand = args.loaderData?.brand;
    if (!brand) return routeMeta(args, { title: '', description: '', notFound: true });
    const i18n = loadedI18n(localeFromPath(args.location.pathname));
    const name = brand.name;
    return routeMeta(args, {
        title: name,
        description: i18n ? i18n._(msg`Genuine ${name} products with prices including VAT and delivery across Saudi Arabia.`) : name,
        keepParams: ['page'],
    });
};

export default function Brand({ loaderData }: Route.ComponentProps) {
    const { t } = useLingui();
    return <ListingView title={t`${loaderData.brand.name} products`} listing={loaderData.listing} showBrands={false} />;
}
