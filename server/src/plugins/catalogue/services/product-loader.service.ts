import { Injectable } from '@nestjs/common';
import { ID, Product, RequestContext, TransactionalConnection, Translated, TranslatorService } from '@vendure/core';
import { In } from 'typeorm';

/**
 * Loads the Product entities for a page of ids in one query (translations, featured asset,
 * facet values with their facet) and returns them translated, in the order of `ids`.
 * Core's Product field resolvers (variants, assets, optionGroups ...) work on them as usual, and
 * our category/subCategory/brand resolvers read the already-loaded facet values.
 */
@Injectable()
export class ProductLoaderService {
  constructor(
    private readonly connection: TransactionalConnection,
    private readonly translator: TranslatorService,
  ) {}

  async findByIds(ctx: RequestContext, ids: ID[]): Promise<Array<Translated<Product>>> {
    if (!ids.length) return [];
    const products = await this.connection.getRepository(ctx, Product).find({
      where: { id: In(ids as any[]) },
      relations: { featuredAsset: true, facetValues: { facet: true } },
      relationLoadStrategy: 'query', // no products × facet values × translations cross product
    });
    const byId = new Map(products.map((p) => [String(p.id), p]));
    return ids
      .map((id) => byId.get(String(id)))
      .filter((p): p is Product => !!p)
      .map((p) => this.translator.translate(p, ctx, ['facetValues', ['facetValues', 'facet']]));
  }
}
