import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { SORT_KEYS, withFilters, type ListingParams, type SortKey, type ViewMode } from '../../lib/catalogue/listing-params';
import { useLocale } from '../../lib/use-locale';
import { formatNumber } from './format';

export interface ListingToolbarProps {
  params: ListingParams;
  totalItems: number;
  hrefFor: (p: ListingParams) => string;
  navigate: (href: string) => void;
}

/** Result count, sort and grid/list view. Works as a GET form without JavaScript. */
export function ListingToolbar({ params, totalItems, hrefFor, navigate }: ListingToolbarProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const id = useId();
  const shown = formatNumber(totalItems, locale);
  const sortLabels: Record<SortKey, string> = {
    newest: t`Newest`,
    'price-asc': t`Price: low to high`,
    'price-desc': t`Price: high to low`,
  };
  const viewLabels: Record<ViewMode, string> = { grid: t`Grid view`, list: t`List view` };
  return (
    <form
      className="listing-toolbar"
      method="get"
      onSubmit={(e) => {
        e.preventDefault();
        navigate(hrefFor(withFilters(params, { sort: new FormData(e.currentTarget).get('sort') as SortKey })));
      }}
    >
      {/* A search stays when sort or view is submitted without JavaScript. */}
      {params.q && <input type="hidden" name="q" value={params.q} />}
      <p className="listing-toolbar__count" role="status">
        {t`${plural(totalItems, { one: `${shown} product`, other: `${shown} products` })}`}
      </p>
      <div className="listing-toolbar__sort">
        <label htmlFor={`${id}-sort`}>{t`Sort by`}</label>
        <select
          id={`${id}-sort`}
          name="sort"
          value={params.sort}
          onChange={(e) => navigate(hrefFor(withFilters(params, { sort: e.target.value as SortKey })))}
        >
          {SORT_KEYS.map((k) => (
            <option key={k} value={k}>
              {sortLabels[k]}
            </option>
          ))}
        </select>
        <noscript>
          <button type="submit" className="button button--ghost">
            {t`Sort`}
          </button>
        </noscript>
      </div>
      <div className="listing-toolbar__view" role="group" aria-label={t`View`}>
        {(['grid', 'list'] as const).map((view) => (
          <button
            key={view}
            type="submit"
            name="view"
            value={view}
            aria-pressed={params.view === view}
            className="icon-button listing-toolbar__view-button"
            onClick={(e) => {
              e.preventDefault();
              if (params.view !== view) navigate(hrefFor({ ...params, view }));
            }}
          >
            <ViewIcon view={view} />
            <span className="visually-hidden">{viewLabels[view]}</span>
          </button>
        ))}
      </div>
    </form>
  );
}

function ViewIcon({ view }: { view: ViewMode }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
      {view === 'grid' ? (
        <path d="M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z" />
      ) : (
        <path d="M4 5h16v3H4zM4 10.5h16v3H4zM4 16h16v3H4z" />
      )}
    </svg>
  );
}
