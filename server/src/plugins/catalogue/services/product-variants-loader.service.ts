import { Injectable } from '@nestjs/common';
import {
  ID,
  ProductVariant,
  ProductVariantService,
  RequestContext,
  TransactionalConnection,
  Translated,
  TranslatorService,
} from '@vendure/core';
import { In, IsNull } from 'typeorm';

import { RequestLoader } from './request-loader';

/** Relations of ProductVariant worth loading with the list (the rest are resolved per field). */
const LOADABLE = new Set(['options', 'facetValues', 'featuredAsset', 'taxCategory', 'stockLevels', 'product', 'channels']);

/**
 * `Product.variants` for a list of products in one query per request instead of one per product
 * (core's resolver runs ProductVariantService.getVariantsByProductId, a count and a list query for
 * every card: most of a listing's time). Same rows as core's Shop API resolver: the product's
 * variants in the channel, enabled, not deleted, by id; with options, facet values, featured asset
 * and tax category, priced and translated by ProductVariantService as core does.
 */
@Injectable()
export class ProductVariantsLoaderService {
  /** One loader per set of requested relations (siblings in a list ask for the same set). */
  private readonly loaders = new Map<string, RequestLoader<Array<Translated<ProductVariant>>>>();

  constructor(
    private readonly connection: TransactionalConnection,
    private readonly variantService: ProductVariantService,
    private readonly translator: TranslatorService,
  ) {}

  /**
   * `relations`: the relations the query asks for (Vendure's @Relations decorator, as core's
   * resolver does); none of options/facet values/assets are joined for a product card.
   */
  variantsOf(ctx: RequestContext, productId: ID, relations: string[]): Promise<Array<Translated<ProductVariant>>> {
    const wanted = [...new Set([...relations.filter((r) => LOADABLE.has(r.split('.')[0])), 'taxCategory'])].sort();
    const key = wanted.join(',');
    let loader = this.loaders.get(key);
    if (!loader) {
      loader = new RequestLoader(
        (c, ids) => this.batch(c, ids, wanted),
        () => [],
      );
      this.loaders.set(key, loader);
    }
    return loader.load(ctx, productId);
  }

  private async batch(
    ctx: RequestContext,
    productIds: string[],
    relations: string[],
  ): Promise<Map<string, Array<Translated<ProductVariant>>>> {
    const variants = await this.connection.getRepository(ctx, ProductVariant).find({
      where: {
        productId: In(productIds),
        deletedAt: IsNull(),
        ...(ctx.apiType === 'shop' ? { enabled: true } : {}),
        channels: { id: ctx.channelId },
      },
      relations,
      // one query per relation: joining options, facet values and their translations in one
      // statement multiplies the rows TypeORM has to hydrate
      relationLoadStrategy: 'query',
      order: { id: 'ASC' },
    });
    const result = new Map<string, Array<Translated<ProductVariant>>>();
    for (const variant of variants) {
      const priced = await this.variantService.applyChannelPriceAndTax(variant, ctx);
      const translated = this.translator.translate(priced, ctx, ['options', 'facetValues', ['facetValues', 'facet']]);
      const key = String(variant.productId);
      result.set(key, [...(result.get(key) ?? []), translated]);
    }
    return result;
  }
}
