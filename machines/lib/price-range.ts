/**
 * The price filter's arithmetic, without xstate: the catalogue filters machine uses it, and the
 * filter bar shows the same draft before the machine has loaded (it comes with the app's actors).
 */
export interface PriceRange {
  min: number;
  max: number;
}

export function clamp(n: number, { min, max }: PriceRange): number {
  return Math.min(max, Math.max(min, Math.round(n)));
}

/** Spec §9: the slider starts at 0–700 of its 0–800 scale when the URL sets no bound. */
export const DEFAULT_PRICE_DRAFT: PriceRange = { min: 0, max: 700 };

/** What the slider shows for the URL's bounds (null = no bound: the spec's default range). */
export function draftFrom(bounds: PriceRange, min: number | null, max: number | null): PriceRange {
  return {
    min: clamp(min ?? Math.max(bounds.min, DEFAULT_PRICE_DRAFT.min), bounds),
    max: clamp(max ?? Math.min(bounds.max, DEFAULT_PRICE_DRAFT.max), bounds),
  };
}

/** A draft at the slider's ends means "no bound", so the URL stays free of default noise. */
export function appliedFrom(bounds: PriceRange, draft: PriceRange): { min: number | null; max: number | null } {
  return {
    min: draft.min <= bounds.min ? null : draft.min,
    max: draft.max >= bounds.max ? null : draft.max,
  };
}

/** One thumb moved: clamp it, and let it push the other one instead of crossing it. */
export function nextDraft(draft: PriceRange, change: { min?: number; max?: number }, bounds: PriceRange): PriceRange {
  let min = clamp(change.min ?? draft.min, bounds);
  let max = clamp(change.max ?? draft.max, bounds);
  if (min > max) {
    if (change.min !== undefined) max = min;
    else min = max;
  }
  return { min, max };
}
