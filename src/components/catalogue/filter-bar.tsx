import { useLingui } from '@lingui/react/macro';
import { useId, type FormEvent } from 'react';
import type { CatalogueFiltersEvent } from '../../../machines/catalogue-filters.machine';
import type { PriceRange } from '../../../machines/lib/price-range';
import { useLocale } from '../../lib/use-locale';
import { formatMoneyPlain } from '../../lib/money';
import {
  clearFilters,
  hasActiveFilters,
  parseListingParams,
  toggleColor,
  withFilters,
  type ListingParams,
} from '../../lib/catalogue/listing-params';
import type { FacetRef } from '../../lib/catalogue/types';

export interface ColorFacet extends FacetRef {
  colorCode: string;
}

export interface FilterBarData {
  colors: ColorFacet[];
  brands: FacetRef[];
  subCategories: FacetRef[];
  /** Whole riyals: the ends of the price slider. */
  priceBounds: PriceRange;
}

export interface FilterBarProps {
  params: ListingParams;
  data: FilterBarData;
  /** The listing's URL for a state (path + canonical-order query). */
  hrefFor: (p: ListingParams) => string;
  navigate: (href: string) => void;
  showBrands?: boolean;
  showSubCategories?: boolean;
}

export interface PriceFilter {
  /** The slider's current (pending) range, whole riyals. */
  draft: PriceRange;
  /** Dragging and committing the slider (the filters machine debounces and applies). */
  send: (event: CatalogueFiltersEvent) => void;
}

const CSS_COLOR = /^(#[0-9a-f]{3,8}|[a-z]{3,20})$/i;

/**
 * The listing's filters as one GET form: without JavaScript it submits normally (the loader
 * reads repeated/empty params), with JavaScript every change navigates at once to the canonical
 * URL, and the price range goes through `price` (src/containers/filter-bar.tsx connects it to the
 * filters machine, debounced while dragging).
 */
export function FilterBar({
  params,
  data,
  hrefFor,
  navigate,
  price: { draft, send },
  showBrands = true,
  showSubCategories = true,
}: FilterBarProps & { price: PriceFilter }) {
  const { t } = useLingui();
  const locale = useLocale();
  const id = useId();
  const bounds = data.priceBounds;

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const fd = new FormData(e.currentTarget);
    const search = new URLSearchParams();
    for (const [k, v] of fd) if (typeof v === 'string') search.append(k, v);
    navigate(hrefFor({ ...parseListingParams(search), sort: params.sort, view: params.view, page: 1 }));
  }

  const money = (riyals: number) => formatMoneyPlain(riyals * 100, locale);
  const active = hasActiveFilters(params);

  return (
    <form className="filter-bar" method="get" onSubmit={onSubmit} aria-label={t`Filters`}>
      {/* Keep the search, sort and view when the form is submitted (with or without JavaScript). */}
      {params.q && <input type="hidden" name="q" value={params.q} />}
      {params.sort !== 'newest' && <input type="hidden" name="sort" value={params.sort} />}
      {params.view !== 'grid' && <input type="hidden" name="view" value={params.view} />}

      <fieldset className="filter-bar__group">
        <legend>{t`Price`}</legend>
        <div className="price-range">
          <label className="price-range__field" htmlFor={`${id}-min`}>
            <span>{t`Minimum price`}</span>
            <output htmlFor={`${id}-min`}>
              <bdi>{money(draft.min)}</bdi>
            </output>
          </label>
          <input
            id={`${id}-min`}
            type="range"
            name="min"
            min={bounds.min}
            max={bounds.max}
            step={10}
            value={draft.min}
            aria-valuetext={money(draft.min)}
            onChange={(e) => send({ type: 'price.change', min: Number(e.target.value) })}
            onPointerUp={() => send({ type: 'price.commit' })}
            onKeyUp={(e) => e.key === 'Enter' && send({ type: 'price.commit' })}
          />
          <label className="price-range__field" htmlFor={`${id}-max`}>
            <span>{t`Maximum price`}</span>
            <output htmlFor={`${id}-max`}>
              <bdi>{money(draft.max)}</bdi>
            </output>
          </label>
          <input
            id={`${id}-max`}
            type="range"
            name="max"
            min={bounds.min}
            max={bounds.max}
            step={10}
            value={draft.max}
            aria-valuetext={money(draft.max)}
            onChange={(e) => send({ type: 'price.change', max: Number(e.target.value) })}
            onPointerUp={() => send({ type: 'price.commit' })}
            onKeyUp={(e) => e.key === 'Enter' && send({ type: 'price.commit' })}
          />
        </div>
      </fieldset>

      {data.colors.length > 0 && (
        <fieldset className="filter-bar__group">
          <legend>{t`Colour`}</legend>
          <div className="color-filter">
            {data.colors.map((c) => (
              <label key={c.code} className="color-filter__option" title={c.name}>
                <input
                  type="checkbox"
                  name="color"
                  value={c.code}
                  checked={params.colors.includes(c.code)}
                  onChange={() => navigate(hrefFor(toggleColor(params, c.code)))}
                />
                <span
                  className="color-filter__swatch"
                  aria-hidden="true"
                  style={CSS_COLOR.test(c.colorCode) ? { backgroundColor: c.colorCode } : undefined}
                />
                <span className="visually-hidden">{c.name}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}

      {showBrands && data.brands.length > 0 && (
        <RadioFilter
          legend={t`Brand`}
          name="brand"
          allLabel={t`All brands`}
          options={data.brands}
          value={params.brand}
          onChange={(brand) => navigate(hrefFor(withFilters(params, { brand })))}
        />
      )}

      {showSubCategories && data.subCategories.length > 0 && (
        <RadioFilter
          legend={t`Subcategory`}
          name="subCategory"
          allLabel={t`All subcategories`}
          options={data.subCategories}
          value={params.subCategory}
          onChange={(subCategory) => navigate(hrefFor(withFilters(params, { subCategory })))}
        />
      )}

      <div className="filter-bar__actions">
        <noscript>
          <button type="submit" className="button button--primary">
            {t`Apply filters`}
          </button>
        </noscript>
        {active && (
          <a
            className="button button--ghost"
            href={hrefFor(clearFilters(params))}
            onClick={(e) => {
              e.preventDefault();
              navigate(hrefFor(clearFilters(params)));
            }}
          >
            {t`Clear filters`}
          </a>
        )}
      </div>
    </form>
  );
}

function RadioFilter({
  legend,
  name,
  allLabel,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  allLabel: string;
  options: FacetRef[];
  value: string | null;
  onChange: (code: string | null) => void;
}) {
  return (
    <fieldset className="filter-bar__group">
      <legend>{legend}</legend>
      <ul className="radio-filter">
        <li>
          <label>
            <input type="radio" name={name} value="" checked={value === null} onChange={() => onChange(null)} />
            {allLabel}
          </label>
        </li>
        {options.map((o) => (
          <li key={o.code}>
            <label>
              <input type="radio" name={name} value={o.code} checked={value === o.code} onChange={() => onChange(o.code)} />
              {o.name}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
