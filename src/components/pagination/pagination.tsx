import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import {
  assertPaginationProps,
  formatPageNumber,
  PAGINATION_DEFAULTS,
  pageCount,
  pageHref,
  pageItems,
  type PaginationDir,
  type PaginationLocale,
  type PaginationType,
} from './pagination-rules';

export interface PaginationProps {
  /** Number of items (not pages). Nothing renders when everything fits on one page. */
  total: number;
  perPage?: number;
  /** 1-based. A page past the end is clamped to the last page. */
  current: number;
  visiblePages?: number;
  dir: PaginationDir;
  locale: PaginationLocale;
  type: PaginationType;
  /** type "link": the URL of a page, with `{page}` where the number goes, e.g. `/en/products?page={page}`. */
  linkPattern?: string;
  /** type "button": called with the chosen page. */
  onPageChange?: (page: number) => void;
  className?: string;
}

export function Pagination(props: PaginationProps) {
  const { t } = useLingui();
  const perPage = props.perPage ?? PAGINATION_DEFAULTS.perPage;
  const visiblePages = props.visiblePages ?? PAGINATION_DEFAULTS.visiblePages;
  assertPaginationProps({ ...props, perPage, visiblePages, hasOnPageChange: typeof props.onPageChange === 'function' });

  const count = pageCount(props.total, perPage);
  if (count <= 1) return null;
  const current = Math.min(props.current, count);
  const num = (page: number) => formatPageNumber(page, props.locale);

  function control(page: number, content: React.ReactNode, label: string, extra: { current?: boolean; rel?: string } = {}) {
    const common = {
      className: extra.current ? 'pagination__control pagination__control--current' : 'pagination__control',
      'aria-label': label,
      'aria-current': extra.current ? ('page' as const) : undefined,
    };
    if (props.type === 'link') {
      return (
        <Link {...common} to={pageHref(props.linkPattern!, page)} rel={extra.rel}>
          {content}
        </Link>
      );
    }
    return (
      <button {...common} type="button" onClick={() => props.onPageChange!(page)}>
        {content}
      </button>
    );
  }

  // The arrows point along the reading direction: "previous" points to the inline start.
  const prevGlyph = props.dir === 'rtl' ? '›' : '‹';
  const nextGlyph = props.dir === 'rtl' ? '‹' : '›';

  return (
    <nav className={['pagination', props.className].filter(Boolean).join(' ')} dir={props.dir} aria-label={t`Pagination`}>
      <ul className="pagination__list">
        <li>
          {current > 1 ? (
            control(current - 1, <span aria-hidden="true">{prevGlyph}</span>, t`Previous page`, { rel: 'prev' })
          ) : (
            <span className="pagination__control pagination__control--disabled" aria-hidden="true">
              {prevGlyph}
            </span>
          )}
        </li>
        {pageItems(current, count, visiblePages).map((item) =>
          item.kind === 'gap' ? (
            <li key={item.key} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>{control(item.page, num(item.page), t`Page ${num(item.page)}`, { current: item.page === current })}</li>
          ),
        )}
        <li>
          {current < count ? (
            control(current + 1, <span aria-hidden="true">{nextGlyph}</span>, t`Next page`, { rel: 'next' })
          ) : (
            <span className="pagination__control pagination__control--disabled" aria-hidden="true">
              {nextGlyph}
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
