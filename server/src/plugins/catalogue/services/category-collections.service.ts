import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import {
  Collection,
  CollectionService,
  EventBus,
  FacetEvent,
  FacetValue,
  FacetValueEvent,
  facetValueCollectionFilter,
  ID,
  LanguageCode,
  Logger,
  ProcessContext,
  RequestContext,
  RequestContextService,
  TransactionalConnection,
} from '@vendure/core';
import { debounceTime, merge, Subscription, tap } from 'rxjs';

import { FACET_CATEGORY, FACET_SUB_CATEGORY, loggerCtx } from '../constants';

/** What the collection of one category or sub-category facet value should look like. */
export interface CollectionPlan {
  facetValueId: ID;
  code: string;
  names: Array<{ languageCode: LanguageCode; name: string }>;
  /** code of the parent category (sub-categories only) */
  parentCode?: string;
}

/** Change needed for one planned collection, given the collections there are (keyed by slug). */
export type CollectionChange =
  | { kind: 'create'; plan: CollectionPlan }
  | { kind: 'update'; plan: CollectionPlan; id: ID }
  | { kind: 'none'; plan: CollectionPlan; id: ID };

export interface ExistingCollection {
  id: ID;
  slug: string;
  parentSlug?: string;
  names: Array<{ languageCode: LanguageCode; name: string }>;
}

/**
 * Pure part of the sync: which planned collections to create or update (names or parent changed).
 * A collection belongs to a facet value by its slug (= the facet value's code); its filters are set
 * when it is created and then left to the admin (decision 016).
 */
export function planChanges(plans: CollectionPlan[], existing: ExistingCollection[]): CollectionChange[] {
  const bySlug = new Map(existing.map((c) => [c.slug, c]));
  return plans.map((plan) => {
    const found = bySlug.get(plan.code);
    if (!found) return { kind: 'create', plan };
    const sameNames = plan.names.every((n) => found.names.some((f) => f.languageCode === n.languageCode && f.name === n.name));
    const sameParent = (found.parentSlug ?? undefined) === plan.parentCode;
    return sameNames && sameParent ? { kind: 'none', plan, id: found.id } : { kind: 'update', plan, id: found.id };
  });
}

/**
 * Categories as Vendure Collections (issue 17 item 2, docs/decisions/016-collections.md): the
 * `category` and `sub-category` facet values stay the source of truth (our listings, URLs and
 * the seed use them); each one has a Collection with the same code as slug, the same names, and a
 * facet-value filter on it, sub-categories nested under their category (`parentCode`). Standard
 * Vendure clients and the admin's collection tools can then navigate the catalogue.
 *
 * Kept in step: created by the seed (sync() after the catalogue step) and on every change of
 * those facets' values (FacetValueEvent/FacetEvent, debounced). Deleting a facet value deletes
 * its collection. Only collections whose slug is a category or sub-category code are touched.
 */
@Injectable()
export class CategoryCollectionsService implements OnApplicationBootstrap, OnModuleDestroy {
  private subscription?: Subscription;
  /** sync() calls run one after another (the seed's and the events' could overlap) */
  private queue: Promise<unknown> = Promise.resolve();
  /** ids of category values deleted while this server runs: their collections go too */
  private readonly deletedValueIds = new Set<string>();

  constructor(
    private readonly connection: TransactionalConnection,
    private readonly collectionService: CollectionService,
    private readonly eventBus: EventBus,
    private readonly processContext: ProcessContext,
    private readonly requestContextService: RequestContextService,
  ) {}

  onApplicationBootstrap() {
    // The server keeps collections in step; a worker process would only do the same work twice.
    if (!this.processContext.isServer) return;
    this.subscription = merge(this.eventBus.ofType(FacetValueEvent), this.eventBus.ofType(FacetEvent))
      .pipe(
        tap((event) => {
          if (event instanceof FacetValueEvent && event.type === 'deleted')
            this.deletedValueIds.add(String(event.input ?? event.entity.id));
        }),
        debounceTime(300),
      )
      .subscribe(() => {
        this.requestContextService
          .create({ apiType: 'admin' })
          .then((ctx) => this.sync(ctx))
          .catch((e) => Logger.error(`category collections sync failed: ${(e as Error).message}`, loggerCtx));
      });
  }

  onModuleDestroy() {
    this.subscription?.unsubscribe();
  }

  /** Brings the category collections in line with the facet values; returns the changes made. */
  sync(ctx: RequestContext): Promise<{ created: number; updated: number; deleted: number }> {
    const run = this.queue.then(() => this.syncNow(ctx));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async syncNow(ctx: RequestContext) {
    const plans = await this.plans(ctx);
    const existing = await this.existing(ctx);
    const changes = planChanges(plans, existing);
    const idBySlug = new Map<string, ID>(existing.map((c) => [c.slug, c.id]));
    let created = 0;
    let updated = 0;
    // categories first, so a sub-category finds its parent's id
    const ordered = [...changes].sort((a, b) => Number(!!a.plan.parentCode) - Number(!!b.plan.parentCode));
    for (const change of ordered) {
      const { plan } = change;
      const parentId = plan.parentCode ? idBySlug.get(plan.parentCode) : undefined;
      if (plan.parentCode && parentId === undefined) continue; // a sub-category without its category
      const translations = plan.names.map((n) => ({ languageCode: n.languageCode, name: n.name, slug: plan.code, description: '' }));
      if (change.kind === 'create') {
        const collection = await this.collectionService.create(ctx, {
          translations,
          parentId,
          // a sub-category value implies its category: no need to repeat the parent's filter
          inheritFilters: false,
          filters: [
            {
              code: facetValueCollectionFilter.code,
              arguments: [
                { name: 'facetValueIds', value: JSON.stringify([String(plan.facetValueId)]) },
                { name: 'containsAny', value: 'false' },
              ],
            },
          ],
        });
        idBySlug.set(plan.code, collection.id);
        created++;
      } else if (change.kind === 'update') {
        const current = await this.connection.getRepository(ctx, Collection).findOneOrFail({
          where: { id: change.id },
          relations: { translations: true },
        });
        await this.collectionService.update(ctx, {
          id: change.id,
          parentId,
          translations: translations.map((t) => ({
            ...t,
            id: current.translations.find((ct) => ct.languageCode === t.languageCode)?.id,
          })),
        });
        updated++;
      }
    }
    // collections of facet values that are gone
    const planned = new Set(plans.map((p) => p.code));
    const ownedSlugs = await this.ownedSlugs(ctx);
    let deleted = 0;
    for (const c of existing) {
      if (!planned.has(c.slug) && ownedSlugs.has(c.slug)) {
        await this.collectionService.delete(ctx, c.id);
        deleted++;
      }
    }
    if (created || updated || deleted) {
      Logger.info(`category collections: ${created} created, ${updated} updated, ${deleted} deleted`, loggerCtx);
    }
    return { created, updated, deleted };
  }

  /** One plan per category and sub-category facet value. */
  private async plans(ctx: RequestContext): Promise<CollectionPlan[]> {
    const values = await this.connection
      .getRepository(ctx, FacetValue)
      .createQueryBuilder('fv')
      .innerJoinAndSelect('fv.facet', 'facet')
      .leftJoinAndSelect('fv.translations', 'translation')
      .where('facet.code IN (:...codes)', { codes: [FACET_CATEGORY, FACET_SUB_CATEGORY] })
      .getMany();
    const sortOrder = (fv: FacetValue) => Number((fv.customFields as any)?.sortOrder ?? 0);
    return values
      .sort((a, b) => sortOrder(a) - sortOrder(b) || String(a.code).localeCompare(String(b.code)))
      .map((fv) => ({
        facetValueId: fv.id,
        code: fv.code,
        names: fv.translations.map((t) => ({ languageCode: t.languageCode, name: t.name })),
        parentCode: fv.facet.code === FACET_SUB_CATEGORY ? ((fv.customFields as any)?.parentCode ?? undefined) : undefined,
      }));
  }

  private async existing(ctx: RequestContext): Promise<ExistingCollection[]> {
    const collections = await this.connection.getRepository(ctx, Collection).find({
      where: { isRoot: false },
      relations: { translations: true, parent: { translations: true } },
    });
    const slugOf = (c?: Collection) => c?.translations?.[0]?.slug;
    return collections
      .filter((c) => slugOf(c))
      .map((c) => ({
        id: c.id,
        slug: slugOf(c)!,
        parentSlug: c.parent && !c.parent.isRoot ? slugOf(c.parent) : undefined,
        names: c.translations.map((t) => ({ languageCode: t.languageCode, name: t.name })),
      }));
  }

  /**
   * Slugs of collections this service would have made: those whose facet-value filters name only
   * category or sub-category values, or values deleted while this server ran. An admin's own
   * collection (other filters) is never deleted.
   */
  private async ownedSlugs(ctx: RequestContext): Promise<Set<string>> {
    const collections = await this.connection.getRepository(ctx, Collection).find({
      where: { isRoot: false },
      relations: { translations: true },
    });
    const owned = new Set<string>();
    for (const c of collections) {
      const ids = c.filters
        .filter((f) => f.code === facetValueCollectionFilter.code)
        .flatMap((f) => JSON.parse(f.args.find((a) => a.name === 'facetValueIds')?.value ?? '[]') as string[]);
      if (!ids.length) continue;
      const values = await this.connection
        .getRepository(ctx, FacetValue)
        .find({ where: ids.map((id) => ({ id })), relations: { facet: true } });
      const categoryLike = ids.every(
        (id) =>
          this.deletedValueIds.has(String(id)) ||
          values.some((v) => String(v.id) === String(id) && [FACET_CATEGORY, FACET_SUB_CATEGORY].includes(v.facet.code)),
      );
      if (categoryLike && c.translations[0]?.slug) owned.add(c.translations[0].slug);
    }
    return owned;
  }
}
