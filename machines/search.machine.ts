import { assign, emit, fromPromise, setup } from 'xstate';
import type { SearchHit } from '../services/search.service';
import { searchTerm, SEARCH_MIN_LENGTH } from './lib/search-term';

export { searchTerm, SEARCH_MIN_LENGTH };

// Spec §5/§9: search starts at 3 trimmed characters (lib/search-term.ts), debounced 500 ms with a 1 s max wait.
export const SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_MAX_WAIT_MS = 1000;
export const SEARCH_TAKE = 100;

export interface SearchInput {
  term: string;
  skip: number;
  take: number;
}

export interface SearchContext {
  /** What the shopper typed, untouched (the input's value). */
  query: string;
  /** The normalised term of the last request sent. */
  term: string;
  results: SearchHit[];
  totalItems: number;
}

export type SearchEvent =
  { type: 'search.type'; value: string } | { type: 'search.clear' } | { type: 'search.select'; slug: string } | { type: 'search.retry' };

export type SearchEmitted = { type: 'search.selected'; slug: string };

export const searchMachine = setup({
  types: {
    context: {} as SearchContext,
    events: {} as SearchEvent,
    emitted: {} as SearchEmitted,
  },
  actors: {
    // Provided by the composition root; the signal aborts a stale request.
    searchProducts: fromPromise<{ items: SearchHit[]; totalItems: number }, SearchInput>(async () => {
      throw new Error('searchProducts is not provided: wire it in src/app/actors.ts');
    }),
  },
  delays: {
    debounce: SEARCH_DEBOUNCE_MS,
    maxWait: SEARCH_MAX_WAIT_MS,
  },
  guards: {
    isSearchable: ({ event }) => event.type === 'search.type' && searchTerm(event.value).length >= SEARCH_MIN_LENGTH,
    hasResults: (_, params: { totalItems: number }) => params.totalItems > 0,
  },
  actions: {
    storeQuery: assign({
      query: ({ event }) => (event.type === 'search.type' ? event.value : ''),
    }),
    clearResults: assign({ results: [], totalItems: 0, term: '' }),
    clearQuery: assign({ query: '' }),
    storeResults: assign((_, params: { items: SearchHit[]; totalItems: number }) => ({
      results: params.items,
      totalItems: params.totalItems,
    })),
    emitSelected: emit(({ event }) => ({
      type: 'search.selected' as const,
      slug: event.type === 'search.select' ? event.slug : '',
    })),
  },
}).createMachine({
  id: 'search',
  context: { query: '', term: '', results: [], totalItems: 0 },
  initial: 'idle',
  on: {
    'search.type': [
      { guard: 'isSearchable', target: '.debouncing', actions: 'storeQuery' },
      // Under the minimum length nothing is sent and an in-flight request is dropped.
      { target: '.idle', actions: ['storeQuery', 'clearResults'] },
    ],
    'search.clear': { target: '.idle', actions: ['clearQuery', 'clearResults'] },
    'search.select': { target: '.idle', actions: ['emitSelected', 'clearQuery', 'clearResults'] },
  },
  states: {
    idle: {},
    // The max-wait timer lives on the parent and survives keystrokes; the debounce timer lives on
    // the child and restarts with each keystroke. Whichever fires first starts the request.
    debouncing: {
      initial: 'waiting',
      after: { maxWait: 'searching' },
      states: {
        waiting: {
          after: { debounce: '#search.searching' },
          on: {
            'search.type': [
              { guard: 'isSearchable', target: 'waiting', reenter: true, actions: 'storeQuery' },
              { target: '#search.idle', actions: ['storeQuery', 'clearResults'] },
            ],
          },
        },
      },
    },
    // Leaving this state (a new keystroke, clear, select) stops the invoked request, so only the
    // response to the latest term is ever applied.
    searching: {
      entry: assign({ term: ({ context }) => searchTerm(context.query) }),
      invoke: {
        id: 'searchProducts',
        src: 'searchProducts',
        input: ({ context }) => ({ term: context.term, skip: 0, take: SEARCH_TAKE }),
        onDone: [
          {
            guard: { type: 'hasResults', params: ({ event }) => ({ totalItems: event.output.items.length }) },
            target: 'results',
            actions: { type: 'storeResults', params: ({ event }) => event.output },
          },
          { target: 'noResults', actions: 'clearResults' },
        ],
        onError: 'failed',
      },
    },
    results: {},
    noResults: {},
    failed: {
      on: { 'search.retry': 'searching' },
    },
  },
});
