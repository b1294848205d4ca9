/**
 * A small in-memory cache for anonymous catalogue reads made during SSR: keyed by
 * (operation, variables, language), entries live `ttlMs`, at most `maxEntries` are kept (the
 * least recently used go first), and concurrent misses for one key share a single request.
 * Failures are never cached. Only use it for data that is the same for every visitor.
 */
export interface ReadCacheOptions {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

export interface ReadCache {
  read<T>(operation: string, variables: unknown, language: string, fetch: () => Promise<T>): Promise<T>;
  /** Drops everything (e.g. after an admin change is known), or the entries of one operation. */
  clear(operation?: string): void;
  readonly size: number;
}

interface Entry {
  operation: string;
  expires: number;
  value: Promise<unknown>;
  settled: boolean;
}

/** Stable JSON: object keys sorted, so `{a,b}` and `{b,a}` give the same key. */
export function stableKey(value: unknown): string {
  if (value === undefined) return '';
  return JSON.stringify(value, (_k, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      return Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    }
    return v;
  });
}

export function createReadCache({ ttlMs, maxEntries, now = Date.now }: ReadCacheOptions): ReadCache {
  const entries = new Map<string, Entry>();

  function evict() {
    const t = now();
    for (const [key, entry] of entries) {
      if (entries.size <= maxEntries) break;
      if (entry.settled && entry.expires <= t) entries.delete(key);
    }
    // Map iteration order is insertion order; hits re-insert, so the first keys are the LRU ones.
    for (const key of entries.keys()) {
      if (entries.size <= maxEntries) break;
      entries.delete(key);
    }
  }

  return {
    read<T>(operation: string, variables: unknown, language: string, fetch: () => Promise<T>): Promise<T> {
      const key = `${operation}\u0000${language}\u0000${stableKey(variables)}`;
      const hit = entries.get(key);
      if (hit && (!hit.settled || hit.expires > now())) {
        entries.delete(key);
        entries.set(key, hit);
        return hit.value as Promise<T>;
      }
      const entry: Entry = { operation, expires: Number.POSITIVE_INFINITY, value: Promise.resolve(), settled: false };
      entry.value = fetch().then(
        (value) => {
          entry.settled = true;
          entry.expires = now() + ttlMs;
          return value;
        },
        (error: unknown) => {
          if (entries.get(key) === entry) entries.delete(key);
          throw error;
        },
      );
      entries.set(key, entry);
      evict();
      return entry.value as Promise<T>;
    },
    clear(operation?: string) {
      if (!operation) return entries.clear();
      for (const [key, entry] of entries) if (entry.operation === operation) entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
}
