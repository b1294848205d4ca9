import { Injectable } from '@nestjs/common';
import { GlobalFlag } from '@vendure/common/lib/generated-types';
import { GlobalSettingsService, ID, ProductVariant, RequestContext, StockLevel, TransactionalConnection } from '@vendure/core';

import { CatalogueIndexService, listedPrice } from './catalogue-index.service';
import { ProductQueryService } from './product-query.service';
import { RequestLoader } from './request-loader';

/** `Product.priceSummary` (decision 019, addendum of session 10). */
export interface ProductPriceSummary {
  /** Cheapest price with tax among the variants in stock; among all variants when none is. */
  priceWithTax: number;
  minPriceWithTax: number;
  maxPriceWithTax: number;
  inStock: boolean;
}

/**
 * A product's prices and stock for a list of hits without resolving its variants: prices from
 * the listing index (the variants of the channel, enabled, not deleted; with tax as the listing
 * filters compare them, ProductQueryService.priceFactor), saleable stock as Vendure's
 * ProductVariantService.getSaleableStockLevel computes it (on hand − allocated over every stock
 * location − the out-of-stock threshold; untracked inventory is always in stock), for every hit of
 * a request in two queries. Answers what the search list shows (`services/search.service.ts`);
 * `Product.variants` still answers any client that asks for the variants themselves.
 */
@Injectable()
export class ProductPriceSummaryService {
  private readonly loader = new RequestLoader<ProductPriceSummary | null>(
    (ctx, ids) => this.batch(ctx, ids),
    () => null,
  );

  constructor(
    private readonly connection: TransactionalConnection,
    private readonly index: CatalogueIndexService,
    private readonly productQuery: ProductQueryService,
    private readonly globalSettings: GlobalSettingsService,
  ) {}

  summaryOf(ctx: RequestContext, productId: ID): Promise<ProductPriceSummary | null> {
    return this.loader.load(ctx, productId);
  }

  private async batch(ctx: RequestContext, productIds: string[]): Promise<Map<string, ProductPriceSummary | null>> {
    const { products } = await this.index.snapshot(ctx);
    const key = `${ctx.channelId}:${ctx.currencyCode}`;
    const factor = await this.productQuery.priceFactor(ctx);
    const priced = new Map<string, Array<{ id: string; price: number }>>();
    for (const pid of productIds) {
      const p = products.get(pid);
      if (!p) continue;
      const variants: Array<{ id: string; price: number }> = [];
      for (const v of p.variants) {
        const price = listedPrice(v, key, factor);
        if (price !== undefined) variants.push({ id: v.id, price });
      }
      if (variants.length) priced.set(pid, variants);
    }
    const variantIds = [...priced.values()].flat().map((v) => v.id);
    const saleable = await this.saleable(ctx, variantIds);
    const result = new Map<string, ProductPriceSummary | null>();
    for (const [pid, variants] of priced) {
      const withTax = variants.map((v) => ({ price: Math.round(v.price * factor), inStock: saleable.get(v.id) ?? false }));
      const buyable = withTax.filter((v) => v.inStock);
      const all = withTax.map((v) => v.price);
      result.set(pid, {
        priceWithTax: Math.min(...(buyable.length ? buyable : withTax).map((v) => v.price)),
        minPriceWithTax: Math.min(...all),
        maxPriceWithTax: Math.max(...all),
        inStock: buyable.length > 0,
      });
    }
    return result;
  }

  /** Variant id → saleable stock > 0, as ProductVariantService.getSaleableStockLevel. */
  private async saleable(ctx: RequestContext, variantIds: string[]): Promise<Map<string, boolean>> {
    const out = new Map<string, boolean>();
    if (!variantIds.length) return out;
    const settings = await this.globalSettings.getSettings(ctx);
    const r = (alias: string, entity: typeof ProductVariant | typeof StockLevel, path: string) =>
      this.productQuery.ref(alias, entity, path);
    const rows: Array<{ id: unknown; track: unknown; useGlobal: unknown; threshold: unknown; available: unknown }> = [];
    // raw rows, one per variant: hydrating ~1,200 variant and stock level entities was most of the time
    for (let i = 0; i < variantIds.length; i += 500) {
      const chunk = variantIds.slice(i, i + 500);
      rows.push(
        ...(await this.connection
          .getRepository(ctx, ProductVariant)
          .createQueryBuilder('v')
          .leftJoin(StockLevel, 'sl', `${r('sl', StockLevel, 'productVariantId')} = ${r('v', ProductVariant, 'id')}`)
          .select(r('v', ProductVariant, 'id'), 'id')
          .addSelect(r('v', ProductVariant, 'trackInventory'), 'track')
          .addSelect(r('v', ProductVariant, 'useGlobalOutOfStockThreshold'), 'useGlobal')
          .addSelect(r('v', ProductVariant, 'outOfStockThreshold'), 'threshold')
          .addSelect(`COALESCE(SUM(${r('sl', StockLevel, 'stockOnHand')} - ${r('sl', StockLevel, 'stockAllocated')}), 0)`, 'available')
          .where(`${r('v', ProductVariant, 'id')} IN (:...ids)`, { ids: chunk })
          .groupBy(r('v', ProductVariant, 'id'))
          .getRawMany()),
      );
    }
    for (const v of rows) {
      const untracked = v.track === GlobalFlag.FALSE || (v.track === GlobalFlag.INHERIT && settings.trackInventory === false);
      const useGlobal = v.useGlobal === true || v.useGlobal === 1 || v.useGlobal === '1';
      const threshold = useGlobal ? settings.outOfStockThreshold : Number(v.threshold ?? 0);
      out.set(String(v.id), untracked || Number(v.available ?? 0) - threshold > 0);
    }
    return out;
  }
}
