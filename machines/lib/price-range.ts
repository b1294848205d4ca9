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

/**
 * Spec §9's 0–800 (SAR) scale is a fallback, for a listing whose own price range is not known: the
 * slider's bounds come from the listing (`filterBar.maxValue`, src/lib/catalogue/listing-params.ts).
 */
export const FALLBACK_PRICE_BOUNDS: PriceRange = { min: 0, max: 800 };

/**
 * What the slider shows for the URL's bounds (null = no bound). A listing the URL does not filter
 * shows the slider at its ends, so moving one handle never brings in a bound the shopper did not
 * set (a 0–700 draft used to cap the listing at 700 as soon as the lower handle moved).
 */
export function draftFrom(bounds: PriceRange, min: number | null, max: number | null): PriceRange {
  return {
    min: clamp(min ?? bounds.min, bounds),
    max: clamp(max ?? bounds.max, bounds),
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
