import { Injectable } from '@nestjs/common';
import { Customer, EntityNotFoundError, ID, Product, RequestContext, TransactionalConnection } from '@vendure/core';

import { LIMITS } from '../constants';

import { ActiveCustomerService } from './active-customer.service';
import { ProductIdPage, ProductQueryService } from './product-query.service';

const FAV_RELATION = 'customFields.favProducts';

/**
 * Favourites are Customer.customFields.favProducts (a list relation, i.e. a join table); they
 * are changed row by row through TypeORM's relation query builder instead of re-saving the
 * customer. Lists and counts show only products that are currently listable (enabled, priced).
 */
@Injectable()
export class WishlistService {
  private readonly favCache = new WeakMap<RequestContext, Promise<Set<string>>>();

  constructor(
    private readonly connection: TransactionalConnection,
    private readonly activeCustomer: ActiveCustomerService,
    private readonly productQuery: ProductQueryService,
  ) {}

  /** Ids in the active customer's list (all of them, listable or not); empty for guests. */
  favouriteIds(ctx: RequestContext): Promise<Set<string>> {
    let pending = this.favCache.get(ctx);
    if (!pending) {
      pending = this.activeCustomer.customerId(ctx).then((id) => (id === undefined ? new Set() : this.loadIds(ctx, id)));
      this.favCache.set(ctx, pending);
    }
    return pending;
  }

  async isFav(ctx: RequestContext, productId: ID): Promise<boolean> {
    return (await this.favouriteIds(ctx)).has(String(productId));
  }

  async toggle(ctx: RequestContext, productId: ID): Promise<{ productId: ID; isFav: boolean; count: number }> {
    const customerId = await this.activeCustomer.requireCustomerId(ctx);
    const current = await this.loadIds(ctx, customerId);
    const relation = this.relation(ctx, customerId);
    let isFav: boolean;
    if (current.has(String(productId))) {
      await relation.remove(productId);
      isFav = false;
    } else {
      const listable = await this.productQuery.findPage(ctx, { productIds: [productId] }, 'NEWEST', 0, 1);
      if (!listable.ids.length) throw new EntityNotFoundError('Product', productId);
      await this.addIgnoringDuplicate(ctx, customerId, productId);
      isFav = true;
    }
    this.favCache.delete(ctx);
    return { productId, isFav, count: await this.count(ctx) };
  }

  /** Adds a guest's list after login: duplicates, unknown and disabled ids are skipped. */
  async merge(ctx: RequestContext, productIds: ID[]): Promise<number> {
    const customerId = await this.activeCustomer.requireCustomerId(ctx);
    const wanted = [...new Set(productIds.map(String))].slice(0, LIMITS.mergeMax);
    if (wanted.length) {
      const current = await this.loadIds(ctx, customerId);
      const candidates = wanted.filter((id) => !current.has(id));
      const listable = candidates.length
        ? await this.productQuery.findPage(ctx, { productIds: candidates }, 'NEWEST', 0, candidates.length)
        : { ids: [] };
      for (const id of listable.ids) await this.addIgnoringDuplicate(ctx, customerId, id);
    }
    this.favCache.delete(ctx);
    return this.count(ctx);
  }

  async list(ctx: RequestContext, skip: number, take: number): Promise<ProductIdPage> {
    const ids = await this.favouriteIds(ctx);
    if (!ids.size) return { ids: [], totalItems: 0 };
    return this.productQuery.findPage(ctx, { productIds: [...ids] }, 'NEWEST', skip, take);
  }

  async count(ctx: RequestContext): Promise<number> {
    const ids = await this.favouriteIds(ctx);
    if (!ids.size) return 0;
    return this.productQuery.count(ctx, { productIds: [...ids] });
  }

  private async loadIds(ctx: RequestContext, customerId: ID): Promise<Set<string>> {
    const rows: Array<{ id: ID }> = await this.connection
      .getRepository(ctx, Customer)
      .createQueryBuilder('customer')
      .innerJoin(`customer.${FAV_RELATION}`, 'fav')
      .select(this.productQuery.ref('fav', Product, 'id'), 'id')
      .where(`${this.productQuery.ref('customer', Customer, 'id')} = :customerId`, { customerId })
      .getRawMany();
    return new Set(rows.map((r) => String(r.id)));
  }

  private relation(ctx: RequestContext, customerId: ID) {
    return this.connection.getRepository(ctx, Customer).createQueryBuilder().relation(Customer, FAV_RELATION).of(customerId);
  }

  private async addIgnoringDuplicate(ctx: RequestContext, customerId: ID, productId: ID) {
    try {
      await this.relation(ctx, customerId).add(productId);
    } catch (e) {
      // A concurrent request added it first (primary key of the join table): same outcome.
      const current = await this.loadIds(ctx, customerId);
      if (!current.has(String(productId))) throw e;
    }
  }
}
