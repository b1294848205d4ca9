import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { CollectionModificationEvent, EventBus, ID, Logger } from '@vendure/core';
import { SearchIndexService } from '@vendure/core/dist/plugin/default-search-plugin/indexer/search-index.service';
import { Subscription } from 'rxjs';

import { loggerCtx } from '../constants';

/**
 * Variants per `update-variants-by-id` job. Vendure 3.7's indexer (IndexerController
 * .updateVariantsById → getSearchIndexQueryBuilder) loads each batch of ids with its default
 * `take = 50`, so of a longer id list only the first 50 variants are re-indexed: after a
 * collection change the others keep their old collectionIds until a full reindex (issue 17: 29 of
 * 72 products). Jobs of at most 50 ids are indexed completely.
 */
export const INDEX_CHUNK = 50;

/** Splits ids into jobs the indexer handles completely. */
export function chunkIds(ids: ID[], size = INDEX_CHUNK): ID[][] {
  const seen = new Set<string>();
  const unique = ids.filter((id) => !seen.has(String(id)) && !!seen.add(String(id)));
  const chunks: ID[][] = [];
  for (let i = 0; i < unique.length; i += size) chunks.push(unique.slice(i, i + size));
  return chunks;
}

/**
 * Keeps the search index's collectionIds right when a collection's contents change (a filter
 * edited, a product moved to another category): re-queues the changed variants in jobs of at
 * most INDEX_CHUNK ids, next to DefaultSearchPlugin's own (incomplete) job for the same event.
 * Runs wherever the `apply-collection-filters` job runs (the worker, or the server's in-process
 * queue), since that job publishes the event. See docs/decisions/016-collections.md.
 */
@Injectable()
export class CollectionIndexService implements OnApplicationBootstrap, OnModuleDestroy {
  private subscription?: Subscription;
  /** Every event's re-index jobs, queued one event after another (see `settled`). */
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly eventBus: EventBus,
    private readonly moduleRef: ModuleRef,
  ) {}

  onApplicationBootstrap() {
    let searchIndexService: SearchIndexService;
    try {
      // DefaultSearchPlugin's provider, not exported to other plugins' modules
      searchIndexService = this.moduleRef.get(SearchIndexService, { strict: false });
    } catch {
      Logger.warn('DefaultSearchPlugin not found: collection changes are left to the search plugin in use', loggerCtx);
      return;
    }
    this.subscription = this.eventBus.ofType(CollectionModificationEvent).subscribe((event) => {
      // One after another, also across events: concurrent inserts into the SQL job queue over
      // SQLite's one connection break its savepoints ("no such savepoint"), which then failed
      // whatever else was writing (seen in the seed: cities and payment methods missing).
      for (const ids of chunkIds(event.productVariantIds)) {
        this.chain = this.chain.then(() => searchIndexService.updateVariantsById(event.ctx, ids));
      }
      this.chain = this.chain.catch((e) =>
        Logger.error(`re-indexing collection ${event.collection.id} failed: ${(e as Error).message}`, loggerCtx),
      );
    });
  }

  /** Resolves once the re-index jobs of every collection change seen so far are queued. */
  async settled(): Promise<void> {
    let seen: Promise<unknown>;
    do {
      seen = this.chain;
      await seen;
    } while (seen !== this.chain);
  }

  onModuleDestroy() {
    this.subscription?.unsubscribe();
  }
}
