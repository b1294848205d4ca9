import { Injectable } from '@nestjs/common';
import { ID, RequestContext, TaxCategory, TaxRateService, TransactionalConnection } from '@vendure/core';
import { EntityTarget, ObjectLiteral } from 'typeorm';

import { CatalogueIndexService, IndexedProduct, IndexedVariant, listedPrice } from './catalogue-index.service';
import { matchesSearch, SearchQuery } from './normalise-search-text';

export type ProductSortKey = 'NEWEST' | 'PRICE_ASC' | 'PRICE_DESC' | 'MOST_WATCHED';

/**
 * A listing filter in resolved form (facet codes already turned into facet value ids).
 * Every condition is ANDed; inside `facetValueIdGroups` each group is "has any of these ids".
 */
export interface ListingFilter {
  facetValueIdGroups?: ID[][];
  /** Matches variant options (code or colorCode) or colour facet values (`colorFacetValueIds`). */
  colorCodes?: string[];
  colorFacetValueIds?: ID[];
  /** Price with tax, halalas; a product matches when one of its variants is in the range. */
  minPrice?: number;
  maxPrice?: number;
  /** The shopper's term, folded and stemmed (searchQueryOf). */
  term?: SearchQuery;
  newArrival?: boolean;
  /** Has a variant on sale at this instant (onSale and inside startDate..endDate). */
  onSaleAt?: Date;
  excludeProductIds?: ID[];
  productIds?: ID[];
}

export interface ProductIdPage {
  ids: ID[];
  totalItems: number;
}

interface Match {
  product: IndexedProduct;
  /** The product's variants that satisfy the variant-level conditions (price, sale, colour). */
  variants: IndexedVariant[];
  /** Lowest stored price among them. */
  minPrice: number;
}

/**
 * Every product listing, count, price range and facet list, answered from the in-memory listing
 * index (CatalogueIndexService, docs/decisions/019-catalogue-index.md) instead of per-request SQL.
 * A product is listed when it is enabled, not deleted, in the channel and has an enabled variant
 * priced in the channel's currency; the conditions on a variant (price range, sale window,
 * colour) must hold on the same variant.
 */
@Injectable()
export class ProductQueryService {
  constructor(
    private readonly connection: TransactionalConnection,
    private readonly taxRateService: TaxRateService,
    private readonly index: CatalogueIndexService,
  ) {}

  async findPage(ctx: RequestContext, filter: ListingFilter, sort: ProductSortKey, skip: number, take: number): Promise<ProductIdPage> {
    if (isContext(filter) && sort !== 'MOST_WATCHED') {
      // a listing's context (category, brand, term ...) in an order that depends on nothing but
      // the products: sorted once per index version, channel and currency, then sliced
      // (view counts change without a version bump, so MOST_WATCHED is sorted per request)
      await this.index.snapshot(ctx);
      const key = JSON.stringify(['sorted', String(ctx.channelId), ctx.currencyCode, sort, contextOf(filter)]);
      const sorted = await this.index.derive(key, async () => {
        const matches = await this.scan(ctx, contextOf(filter));
        // the products' own id strings: a kept list costs a pointer per product
        return topK(matches, this.comparator(sort), matches.length).map((m) => m.product.id);
      });
      return { ids: sorted.slice(skip, skip + take).map(asId), totalItems: sorted.length };
    }
    const matches = await this.match(ctx, filter);
    const ids = topK(matches, this.comparator(sort), skip + take)
      .slice(skip)
      .map((m) => asId(m.product.id));
    return { ids, totalItems: matches.length };
  }

  private comparator(sort: ProductSortKey): (a: Match, b: Match) => number {
    const byNewest = (a: Match, b: Match) => b.product.createdAt - a.product.createdAt || compareIds(b.product, a.product);
    const compare: Record<ProductSortKey, (a: Match, b: Match) => number> = {
      NEWEST: byNewest,
      PRICE_ASC: (a, b) => a.minPrice - b.minPrice || byNewest(a, b),
      PRICE_DESC: (a, b) => b.minPrice - a.minPrice || byNewest(a, b),
      MOST_WATCHED: (a, b) => b.product.viewCount - a.product.viewCount || byNewest(a, b),
    };
    return compare[sort] ?? byNewest;
  }

  async count(ctx: RequestContext, filter: ListingFilter): Promise<number> {
    return (await this.summary(ctx, filter)).count;
  }

  /** Lowest and highest variant price with tax (halalas) among the matching products. */
  async priceRange(ctx: RequestContext, filter: ListingFilter): Promise<{ min: number; max: number } | undefined> {
    const factor = await this.priceFactor(ctx);
    const { min, max } = await this.summary(ctx, filter);
    if (min === Infinity) return undefined;
    return { min: Math.round(min * factor), max: Math.round(max * factor) };
  }

  /** Ids of facet values (of the given facet codes) carried by the matching products. */
  async facetValueIdsOfMatching(ctx: RequestContext, filter: ListingFilter, facetCodes: string[]): Promise<ID[]> {
    const { facetCodeOf } = await this.index.snapshot(ctx);
    const codes = new Set(facetCodes);
    const { productFacetValueIds } = await this.summary(ctx, filter);
    return [...productFacetValueIds].filter((id) => codes.has(facetCodeOf.get(id) as string)).map(asId);
  }

  /** Ids of colour facet values carried by the matching products' enabled variants. */
  async variantFacetValueIdsOfMatching(ctx: RequestContext, filter: ListingFilter, facetCodes: string[]): Promise<ID[]> {
    const { facetCodeOf } = await this.index.snapshot(ctx);
    const codes = new Set(facetCodes);
    const { variantFacetValueIds } = await this.summary(ctx, filter);
    return [...variantFacetValueIds].filter((id) => codes.has(facetCodeOf.get(id) as string)).map(asId);
  }

  /**
   * Ids of the colour options (an option with a colorCode) of the matching products' variants:
   * the first (lowest id) per option code, since every product has its own options and the
   * filter bar shows one entry per code.
   */
  async colorOptionIdsOfMatching(ctx: RequestContext, filter: ListingFilter): Promise<ID[]> {
    return [...(await this.summary(ctx, filter)).colorOptionByCode.values()].map(asId);
  }

  /** Number of listable products per facet value id (FacetValue.productCount). */
  async countByFacetValueIds(ctx: RequestContext, facetValueIds: ID[]): Promise<Map<string, number>> {
    const result = new Map<string, number>();
    for (const id of new Set(facetValueIds.map(String))) {
      const { count } = await this.summary(ctx, { facetValueIdGroups: [[id]] });
      if (count) result.set(id, count);
    }
    return result;
  }

  /**
   * What the filter bar and the counts need of the products matching `f` (count, price range,
   * facet values, colour options). A filter made only of facet groups, a term and the
   * new-arrival flag (a listing's context: what the filter bar asks) is summarised once per
   * index version, channel and currency (CatalogueIndexService.derive: dropped when a product
   * changes), so a category's filter bar no longer scans the category's products per request;
   * other filters (price, colour, sale window, product ids) are summarised per request.
   */
  private async summary(ctx: RequestContext, f: ListingFilter): Promise<Summary> {
    const factor = await this.priceFactor(ctx);
    if (!isContext(f)) return summarise(await this.match(ctx, f), priceKey(ctx), factor);
    await this.index.snapshot(ctx);
    const context = contextOf(f);
    const key = JSON.stringify(['summary', String(ctx.channelId), ctx.currencyCode, context]);
    return this.index.derive(key, async () => summarise(await this.scan(ctx, context), priceKey(ctx), factor));
  }

  /** Matches per request and filter: the filter bar asks for the same filter several times. */
  private readonly matchesOfRequest = new WeakMap<RequestContext, Map<string, Promise<Match[]>>>();

  /** The listable products that satisfy `f`, each with its variants that do. */
  private match(ctx: RequestContext, f: ListingFilter): Promise<Match[]> {
    let memo = this.matchesOfRequest.get(ctx);
    if (!memo) this.matchesOfRequest.set(ctx, (memo = new Map()));
    const key = JSON.stringify(f);
    let result = memo.get(key);
    if (!result) {
      result = this.scan(ctx, f);
      memo.set(key, result);
      result.catch(() => memo.delete(key));
    }
    return result;
  }

  private async scan(ctx: RequestContext, f: ListingFilter): Promise<Match[]> {
    const { products, byFacetValue } = await this.index.snapshot(ctx);
    const factor = await this.priceFactor(ctx);
    const key = priceKey(ctx);
    const channelId = String(ctx.channelId);
    const only = f.productIds ? new Set(f.productIds.map(String)) : undefined;
    const exclude = new Set((f.excludeProductIds ?? []).map(String));
    const groups = (f.facetValueIdGroups ?? []).map((g) => g.map(String));
    const minPrice = f.minPrice != null ? Math.ceil(f.minPrice / factor) : undefined;
    const maxPrice = f.maxPrice != null ? Math.floor(f.maxPrice / factor) : undefined;
    const now = f.onSaleAt?.getTime();
    const colorCodes = f.colorCodes?.length ? new Set(f.colorCodes) : undefined;
    const colorLower = new Set((f.colorCodes ?? []).map((c) => c.toLowerCase()));
    const colorFvIds = (f.colorFacetValueIds ?? []).map(String);
    const out: Match[] = [];
    const withTerm = f.term ? this.index.productsWithSearch(f.term) : undefined;
    for (const p of candidates(products, byFacetValue, groups, withTerm)) {
      if (!p.channelIds.has(channelId)) continue;
      if (only && !only.has(p.id)) continue;
      if (exclude.has(p.id)) continue;
      if (f.newArrival !== undefined && p.newArrival !== f.newArrival) continue;
      if (!groups.every((g) => g.some((id) => p.facetValueIds.has(id)))) continue;
      if (f.term && !matchesSearch(p.searchText, f.term)) continue;
      const productHasColour = colorCodes ? colorFvIds.some((id) => p.facetValueIds.has(id)) : false;
      let variants: IndexedVariant[] | undefined;
      let lowest = Infinity;
      for (const v of p.variants) {
        const price = listedPrice(v, key, factor);
        if (price === undefined) continue;
        if (minPrice !== undefined && price < minPrice) continue;
        if (maxPrice !== undefined && price > maxPrice) continue;
        if (now !== undefined) {
          if (!v.onSale) continue;
          if (v.startDate !== null && v.startDate > now) continue;
          if (v.endDate !== null && v.endDate < now) continue;
        }
        if (
          colorCodes &&
          !productHasColour &&
          ![...v.optionCodes].some((c) => colorCodes.has(c)) &&
          !v.colorOptions.some((o) => colorLower.has(o.colorCode)) &&
          !colorFvIds.some((id) => v.facetValueIds.has(id))
        ) {
          continue;
        }
        (variants ??= []).push(v);
        if (price < lowest) lowest = price;
      }
      if (variants) out.push({ product: p, variants, minPrice: lowest });
    }
    return out;
  }

  /**
   * Channel prices are stored with tax when the channel says so (our default); otherwise a
   * stored net price is compared and reported with the default tax category's rate of the
   * channel's default tax zone.
   */
  async priceFactor(ctx: RequestContext): Promise<number> {
    if (ctx.channel.pricesIncludeTax) return 1;
    const zone = ctx.channel.defaultTaxZone;
    if (!zone) return 1;
    const category = await this.connection.getRepository(ctx, TaxCategory).findOne({ where: { isDefault: true } });
    if (!category) return 1;
    const rate = await this.taxRateService.getApplicableTaxRate(ctx, zone, category);
    return 1 + Number(rate.value ?? 0) / 100;
  }

  /** `"alias"."column"` for an entity property path (custom fields and relations included). */
  ref(alias: string, entity: EntityTarget<ObjectLiteral> | string, propertyPath: string): string {
    const raw = this.connection.rawConnection;
    const metadata = raw.getMetadata(entity);
    const column = metadata.findColumnWithPropertyPath(propertyPath);
    if (!column) throw new Error(`No column ${propertyPath} on ${metadata.name}`);
    return `${raw.driver.escape(alias)}.${raw.driver.escape(column.databaseName)}`;
  }
}

/** A filter made only of facet groups, a term and the new-arrival flag: a listing's context. */
function isContext(f: ListingFilter): boolean {
  return (
    f.minPrice === undefined &&
    f.maxPrice === undefined &&
    !f.colorCodes?.length &&
    !f.colorFacetValueIds?.length &&
    f.onSaleAt === undefined &&
    f.productIds === undefined &&
    !f.excludeProductIds?.length
  );
}

/** The context in a canonical form (a key for kept values): groups deduplicated and sorted. */
function contextOf(f: ListingFilter): ListingFilter {
  const facetValueIdGroups = (f.facetValueIdGroups ?? []).map((g) => [...new Set(g.map(String))].sort()).sort();
  return { facetValueIdGroups, term: f.term ?? undefined, newArrival: f.newArrival ?? undefined };
}

/**
 * The products worth checking: those carrying a value of the most selective facet group (from
 * the postings) or having the rarest trigram of the term (the term index), whichever are fewer;
 * every product when the filter has neither. Each is still checked against the whole filter.
 */
function candidates(
  products: Map<string, IndexedProduct>,
  byFacetValue: Map<string, IndexedProduct[]>,
  groups: string[][],
  withTerm: IndexedProduct[] | undefined,
): Iterable<IndexedProduct> {
  let best: IndexedProduct[][] | undefined = withTerm ? [withTerm] : undefined;
  let bestSize = withTerm ? withTerm.length : Infinity;
  for (const group of groups) {
    const lists = group.map((id) => byFacetValue.get(id) ?? []);
    const size = lists.reduce((n, l) => n + l.length, 0);
    if (size < bestSize) [best, bestSize] = [lists, size];
  }
  if (!best) return products.values();
  if (best.length === 1) return best[0];
  return new Set(best.flat()); // a product may carry two values of the group
}

interface Summary {
  count: number;
  /** Lowest and highest stored price of the matching variants (Infinity / -Infinity: none). */
  min: number;
  max: number;
  productFacetValueIds: Set<string>;
  variantFacetValueIds: Set<string>;
  /** Colour option code → its lowest option id among the matching variants. */
  colorOptionByCode: Map<string, string>;
}

function summarise(matches: Match[], key: string, factor: number): Summary {
  const s: Summary = {
    count: matches.length,
    min: Infinity,
    max: -Infinity,
    productFacetValueIds: new Set(),
    variantFacetValueIds: new Set(),
    colorOptionByCode: new Map(),
  };
  for (const m of matches) {
    for (const id of m.product.facetValueIds) s.productFacetValueIds.add(id);
    for (const v of m.variants) {
      const price = listedPrice(v, key, factor) as number;
      if (price < s.min) s.min = price;
      if (price > s.max) s.max = price;
      for (const id of v.facetValueIds) s.variantFacetValueIds.add(id);
      for (const o of v.colorOptions) {
        const seen = s.colorOptionByCode.get(o.code);
        if (seen === undefined || compareIdStrings(o.id, seen) < 0) s.colorOptionByCode.set(o.code, o.id);
      }
    }
  }
  return s;
}

function priceKey(ctx: RequestContext): string {
  return `${ctx.channelId}:${ctx.currencyCode}`;
}

function compareIdStrings(a: string, b: string): number {
  const [x, y] = [Number(a), Number(b)];
  return Number.isNaN(x) || Number.isNaN(y) ? a.localeCompare(b) : x - y;
}

function compareIds(a: IndexedProduct, b: IndexedProduct): number {
  return Number.isNaN(a.numericId) || Number.isNaN(b.numericId) ? a.id.localeCompare(b.id) : a.numericId - b.numericId;
}

/** Ids as the database hands them out (numbers with the default id strategy). */
function asId(id: string): ID {
  return /^\d+$/.test(id) && Number.isSafeInteger(Number(id)) ? Number(id) : id;
}

/** The first `k` items in `compare` order, without sorting the whole list when k is small. */
function topK<T>(items: T[], compare: (a: T, b: T) => number, k: number): T[] {
  if (k >= items.length / 4) return [...items].sort(compare).slice(0, k);
  const top: T[] = [];
  for (const item of items) {
    if (top.length === k && compare(item, top[k - 1]) >= 0) continue;
    let i = top.length;
    while (i > 0 && compare(item, top[i - 1]) < 0) i--;
    top.splice(i, 0, item);
    if (top.length > k) top.pop();
  }
  return top;
}
