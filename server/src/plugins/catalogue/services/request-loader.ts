import { ID, RequestContext } from '@vendure/core';

type BatchFn<V> = (ctx: RequestContext, keys: string[]) => Promise<Map<string, V>>;

interface LoaderState<V> {
  results: Map<string, Promise<V>>;
  queue: Array<{ key: string; resolve: (v: V) => void; reject: (e: unknown) => void }>;
}

/**
 * A per-request batching loader (DataLoader-style) for computed fields on lists: a page of 100
 * products asks for `overallRating` 100 times; these calls are collected until the current
 * event-loop turn ends and answered by one query. Results are cached for the request only
 * (keyed on the RequestContext object, so nothing leaks between requests).
 */
export class RequestLoader<V> {
  private readonly states = new WeakMap<RequestContext, LoaderState<V>>();

  constructor(
    private readonly batch: BatchFn<V>,
    private readonly missing: () => V,
  ) {}

  load(ctx: RequestContext, id: ID): Promise<V> {
    let state = this.states.get(ctx);
    if (!state) {
      state = { results: new Map(), queue: [] };
      this.states.set(ctx, state);
    }
    const key = String(id);
    const cached = state.results.get(key);
    if (cached) return cached;
    const st = state;
    const promise = new Promise<V>((resolve, reject) => {
      st.queue.push({ key, resolve, reject });
      // setImmediate (not a microtask): Nest's guards/interceptors add async hops before each
      // field resolver runs, so siblings of a list reach us a few microtasks apart.
      if (st.queue.length === 1) setImmediate(() => this.flush(ctx, st));
    });
    state.results.set(key, promise);
    return promise;
  }

  /** Forgets cached values of this request (after a mutation changed them). */
  clear(ctx: RequestContext) {
    this.states.delete(ctx);
  }

  private async flush(ctx: RequestContext, state: LoaderState<V>) {
    const queue = state.queue.splice(0);
    try {
      const values = await this.batch(ctx, [...new Set(queue.map((q) => q.key))]);
      for (const q of queue) q.resolve(values.has(q.key) ? (values.get(q.key) as V) : this.missing());
    } catch (e) {
      for (const q of queue) {
        state.results.delete(q.key);
        q.reject(e);
      }
    }
  }
}
