import { Injectable } from '@nestjs/common';
import { ID, Product, RequestContext, TransactionalConnection } from '@vendure/core';

import { clientIp } from '../../common';
import { VIEW_THROTTLE_MAX_KEYS, VIEW_THROTTLE_MS } from '../constants';

import { CatalogueIndexService } from './catalogue-index.service';
import { ProductQueryService } from './product-query.service';

/**
 * Counts product views for "most watched": one atomic UPDATE per counted view, at most one
 * counted view per (session or client IP, product) every VIEW_THROTTLE_MS so that reloads and
 * scripts do not inflate it. The throttle lives in this process's memory (bounded); with several
 * instances each keeps its own window, which only lets a viewer count once per instance.
 */
@Injectable()
export class ProductViewService {
  private readonly lastCounted = new Map<string, number>();

  constructor(
    private readonly connection: TransactionalConnection,
    private readonly productQuery: ProductQueryService,
    private readonly index: CatalogueIndexService,
  ) {}

  /** True when the view was counted; false when throttled or the product is not listable. */
  async record(ctx: RequestContext, productId: ID, now = Date.now()): Promise<boolean> {
    const viewer = ctx.session?.token ? `s:${ctx.session.token}` : `ip:${clientIp(ctx.req as any)}`;
    const key = `${viewer}|${productId}`;
    const last = this.lastCounted.get(key);
    if (last !== undefined && now - last < VIEW_THROTTLE_MS) return false;

    const col = (path: string) => this.productQuery.ref('product', Product, path).split('.')[1];
    const result = await this.connection
      .getRepository(ctx, Product)
      .createQueryBuilder()
      .update(Product)
      // Raw expressions keep it one atomic statement; updatedAt is left as it was (a view
      // is not an edit of the product).
      .set({
        customFields: { viewCount: () => `${col('customFields.viewCount')} + 1` },
        updatedAt: () => col('updatedAt'),
      } as any)
      .where(`${col('id')} = :id`, { id: productId })
      .andWhere(`${col('deletedAt')} IS NULL`)
      .andWhere(`${col('enabled')} = :yes`, { yes: true })
      .execute();
    if (!result.affected) return false;
    this.index.recordView(productId);
    this.remember(key, now);
    return true;
  }

  private remember(key: string, now: number) {
    this.lastCounted.delete(key);
    this.lastCounted.set(key, now);
    if (this.lastCounted.size > VIEW_THROTTLE_MAX_KEYS) {
      // Map iteration is insertion order: drop the oldest tenth.
      let drop = Math.ceil(VIEW_THROTTLE_MAX_KEYS / 10);
      for (const k of this.lastCounted.keys()) {
        if (drop-- <= 0) break;
        this.lastCounted.delete(k);
      }
    }
  }
}
