import { useSelector } from '@xstate/react';
import { useNavigate } from 'react-router';
import { useAppActors } from '../../app/app-actors';
import { useLocalizePath } from '../../hooks/use-locale';
import { SearchCombobox, type SearchStatus } from './search-combobox';

/**
 * The header search wired to the app's search machine (debounce, minimum length, stale-response
 * cancellation live there). Used by the desktop header and the mobile search toggle; both share
 * the one search actor, so the text survives switching between them.
 */
export function HeaderSearch({ id, autoFocus }: { id: string; autoFocus?: boolean }) {
  const { search } = useAppActors();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const query = useSelector(search, (s) => s.context.query);
  const results = useSelector(search, (s) => s.context.results);
  const status = useSelector(search, (s) => s.value as SearchStatus);

  return (
    <SearchCombobox
      id={id}
      autoFocus={autoFocus}
      query={query}
      status={status}
      results={results}
      productHref={(slug) => localize(`/products/${encodeURIComponent(slug)}`)}
      onQueryChange={(value) => search.send({ type: 'search.type', value })}
      onClear={() => search.send({ type: 'search.clear' })}
      onRetry={() => search.send({ type: 'search.retry' })}
      onSelect={(hit, href) => {
        search.send({ type: 'search.select', slug: hit.slug });
        void navigate(href);
      }}
    />
  );
}
