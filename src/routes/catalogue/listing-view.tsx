import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router';
import { EmptyState } from '../../components/catalogue/empty-state';
import { FilterBarContainer } from '../../containers/filter-bar';
import { ListingToolbar } from '../../components/catalogue/listing-toolbar';
import { ProductGrid } from '../../components/catalogue/product-grid';
import { LocaleLink } from '../../components/locale-link/locale-link';
import { Pagination } from '../../components/pagination/pagination';
import { useLocale } from '../../lib/use-locale';
import { textDirection } from '../../i18n/locales';
import {
  PAGE_SIZE,
  VISIBLE_PAGES,
  clearFilters,
  hasActiveFilters,
  listingSearch,
  parseListingParams,
  type ListingParams,
} from '../../lib/catalogue/listing-params';
import type { ListingData } from './listing.server';

/**
 * A grid/list view toggle changes only the presentation: no need to ask the server again.
 * Everything else in the query (filters, sort, page) selects other products.
 */
export function listingShouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const a = new URLSearchParams(currentUrl.search);
  const b = new URLSearchParams(nextUrl.search);
  a.delete('view');
  b.delete('view');
  a.sort();
  b.sort();
  return a.toString() !== b.toString() ? defaultShouldRevalidate : false;
}

export interface ListingViewProps {
  title: string;
  /** Above the toolbar: sub-category chips, a cover... */
  intro?: ReactNode;
  listing: ListingData;
  showBrands?: boolean;
  showSubCategories?: boolean;
}

/** Title, filters, toolbar, products and pagination of every product listing. */
export function ListingView({ title, intro, listing, showBrands, showSubCategories }: ListingViewProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { items, totalItems, filterBar } = listing;
  // The view toggle does not ask the server again (see listingShouldRevalidate): read it from the URL.
  const view = parseListingParams(searchParams).view;
  const params = useMemo(() => ({ ...listing.params, view }), [listing.params, view]);

  // Filters act through React once it runs; tests and styles can tell (data-interactive).
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);

  const hrefFor = useCallback((p: ListingParams) => pathname + listingSearch(p), [pathname]);
  const go = useCallback((href: string) => navigate(href, { preventScrollReset: true }), [navigate]);

  return (
    <div className="container catalogue-page">
      <h1>{title}</h1>
      {intro}
      <div className="listing" data-interactive={interactive || undefined}>
        <details className="listing__filters">
          <summary>{t`Filters`}</summary>
          <FilterBarContainer
            params={params}
            data={filterBar}
            hrefFor={hrefFor}
            navigate={go}
            showBrands={showBrands}
            showSubCategories={showSubCategories}
          />
        </details>
        <section aria-label={t`Products`}>
          <ListingToolbar params={params} totalItems={totalItems} hrefFor={hrefFor} navigate={go} />
          {items.length === 0 ? (
            <EmptyState title={hasActiveFilters(params) ? t`No products match these filters.` : t`No products here yet.`}>
              {hasActiveFilters(params) && (
                <a className="button button--primary" href={hrefFor(clearFilters(params))}>
                  {t`Clear filters`}
                </a>
              )}
              <LocaleLink to="/products" className="button button--secondary">
                {t`Browse all products`}
              </LocaleLink>
            </EmptyState>
          ) : (
            <ProductGrid products={items} view={view} headingLevel={2} eagerCount={view === 'list' ? 2 : 4} />
          )}
          <Pagination
            className="listing__pagination"
            total={totalItems}
            perPage={PAGE_SIZE}
            visiblePages={VISIBLE_PAGES}
            current={params.page}
            dir={textDirection(locale)}
            locale={locale}
            type="link"
            linkPattern={pagePattern(pathname, params)}
          />
        </section>
      </div>
    </div>
  );
}

/** `/path?filters&page={page}` for the pagination links (page last, like the serializer). */
function pagePattern(pathname: string, params: ListingParams): string {
  const search = listingSearch({ ...params, page: 1 });
  return `${pathname}${search ? `${search}&` : '?'}page={page}`;
}
