import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { EventBus, Logger, TransactionalConnection } from '@vendure/core';
import { Redis } from 'ioredis';

import { AccountLimitFamily, AccountRateLimitedEvent } from '../events/account-rate-limited.event';
import { DatabaseRateLimitStore, RateLimitResult, RateLimitRule, RateLimitStore, RedisRateLimitStore } from './rate-limit-store';

export type { RateLimitResult, RateLimitRule } from './rate-limit-store';

const loggerCtx = 'RateLimitService';
const PRUNE_INTERVAL_MS = 10 * 60_000;

/** Who to warn when a per-account entry refuses (see AccountRateLimitedEvent). */
export interface AccountNotice {
  family: AccountLimitFamily;
  identifier: string;
  languageCode: string;
}

export interface RateLimitEntry {
  key: string;
  rule: RateLimitRule;
  /** set on per-account entries: the owner gets one mail when this entry first refuses */
  notify?: AccountNotice;
}

/**
 * Fixed-window rate limiting shared by all our plugins (docs/decisions/014-rate-limits.md).
 *
 * The windows live in the shop's database (table `rate_limit_window`), so a restart does not
 * reset them and every instance on that database shares them; with REDIS_URL they live in Redis
 * instead. `consume()` is async (always `await` it). If the store fails the call fails open
 * (logged), so that an outage of the limiter does not take the shop down with it.
 *
 * Keys are free-form; use `<operation>:<scope>:<subject>` (e.g. `verifyAccount:email:a@b.c`,
 * `login:ip:1.2.3.4`) so that `reset('verifyAccount:')` can clear one family (used by tests).
 */
@Injectable()
export class RateLimitService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly store: RateLimitStore;
  private pruner?: NodeJS.Timeout;
  /**
   * RATE_LIMIT_IP_SCALE multiplies every per-IP limit (`…:ip:…` keys); per-account limits are
   * unchanged. Only for test rigs whose every client is 127.0.0.1 (the browser e2e run sets it);
   * never in production. Default 1.
   */
  private readonly ipScale = Math.max(1, Math.floor(Number(process.env.RATE_LIMIT_IP_SCALE) || 1));

  constructor(
    connection: TransactionalConnection,
    private readonly eventBus: EventBus,
  ) {
    const url = process.env.REDIS_URL;
    if (url) {
      const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false });
      redis.on('error', (err) => Logger.warn(`Redis error: ${err.message}`, loggerCtx));
      this.store = new RedisRateLimitStore(redis);
      Logger.info('Rate limits shared through Redis', loggerCtx);
    } else {
      this.store = new DatabaseRateLimitStore(() => connection.rawConnection);
    }
  }

  onApplicationBootstrap() {
    const store = this.store;
    if (!(store instanceof DatabaseRateLimitStore)) return;
    const prune = () => store.prune().catch((e) => Logger.warn(`Could not prune rate limit windows: ${(e as Error).message}`, loggerCtx));
    void prune();
    this.pruner = setInterval(prune, PRUNE_INTERVAL_MS);
    this.pruner.unref();
  }

  async consume(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
    const windowMs = rule.windowSeconds * 1000;
    try {
      const { count, resetInMs } = await this.store.hit(key, windowMs);
      const limit = key.includes(':ip:') ? rule.limit * this.ipScale : rule.limit;
      if (count <= limit) return { ok: true };
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)) };
    } catch (e) {
      Logger.error(`Rate limit store failed, allowing "${key}": ${(e as Error).message}`, loggerCtx);
      return { ok: true };
    }
  }

  /**
   * Consumes several rules at once (e.g. per IP and per account); refused when any is
   * exhausted, with the longest wait. All keys are counted so that one cannot be probed while
   * another is blocked. A refusing entry with `notify` warns the account owner (at most once per
   * window, after the response: the answer is the same whether the account exists or not).
   */
  async consumeAll(entries: RateLimitEntry[]): Promise<RateLimitResult> {
    const results = await Promise.all(entries.map((e) => this.consume(e.key, e.rule)));
    const refused: number[] = [];
    results.forEach((r, i) => {
      if (r.ok) return;
      refused.push(r.retryAfterSeconds);
      const notice = entries[i].notify;
      if (notice) void this.notifyOnce(notice, entries[i].rule, r.retryAfterSeconds);
    });
    if (!refused.length) return { ok: true };
    return { ok: false, retryAfterSeconds: Math.max(...refused) };
  }

  /** Takes back one hit of `key` (a successful sign-in is not a failed one). */
  async refund(key: string): Promise<void> {
    try {
      await this.store.refund(key);
    } catch (e) {
      Logger.warn(`Could not refund rate limit "${key}": ${(e as Error).message}`, loggerCtx);
    }
  }

  /** Clears windows whose key starts with `keyPrefix` (all when omitted). For tests and ops. */
  async reset(keyPrefix?: string): Promise<void> {
    await this.store.reset(keyPrefix);
  }

  async onApplicationShutdown() {
    if (this.pruner) clearInterval(this.pruner);
    await this.store.close();
  }

  private async notifyOnce(notice: AccountNotice, rule: RateLimitRule, retryAfterSeconds: number) {
    // Its own one-hit window: exactly one refused request per window gets through here, however
    // many arrive at once and whichever instance answers them.
    const once = await this.consume(`notify:${notice.family}:${notice.identifier}`, { limit: 1, windowSeconds: rule.windowSeconds });
    if (!once.ok) return;
    await this.eventBus
      .publish(new AccountRateLimitedEvent({ ...notice, retryAfterSeconds }))
      .catch((e) => Logger.error(`Could not publish AccountRateLimitedEvent: ${(e as Error).message}`, loggerCtx));
  }
}
