// @vitest-environment node
/**
 * DatabaseRateLimitStore on real databases: SQLite (better-sqlite3, the embedded default) always;
 * PostgreSQL when TEST_POSTGRES_URL names an empty database (docs/decisions/014-rate-limits.md).
 * Two DataSources on one database stand for two Vendure instances.
 */
import fs from 'fs';
import os from 'os';
import path from 'path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { afterEach, describe, expect, it } from 'vitest';

import { RateLimitWindow } from '../../../../../../../server/src/plugins/common/entities/rate-limit-window.entity';
import { bucketOf, DatabaseRateLimitStore } from '../../../../../../../server/src/plugins/common/services/rate-limit-store';

const open: DataSource[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((ds) => ds.destroy()));
});

async function connect(options: DataSourceOptions): Promise<DataSource> {
  const ds = new DataSource({ ...options, entities: [RateLimitWindow], logging: false } as DataSourceOptions);
  await ds.initialize();
  open.push(ds);
  return ds;
}

const databases: Array<{ name: string; options: () => DataSourceOptions; skip?: boolean }> = [
  {
    name: 'SQLite',
    options: () => {
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rl-store-')), 'db.sqlite');
      return {
        type: 'better-sqlite3',
        database: file,
        synchronize: true,
        enableWAL: true,
        prepareDatabase: (db: { pragma: (p: string) => unknown }) => db.pragma('busy_timeout = 5000'),
      } as DataSourceOptions;
    },
  },
  {
    name: 'PostgreSQL',
    options: () => ({ type: 'postgres', url: process.env.TEST_POSTGRES_URL, synchronize: true }) as DataSourceOptions,
    skip: !process.env.TEST_POSTGRES_URL,
  },
];

for (const db of databases) {
  describe.skipIf(db.skip)(`DatabaseRateLimitStore on ${db.name}`, () => {
    /** Two "instances" on one database, sharing a controllable clock. */
    async function twoInstances() {
      const options = db.options();
      const first = await connect(options);
      await first.query('DELETE FROM rate_limit_window');
      const second = await connect({ ...options, synchronize: false } as DataSourceOptions);
      const clock = { now: 1_000_000 };
      const make = (ds: DataSource) =>
        new DatabaseRateLimitStore(
          () => ds,
          () => clock.now,
        );
      return { a: make(first), b: make(second), clock, ds: first };
    }

    it('gives every one of many concurrent hits, from two instances, its own count', async () => {
      const { a, b } = await twoInstances();
      const hits = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? a : b).hit('login:id:x@y.z', 60_000)));
      expect(hits.map((h) => h.count).sort((p, q) => p - q)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
      expect(new Set(hits.map((h) => h.resetInMs))).toEqual(new Set([60_000]));
    });

    it('keeps one fixed window per key and starts a new one when it has expired', async () => {
      const { a, b, clock } = await twoInstances();
      expect(await a.hit('k', 10_000)).toEqual({ count: 1, resetInMs: 10_000 });
      clock.now += 4_000;
      expect(await b.hit('k', 10_000)).toEqual({ count: 2, resetInMs: 6_000 });
      expect(await a.hit('other', 10_000)).toEqual({ count: 1, resetInMs: 10_000 });
      clock.now += 6_000;
      expect(await a.hit('k', 10_000)).toEqual({ count: 1, resetInMs: 10_000 });
    });

    it('refunds a hit, never below zero and not into an expired window', async () => {
      const { a, clock } = await twoInstances();
      await a.hit('k', 10_000);
      await a.hit('k', 10_000);
      await a.refund('k');
      await a.refund('k');
      await a.refund('k');
      expect(await a.hit('k', 10_000)).toEqual({ count: 1, resetInMs: 10_000 });
      clock.now += 10_000;
      await a.refund('k');
      expect(await a.hit('k', 10_000)).toEqual({ count: 1, resetInMs: 10_000 });
    });

    it('resets by literal prefix and prunes only expired windows', async () => {
      const { a, clock, ds } = await twoInstances();
      await a.hit('verify_a:1', 10_000);
      await a.hit('verifyXa:1', 10_000);
      await a.hit('login:1', 20_000);
      await a.reset('verify_a:');
      const rows = async () =>
        ((await ds.query('SELECT bucket FROM rate_limit_window ORDER BY bucket')) as Array<{ bucket: string }>).map((r) => r.bucket);
      expect(await rows()).toEqual(['login:1', 'verifyXa:1']);
      clock.now += 10_000;
      await a.prune();
      expect(await rows()).toEqual(['login:1']);
      await a.reset();
      expect(await rows()).toEqual([]);
    });

    it('stores keys longer than the column as a readable prefix plus a hash', async () => {
      const { a } = await twoInstances();
      const long1 = `login:id:${'a'.repeat(1000)}1`;
      const long2 = `login:id:${'a'.repeat(1000)}2`;
      expect(bucketOf(long1)).toHaveLength(190);
      expect(bucketOf(long1).startsWith('login:id:aaa')).toBe(true);
      expect(bucketOf(long1)).not.toBe(bucketOf(long2));
      expect((await a.hit(long1, 10_000)).count).toBe(1);
      expect((await a.hit(long1, 10_000)).count).toBe(2);
      expect((await a.hit(long2, 10_000)).count).toBe(1);
      expect(bucketOf('login:id:short@example.com')).toBe('login:id:short@example.com');
    });
  });
}
