import { ID, RequestContext } from '@vendure/core';
import DataLoader from 'dataloader';

type BatchFn<V> = (ctx: RequestContext, keys: string[]) => Promise<Map<string, V>>;

/**
 * A per-request batching loader for computed fields on lists: a page of 100 products asks for
 * `overallRating` 100 times; these calls are collected until the current event-loop turn ends and
 * answered by one query. One `dataloader` per request (keyed on the RequestContext object, so
 * nothing leaks between requests) caches the answers for that request only; a failed batch is
 * not cached, so the next call asks again.
 */
export class RequestLoader<V> {
  private readonly loaders = new WeakMap<RequestContext, DataLoader<string, V>>();

  constructor(
    private readonly batch: BatchFn<V>,
    private readonly missing: () => V,
  ) {}

  load(ctx: RequestContext, id: ID): Promise<V> {
    let loader = this.loaders.get(ctx);
    if (!loader) {
      loader = new DataLoader<string, V>(
        async (keys) => {
          const values = await this.batch(ctx, [...keys]);
          return keys.map((key) => (values.has(key) ? (values.get(key) as V) : this.missing()));
        },
        // setImmediate (not dataloader's default, the end of the current microtask queue): Nest's
        // guards and interceptors add async hops before each field resolver runs, so the siblings
        // of a list reach us a few microtasks apart.
        { batchScheduleFn: (callback) => setImmediate(callback) },
      );
      this.loaders.set(ctx, loader);
    }
    return loader.load(String(id));
  }

  /** Forgets cached values of this request (after a mutation changed them). */
  clear(ctx: RequestContext) {
    this.loaders.delete(ctx);
  }
}
