import crypto from 'crypto';
import { Client, createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import { DEMO_CUSTOMER } from '../../server/src/seed/steps/demo-customer';
import { shop } from './helpers/shop-api';
import { createStoreTestEnv, StoreTestEnv } from './helpers/test-env';

const PORT = 3303;

const SUBSCRIPTION =
  'subscription orderStateChanged($code: String!) { orderStateChanged(orderCode: $code) { orderCode state paymentState } }';

interface Update {
  orderCode: string;
  state: string;
  paymentState: string | null;
}

/** Subscribes and records what arrives: updates, an error, or completion. */
function watch(client: Client, code: string) {
  const updates: Update[] = [];
  let error: unknown;
  let done = false;
  const dispose = client.subscribe<{ orderStateChanged: Update }>(
    { query: SUBSCRIPTION, variables: { code } },
    {
      next: (v) => {
        if (v.errors) error = v.errors;
        if (v.data) updates.push(v.data.orderStateChanged);
      },
      error: (e) => {
        // Error instances, CloseEvents (code/reason) or GraphQL error arrays
        error = e instanceof Error ? { message: e.message } : (e as any)?.code ? { code: (e as any).code, reason: (e as any).reason } : e;
        done = true;
      },
      complete: () => {
        done = true;
      },
    },
  );
  async function until<T>(check: () => T | undefined, timeoutMs = 8000): Promise<T> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const v = check();
      if (v !== undefined && v !== false) return v;
      if (Date.now() > end) throw new Error(`timeout; updates=${JSON.stringify(updates)} error=${JSON.stringify(error)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    updates,
    dispose,
    waitFor: (pred: (u: Update) => boolean) => until(() => updates.find(pred)),
    waitForEnd: () => until(() => (done ? { error } : undefined)),
  };
}

describe('live order updates (graphql-ws at /shop-api/ws)', () => {
  let env: StoreTestEnv;
  const clients: Client[] = [];

  beforeAll(async () => {
    env = await createStoreTestEnv({ port: PORT });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.dispose()));
    await env?.destroy();
  });

  const connect = (authToken?: string) => {
    const client = createClient({
      url: `ws://127.0.0.1:${env.port}/shop-api/ws`,
      webSocketImpl: WebSocket,
      connectionParams: authToken === undefined ? {} : { authToken },
      retryAttempts: 0,
      lazy: true,
    });
    clients.push(client);
    return client;
  };

  /** An order in ArrangingPayment with a pending PayFort payment; returns the paymentUrl too. */
  async function pendingCardOrder(token: string) {
    const q = (query: string, variables: Record<string, unknown> = {}) => shop(env, query, variables, { token });
    await q('mutation addToCart($id: ID!) { addItemToOrder(productVariantId: $id, quantity: 1) { __typename } }', {
      id: String(Object.values(env.seed.variantIdBySku)[0]),
    });
    const me = await q('{ activeCustomer { id } }');
    if (!me.data.activeCustomer) {
      await q('mutation($i: CreateCustomerInput!) { setCustomerForOrder(input: $i) { __typename } }', {
        i: { emailAddress: `live-${crypto.randomBytes(4).toString('hex')}@example.com`, firstName: 'Live', lastName: 'Guest' },
      });
    }
    await q('mutation SetShippingAddress($i: CreateAddressInput!) { setOrderShippingAddress(input: $i) { __typename } }', {
      i: { streetLine1: 'Olaya St', city: 'Riyadh', countryCode: 'SA', phoneNumber: '+966500000000' },
    });
    const methods = await q('query GetShippingMethods { eligibleShippingMethods { id } }');
    await q('mutation setOrderShippingMethod($id: [ID!]!) { setOrderShippingMethod(shippingMethodId: $id) { __typename } }', {
      id: [methods.data.eligibleShippingMethods[0].id],
    });
    await q('mutation TransitionOrder { transitionOrderToState(state: "ArrangingPayment") { __typename } }');
    const paid = await q(
      'mutation AddPayment { addPaymentToOrder(input: { method: "payfort-card", metadata: {} }) { ... on Order { code paymentUrl } } }',
    );
    return paid.data.addPaymentToOrder as { code: string; paymentUrl: string };
  }

  async function sandbox(paymentUrl: string, decision: 'approve' | 'decline') {
    const res = await fetch(`${paymentUrl}/decision`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `decision=${decision}`,
      redirect: 'manual',
    });
    const back = await fetch(`${env.baseUrl}${res.headers.get('location')}`, { redirect: 'manual' });
    expect(back.status).toBe(303);
  }

  it('pushes the current state, then the payment and order transitions of the customer’s own order', async () => {
    const login = await shop(env, 'mutation login($u: String!, $p: String!) { login(username: $u, password: $p) { __typename } }', {
      u: DEMO_CUSTOMER.emailAddress,
      p: DEMO_CUSTOMER.password,
    });
    const token = login.token!;
    const { code, paymentUrl } = await pendingCardOrder(token);
    const sub = watch(connect(token), code);
    await sub.waitFor((u) => u.state === 'ArrangingPayment' && u.paymentState === 'Pending');

    await sandbox(paymentUrl, 'approve');
    await sub.waitFor((u) => u.paymentState === 'Settled');
    const placed = await sub.waitFor((u) => u.state === 'PaymentSettled');
    expect(placed).toEqual({ orderCode: code, state: 'PaymentSettled', paymentState: 'Settled' });
    sub.dispose();
  });

  it('lets an anonymous session follow its active order (declined payment)', async () => {
    const s = await shop(env, 'mutation createSession { createSession { token } }');
    const token = s.data.createSession.token as string;
    const { code, paymentUrl } = await pendingCardOrder(token);
    const sub = watch(connect(token), code);
    await sub.waitFor((u) => u.paymentState === 'Pending');
    await sandbox(paymentUrl, 'decline');
    const declined = await sub.waitFor((u) => u.paymentState === 'Declined');
    expect(declined.state).toBe('ArrangingPayment');
    sub.dispose();
  });

  it('refuses someone else’s order and unknown orders with the same error', async () => {
    const owner = (await shop(env, 'mutation createSession { createSession { token } }')).data.createSession.token as string;
    const { code } = await pendingCardOrder(owner);
    const strangerToken = (await shop(env, 'mutation createSession { createSession { token } }')).data.createSession.token as string;

    const foreign = watch(connect(strangerToken), code);
    const end = await foreign.waitForEnd();
    expect(foreign.updates).toEqual([]);
    expect(JSON.stringify(end.error)).toContain('Forbidden');

    const unknown = watch(connect(strangerToken), 'NO-SUCH-ORDER');
    expect(JSON.stringify((await unknown.waitForEnd()).error)).toContain('Forbidden');
  });

  it('refuses connections without a valid session token', async () => {
    for (const token of [undefined, 'not-a-session-token']) {
      const sub = watch(connect(token), 'ANY');
      const end = await sub.waitForEnd();
      expect(sub.updates).toEqual([]);
      expect((end.error as { code?: number })?.code).toBe(4403);
    }
  });

  it('leaves other upgrade paths alone', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${env.port}/shop-api/other`);
    const outcome = await new Promise<string>((resolve) => {
      ws.on('open', () => resolve('open'));
      ws.on('error', () => resolve('error'));
      setTimeout(() => resolve('timeout'), 3000);
    });
    ws.terminate();
    expect(outcome).not.toBe('open');
  });
});
