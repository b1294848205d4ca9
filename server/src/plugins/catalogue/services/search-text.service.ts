import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import {
  EventBus,
  FacetValueEvent,
  ID,
  Logger,
  ProcessContext,
  Product,
  ProductEvent,
  ProductTranslation,
  RequestContext,
  RequestContextService,
  TransactionalConnection,
} from '@vendure/core';
import { Subscription } from 'rxjs';
import { In } from 'typeorm';

import { FACET_BRAND, loggerCtx } from '../constants';

import { normaliseSearchText } from './normalise-search-text';
import { ProductQueryService } from './product-query.service';

const BATCH = 200;

/**
 * Keeps Product.customFields.searchText (internal localeText) filled with the normalised names of
 * the product in every language plus its brand names, so that `searchProducts` is one indexed-free
 * but cheap `LIKE` on one column regardless of the shopper's language or spelling.
 * Every translation row carries the same text, so either language row matches.
 *
 * Updated on ProductEvent (created/updated) and when a brand's name changes; rows still missing it
 * (bulk imports publish no events) are backfilled when the server boots.
 */
@Injectable()
export class SearchTextService implements OnApplicationBootstrap, OnModuleDestroy {
  private subscriptions: Subscription[] = [];

  constructor(
    private readonly connection: TransactionalConnection,
    private readonly eventBus: EventBus,
    private readonly processContext: ProcessContext,
    private readonly requestContextService: RequestContextService,
    private readonly productQuery: ProductQueryService,
  ) {}

  async onApplicationBootstrap() {
    this.subscriptions.push(
      this.eventBus.ofType(ProductEvent).subscribe((event) => {
        if (event.type === 'deleted') return;
        this.refresh(event.ctx, [event.entity.id]).catch((e) =>
          Logger.error(`searchText update failed: ${(e as Error).message}`, loggerCtx),
        );
      }),
      this.eventBus.ofType(FacetValueEvent).subscribe((event) => {
        if (event.type !== 'updated') return;
        this.refreshForFacetValue(event.ctx, event.entity.id).catch((e) =>
          Logger.error(`searchText update failed: ${(e as Error).message}`, loggerCtx),
        );
      }),
    );
    if (this.processContext.isServer) {
      const ctx = await this.requestContextService.create({ apiType: 'admin' });
      const count = await this.backfill(ctx);
      if (count) Logger.info(`searchText backfilled for ${count} products`, loggerCtx);
    }
  }

  onModuleDestroy() {
    this.subscriptions.forEach((s) => s.unsubscribe());
  }

  /** Fills searchText where any translation lacks it. Returns the number of products updated. */
  async backfill(ctx: RequestContext): Promise<number> {
    let done = 0;
    const seen = new Set<string>();
    for (;;) {
      const rows: Array<{ id: ID }> = await this.connection
        .getRepository(ctx, ProductTranslation)
        .createQueryBuilder('pt')
        .select(this.productQuery.ref('pt', ProductTranslation, 'base'), 'id')
        .where(`${this.productQuery.ref('pt', ProductTranslation, 'customFields.searchText')} IS NULL`)
        .distinct(true)
        .limit(BATCH)
        .getRawMany();
      const ids = rows.map((r) => r.id).filter((id) => !seen.has(String(id)));
      if (!ids.length) return done;
      ids.forEach((id) => seen.add(String(id)));
      await this.refresh(ctx, ids);
      done += ids.length;
    }
  }

  async refresh(ctx: RequestContext, productIds: ID[]): Promise<void> {
    if (!productIds.length) return;
    const products = await this.connection.getRepository(ctx, Product).find({
      where: { id: In(productIds as any[]) },
      relations: { facetValues: { facet: true } },
    });
    const repo = this.connection.getRepository(ctx, ProductTranslation);
    for (const product of products) {
      const text = composeSearchText(product);
      for (const translation of product.translations) {
        if ((translation.customFields as any)?.searchText === text) continue;
        await repo.update({ id: translation.id }, { customFields: { searchText: text } } as any);
      }
    }
  }

  private async refreshForFacetValue(ctx: RequestContext, facetValueId: ID) {
    const rows: Array<{ id: ID }> = await this.connection
      .getRepository(ctx, Product)
      .createQueryBuilder('p')
      .innerJoin('p.facetValues', 'fv', `${this.productQuery.ref('fv', 'FacetValue', 'id')} = :fvId`, {
        fvId: facetValueId,
      })
      .innerJoin('fv.facet', 'f', `${this.productQuery.ref('f', 'Facet', 'code')} = :brand`, { brand: FACET_BRAND })
      .select(this.productQuery.ref('p', Product, 'id'), 'id')
      .getRawMany();
    for (let i = 0; i < rows.length; i += BATCH) {
      await this.refresh(
        ctx,
        rows.slice(i, i + BATCH).map((r) => r.id),
      );
    }
  }
}

/** Normalised names in every language, then the brand's names; distinct parts joined by " | ". */
export function composeSearchText(product: Product): string {
  const parts: string[] = [];
  for (const t of product.translations ?? []) parts.push(normaliseSearchText(t.name));
  for (const fv of product.facetValues ?? []) {
    if (fv.facet?.code !== FACET_BRAND) continue;
    for (const t of fv.translations ?? []) parts.push(normaliseSearchText(t.name));
  }
  return [...new Set(parts.filter(Boolean))].join(' | ');
}
