import type { Redis } from 'ioredis';

export interface RateLimitRule {
  /** Maximum number of hits allowed inside one window. */
  limit: number;
  windowSeconds: number;
}

export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

/** A fixed-window counter store. */
export interface RateLimitStore {
  /** Counts one hit for `key` and returns the hit count in the current window and its remaining ms. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  reset(keyPrefix?: string): Promise<void>;
  close(): Promise<void>;
}

/** Per-process fixed windows. Good for a single instance (the embedded default and tests). */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    // Expired windows are dropped lazily on hit; the sweep keeps abandoned keys from piling up.
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  async hit(key: string, windowMs: number) {
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count++;
    return { count: w.count, resetInMs: w.resetAt - now };
  }

  async reset(keyPrefix?: string) {
    if (!keyPrefix) {
      this.windows.clear();
      return;
    }
    for (const key of [...this.windows.keys()]) {
      if (key.startsWith(keyPrefix)) this.windows.delete(key);
    }
  }

  async close() {
    clearInterval(this.sweeper);
  }

  private sweep() {
    const now = this.now();
    for (const [key, w] of this.windows) {
      if (w.resetAt <= now) this.windows.delete(key);
    }
  }
}

/**
 * Shared fixed windows in Redis (INCR + PEXPIRE), so that several Vendure instances enforce
 * one limit. The expiry is set only when the key is new (or lost its TTL), so a window is not
 * extended by further hits.
 */
export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'rl:',
  ) {}

  async hit(key: string, windowMs: number) {
    const k = this.prefix + key;
    const res = await this.redis.multi().incr(k).pttl(k).exec();
    if (!res) throw new Error('Redis transaction aborted');
    const [[incrErr, count], [ttlErr, ttl]] = res as [[Error | null, number], [Error | null, number]];
    if (incrErr) throw incrErr;
    if (ttlErr) throw ttlErr;
    let resetInMs = ttl;
    if (ttl < 0) {
      await this.redis.pexpire(k, windowMs);
      resetInMs = windowMs;
    }
    return { count, resetInMs };
  }

  async reset(keyPrefix = '') {
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${this.prefix}${keyPrefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await this.redis.del(...keys);
    } while (cursor !== '0');
  }

  async close() {
    await this.redis.quit().catch(() => undefined);
  }
}
