import { Injectable } from '@nestjs/common';
import { ID, Product, RequestContext, TransactionalConnection, Translated, TranslatorService } from '@vendure/core';
import { In } from 'typeorm';

/**
 * Loads the Product entities for a page of ids in one query (translations, featured asset) and
 * returns them translated, in the order of `ids`.
 * Core's Product field resolvers (variants, assets, optionGroups ...) work on them as usual.
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
      // facet values are not joined: a page of 100 products × facet values × translations is
      // thousands of rows to hydrate; category/subCategory/brand come from one batched query
      // (FacetLookupService.taxonomyOf), core's facetValues field loads its own
      relations: { featuredAsset: true },
    });
    const byId = new Map(products.map((p) => [String(p.id), p]));
    return ids
      .map((id) => byId.get(String(id)))
      .filter((p): p is Product => !!p)
      .map((p) => this.translator.translate(p, ctx));
  }
}
