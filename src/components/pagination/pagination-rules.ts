// Pure rules of the pagination component (spec §5, §9), kept apart so they are unit-tested
// without React.

export type PaginationLocale = 'en' | 'ar' | 'ir';
export type PaginationDir = 'ltr' | 'rtl';
export type PaginationType = 'link' | 'button';

export const PAGINATION_DEFAULTS = { perPage: 10, visiblePages: 5 } as const;
export const PAGE_PLACEHOLDER = '{page}';

export interface PaginationRulesInput {
  total: number;
  perPage: number;
  current: number;
  visiblePages: number;
  dir: string;
  locale: string;
  type: string;
  linkPattern?: string;
  hasOnPageChange?: boolean;
}

/** A developer error: the props break the component's contract. */
export class PaginationPropsError extends Error {
  override readonly name = 'PaginationPropsError';
}

function isPositiveInt(n: number): boolean {
  return Number.isInteger(n) && n > 0;
}

/** Throws a PaginationPropsError naming the first bad prop and what it should be. */
export function assertPaginationProps(p: PaginationRulesInput): void {
  const fail = (msg: string) => {
    throw new PaginationPropsError(`<Pagination>: ${msg}`);
  };
  if (!Number.isInteger(p.total) || p.total < 0) fail(`total must be an integer >= 0, got ${String(p.total)}`);
  if (!isPositiveInt(p.perPage)) fail(`perPage must be an integer > 0, got ${String(p.perPage)}`);
  if (!isPositiveInt(p.current)) fail(`current must be an integer > 0, got ${String(p.current)}`);
  if (!isPositiveInt(p.visiblePages)) fail(`visiblePages must be an integer > 0, got ${String(p.visiblePages)}`);
  if (p.dir !== 'ltr' && p.dir !== 'rtl') fail(`dir must be "ltr" or "rtl", got ${JSON.stringify(p.dir)}`);
  if (p.locale !== 'en' && p.locale !== 'ar' && p.locale !== 'ir') {
    fail(`locale must be "en", "ar" or "ir", got ${JSON.stringify(p.locale)}`);
  }
  if (p.type !== 'link' && p.type !== 'button') fail(`type must be "link" or "button", got ${JSON.stringify(p.type)}`);
  if (p.type === 'link' && (typeof p.linkPattern !== 'string' || !p.linkPattern.includes(PAGE_PLACEHOLDER))) {
    fail(`type "link" needs a linkPattern containing "${PAGE_PLACEHOLDER}", got ${JSON.stringify(p.linkPattern)}`);
  }
  if (p.type === 'button' && !p.hasOnPageChange) fail('type "button" needs an onPageChange callback');
}

export function pageCount(total: number, perPage: number): number {
  return Math.ceil(total / perPage);
}

/**
 * The page numbers to show: a window of `visible` pages around `current`, shifted to stay inside
 * 1..count (so the window stays full at the edges).
 */
export function visibleRange(current: number, count: number, visible: number): number[] {
  if (count <= 0) return [];
  const size = Math.min(visible, count);
  const page = Math.min(Math.max(current, 1), count);
  let start = page - Math.floor((size - 1) / 2);
  start = Math.max(1, Math.min(start, count - size + 1));
  return Array.from({ length: size }, (_, i) => start + i);
}

export type PageItem = { kind: 'page'; page: number } | { kind: 'gap'; key: 'gap-start' | 'gap-end' };

/**
 * What the bar shows between its arrows: `visible` page numbers at most (spec §9: 5), the first
 * and the last page among them so the shopper can always jump to either end, and a gap (…) where
 * pages are left out. The numbers around `current` fill what the two ends leave; with fewer than 3
 * visible there is no room for the ends, and the window around `current` is all.
 */
export function pageItems(current: number, count: number, visible: number): PageItem[] {
  const pages = (range: number[]): PageItem[] => range.map((page) => ({ kind: 'page', page }));
  if (count <= visible || visible < 3) return pages(visibleRange(current, count, visible));
  // the window in 2..count-1, around current, with the slots the first and last pages leave
  const window = visibleRange(current - 1, count - 2, visible - 2).map((page) => page + 1);
  const first = window[0]!;
  const last = window[window.length - 1]!;
  return [
    { kind: 'page', page: 1 },
    ...(first > 2 ? [{ kind: 'gap', key: 'gap-start' } as const] : []),
    ...pages(window),
    ...(last < count - 1 ? [{ kind: 'gap', key: 'gap-end' } as const] : []),
    { kind: 'page', page: count },
  ];
}

export function pageHref(pattern: string, page: number): string {
  return pattern.split(PAGE_PLACEHOLDER).join(String(page));
}

// Arabic shows Arabic-Indic digits (١٢٣), as Intl does for ar-SA and as our prices do (src/lib/money.ts
// formats with ar-SA); "ir" shows Persian digits (۱۲۳); English shows Latin digits.
const NUMBER_FORMATS: Record<PaginationLocale, Intl.NumberFormat> = {
  en: new Intl.NumberFormat('en-US', { useGrouping: false }),
  ar: new Intl.NumberFormat('ar-SA-u-nu-arab', { useGrouping: false }),
  ir: new Intl.NumberFormat('fa-IR-u-nu-arabext', { useGrouping: false }),
};

export function formatPageNumber(page: number, locale: PaginationLocale): string {
  return NUMBER_FORMATS[locale].format(page);
}
