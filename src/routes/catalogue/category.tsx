import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { data } from 'react-router';
import type { Route } from './+types/category';
import { LocaleLink } from '../../components/locale-link/locale-link';
import { localeContext } from '../../i18n/locale-middleware.server';
import { routeMeta } from '../../seo/route-meta';
import { listingMeta } from './listing-meta';
import { ListingView, listingShouldRevalidate } from './listing-view';
import { loadFacetValue, loadListing } from './listing.server';

/**
 * A category listing, `/products/c/:categoryCode` (optionally `?subCategory=`) and its path form
 * `/products/c/:categoryCode/:subCategoryCode` from the mobile menu. Both forms of a sub-category
 * share one canonical URL, the path form.
 */
export async function loader({ params, context, url }: Route.LoaderArgs) {
  const locale = context.get(localeContext);
  const subCode = params.subCategoryCode ?? url.searchParams.get('subCategory') ?? null;
  // All in parallel: unknown codes give an empty listing and the facet lookups answer 404.
  const [category, sub, listing] = await Promise.all([
    loadFacetValue(locale, params.categoryCode, 'category'),
    subCode ? loadFacetValue(locale, subCode, 'sub-category') : null,
    loadListing(locale, url, {
      categoryCode: params.categoryCode,
      ...(params.subCategoryCode ? { subCategoryCode: params.subCategoryCode } : {}),
    }),
  ]);
  // A sub-category of another category is not part of this one.
  if (sub && sub.parentCode && sub.parentCode !== category.code) throw data(null, { status: 404 });
  return {
    category: { code: category.code, name: category.name, subCategories: category.subCategories },
    subCategory: sub ? { code: sub.code, name: sub.name } : null,
    pathForm: Boolean(params.subCategoryCode),
    listing,
  };
}

export const shouldRevalidate = listingShouldRevalidate;

export const meta: Route.MetaFunction = (args) => {
  const d = args.loaderData;
  if (!d) return routeMeta(args, { title: '', description: '', notFound: true });
  const name = d.subCategory ? `${d.subCategory.name} – ${d.category.name}` : d.category.name;
  const base = `/products/c/${encodeURIComponent(d.category.code)}`;
  return listingMeta(args, {
    title: name,
    description: msg`Shop ${name}: prices include VAT, delivery across Saudi Arabia.`,
    neutralPath: d.subCategory ? `${base}/${encodeURIComponent(d.subCategory.code)}` : base,
    params: d.listing.params,
  });
};

export default function Category({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const { category, subCategory, pathForm, listing } = loaderData;
  const base = `/products/c/${encodeURIComponent(category.code)}`;
  const intro =
    category.subCategories.length > 0 ? (
      <nav aria-label={t`Subcategories`}>
        <ul className="chip-list">
          <li>
            <LocaleLink to={base} className="chip" aria-current={subCategory ? undefined : 'page'}>
              {t`All ${category.name}`}
            </LocaleLink>
          </li>
          {category.subCategories.map((s) => (
            <li key={s.code}>
              <LocaleLink
                to={`${base}/${encodeURIComponent(s.code)}`}
                className="chip"
                aria-current={subCategory?.code === s.code ? 'page' : undefined}
              >
                {s.name}
              </LocaleLink>
            </li>
          ))}
        </ul>
      </nav>
    ) : null;
  return (
    <ListingView title={subCategory ? subCategory.name : category.name} intro={intro} listing={listing} showSubCategories={!pathForm} />
  );
}
