import { Injectable } from '@nestjs/common';
import { Customer, ForbiddenError, ID, RequestContext, TransactionalConnection } from '@vendure/core';

import { ProductQueryService } from './product-query.service';

/** The logged-in shopper's Customer id, looked up once per request (guests: undefined). */
@Injectable()
export class ActiveCustomerService {
  private readonly cache = new WeakMap<RequestContext, Promise<ID | undefined>>();

  constructor(
    private readonly connection: TransactionalConnection,
    private readonly productQuery: ProductQueryService,
  ) {}

  customerId(ctx: RequestContext): Promise<ID | undefined> {
    const userId = ctx.activeUserId;
    if (!userId || ctx.apiType !== 'shop') return Promise.resolve(undefined);
    let pending = this.cache.get(ctx);
    if (!pending) {
      pending = this.connection
        .getRepository(ctx, Customer)
        .createQueryBuilder('customer')
        .select(this.productQuery.ref('customer', Customer, 'id'), 'id')
        .where(`${this.productQuery.ref('customer', Customer, 'user')} = :userId`, { userId })
        .andWhere(`${this.productQuery.ref('customer', Customer, 'deletedAt')} IS NULL`)
        .getRawOne()
        .then((row) => (row ? (row.id as ID) : undefined));
      this.cache.set(ctx, pending);
    }
    return pending;
  }

  /** Throws Vendure's ForbiddenError for guests (and for users without a Customer). */
  async requireCustomerId(ctx: RequestContext): Promise<ID> {
    const id = await this.customerId(ctx);
    if (id === undefined) throw new ForbiddenError();
    return id;
  }
}
