import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Logger } from '@vendure/core';
import { Redis } from 'ioredis';

import { MemoryRateLimitStore, RateLimitResult, RateLimitRule, RateLimitStore, RedisRateLimitStore } from './rate-limit-store';

export type { RateLimitResult, RateLimitRule } from './rate-limit-store';

const loggerCtx = 'RateLimitService';

/**
 * Fixed-window rate limiting shared by all our plugins.
 *
 * `consume()` is async because the Redis store is (always `await` it). Without REDIS_URL the
 * windows live in this process's memory; with REDIS_URL every instance shares them. If Redis is
 * unreachable the call fails open (logged) so that an outage of the limiter does not take the
 * shop down with it.
 *
 * Keys are free-form; use `<operation>:<subject>` (e.g. `verifyAccount:email:a@b.c`,
 * `login:ip:1.2.3.4`) so that `reset('verifyAccount:')` can clear one family (used by tests).
 */
@Injectable()
export class RateLimitService implements OnApplicationShutdown {
  private readonly store: RateLimitStore;

  constructor() {
    const url = process.env.REDIS_URL;
    if (url) {
      const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false });
      redis.on('error', (err) => Logger.warn(`Redis error: ${err.message}`, loggerCtx));
      this.store = new RedisRateLimitStore(redis);
      Logger.info('Rate limits shared through Redis', loggerCtx);
    } else {
      this.store = new MemoryRateLimitStore();
    }
  }

  async consume(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
    const windowMs = rule.windowSeconds * 1000;
    try {
      const { count, resetInMs } = await this.store.hit(key, windowMs);
      if (count <= rule.limit) return { ok: true };
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)) };
    } catch (e) {
      Logger.error(`Rate limit store failed, allowing "${key}": ${(e as Error).message}`, loggerCtx);
      return { ok: true };
    }
  }

  /**
   * Consumes several rules at once (e.g. per IP and per IP+identifier); refused when any is
   * exhausted, with the longest wait. All keys are counted so that one cannot be probed while
   * another is blocked.
   */
  async consumeAll(entries: Array<{ key: string; rule: RateLimitRule }>): Promise<RateLimitResult> {
    const results = await Promise.all(entries.map((e) => this.consume(e.key, e.rule)));
    const refused = results.filter((r): r is { ok: false; retryAfterSeconds: number } => !r.ok);
    if (!refused.length) return { ok: true };
    return { ok: false, retryAfterSeconds: Math.max(...refused.map((r) => r.retryAfterSeconds)) };
  }

  /** Clears windows whose key starts with `keyPrefix` (all when omitted). For tests and ops. */
  async reset(keyPrefix?: string): Promise<void> {
    await this.store.reset(keyPrefix);
  }

  async onApplicationShutdown() {
    await this.store.close();
  }
}
