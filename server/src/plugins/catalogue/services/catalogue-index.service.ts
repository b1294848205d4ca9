import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import {
  AssetEvent,
  EventBus,
  FacetEvent,
  FacetValue,
  FacetValueEvent,
  ID,
  Logger,
  Product,
  ProductChannelEvent,
  ProductEvent,
  ProductOption,
  ProductOptionEvent,
  ProductTranslation,
  ProductVariant,
  ProductVariantChannelEvent,
  ProductVariantEvent,
  ProductVariantPrice,
  ProductVariantPriceEvent,
  ProcessContext,
  RequestContext,
  TransactionalConnection,
  Translated,
} from '@vendure/core';
import { merge, Subscription } from 'rxjs';
import { EntityTarget, In, ObjectLiteral } from 'typeorm';

import { SEARCHED_FACETS, loggerCtx } from '../constants';

import { composeSearchText, SearchQuery } from './normalise-search-text';
import { salePriceAt } from './sale-window';

/** How often (at most) a query checks the database for changes made by another process. */
export const SYNC_INTERVAL_MS = 2_000;
const CHUNK = 500;
/** Derived values (summaries of a listing's context) kept per index version; least recently used go first. */
const DERIVED_MAX = 2_000;
/** Length of the substrings the term index is keyed by (trigrams). */
const GRAM = 3;

interface Watermark {
  t: number;
  products: number;
  facetValues: number;
}

export interface IndexedVariant {
  id: string;
  /** `${channelId}:${currencyCode}` → stored price (minor units, as stored). */
  prices: Map<string, number>;
  facetValueIds: Set<string>;
  optionIds: string[];
  optionCodes: Set<string>;
  /** Lower-cased colorCode of each option that has one, with the option's id. */
  colorOptions: Array<{ id: string; code: string; colorCode: string }>;
  onSale: boolean;
  startDate: number | null;
  endDate: number | null;
  /**
   * The promo price (minor units, incl. VAT) when the variant was on sale at the last reload
   * (salePriceAt), else null: it replaces the stored prices (`listedPrice`). Reloaded when the
   * window opens or closes by the apply-sale-windows task (docs/decisions/041).
   */
  salePrice: number | null;
}

/**
 * The variant's price in the units stored for `key` (`${channelId}:${currencyCode}`), as Vendure
 * prices it (SalePriceCalculationStrategy): the promo price while on sale, brought to the stored
 * units with `factor` (ProductQueryService.priceFactor), else the stored price.
 */
export function listedPrice(v: IndexedVariant, key: string, factor: number): number | undefined {
  const stored = v.prices.get(key);
  if (stored === undefined || v.salePrice === null) return stored;
  return factor === 1 ? v.salePrice : Math.round(v.salePrice / factor);
}

export interface IndexedProduct {
  id: string;
  numericId: number;
  channelIds: Set<string>;
  createdAt: number;
  viewCount: number;
  newArrival: boolean;
  facetValueIds: Set<string>;
  /** composeSearchText of every translation's name and the names of its brand, category and sub-category. */
  searchText: string;
  /** Only enabled, not deleted variants. */
  variants: IndexedVariant[];
  /**
   * The Product entity as a page of cards needs it (columns, custom fields, every translation,
   * featured asset; not its variants or facet values, which their own resolvers load), read
   * with the rest of the product so that it is replaced by the same events.
   */
  entity?: Product;
  /** `entity` translated, per language key (`cardsOf`); dropped with the product on reload. */
  cards?: Map<string, Translated<Product>>;
}

/**
 * The listing index (docs/decisions/019-catalogue-index.md): every listable product of the
 * catalogue with what the listing filters, sorts and filter bar need (channels, prices per
 * channel and currency, facet values of product and variants, colour options, sale window,
 * newArrival, viewCount, Arabic-folded search text), held in memory and answered without SQL.
 *
 * Kept up to date from Vendure's events (product, variant, price, channel, facet, option
 * changes: the changed products are reloaded before the next listing is answered) and, for
 * changes made by another process (the worker, another server instance, an import), by a
 * check of the tables' `updatedAt` at most every 2 s.
 */
@Injectable()
export class CatalogueIndexService implements OnApplicationBootstrap, OnModuleDestroy {
  private products = new Map<string, IndexedProduct>();
  /** Products by product-level facet value id; rebuilt lazily after a change. */
  private postings: Map<string, IndexedProduct[]> | undefined;
  /**
   * Product ids by trigram of their folded search text (the term index): a term of 3 characters
   * or more is looked for only in the products having its rarest trigram. Built on first use,
   * then kept up to date product by product.
   */
  private grams: Map<string, Set<string>> | undefined;
  /**
   * Bumped whenever a product of the index changes (not for view counts): values derived from
   * the products (`derive`) are only reused while it stays the same.
   */
  private version = 0;
  private derived = new Map<string, { version: number; value: Promise<unknown> }>();
  /** A build has finished (the index holds the catalogue). */
  private built = false;
  /** Facet value id → its facet's code. */
  private facetCodeOf = new Map<string, string>();
  private ready: Promise<void> | undefined;
  /** Reloads queued by events, applied before the next read. */
  private pending: Promise<void> = Promise.resolve();
  private pendingIds = new Set<string>();
  private pendingFull = false;
  private flushScheduled: Promise<void> | undefined;
  /** Reloads or builds running now (the version is bumped when they end). */
  private updating = 0;
  private lastSync = 0;
  private syncing: Promise<void> | undefined;
  private watermark: Watermark | undefined;
  private subscription: Subscription | undefined;

  constructor(
    private readonly connection: TransactionalConnection,
    private readonly eventBus: EventBus,
    private readonly processContext: ProcessContext,
  ) {}

  onApplicationBootstrap() {
    const productIdsOf = (entity: unknown): ID[] => {
      const list = Array.isArray(entity) ? entity : [entity];
      return list.map((e: any) => e?.productId ?? e?.product?.id).filter((id) => id != null);
    };
    this.subscription = merge(
      this.eventBus.ofType(ProductEvent),
      this.eventBus.ofType(ProductChannelEvent),
      this.eventBus.ofType(ProductVariantEvent),
      this.eventBus.ofType(ProductVariantChannelEvent),
      this.eventBus.ofType(ProductVariantPriceEvent),
      this.eventBus.ofType(FacetEvent),
      this.eventBus.ofType(FacetValueEvent),
      this.eventBus.ofType(ProductOptionEvent),
      this.eventBus.ofType(AssetEvent),
    ).subscribe((event: any) => {
      if (event instanceof AssetEvent) this.invalidate(this.productsShowingAsset(event.entity?.id));
      else if (event instanceof ProductEvent) this.invalidate([event.entity.id]);
      else if (event instanceof ProductChannelEvent) this.invalidate([event.product.id]);
      else if (event instanceof ProductVariantChannelEvent) this.invalidate(productIdsOf(event.productVariant));
      else if (event instanceof ProductVariantEvent) this.invalidate(productIdsOf(event.entity));
      else if (event instanceof ProductVariantPriceEvent) {
        // carries prices; their variants' products are looked up when reloading
        this.invalidateVariants(
          (event.entity as ProductVariantPrice[]).map((p: any) => p.variantId ?? p.variant?.id).filter((id) => id != null),
        );
      } else this.invalidateAll(); // facet/facet value/option changes: rare, rebuild
    });
    if (this.processContext.isServer) {
      // built in the background so that the first shopper does not wait for it
      this.ready = this.build().catch((e) => {
        this.ready = undefined;
        Logger.error(`catalogue index build failed: ${(e as Error).message}`, loggerCtx);
      });
    }
  }

  onModuleDestroy() {
    this.subscription?.unsubscribe();
  }

  /**
   * The index's version (bumped by every reload and rebuild) and whether it is idle: built, no
   * reload queued by an event or running. Answers kept outside the index (the response cache)
   * are only reused at the same version while it is idle.
   */
  state(): { version: number; idle: boolean } {
    const idle =
      this.built &&
      this.updating === 0 &&
      !this.flushScheduled &&
      !this.pendingFull &&
      this.pendingIds.size === 0 &&
      this.variantIdsToResolve.size === 0;
    return { version: this.version, idle };
  }

  /** The index, current as of the last event or sync; built on first use. */
  async snapshot(ctx: RequestContext): Promise<{
    products: Map<string, IndexedProduct>;
    facetCodeOf: Map<string, string>;
    byFacetValue: Map<string, IndexedProduct[]>;
  }> {
    if (!this.ready) {
      this.ready = this.build(ctx).catch((e) => {
        this.ready = undefined;
        throw e;
      });
    }
    await this.ready;
    await this.pending;
    if (Date.now() - this.lastSync > SYNC_INTERVAL_MS && !this.syncing) {
      this.lastSync = Date.now();
      this.syncing = this.syncChanged(ctx)
        .catch((e) => Logger.error(`catalogue index sync failed: ${(e as Error).message}`, loggerCtx))
        .finally(() => (this.syncing = undefined));
    }
    return { products: this.products, facetCodeOf: this.facetCodeOf, byFacetValue: this.byFacetValue() };
  }

  /**
   * The products whose folded search text may contain `term` (already folded): a superset, each
   * must still be tested with `includes`. Undefined for a term shorter than a trigram (then every
   * product is a candidate). Call after `snapshot`.
   */
  productsWithText(term: string): IndexedProduct[] | undefined {
    if (term.length < GRAM) return undefined;
    const grams = this.termIndex();
    let rarest: Set<string> | undefined;
    for (const gram of gramsOf(term)) {
      const ids = grams.get(gram);
      if (!ids) return [];
      if (!rarest || ids.size < rarest.size) rarest = ids;
    }
    const out: IndexedProduct[] = [];
    for (const id of rarest ?? []) {
      const p = this.products.get(id);
      if (p) out.push(p);
    }
    return out;
  }

  /**
   * The products that may match a search query (matchesSearch): those that may contain its folded
   * term or its stem. A superset, each must still be tested; undefined when either is shorter than
   * a trigram (then every product is a candidate). Call after `snapshot`.
   */
  productsWithSearch(query: SearchQuery): IndexedProduct[] | undefined {
    const folded = this.productsWithText(query.folded);
    if (!folded || query.stem === query.folded) return folded;
    const stemmed = this.productsWithText(query.stem);
    if (!stemmed) return undefined;
    return [...new Map([...folded, ...stemmed].map((p) => [p.id, p])).values()];
  }

  /**
   * A value computed from the index (e.g. the price range and facets of a category's products),
   * reused until a product changes; concurrent callers share one computation. `compute` must
   * depend on nothing but the index's products and `key` (not on view counts, which change
   * without a version bump, nor on the clock). Call after `snapshot`; a value whose computation
   * overlapped a change is returned to its callers but not kept.
   */
  derive<T>(key: string, compute: () => Promise<T> | T): Promise<T> {
    const hit = this.derived.get(key);
    if (hit && hit.version === this.version) {
      this.derived.delete(key); // most recently used last
      this.derived.set(key, hit);
      return hit.value as Promise<T>;
    }
    const version = this.version;
    const entry = { version, value: Promise.resolve().then(compute) as Promise<unknown> };
    const forget = () => {
      if (this.derived.get(key) === entry) this.derived.delete(key);
    };
    entry.value.then(() => version !== this.version && forget(), forget);
    this.derived.set(key, entry);
    for (const oldest of this.derived.keys()) {
      if (this.derived.size <= DERIVED_MAX) break;
      this.derived.delete(oldest);
    }
    return entry.value as Promise<T>;
  }

  private termIndex(): Map<string, Set<string>> {
    if (!this.grams) {
      const grams = new Map<string, Set<string>>();
      for (const p of this.products.values()) addGrams(grams, p);
      this.grams = grams;
    }
    return this.grams;
  }

  /** Products were replaced, added or removed: derived values and postings are stale. */
  private changed() {
    this.version += 1;
    this.derived.clear();
    this.postings = undefined;
  }

  private byFacetValue(): Map<string, IndexedProduct[]> {
    if (!this.postings) {
      const postings = new Map<string, IndexedProduct[]>();
      for (const p of this.products.values()) {
        for (const id of p.facetValueIds) {
          const list = postings.get(id);
          if (list) list.push(p);
          else postings.set(id, [p]);
        }
      }
      this.postings = postings;
    }
    return this.postings;
  }

  /** A product's view was counted (ProductViewService): updatedAt is left alone, so say it here. */
  recordView(productId: ID) {
    const p = this.products.get(String(productId)); // same object in the postings
    if (!p) return;
    p.viewCount += 1;
    const fields = p.entity?.customFields as { viewCount?: number } | undefined;
    if (fields) fields.viewCount = p.viewCount;
    p.cards = undefined;
  }

  /**
   * The page's products as Product entities translated for the request (decision 019, addendum
   * of session 11): from the index, without loading them; translated once per language and kept
   * until the product changes. Each caller gets its own shallow copy (resolvers may add fields).
   * Undefined for an id the index does not hold. Call after `snapshot`.
   */
  cardsOf(ids: ID[], languageKey: string, translate: (entity: Product) => Translated<Product>): Array<Translated<Product> | undefined> {
    return ids.map((id) => {
      const p = this.products.get(String(id));
      if (!p?.entity) return undefined;
      if (!p.cards) p.cards = new Map();
      let card = p.cards.get(languageKey);
      if (!card) {
        // Vendure's translateEntity writes the translation's custom fields into the customFields
        // object it shares with its source: translate a copy, or every language would share one
        card = translate(copyOf(p.entity));
        p.cards.set(languageKey, card);
      }
      return copyOf(card);
    });
  }

  /** Products whose featured asset is this asset (an asset's focal point, name or file changed). */
  private productsShowingAsset(assetId: ID | undefined): string[] {
    if (assetId == null) return [];
    const out: string[] = [];
    for (const p of this.products.values()) {
      if (p.entity?.featuredAsset && String(p.entity.featuredAsset.id) === String(assetId)) out.push(p.id);
    }
    return out;
  }

  /** Products to reload before the next read. */
  invalidate(productIds: ID[]) {
    productIds.forEach((id) => this.pendingIds.add(String(id)));
    this.scheduleFlush();
  }

  invalidateAll() {
    this.pendingFull = true;
    this.scheduleFlush();
  }

  private variantIdsToResolve = new Set<string>();
  private invalidateVariants(variantIds: ID[]) {
    variantIds.forEach((id) => this.variantIdsToResolve.add(String(id)));
    this.scheduleFlush();
  }

  private scheduleFlush() {
    if (this.flushScheduled) return;
    this.flushScheduled = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      this.flushScheduled = undefined;
      return this.flush();
    });
    this.pending = this.pending.then(() => this.flushScheduled ?? undefined).catch(() => undefined);
  }

  private async flush() {
    this.updating += 1;
    try {
      await this.flushNow();
    } finally {
      this.updating -= 1;
    }
  }

  private async flushNow() {
    if (!this.ready) {
      // not built yet: the build will read everything
      this.pendingIds.clear();
      this.variantIdsToResolve.clear();
      this.pendingFull = false;
      return;
    }
    await this.ready.catch(() => undefined);
    try {
      if (this.pendingFull) {
        this.pendingFull = false;
        this.pendingIds.clear();
        this.variantIdsToResolve.clear();
        await this.build();
        return;
      }
      const variantIds = [...this.variantIdsToResolve];
      this.variantIdsToResolve.clear();
      if (variantIds.length) {
        const rows = await this.raw()
          .getRepository(ProductVariant)
          .createQueryBuilder('v')
          .select(this.ref('v', ProductVariant, 'productId'), 'pid')
          .where(`${this.ref('v', ProductVariant, 'id')} IN (:...ids)`, { ids: variantIds })
          .getRawMany();
        rows.forEach((r) => this.pendingIds.add(String(r.pid)));
      }
      const ids = [...this.pendingIds];
      this.pendingIds.clear();
      if (ids.length) await this.load(ids);
    } catch (e) {
      Logger.error(`catalogue index update failed: ${(e as Error).message}`, loggerCtx);
    }
  }

  /** Reads the whole catalogue into a fresh index. */
  private async build(_ctx?: RequestContext) {
    this.updating += 1;
    try {
      await this.buildNow();
      this.built = true;
    } finally {
      this.updating -= 1;
    }
  }

  private async buildNow() {
    const started = Date.now();
    this.watermark = await this.currentWatermark();
    const next = new Map<string, IndexedProduct>();
    await this.loadFacetCodes();
    const ids = (
      await this.raw()
        .getRepository(Product)
        .createQueryBuilder('p')
        .select(this.ref('p', Product, 'id'), 'id')
        .getRawMany()
    ).map((r) => String(r.id));
    for (let i = 0; i < ids.length; i += CHUNK) {
      for (const p of await this.read(ids.slice(i, i + CHUNK))) next.set(p.id, keepViews(p, this.products.get(p.id)));
    }
    this.products = next;
    this.grams = undefined;
    this.changed();
    this.lastSync = Date.now();
    Logger.info(`catalogue index built: ${next.size} products in ${Date.now() - started} ms`, loggerCtx);
  }

  /** Re-reads these products (dropping those no longer listable). */
  private async load(ids: string[]) {
    for (let i = 0; i < ids.length; i += CHUNK) {
      const chunk = ids.slice(i, i + CHUNK);
      const fresh = new Map((await this.read(chunk)).map((p) => [p.id, p]));
      for (const id of chunk) {
        const p = fresh.get(id);
        const old = this.products.get(id);
        if (this.grams && old) removeGrams(this.grams, old);
        if (p) {
          this.products.set(id, keepViews(p, old));
          if (this.grams) addGrams(this.grams, p);
        } else this.products.delete(id);
      }
      this.changed();
    }
  }

  /** Changes made by another process: rows whose updatedAt moved past the last watermark. */
  private async syncChanged(_ctx: RequestContext) {
    const mark = await this.currentWatermark();
    const last = this.watermark;
    if (last && mark.t === last.t && mark.products === last.products && mark.facetValues === last.facetValues) return;
    this.watermark = mark;
    if (!last || mark.products !== this.products.size || mark.facetValues !== last.facetValues) {
      // a product enabled, disabled or deleted elsewhere, or facets changed: read everything again
      await this.build();
      return;
    }
    const since = this.dateParam(last.t);
    const changed = new Set<string>();
    const productRows = await this.raw()
      .getRepository(Product)
      .createQueryBuilder('p')
      .select(this.ref('p', Product, 'id'), 'id')
      .where(`${this.ref('p', Product, 'updatedAt')} >= :since`, { since })
      .getRawMany();
    productRows.forEach((r) => changed.add(String(r.id)));
    const variantRows = await this.raw()
      .getRepository(ProductVariant)
      .createQueryBuilder('v')
      .leftJoin('v.productVariantPrices', 'pr')
      .select(this.ref('v', ProductVariant, 'productId'), 'pid')
      .where(`${this.ref('v', ProductVariant, 'updatedAt')} >= :since`, { since })
      .orWhere(`${this.ref('pr', ProductVariantPrice, 'updatedAt')} >= :since`, { since })
      .distinct(true)
      .getRawMany();
    variantRows.forEach((r) => changed.add(String(r.pid)));
    if (changed.size) await this.load([...changed]);
  }

  /** A timestamp as the driver compares it with a datetime column. */
  private dateParam(t: number): Date | string {
    if (this.connection.rawConnection.options.type !== 'better-sqlite3' && this.connection.rawConnection.options.type !== 'sqlite') {
      return new Date(t);
    }
    return new Date(t).toISOString().replace('T', ' ').replace('Z', '');
  }

  /** Latest updatedAt of products, variants and prices, and the number of listable products and facet values. */
  private async currentWatermark(): Promise<Watermark> {
    const max = async (entity: EntityTarget<ObjectLiteral>) => {
      const row = await this.raw()
        .getRepository(entity)
        .createQueryBuilder('e')
        .select(`MAX(${this.ref('e', entity, 'updatedAt')})`, 'max')
        .getRawOne();
      return toTime(row?.max) ?? 0;
    };
    const t = Math.max(await max(Product), await max(ProductVariant), await max(ProductVariantPrice));
    const products = await this.raw()
      .getRepository(Product)
      .createQueryBuilder('p')
      .select('COUNT(*)', 'n')
      .where(`${this.ref('p', Product, 'deletedAt')} IS NULL`)
      .andWhere(`${this.ref('p', Product, 'enabled')} = :yes`, { yes: true })
      .getRawOne();
    const fv = await this.raw().getRepository(FacetValue).createQueryBuilder('fv').select('COUNT(*)', 'n').getRawOne();
    return { t, products: Number(products?.n ?? 0), facetValues: Number(fv?.n ?? 0) };
  }

  private async loadFacetCodes() {
    const rows = await this.raw()
      .getRepository(FacetValue)
      .createQueryBuilder('fv')
      .innerJoin('fv.facet', 'f')
      .select(this.ref('fv', FacetValue, 'id'), 'id')
      .addSelect(this.ref('f', 'Facet', 'code'), 'code')
      .getRawMany();
    this.facetCodeOf = new Map(rows.map((r) => [String(r.id), String(r.code)]));
  }

  /** Enabled, not deleted products among `ids`, with their enabled, not deleted variants. */
  private async read(ids: string[]): Promise<IndexedProduct[]> {
    if (!ids.length) return [];
    const raw = this.raw();
    const r = (alias: string, entity: EntityTarget<ObjectLiteral> | string, path: string) => this.ref(alias, entity, path);
    const productRows = await raw
      .getRepository(Product)
      .createQueryBuilder('p')
      .select(r('p', Product, 'id'), 'id')
      .addSelect(r('p', Product, 'createdAt'), 'createdAt')
      .addSelect(r('p', Product, 'customFields.viewCount'), 'viewCount')
      .addSelect(r('p', Product, 'customFields.newArrival'), 'newArrival')
      .where(`${r('p', Product, 'id')} IN (:...ids)`, { ids })
      .andWhere(`${r('p', Product, 'deletedAt')} IS NULL`)
      .andWhere(`${r('p', Product, 'enabled')} = :yes`, { yes: true })
      .getRawMany();
    if (!productRows.length) return [];
    const live = productRows.map((p) => p.id);
    const [entities, channels, facets, names, variants] = await Promise.all([
      // as ProductLoaderService loads a page (translations are eager), once per change, not per request
      raw.getRepository(Product).find({ where: { id: In(live) }, relations: { featuredAsset: true } }),
      raw
        .getRepository(Product)
        .createQueryBuilder('p')
        .innerJoin('p.channels', 'c')
        .select(r('p', Product, 'id'), 'pid')
        .addSelect(r('c', 'Channel', 'id'), 'cid')
        .where(`${r('p', Product, 'id')} IN (:...ids)`, { ids: live })
        .getRawMany(),
      raw
        .getRepository(Product)
        .createQueryBuilder('p')
        .innerJoin('p.facetValues', 'fv')
        .select(r('p', Product, 'id'), 'pid')
        .addSelect(r('fv', FacetValue, 'id'), 'fid')
        .where(`${r('p', Product, 'id')} IN (:...ids)`, { ids: live })
        .getRawMany(),
      raw
        .getRepository(ProductTranslation)
        .createQueryBuilder('pt')
        .select(r('pt', ProductTranslation, 'base'), 'pid')
        .addSelect(r('pt', ProductTranslation, 'name'), 'name')
        .where(`${r('pt', ProductTranslation, 'base')} IN (:...ids)`, { ids: live })
        .orderBy(r('pt', ProductTranslation, 'id'), 'ASC')
        .getRawMany(),
      raw
        .getRepository(ProductVariant)
        .createQueryBuilder('v')
        .select(r('v', ProductVariant, 'id'), 'id')
        .addSelect(r('v', ProductVariant, 'productId'), 'pid')
        .addSelect(r('v', ProductVariant, 'customFields.onSale'), 'onSale')
        .addSelect(r('v', ProductVariant, 'customFields.startDate'), 'startDate')
        .addSelect(r('v', ProductVariant, 'customFields.endDate'), 'endDate')
        .addSelect(r('v', ProductVariant, 'customFields.promoPrice'), 'promoPrice')
        .where(`${r('v', ProductVariant, 'productId')} IN (:...ids)`, { ids: live })
        .andWhere(`${r('v', ProductVariant, 'deletedAt')} IS NULL`)
        .andWhere(`${r('v', ProductVariant, 'enabled')} = :yes`, { yes: true })
        .orderBy(r('v', ProductVariant, 'id'), 'ASC')
        .getRawMany(),
    ]);
    const variantIds = variants.map((v) => v.id);
    const [prices, options, variantFacets, taxonomyNames] = await Promise.all([
      this.inChunks(variantIds, (chunk) =>
        raw
          .getRepository(ProductVariantPrice)
          .createQueryBuilder('pr')
          .select(r('pr', ProductVariantPrice, 'variant'), 'vid')
          .addSelect(r('pr', ProductVariantPrice, 'channelId'), 'cid')
          .addSelect(r('pr', ProductVariantPrice, 'currencyCode'), 'currency')
          .addSelect(r('pr', ProductVariantPrice, 'price'), 'price')
          .where(`${r('pr', ProductVariantPrice, 'variant')} IN (:...ids)`, { ids: chunk })
          .getRawMany(),
      ),
      this.inChunks(variantIds, (chunk) =>
        raw
          .getRepository(ProductVariant)
          .createQueryBuilder('v')
          .innerJoin('v.options', 'o')
          .select(r('v', ProductVariant, 'id'), 'vid')
          .addSelect(r('o', ProductOption, 'id'), 'oid')
          .addSelect(r('o', ProductOption, 'code'), 'code')
          .addSelect(r('o', ProductOption, 'customFields.colorCode'), 'colorCode')
          .where(`${r('v', ProductVariant, 'id')} IN (:...ids)`, { ids: chunk })
          .getRawMany(),
      ),
      this.inChunks(variantIds, (chunk) =>
        raw
          .getRepository(ProductVariant)
          .createQueryBuilder('v')
          .innerJoin('v.facetValues', 'fv')
          .select(r('v', ProductVariant, 'id'), 'vid')
          .addSelect(r('fv', FacetValue, 'id'), 'fid')
          .where(`${r('v', ProductVariant, 'id')} IN (:...ids)`, { ids: chunk })
          .getRawMany(),
      ),
      this.taxonomyNames(facets.map((f) => String(f.fid))),
    ]);

    const byProduct = new Map<string, IndexedProduct>();
    for (const p of productRows) {
      const id = String(p.id);
      byProduct.set(id, {
        id,
        numericId: Number(p.id),
        channelIds: new Set(),
        createdAt: toTime(p.createdAt) ?? 0,
        viewCount: Number(p.viewCount ?? 0),
        newArrival: p.newArrival === true || p.newArrival === 1 || p.newArrival === '1',
        facetValueIds: new Set(),
        searchText: '',
        variants: [],
      });
    }
    for (const e of entities) {
      const p = byProduct.get(String(e.id));
      if (p) p.entity = e;
    }
    for (const c of channels) byProduct.get(String(c.pid))?.channelIds.add(String(c.cid));
    for (const f of facets) byProduct.get(String(f.pid))?.facetValueIds.add(String(f.fid));
    const nameParts = new Map<string, string[]>();
    for (const n of names) {
      const key = String(n.pid);
      nameParts.set(key, [...(nameParts.get(key) ?? []), n.name]);
    }
    for (const p of byProduct.values()) {
      const parts = [...(nameParts.get(p.id) ?? [])];
      for (const fid of p.facetValueIds) parts.push(...(taxonomyNames.get(fid) ?? []));
      p.searchText = composeSearchText(parts);
    }
    const variantById = new Map<string, IndexedVariant>();
    const now = new Date();
    for (const v of variants) {
      const onSale = v.onSale === true || v.onSale === 1 || v.onSale === '1';
      const promoPrice = v.promoPrice == null ? null : Number(v.promoPrice);
      const variant: IndexedVariant = {
        id: String(v.id),
        prices: new Map(),
        facetValueIds: new Set(),
        optionIds: [],
        optionCodes: new Set(),
        colorOptions: [],
        onSale,
        startDate: toTime(v.startDate),
        endDate: toTime(v.endDate),
        salePrice: salePriceAt({ onSale, promoPrice, startDate: dateOf(v.startDate), endDate: dateOf(v.endDate) }, now),
      };
      variantById.set(variant.id, variant);
      byProduct.get(String(v.pid))?.variants.push(variant);
    }
    for (const pr of prices) variantById.get(String(pr.vid))?.prices.set(`${pr.cid}:${pr.currency}`, Number(pr.price));
    for (const o of options) {
      const v = variantById.get(String(o.vid));
      if (!v) continue;
      v.optionIds.push(String(o.oid));
      v.optionCodes.add(String(o.code));
      if (o.colorCode) v.colorOptions.push({ id: String(o.oid), code: String(o.code), colorCode: String(o.colorCode).toLowerCase() });
    }
    for (const f of variantFacets) variantById.get(String(f.vid))?.facetValueIds.add(String(f.fid));
    return [...byProduct.values()];
  }

  /** Names (every language) of the brand, category and sub-category facet values among `facetValueIds`. */
  private async taxonomyNames(facetValueIds: string[]): Promise<Map<string, string[]>> {
    const ids = [...new Set(facetValueIds)].filter((id) => SEARCHED_FACETS.includes(this.facetCodeOf.get(id) ?? ''));
    const result = new Map<string, string[]>();
    if (!ids.length) return result;
    const rows = await this.raw()
      .getRepository(FacetValue)
      .createQueryBuilder('fv')
      .innerJoin('fv.translations', 't')
      .select(this.ref('fv', FacetValue, 'id'), 'id')
      .addSelect(this.ref('t', 'FacetValueTranslation', 'name'), 'name')
      .where(`${this.ref('fv', FacetValue, 'id')} IN (:...ids)`, { ids })
      .orderBy(this.ref('t', 'FacetValueTranslation', 'id'), 'ASC')
      .getRawMany();
    for (const row of rows) {
      const key = String(row.id);
      result.set(key, [...(result.get(key) ?? []), String(row.name ?? '')]);
    }
    return result;
  }

  private async inChunks<T>(ids: unknown[], fn: (chunk: unknown[]) => Promise<T[]>): Promise<T[]> {
    const out: T[] = [];
    for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await fn(ids.slice(i, i + CHUNK))));
    return out;
  }

  /** Outside any request transaction: the index is shared by all requests. */
  private raw() {
    return this.connection.rawConnection.manager;
  }

  private ref(alias: string, entity: EntityTarget<ObjectLiteral> | string, propertyPath: string): string {
    const raw = this.connection.rawConnection;
    const metadata = raw.getMetadata(entity);
    const column =
      metadata.findColumnWithPropertyPath(propertyPath) ??
      metadata.relations.find((rel) => rel.propertyPath === propertyPath)?.joinColumns[0];
    if (!column) throw new Error(`No column ${propertyPath} on ${metadata.name}`);
    return `${raw.driver.escape(alias)}.${raw.driver.escape(column.databaseName)}`;
  }
}

/** A shallow copy of an entity (same prototype) with its own customFields object. */
function copyOf<T extends object>(entity: T): T {
  const copy = Object.create(Object.getPrototypeOf(entity), Object.getOwnPropertyDescriptors(entity));
  const fields = (entity as { customFields?: object }).customFields;
  if (fields) copy.customFields = { ...fields };
  return copy;
}

function gramsOf(text: string): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + GRAM <= text.length; i++) out.add(text.slice(i, i + GRAM));
  return out;
}

function addGrams(grams: Map<string, Set<string>>, p: IndexedProduct) {
  for (const gram of gramsOf(p.searchText)) {
    const ids = grams.get(gram);
    if (ids) ids.add(p.id);
    else grams.set(gram, new Set([p.id]));
  }
}

function removeGrams(grams: Map<string, Set<string>>, p: IndexedProduct) {
  for (const gram of gramsOf(p.searchText)) {
    const ids = grams.get(gram);
    if (!ids) continue;
    ids.delete(p.id);
    if (!ids.size) grams.delete(gram);
  }
}

function toTime(value: unknown): number | null {
  if (value == null || value === '') return null;
  if (value instanceof Date) return value.getTime();
  // SQLite: 'YYYY-MM-DD HH:MM:SS.sss' in UTC without a zone
  const text = String(value);
  const t = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text.replace(' ', 'T')}Z`).getTime();
  return Number.isNaN(t) ? null : t;
}

function dateOf(value: unknown): Date | null {
  const t = toTime(value);
  return t === null ? null : new Date(t);
}

/**
 * A re-read product keeps the views this process counted while the read was under way: a view
 * updates its row without moving updatedAt and is added to the held product at once
 * (recordView), so a read that began before the view's UPDATE committed would take the count
 * back. Counts only grow, so the larger of the two is right.
 */
function keepViews(fresh: IndexedProduct, held: IndexedProduct | undefined): IndexedProduct {
  if (!held || held.viewCount <= fresh.viewCount) return fresh;
  fresh.viewCount = held.viewCount;
  const fields = fresh.entity?.customFields as { viewCount?: number } | undefined;
  if (fields) fields.viewCount = held.viewCount;
  return fresh;
}
