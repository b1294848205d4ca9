/**
 * The storefront generation (docs/decisions/042): every edit the Admin API answers changes it,
 * nothing else does; the storefront's servers poll `GET /storefront-changes` and drop their caches
 * when it changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEV_SUPERADMIN } from '../../server/src/vendure-config';
import { createStoreTestEnv, StoreTestEnv } from './helpers/test-env';

describe('the storefront generation', () => {
  let env: StoreTestEnv;
  let token: string;

  const generation = async () => {
    const res = await fetch(`${env.baseUrl}/storefront-changes`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as { generation: string };
    expect(typeof body.generation).toBe('string');
    return body.generation;
  };
  const call = async (api: 'admin-api' | 'shop-api', query: string, variables: Record<string, unknown> = {}, auth = true) => {
    const res = await fetch(`${env.baseUrl}/${api}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(auth && token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return { token: res.headers.get('vendure-auth-token'), ...((await res.json()) as { data?: any; errors?: unknown[] }) };
  };

  beforeAll(async () => {
    env = await createStoreTestEnv({ port: 3561 });
  });
  afterAll(async () => {
    await env?.destroy();
  });

  it('stays while nothing is edited: sign-in, reads, a shopper, a refused edit', async () => {
    const before = await generation();
    const login = await call(
      'admin-api',
      `mutation($u: String!, $p: String!) { login(username: $u, password: $p) { __typename } }`,
      { u: DEV_SUPERADMIN.username, p: DEV_SUPERADMIN.password },
      false,
    );
    expect(login.data.login.__typename).toBe('CurrentUser');
    token = login.token!;
    expect((await call('admin-api', `{ products(options: { take: 1 }) { totalItems } }`)).errors).toBeUndefined();
    const shopper = await call('shop-api', `mutation { addItemToOrder(productVariantId: "1", quantity: 1) { __typename } }`, {}, false);
    expect(shopper.errors).toBeUndefined();
    const refused = await call('admin-api', `mutation { updateProduct(input: { id: "999999", enabled: false }) { id } }`);
    expect(refused.errors).toBeDefined();
    const anonymous = await call('admin-api', `mutation { updateProduct(input: { id: "1", enabled: true }) { id } }`, {}, false);
    expect(anonymous.errors).toBeDefined();
    expect(await generation()).toBe(before);
  });

  it('changes with every edit in the admin: a product, the content, a review', async () => {
    const seen = new Set([await generation()]);
    const edits = [
      [`mutation($id: ID!) { updateProduct(input: { id: $id, enabled: true }) { id } }`, { id: String(env.seed.productIds[0]) }],
      [`mutation { createFaq(input: { languageCode: ar, title: "سؤال", content: "جواب", enabled: true }) { id } }`, {}],
      [`mutation { createFaq(input: { languageCode: en, title: "Question", content: "Answer", enabled: true }) { id } }`, {}],
    ] as const;
    for (const [query, variables] of edits) {
      const r = await call('admin-api', query, variables);
      expect(r.errors).toBeUndefined();
      const now = await generation();
      expect(seen.has(now)).toBe(false);
      seen.add(now);
    }
    expect(seen.size).toBe(4);
  });
});
