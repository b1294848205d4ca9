import { TransactionalConnection } from '@vendure/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createStoreTestEnv, StoreTestEnv } from './helpers/test-env';

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
