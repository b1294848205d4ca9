import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useId, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { SearchHit } from '../../../services/search.service';
import { Image } from '../image/image';
import { formatMoneyPlain } from '../../lib/money';
import { formatNumber } from '../catalogue/format';
import { useLocale } from '../../lib/use-locale';

export type SearchStatus = 'idle' | 'debouncing' | 'searching' | 'results' | 'noResults' | 'failed';

export interface SearchComboboxProps {
  /** Prefix of element ids (two instances: header and mobile toggle). */
  id: string;
  query: string;
  status: SearchStatus;
  results: readonly SearchHit[];
  productHref: (slug: string) => string;
  onQueryChange: (value: string) => void;
  onClear: () => void;
  /** A result was chosen (click or Enter); the view navigates to `href`. */
  onSelect: (hit: SearchHit, href: string) => void;
  onRetry: () => void;
  /**
   * Where the form goes without JavaScript (GET, the text as `q`): the full results page. With
   * JavaScript `onSubmit` is asked instead; it answers false when the text is too short to search.
   */
  action: string;
  onSubmit: (query: string) => boolean;
  /** The shortest text `onSubmit` accepts, for the message when it refuses. */
  minLength: number;
  autoFocus?: boolean;
  /** The input got focus (the header uses it to load the search machine before the first key). */
  onFocus?: () => void;
}

/**
 * The header search as an ARIA 1.2 combobox: a text input that controls a listbox of product
 * links (`<a role="option">`, so they stay real links). Arrow keys move through the results,
 * Enter opens the highlighted one, or else submits the search (the full results page); Escape
 * closes the list and then clears the text. It is a GET form, so Enter works before hydration too.
 */
export function SearchCombobox(props: SearchComboboxProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const uid = useId();
  const listId = `${props.id}-results`;
  const optionId = (i: number) => `${props.id}-${uid}-opt-${i}`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  /** Enter was pressed on a text too short to search: say so until the text changes. */
  const [tooShort, setTooShort] = useState(false);

  const busy = props.status === 'debouncing' || props.status === 'searching';
  const hasList = props.results.length > 0 && props.status !== 'noResults' && props.status !== 'idle';
  const showPopup = open && (tooShort || hasList || props.status === 'noResults' || props.status === 'failed');
  const activeIndex = hasList && active < props.results.length ? active : -1;

  function choose(index: number) {
    const hit = props.results[index];
    if (!hit) return;
    setOpen(false);
    setActive(-1);
    props.onSelect(hit, props.productHref(hit.slug));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = hasList ? props.results.length : 0;
    switch (event.key) {
      case 'ArrowDown':
        if (!count) return;
        event.preventDefault();
        setOpen(true);
        setActive((i) => (i + 1) % count);
        return;
      case 'ArrowUp':
        if (!count) return;
        event.preventDefault();
        setOpen(true);
        setActive((i) => (i <= 0 ? count - 1 : i - 1));
        return;
      case 'Enter':
        // the highlighted product, else the form's submit (the results page)
        if (showPopup && activeIndex >= 0 && !tooShort) {
          event.preventDefault();
          choose(activeIndex);
        }
        return;
      case 'Escape':
        event.preventDefault();
        if (showPopup) {
          setOpen(false);
          setActive(-1);
        } else {
          props.onClear();
        }
        return;
    }
  }

  let status = '';
  const min = formatNumber(props.minLength, locale);
  if (tooShort) status = t`Type at least ${min} characters to search.`;
  else if (props.status === 'noResults') status = t`No results found`;
  else if (props.status === 'failed') status = t`Search failed.`;
  else if (props.status === 'results') status = t`${plural(props.results.length, { one: '# result', other: '# results' })}`;

  return (
    <form
      className="search-box"
      role="search"
      action={props.action}
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        if (props.onSubmit(props.query)) {
          setOpen(false);
          setActive(-1);
        } else {
          setOpen(true);
          setTooShort(true);
        }
      }}
    >
      <label htmlFor={`${props.id}-input`} className="visually-hidden">
        {t`Search products`}
      </label>
      {/* For the pointer: the keyboard has Enter, so no extra tab stop. */}
      <button type="submit" className="search-box__submit" tabIndex={-1} onMouseDown={(e) => e.preventDefault()}>
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M20 20l-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">{t`Show all results`}</span>
      </button>
      <input
        id={`${props.id}-input`}
        name="q"
        className="search-box__input"
        type="search"
        role="combobox"
        aria-expanded={showPopup}
        aria-autocomplete="list"
        aria-controls={listId}
        aria-activedescendant={showPopup && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        aria-busy={busy || undefined}
        autoComplete="off"
        enterKeyHint="search"
        autoFocus={props.autoFocus}
        placeholder={t`Search products`}
        value={props.query}
        onChange={(event) => {
          setOpen(true);
          setActive(-1);
          setTooShort(false);
          props.onQueryChange(event.target.value);
        }}
        onFocus={() => {
          setOpen(true);
          props.onFocus?.();
        }}
        // Let a click on a result land before the list closes.
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
      />
      <div
        id={listId}
        role="listbox"
        className="search-box__results"
        aria-label={t`Search results`}
        hidden={!showPopup || !hasList || tooShort}
      >
        {hasList &&
          props.results.map((hit, index) => (
            <Link
              key={hit.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              className={index === activeIndex ? 'search-result search-result--active' : 'search-result'}
              to={props.productHref(hit.slug)}
              tabIndex={-1}
              onMouseDown={(event) => event.preventDefault()}
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return; // new tab: keep the list
                event.preventDefault();
                choose(index);
              }}
            >
              <Image className="search-result__thumb" src={hit.thumbnail?.preview} alt="" preset="tiny" />
              <span className="search-result__text">
                <span className="search-result__name">{hit.name}</span>
                {(hit.brand || hit.detail) && (
                  <span className="search-result__meta">
                    <span className="visually-hidden">, </span>
                    {[hit.brand, hit.detail].filter(Boolean).join(' · ')}
                  </span>
                )}
              </span>
              {hit.price !== null && (
                <span className="search-result__price">
                  {/* Separators for the option's name: the spans are laid out apart, read as one. */}
                  <span className="visually-hidden">, </span>
                  {hit.priceVaries && <>{t`From`} </>}
                  <bdi>{formatMoneyPlain(hit.price, locale)}</bdi>
                </span>
              )}
            </Link>
          ))}
      </div>
      {showPopup && (tooShort || !hasList) && (
        <div className="search-box__results search-box__message">
          {props.status === 'failed' && !tooShort ? (
            <>
              <span>{status}</span>{' '}
              <button type="button" className="search-box__retry" onMouseDown={(e) => e.preventDefault()} onClick={props.onRetry}>
                {t`Try again`}
              </button>
            </>
          ) : (
            <span>{status}</span>
          )}
        </div>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {open ? status : ''}
      </p>
    </form>
  );
}
