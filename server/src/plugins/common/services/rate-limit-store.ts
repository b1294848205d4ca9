import crypto from 'crypto';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';

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
  /** Takes one hit back (a sign-in that succeeded does not count as a failure). Never below 0. */
  refund(key: string): Promise<void>;
  reset(keyPrefix?: string): Promise<void>;
  close(): Promise<void>;
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

  async refund(key: string) {
    await this.redis.eval(
      "local v = redis.call('GET', KEYS[1]) if v and tonumber(v) > 0 then return redis.call('DECR', KEYS[1]) end return 0",
      1,
      this.prefix + key,
    );
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

/** Longest bucket kept readable; longer keys (a 1,000-character "e-mail") end in a hash. */
const MAX_READABLE_KEY = 190;

export function bucketOf(key: string): string {
  if (key.length <= MAX_READABLE_KEY) return key;
  const hash = crypto.createHash('sha256').update(key).digest('hex');
  return `${key.slice(0, MAX_READABLE_KEY - 65)}#${hash}`;
}

/**
 * Fixed windows in the shop's own database (table `rate_limit_window`), the default: they survive
 * restarts and every instance on the same database shares them, without Redis.
 *
 * One hit is one `INSERT … ON CONFLICT DO UPDATE … RETURNING` statement: the database applies it
 * atomically per bucket (a row lock in PostgreSQL, the single writer in SQLite), so concurrent
 * requests, also from several instances, each get their own count; a read-then-write would let
 * a burst through with equal counts. A window is restarted in the same statement when the stored
 * one has expired; expired rows are otherwise deleted by `prune()` (the service runs it
 * periodically), so the table holds only live windows.
 */
export class DatabaseRateLimitStore implements RateLimitStore {
  constructor(
    private readonly dataSource: () => DataSource,
    private readonly now: () => number = Date.now,
  ) {}

  private get postgres() {
    return this.dataSource().options.type === 'postgres';
  }

  /** `$1, $2…` for PostgreSQL, `?` for SQLite: the same statement for both. */
  private sql(text: string): string {
    if (!this.postgres) return text;
    let i = 0;
    return text.replace(/\?/g, () => `$${++i}`);
  }

  async hit(key: string, windowMs: number) {
    const now = this.now();
    const rows: Array<{ hits: number | string; expires_at: number | string }> = await this.dataSource().query(
      this.sql(
        `INSERT INTO rate_limit_window (bucket, hits, expires_at) VALUES (?, 1, ?)
         ON CONFLICT (bucket) DO UPDATE SET
           hits = CASE WHEN rate_limit_window.expires_at <= ? THEN 1 ELSE rate_limit_window.hits + 1 END,
           expires_at = CASE WHEN rate_limit_window.expires_at <= ? THEN excluded.expires_at ELSE rate_limit_window.expires_at END
         RETURNING hits, expires_at`,
      ),
      [bucketOf(key), now + windowMs, now, now],
    );
    const row = rows[0];
    if (!row) throw new Error('Rate limit upsert returned no row');
    return { count: Number(row.hits), resetInMs: Math.max(0, Number(row.expires_at) - now) };
  }

  async refund(key: string) {
    await this.dataSource().query(
      this.sql('UPDATE rate_limit_window SET hits = hits - 1 WHERE bucket = ? AND hits > 0 AND expires_at > ?'),
      [bucketOf(key), this.now()],
    );
  }

  async reset(keyPrefix = '') {
    const escaped = keyPrefix.replace(/[\\%_]/g, (c) => `\\${c}`);
    await this.dataSource().query(this.sql("DELETE FROM rate_limit_window WHERE bucket LIKE ? ESCAPE '\\'"), [`${escaped}%`]);
  }

  /** Deletes expired windows (run periodically by the service; several instances may overlap harmlessly). */
  async prune(): Promise<void> {
    await this.dataSource().query(this.sql('DELETE FROM rate_limit_window WHERE expires_at <= ?'), [this.now()]);
  }

  async close() {
    // The connection belongs to Vendure.
  }
}
