import { Injectable } from '@nestjs/common';
import { GlobalFlag } from '@vendure/common/lib/generated-types';
import { GlobalSettingsService, ID, ProductVariant, RequestContext, StockLevel, TransactionalConnection } from '@vendure/core';
import { In } from 'typeorm';

import { CatalogueIndexService } from './catalogue-index.service';
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
    const priced = new Map<string, Array<{ id: string; price: number }>>();
    for (const pid of productIds) {
      const p = products.get(pid);
      if (!p) continue;
      const variants: Array<{ id: string; price: number }> = [];
      for (const v of p.variants) {
        const price = v.prices.get(key);
        if (price !== undefined) variants.push({ id: v.id, price });
      }
      if (variants.length) priced.set(pid, variants);
    }
    const variantIds = [...priced.values()].flat().map((v) => v.id);
    const [factor, saleable] = await Promise.all([this.productQuery.priceFactor(ctx), this.saleable(ctx, variantIds)]);
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
    const variants: ProductVariant[] = [];
    const levels: StockLevel[] = [];
    for (let i = 0; i < variantIds.length; i += 500) {
      const chunk = variantIds.slice(i, i + 500);
      const [vs, ls] = await Promise.all([
        this.connection.getRepository(ctx, ProductVariant).find({
          where: { id: In(chunk) },
          select: { id: true, trackInventory: true, useGlobalOutOfStockThreshold: true, outOfStockThreshold: true },
        }),
        this.connection.getRepository(ctx, StockLevel).find({
          where: { productVariantId: In(chunk) },
          select: { id: true, productVariantId: true, stockOnHand: true, stockAllocated: true },
        }),
      ]);
      variants.push(...vs);
      levels.push(...ls);
    }
    const available = new Map<string, number>();
    for (const l of levels) {
      const id = String(l.productVariantId);
      available.set(id, (available.get(id) ?? 0) + l.stockOnHand - l.stockAllocated);
    }
    for (const v of variants) {
      const untracked =
        v.trackInventory === GlobalFlag.FALSE || (v.trackInventory === GlobalFlag.INHERIT && settings.trackInventory === false);
      const threshold = v.useGlobalOutOfStockThreshold ? settings.outOfStockThreshold : v.outOfStockThreshold;
      out.set(String(v.id), untracked || (available.get(String(v.id)) ?? 0) - threshold > 0);
    }
    return out;
  }
}
