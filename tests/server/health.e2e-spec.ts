import { TransactionalConnection } from '@vendure/core';
import path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createStoreTestEnv, onPostgres, StoreTestEnv } from './helpers/test-env';

const PORT = 3104;

describe('Vendure /healthz and /readyz (common plugin)', () => {
  let env: StoreTestEnv;
  const get = async (path: string) => {
    const res = await fetch(`${env.baseUrl}${path}`);
    return {
      status: res.status,
      cache: res.headers.get('cache-control'),
      retryAfter: res.headers.get('retry-after'),
      body: await res.json(),
    };
  };

  beforeAll(async () => {
    env = await createStoreTestEnv({ port: PORT, steps: [] });
  }, 240_000);

  afterAll(async () => {
    await env?.destroy().catch(() => undefined);
  });

  it('is alive and ready while the database answers, never cached', async () => {
    expect(await get('/healthz')).toEqual({ status: 200, cache: 'no-store', retryAfter: null, body: { status: 'ok' } });
    expect(await get('/readyz')).toEqual({ status: 200, cache: 'no-store', retryAfter: null, body: { status: 'ready', database: 'up' } });
  });

  it("runs on better-sqlite3 with the shop's connection hooks: WAL and the shared statement cache", async () => {
    if (onPostgres) return; // the embedded database's hooks; PostgreSQL has none
    const connection = env.server.app.get(TransactionalConnection).rawConnection;
    expect(connection.options.type).toBe('better-sqlite3');
    // the better-sqlite3 Database, its prepare wrapped by shareStatements() (sqlite-statements.ts)
    const db = (connection.driver as any).databaseConnection;
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(1); // NORMAL
    expect(db.statementCache).toBeInstanceOf(Map);
    // a text prepared through TypeORM is prepared once and served from the cache afterwards
    const sql = 'SELECT COUNT(*) AS n FROM "channel" WHERE "id" > ?';
    await connection.query(sql, [0]);
    const statement = db.statementCache.get(sql);
    expect(statement).toBeDefined();
    await connection.query(sql, [0]);
    expect(db.statementCache.get(sql)).toBe(statement);
    // the run's own copy of the seed, not the seed itself
    expect(path.basename(db.name)).toMatch(new RegExp(`^run-${process.pid}-\\d+\\.sqlite$`));
    expect(path.dirname(db.name)).toBe(env.dataDir);
  });

  it('stays alive but answers 503 on /readyz once the database is gone', async () => {
    await env.server.app.get(TransactionalConnection).rawConnection.destroy();
    expect(await get('/healthz')).toEqual({ status: 200, cache: 'no-store', retryAfter: null, body: { status: 'ok' } });
    expect(await get('/readyz')).toEqual({
      status: 503,
      cache: 'no-store',
      retryAfter: '5',
      body: { status: 'unavailable', database: 'down' },
    });
  });
});
