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

import { loggerCtx, SEARCHED_FACETS } from '../constants';

import { composeSearchText } from './normalise-search-text';
import { ProductQueryService } from './product-query.service';

const BATCH = 200;

/**
 * Keeps Product.customFields.searchText (internal localeText) equal to the text the listing index
 * searches (composeSearchText: the product's names in every language and its brand, category and
 * sub-category names, folded, then stemmed), so the database shows what a search matches.
 * Searches themselves are answered from the listing index (decision 019), which composes the same
 * text when it loads a product. Every translation row carries the same text.
 *
 * Updated on ProductEvent (created/updated) and when a brand's or category's name changes; when the
 * server boots, every product whose stored text differs (a bulk import, or a changed normaliser,
 * decision 029) is rewritten, in the background.
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
      this.reindex(ctx)
        .then((count) => count && Logger.info(`searchText rewritten for ${count} products`, loggerCtx))
        .catch((e) => Logger.error(`searchText reindex failed: ${(e as Error).message}`, loggerCtx));
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

  /** Rewrites every product's text that differs from composeSearchText's. Returns how many changed. */
  async reindex(ctx: RequestContext): Promise<number> {
    let changed = 0;
    for (let skip = 0; ; skip += BATCH) {
      const rows: Array<{ id: ID }> = await this.connection
        .getRepository(ctx, Product)
        .createQueryBuilder('p')
        .select(this.productQuery.ref('p', Product, 'id'), 'id')
        .orderBy(this.productQuery.ref('p', Product, 'id'), 'ASC')
        .offset(skip)
        .limit(BATCH)
        .getRawMany();
      if (!rows.length) return changed;
      changed += await this.refresh(
        ctx,
        rows.map((r) => r.id),
      );
    }
  }

  /** Returns the number of products whose text changed. */
  async refresh(ctx: RequestContext, productIds: ID[]): Promise<number> {
    if (!productIds.length) return 0;
    const products = await this.connection.getRepository(ctx, Product).find({
      where: { id: In(productIds as any[]) },
      relations: { facetValues: { facet: true } },
    });
    const repo = this.connection.getRepository(ctx, ProductTranslation);
    let changed = 0;
    for (const product of products) {
      const text = searchTextOf(product);
      const stale = product.translations.filter((t) => (t.customFields as any)?.searchText !== text);
      for (const translation of stale) {
        await repo.update({ id: translation.id }, { customFields: { searchText: text } } as any);
      }
      if (stale.length) changed++;
    }
    return changed;
  }

  private async refreshForFacetValue(ctx: RequestContext, facetValueId: ID) {
    const rows: Array<{ id: ID }> = await this.connection
      .getRepository(ctx, Product)
      .createQueryBuilder('p')
      .innerJoin('p.facetValues', 'fv', `${this.productQuery.ref('fv', 'FacetValue', 'id')} = :fvId`, {
        fvId: facetValueId,
      })
      .innerJoin('fv.facet', 'f', `${this.productQuery.ref('f', 'Facet', 'code')} IN (:...codes)`, { codes: SEARCHED_FACETS })
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

/** The product's names in every language, then its brand's, category's and sub-category's (composeSearchText). */
export function searchTextOf(product: Product): string {
  const names: string[] = [];
  for (const t of product.translations ?? []) names.push(t.name);
  for (const fv of product.facetValues ?? []) {
    if (!SEARCHED_FACETS.includes(fv.facet?.code ?? '')) continue;
    for (const t of fv.translations ?? []) names.push(t.name);
  }
  return composeSearchText(names);
}
