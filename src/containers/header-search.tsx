import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { SearchHit } from '../../services/search.service';
import { useAppActor } from './app-actors';
import { useActorSelector } from './use-actor-selector';
import { useLocalizePath } from '../lib/use-locale';
import { SearchCombobox, type SearchStatus } from '../components/search/search-combobox';
import { cleanSearchQuery, isSearchable, SEARCH_MIN_LENGTH } from '../../machines/lib/search-term';
import { FOCUS_HEADING_STATE } from '../lib/focus-heading';

const NO_RESULTS: readonly SearchHit[] = [];

/**
 * The header search wired to the app's search machine (debounce, minimum length, stale-response
 * cancellation live there). Used by the desktop header and the mobile search toggle; both share
 * the one search actor, so the text survives switching between them. The machine loads with the
 * app's actors after hydration; focusing the box asks for it at once, and text typed before it is
 * there is kept and handed over. Enter (or the magnifier) opens the full results page,
 * /products?q=… (the listing narrowed to the term); `onSubmitted` then closes the mobile row.
 */
export function HeaderSearch({ id, autoFocus, onSubmitted }: { id: string; autoFocus?: boolean; onSubmitted?: () => void }) {
  const { actor: search, request } = useAppActor('search');
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const [early, setEarly] = useState('');
  const query = useActorSelector(search, (s) => s.context.query, '');
  const results = useActorSelector(search, (s) => s.context.results, NO_RESULTS);
  const status = useActorSelector(search, (s) => s.value as SearchStatus, 'idle');

  useEffect(() => {
    if (!search || !early) return;
    search.send({ type: 'search.type', value: early });
    setEarly('');
  }, [search, early]);

  return (
    <SearchCombobox
      id={id}
      autoFocus={autoFocus}
      query={search ? query : early}
      status={search ? status : 'idle'}
      results={search ? results : NO_RESULTS}
      productHref={(slug) => localize(`/products/${encodeURIComponent(slug)}`)}
      action={localize('/products')}
      minLength={SEARCH_MIN_LENGTH}
      onSubmit={(text) => {
        if (!isSearchable(text)) return false;
        // the results page's URL as its own links write it (listing-params.ts: q first)
        const href = `${localize('/products')}?${new URLSearchParams({ q: cleanSearchQuery(text) })}`;
        void navigate(href, { state: FOCUS_HEADING_STATE });
        onSubmitted?.();
        return true;
      }}
      onFocus={request}
      onQueryChange={(value) => {
        if (search) search.send({ type: 'search.type', value });
        else {
          setEarly(value);
          request();
        }
      }}
      onClear={() => (search ? search.send({ type: 'search.clear' }) : setEarly(''))}
      onRetry={() => search?.send({ type: 'search.retry' })}
      onSelect={(hit, href) => {
        search?.send({ type: 'search.select', slug: hit.slug });
        void navigate(href);
      }}
    />
  );
}
