/**
 * Variant selection as pure functions. The chosen variant lives in the URL (`?variant=<id>`),
 * so the product page is shareable and renders the same on the server and in the browser; a
 * machine would only mirror the URL. Picking an option always lands on a real variant: the exact
 * match for the new combination, or else the closest variant that has the picked option.
 */

export interface SelectableOption {
  id: string;
  groupId: string;
}

export interface SelectableVariant {
  id: string;
  options: readonly SelectableOption[];
  /** Vendure's stock display: IN_STOCK | LOW_STOCK | OUT_OF_STOCK (or a number as text). */
  stockLevel: string;
  /** Catalogue plugin's flag; wins over stockLevel when present. */
  inStock?: boolean | null;
  customFields?: { default?: boolean | null } | null;
}

/** groupId -> optionId */
export type OptionSelection = Readonly<Record<string, string>>;

export type StockState = 'in-stock' | 'low-stock' | 'out-of-stock';

/** Below this a numeric stock level counts as "low" (Vendure's default threshold semantics). */
export const LOW_STOCK_THRESHOLD = 5;

export function stockState(variant: Pick<SelectableVariant, 'stockLevel' | 'inStock'>): StockState {
  if (variant.inStock === false) return 'out-of-stock';
  const level = variant.stockLevel;
  if (level === 'OUT_OF_STOCK') return 'out-of-stock';
  if (level === 'LOW_STOCK') return 'low-stock';
  if (level === 'IN_STOCK') return 'in-stock';
  const n = Number(level);
  if (Number.isFinite(n)) {
    if (n <= 0) return 'out-of-stock';
    if (n <= LOW_STOCK_THRESHOLD) return 'low-stock';
  }
  return 'in-stock';
}

export function isPurchasable(variant: Pick<SelectableVariant, 'stockLevel' | 'inStock'>): boolean {
  return stockState(variant) !== 'out-of-stock';
}

export function selectionOf(variant: SelectableVariant): OptionSelection {
  const selection: Record<string, string> = {};
  for (const o of variant.options) selection[o.groupId] = o.id;
  return selection;
}

/**
 * The variant to show: the one named in the URL if it belongs to the product, else the variant
 * flagged `default`, else the first purchasable one, else the first.
 */
export function resolveVariant<V extends SelectableVariant>(variants: readonly V[], variantId?: string | null): V | undefined {
  if (variantId) {
    const named = variants.find((v) => v.id === variantId);
    if (named) return named;
  }
  return variants.find((v) => v.customFields?.default) ?? variants.find(isPurchasable) ?? variants[0];
}

function hasOption(variant: SelectableVariant, groupId: string, optionId: string): boolean {
  return variant.options.some((o) => o.groupId === groupId && o.id === optionId);
}

function matches(variant: SelectableVariant, selection: OptionSelection): boolean {
  const groups = Object.keys(selection);
  return variant.options.length === groups.length && groups.every((g) => hasOption(variant, g, selection[g]!));
}

export function findVariantByOptions<V extends SelectableVariant>(variants: readonly V[], selection: OptionSelection): V | undefined {
  return variants.find((v) => matches(v, selection));
}

/**
 * The variant reached by picking `optionId` in `groupId` while `current` is shown: the exact
 * combination when it exists (even sold out: the page then says so and add-to-cart is disabled;
 * silently switching another choice would surprise the shopper). When the combination does not
 * exist, the variant having the picked option that shares the most other options with `current`,
 * preferring purchasable ones.
 */
export function chooseOption<V extends SelectableVariant>(
  variants: readonly V[],
  current: V,
  groupId: string,
  optionId: string,
): V | undefined {
  const wanted = { ...selectionOf(current), [groupId]: optionId };
  const exact = findVariantByOptions(variants, wanted);
  if (exact) return exact;
  const candidates = variants.filter((v) => hasOption(v, groupId, optionId));
  if (candidates.length === 0) return undefined;
  const score = (v: V) => v.options.filter((o) => wanted[o.groupId] === o.id).length * 10 + (isPurchasable(v) ? 1 : 0);
  return candidates.reduce((best, v) => (score(v) > score(best) ? v : best));
}

export interface OptionAvailability {
  /** A variant exists with this option and the other currently selected options. */
  exists: boolean;
  /** That variant can be bought. */
  purchasable: boolean;
}

/** For each option of a group: does picking it (keeping the other choices) reach a buyable variant? */
export function optionAvailability(
  variants: readonly SelectableVariant[],
  current: SelectableVariant,
  groupId: string,
  optionIds: readonly string[],
): Record<string, OptionAvailability> {
  const base = selectionOf(current);
  const result: Record<string, OptionAvailability> = {};
  for (const optionId of optionIds) {
    const v = findVariantByOptions(variants, { ...base, [groupId]: optionId });
    result[optionId] = { exists: v !== undefined, purchasable: v !== undefined && isPurchasable(v) };
  }
  return result;
}
