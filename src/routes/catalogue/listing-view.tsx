import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router';
import { EmptyState } from '../../components/catalogue/empty-state';
import { FilterBarContainer } from '../../containers/filter-bar';
import { ListingToolbar } from '../../components/catalogue/listing-toolbar';
import { ProductGrid } from '../../components/catalogue/product-grid';
import { LocaleLink } from '../../components/locale-link/locale-link';
import { Pagination } from '../../components/pagination/pagination';
import { useLocale } from '../../lib/use-locale';
import { textDirection } from '../../i18n/locales';
import { formatNumber } from '../../components/catalogue/format';
import { SEARCH_MIN_LENGTH } from '../../../machines/lib/search-term';
import {
  PAGE_SIZE,
  VISIBLE_PAGES,
  clearFilters,
  hasActiveFilters,
  listingSearch,
  parseListingParams,
  searchOf,
  type ListingParams,
} from '../../lib/catalogue/listing-params';
import { wantsHeadingFocus } from '../../lib/focus-heading';
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
  title: ReactNode;
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
  const { pathname, key: locationKey, state: locationState } = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { items, totalItems, filterBar } = listing;
  // The view toggle does not ask the server again (see listingShouldRevalidate): read it from the URL.
  const view = parseListingParams(searchParams).view;
  const params = useMemo(() => ({ ...listing.params, view }), [listing.params, view]);

  // Filters act through React once it runs; tests and styles can tell (data-interactive).
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);

  // A search submitted from the header lands here: its heading takes focus (read out, and Tab goes
  // on from the results), also when the same search is sent again.
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = wantsHeadingFocus(locationState);
  useEffect(() => {
    if (focusHeading) heading.current?.focus({ preventScroll: true });
  }, [locationKey, focusHeading]);

  const hrefFor = useCallback((p: ListingParams) => pathname + listingSearch(p), [pathname]);
  const go = useCallback((href: string) => navigate(href, { preventScrollReset: true }), [navigate]);
  const search = searchOf(params);
  const filtered = hasActiveFilters(params);
  const min = formatNumber(SEARCH_MIN_LENGTH, locale);
  let emptyTitle = filtered ? t`No products match these filters.` : t`No products here yet.`;
  if (search) emptyTitle = filtered ? t`No results for “${search}” with these filters.` : t`No results for “${search}”.`;

  return (
    <div className="container catalogue-page">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {params.q && !search && (
        // A search under the minimum length (a hand-typed URL, or the box submitted without
        // JavaScript) lists everything and says why.
        <p className="listing__notice" role="status">
          {t`Type at least ${min} characters to search.`}
        </p>
      )}
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
            <EmptyState
              title={emptyTitle}
              hint={search && !filtered ? t`Check the spelling, or try a shorter or more general word.` : undefined}
            >
              {filtered && (
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
