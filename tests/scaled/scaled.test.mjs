/**
 * The scaled topology (issue 18, docs/deploy.md): `npm run test:scaled` starts it (tests/scaled/topology.mjs:
 * PostgreSQL, Redis, one worker, two Vendure servers with RUN_WORKER=false, two storefronts, nginx)
 * with a 12-product seed and checks what only holds when the instances share their state:
 * a cart and a sign-in carry across instances, a sign-out on one is honoured by the other, a live
 * order update raised on one server reaches a subscriber on the other, jobs (mail, search index) run
 * on the worker and nowhere else, and rate limits count across instances.
 * Each server is addressed directly (servers[0], servers[1]) so that "the other instance" is certain;
 * the storefronts are reached directly too, and the shop through nginx.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';

import { Queue } from 'bullmq';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';

import { startTopology } from './topology.mjs';

const DEMO = { email: 'customer@example.com', password: 'Customer123!' };
let t;

/** A Shop API call at `base` (a server or a storefront origin); returns { data, errors, token, status }. */
async function shop(base, query, variables = {}, token) {
  const res = await fetch(`${base}/shop-api?languageCode=en`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = await res.json();
  return { ...body, status: res.status, token: res.headers.get('vendure-auth-token') ?? token };
}

async function admin(base, query, variables = {}) {
  admin.token ??= (
    await fetch(`${base}/admin-api`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'mutation { login(username: "superadmin", password: "superadmin") { __typename } }' }),
    })
  ).headers.get('vendure-auth-token');
  const res = await fetch(`${base}/admin-api`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = await res.json();
  assert.equal(body.errors, undefined, JSON.stringify(body.errors));
  return body.data;
}

async function until(check, what, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const mailsTo = (to) => {
  const dir = path.join(t.dataDir, 'mail');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => {
      try {
        return [JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'))];
      } catch {
        return [];
      }
    })
    .filter((m) => m.recipient === to);
};

const ADD = 'mutation ($id: ID!, $q: Int!) { addItemToOrder(productVariantId: $id, quantity: $q) { __typename ... on Order { code } } }';
const ACTIVE = '{ activeOrder { code lines { quantity productVariant { id } } } }';
const ME = '{ activeCustomer { emailAddress } }';
const LOGIN = 'mutation ($u: String!, $p: String!) { login(username: $u, password: $p) { __typename } }';

describe('scaled topology: two Vendure servers, a worker, two storefronts, PostgreSQL, Redis, nginx', () => {
  let variants;

  before(async () => {
    t = await startTopology({ products: 12 });
    const r = await shop(t.urls.servers[0], '{ products(options: { take: 12 }) { items { variants { id stockLevel } } } }');
    variants = r.data.products.items.flatMap((p) => p.variants.filter((v) => v.stockLevel === 'IN_STOCK').map((v) => v.id));
    assert.ok(variants.length >= 2, 'the seed has products in stock');
  });
  after(async () => {
    await t?.stop();
  });

  it('serves the shop through nginx from both storefronts', async () => {
    const seen = new Set();
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${t.urls.shop}/en`);
      assert.equal(res.status, 200);
      assert.match(await res.text(), /<html[^>]*lang="en"/);
      seen.add(res.headers.get('x-upstream'));
    }
    assert.deepEqual([...seen].sort(), t.urls.storefronts.map((u) => u.replace('http://', '')).sort());
  });

  it('continues a cart started on one server on the other, and through either storefront', async () => {
    const [a, b] = t.urls.servers;
    const first = await shop(a, ADD, { id: variants[0], q: 1 });
    assert.equal(first.data.addItemToOrder.__typename, 'Order');
    const token = first.token;
    const onB = await shop(b, ACTIVE, {}, token);
    assert.equal(onB.data.activeOrder.code, first.data.addItemToOrder.code);
    assert.deepEqual(
      onB.data.activeOrder.lines.map((l) => [l.productVariant.id, l.quantity]),
      [[variants[0], 1]],
    );
    const second = await shop(b, ADD, { id: variants[1], q: 2 }, token);
    assert.equal(second.data.addItemToOrder.__typename, 'Order', JSON.stringify(second));
    for (const base of [a, ...t.urls.storefronts]) {
      const r = await shop(base, ACTIVE, {}, token);
      assert.equal(r.data.activeOrder.code, first.data.addItemToOrder.code, base);
      assert.deepEqual(
        r.data.activeOrder.lines.map((l) => [l.productVariant.id, l.quantity]).sort(),
        [
          [variants[0], 1],
          [variants[1], 2],
        ].sort(),
        base,
      );
    }
  });

  it('holds a sign-in across servers, and a sign-out on one server ends it on the other', async () => {
    const [a, b] = t.urls.servers;
    const login = await shop(a, LOGIN, { u: DEMO.email, p: DEMO.password });
    assert.equal(login.data.login.__typename, 'CurrentUser');
    const token = login.token;
    // known on both servers (A has it cached, B reads it from the shared database/cache)
    assert.equal((await shop(a, ME, {}, token)).data.activeCustomer?.emailAddress, DEMO.email);
    assert.equal((await shop(b, ME, {}, token)).data.activeCustomer?.emailAddress, DEMO.email);
    assert.equal((await shop(t.urls.storefronts[1], ME, {}, token)).data.activeCustomer?.emailAddress, DEMO.email);
    await shop(b, 'mutation { logout { success } }', {}, token);
    // A cached the session when it signed in: with a per-process cache it would still accept it
    assert.equal((await shop(a, ME, {}, token)).data.activeCustomer, null);
  });

  it('delivers a live order update raised on one server to a subscriber on the other (Redis fan-out)', async () => {
    const [a, b] = t.urls.servers;
    const started = await shop(a, ADD, { id: variants[0], q: 1 });
    const token = started.token;
    const code = started.data.addItemToOrder.code;
    const updates = [];
    const client = createClient({
      url: `${b.replace('http', 'ws')}/shop-api/ws`,
      webSocketImpl: WebSocket,
      connectionParams: { authToken: token },
      retryAttempts: 0,
    });
    const dispose = client.subscribe(
      {
        query: 'subscription ($code: String!) { orderStateChanged(orderCode: $code) { orderCode state paymentState } }',
        variables: { code },
      },
      { next: (v) => v.data && updates.push(v.data.orderStateChanged), error: () => undefined, complete: () => undefined },
    );
    try {
      await until(() => updates.find((u) => u.state === 'AddingItems'), 'the current state on B');
      const q = (query, variables) => shop(a, query, variables, token);
      await q('mutation ($i: CreateCustomerInput!) { setCustomerForOrder(input: $i) { __typename } }', {
        i: { emailAddress: `fanout-${crypto.randomBytes(4).toString('hex')}@example.com`, firstName: 'Fan', lastName: 'Out' },
      });
      await q('mutation ($i: CreateAddressInput!) { setOrderShippingAddress(input: $i) { __typename } }', {
        i: { streetLine1: 'Olaya St', city: 'Riyadh', countryCode: 'SA', phoneNumber: '+966500000000' },
      });
      const methods = await q('{ eligibleShippingMethods { id } }');
      await q('mutation ($id: [ID!]!) { setOrderShippingMethod(shippingMethodId: $id) { __typename } }', {
        id: [methods.data.eligibleShippingMethods[0].id],
      });
      // raised on A, which has no subscriber of this order
      const moved = await q('mutation { transitionOrderToState(state: "ArrangingPayment") { __typename ... on Order { state } } }');
      assert.equal(moved.data.transitionOrderToState.state, 'ArrangingPayment');
      const seen = await until(() => updates.find((u) => u.state === 'ArrangingPayment'), 'the update on B');
      assert.deepEqual(seen, { orderCode: code, state: 'ArrangingPayment', paymentState: null });
    } finally {
      dispose();
      await client.dispose();
    }
  });

  it('runs mail and search-index jobs on the worker only', async () => {
    const [a, b] = t.urls.servers;
    const product = (await admin(a, '{ products(options: { take: 1 }) { items { id name } } }')).products.items[0];
    const word = `scaledcheck${crypto.randomBytes(3).toString('hex')}`;
    const to = `worker-${crypto.randomBytes(4).toString('hex')}@example.com`;
    const found = async () =>
      (await shop(b, 'query ($t: String!) { search(input: { term: $t, groupByProduct: true }) { totalItems } }', { t: word })).data.search
        .totalItems;

    await t.stopWorker();
    try {
      const reg = await shop(a, 'mutation ($input: RegisterCustomerInput!) { registerCustomerAccount(input: $input) { __typename } }', {
        input: { emailAddress: to, password: 'secret123', firstName: 'Worker', lastName: 'Check' },
      });
      assert.equal(reg.data.registerCustomerAccount.__typename, 'Success');
      await admin(b, 'mutation ($i: UpdateProductInput!) { updateProduct(input: $i) { id } }', {
        i: { id: product.id, translations: [{ languageCode: 'en', name: `${product.name} ${word}` }] },
      });
      // both servers are up and took the requests, but no process runs jobs: nothing happens
      await new Promise((r) => setTimeout(r, 4000));
      assert.equal(mailsTo(to).length, 0, 'a mail was sent without a worker');
      assert.equal(await found(), 0, 'the search index was updated without a worker');
      // the jobs wait in Redis (BullMQ names each job after its Vendure queue)
      const queue = new Queue('vendure-job-queue', { connection: { host: '127.0.0.1', port: Number(new URL(t.services.redis.url).port) } });
      try {
        const waiting = new Set((await queue.getJobs(['wait', 'prioritized'])).map((j) => j.name));
        assert.ok(waiting.has('send-email') && waiting.has('update-search-index'), `waiting: ${[...waiting]}`);
      } finally {
        await queue.close();
      }
    } finally {
      await t.startWorker();
    }
    await until(() => mailsTo(to).length === 1, 'the verification mail, sent by the worker');
    await until(async () => (await found()) === 1, 'the search index, updated by the worker');
  });

  it('shares rate limits across servers (Redis): failures on both count towards one account limit', async () => {
    const [a, b] = t.urls.servers;
    const email = `limited-${crypto.randomBytes(4).toString('hex')}@example.com`;
    // 10 failures per account are allowed (docs/decisions/014); 5 on each server
    for (let i = 0; i < 10; i++) {
      const r = await shop(i % 2 ? b : a, LOGIN, { u: email, p: `wrong-${i}` });
      assert.equal(r.status, 200);
      assert.equal(r.data.login.__typename, 'InvalidCredentialsError');
    }
    for (const base of [a, b]) {
      const r = await shop(base, LOGIN, { u: email, p: 'wrong-again' });
      assert.equal(r.status, 429, `${base}: per-instance limits would still allow this`);
      assert.equal(r.errors[0].extensions.code, 'RATE_LIMIT_ERROR');
    }
  });
});
