import { normalizeArabic } from './arabic-normalize';

// Spec §5/§9: search starts at 3 trimmed characters. Shared by the header search machine and the
// results page (/products?q=…), which must agree on what counts as a search.
export const SEARCH_MIN_LENGTH = 3;
/** The backend folds at most this many characters of a term; longer text is cut in the URL too. */
export const SEARCH_QUERY_MAX_LENGTH = 100;

/** The term the backend is asked for: the text folded (Arabic spellings, case, spaces). */
export function searchTerm(query: string): string {
  return normalizeArabic(query);
}

/** Whether the text is long enough to search for (3 folded characters or more). */
export function isSearchable(query: string | null | undefined): query is string {
  return typeof query === 'string' && searchTerm(query).length >= SEARCH_MIN_LENGTH;
}

/** The text as the results page's `q` keeps it: spaces collapsed, cut to the maximum; '' when blank. */
export function cleanSearchQuery(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim().slice(0, SEARCH_QUERY_MAX_LENGTH).trim();
}
