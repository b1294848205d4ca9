import { assign, emit, setup } from 'xstate';
import { appliedFrom, draftFrom, nextDraft, type PriceRange } from './lib/price-range';

/**
 * The price-range filter while the shopper drags or types. The URL stays the source of truth for
 * applied filters; this machine only owns the pending edit: it debounces it (so dragging a thumb
 * does not navigate on every pixel), applies at once on commit (Enter, pointer release), skips
 * no-op applies, and drops the draft when the URL changes under it (back button, other filter).
 * Applying is an emitted `price.apply` event; the view turns it into a navigation.
 */

export const PRICE_APPLY_DELAY_MS = 500;

export type { PriceRange };

export interface CatalogueFiltersContext {
  /** The slider's ends, whole riyals. */
  bounds: PriceRange;
  /** What the URL says (null = no bound). */
  applied: { min: number | null; max: number | null };
  /** What the inputs show. */
  draft: PriceRange;
}

export interface CatalogueFiltersInput {
  bounds: PriceRange;
  min: number | null;
  max: number | null;
}

export type CatalogueFiltersEvent =
  { type: 'price.change'; min?: number; max?: number } | { type: 'price.commit' } | ({ type: 'filters.sync' } & CatalogueFiltersInput);

export type CatalogueFiltersEmitted = { type: 'price.apply'; min: number | null; max: number | null };

export const catalogueFiltersMachine = setup({
  types: {
    context: {} as CatalogueFiltersContext,
    events: {} as CatalogueFiltersEvent,
    input: {} as CatalogueFiltersInput,
    emitted: {} as CatalogueFiltersEmitted,
  },
  guards: {
    hasChanged: ({ context }) => {
      const next = appliedFrom(context.bounds, context.draft);
      return next.min !== context.applied.min || next.max !== context.applied.max;
    },
  },
  actions: {
    storeDraft: assign(({ context, event }) => {
      if (event.type !== 'price.change') return {};
      return { draft: nextDraft(context.draft, event, context.bounds) };
    }),
    applyDraft: assign(({ context }) => ({ applied: appliedFrom(context.bounds, context.draft) })),
    emitApply: emit(({ context }) => ({ type: 'price.apply' as const, ...appliedFrom(context.bounds, context.draft) })),
    syncFromUrl: assign(({ event }) => {
      if (event.type !== 'filters.sync') return {};
      return {
        bounds: event.bounds,
        applied: { min: event.min, max: event.max },
        draft: draftFrom(event.bounds, event.min, event.max),
      };
    }),
  },
  delays: { applyDelay: PRICE_APPLY_DELAY_MS },
}).createMachine({
  id: 'catalogueFilters',
  context: ({ input }) => ({
    bounds: input.bounds,
    applied: { min: input.min, max: input.max },
    draft: draftFrom(input.bounds, input.min, input.max),
  }),
  initial: 'idle',
  on: {
    'filters.sync': { target: '.idle', actions: 'syncFromUrl' },
  },
  states: {
    idle: {
      on: {
        'price.change': { target: 'debouncing', actions: 'storeDraft' },
        'price.commit': { guard: 'hasChanged', actions: ['emitApply', 'applyDraft'] },
      },
    },
    debouncing: {
      after: {
        applyDelay: [{ guard: 'hasChanged', target: 'idle', actions: ['emitApply', 'applyDraft'] }, { target: 'idle' }],
      },
      on: {
        'price.change': { target: 'debouncing', reenter: true, actions: 'storeDraft' },
        'price.commit': [{ guard: 'hasChanged', target: 'idle', actions: ['emitApply', 'applyDraft'] }, { target: 'idle' }],
      },
    },
  },
});
