import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { checkoutMachine } from '../../../machines/checkout.machine';
import { getCheckoutOrder, getCheckoutOrders } from '../../../services/checkout.service';
import { createShopClient, ShopApiError, type ShopClient } from '../../../services/client';
import { getOrderState } from '../../../services/orders.service';
import { NEVER_ACTORS, orderAt } from '../machines/checkout.fixtures';

// Fake Shop API: answers by operation name, records what was asked.
type Answer = { status?: number; body: unknown };

function fakeShop(answers: Record<string, Answer>) {
  const asked: Array<{ operationName: string; variables: unknown; authorization: string | null }> = [];
  const fetch = async (_input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body));
    asked.push({
      operationName: body.operationName,
      variables: body.variables,
      authorization: new Headers(init?.headers).get('authorization'),
    });
    const answer = answers[body.operationName];
    if (!answer) throw new TypeError('fetch failed');
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  };
  const client = createShopClient({
    endpoint: 'http://shop.test/shop-api',
    languageCode: 'en',
    fetch: fetch as typeof globalThis.fetch,
    getToken: () => 'tok-owner',
  });
  return { client, asked };
}

const cart = { code: 'ORD1', state: 'AddingItems' };
const forbidden = {
  body: {
    errors: [{ message: 'You are not currently authorized to perform this action', extensions: { code: 'FORBIDDEN' } }],
    data: { orderByCode: null },
  },
};

describe('getCheckoutOrders', () => {
  it('reads the active order and the URL’s order when the customer may read it', async () => {
    const { client, asked } = fakeShop({
      getOrders: { body: { data: { activeOrder: cart } } },
      getCheckOutOrder: { body: { data: { orderByCode: cart } } },
    });

    const orders = await getCheckoutOrders(client, { code: 'ORD1' });

    expect(orders).toEqual({ active: { code: 'ORD1', state: 'AddingItems' }, byCode: { code: 'ORD1', state: 'AddingItems' } });
    expect(asked.map((a) => [a.operationName, a.variables, a.authorization]).sort()).toEqual([
      ['getCheckOutOrder', { code: 'ORD1' }, 'Bearer tok-owner'],
      ['getOrders', {}, 'Bearer tok-owner'],
    ]);
  });

  it('answers byCode null for someone else’s order (FORBIDDEN), not an error', async () => {
    const { client } = fakeShop({ getOrders: { body: { data: { activeOrder: cart } } }, getCheckOutOrder: forbidden });

    await expect(getCheckoutOrders(client, { code: 'THEIRS' })).resolves.toEqual({
      active: { code: 'ORD1', state: 'AddingItems' },
      byCode: null,
    });
  });

  it('does not ask for an order by code when the URL has none', async () => {
    const { client, asked } = fakeShop({ getOrders: { body: { data: { activeOrder: null } } } });

    await expect(getCheckoutOrders(client, { code: null })).resolves.toEqual({ active: null, byCode: null });
    expect(asked.map((a) => a.operationName)).toEqual(['getOrders']);
  });

  it('rejects on any other failure, so the machine shows its retry', async () => {
    const { client } = fakeShop({
      getOrders: { body: { data: { activeOrder: cart } } },
      getCheckOutOrder: { status: 500, body: { errors: [{ message: 'Database gone', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] } },
    });

    const failure = getCheckoutOrders(client, { code: 'ORD1' });
    await expect(failure).rejects.toBeInstanceOf(ShopApiError);
    await expect(failure).rejects.toMatchObject({ message: 'Database gone', operationName: 'getCheckOutOrder', status: 500 });
  });

  it('rejects when the active order cannot be read (network)', async () => {
    const { client } = fakeShop({ getCheckOutOrder: { body: { data: { orderByCode: cart } } } });

    await expect(getCheckoutOrders(client, { code: 'ORD1' })).rejects.toMatchObject({ operationName: 'getOrders', status: null });
  });
});

describe('getCheckoutOrder', () => {
  it('answers null for an unknown code (the backend says FORBIDDEN for those too)', async () => {
    const { client } = fakeShop({ getCheckOutOrder: forbidden });

    await expect(getCheckoutOrder(client, 'NO-SUCH')).resolves.toBeNull();
  });
});

// The machine declares these actors' types (machines/checkout/checkout.setup.ts); providing the
// service functions as they are typechecks the contract and runs it end to end on a fake Shop API.
function checkoutWith(client: ShopClient) {
  return checkoutMachine.provide({
    actors: {
      // The other actors never answer (their types are the fixtures' concern, not this test's).
      ...(NEVER_ACTORS as Record<never, never>),
      fetchCheckoutOrders: fromPromise(({ input }) => getCheckoutOrders(client, input)),
      fetchOrderState: fromPromise(({ input }) => getOrderState(client, input)),
      // The socket is down: the machine must fall back to polling getOrderState.
      watchOrderState: fromCallback(({ sendBack }) => sendBack({ type: 'order.watchFailed' })),
    },
  });
}

describe('as the checkout machine’s actors', () => {
  afterEach(() => vi.useRealTimers());

  it('checks out the active cart when the URL names someone else’s order', async () => {
    const { client } = fakeShop({ getOrders: { body: { data: { activeOrder: orderAt('cart') } } }, getCheckOutOrder: forbidden });
    const actor = createActor(checkoutWith(client), { input: { code: 'THEIRS', returning: false, requireVerifiedAddress: false } }).start();

    const snapshot = await waitFor(actor, (s) => !s.matches('loading'));

    expect(snapshot.value).toEqual({ address: 'fetching' });
    expect(snapshot.context.order?.code).toBe('ORD1');
    actor.stop();
  });

  it('confirms a return by polling the order state when the socket fails, then succeeds', async () => {
    vi.useFakeTimers();
    const arranging = orderAt('arranging');
    const { client, asked } = fakeShop({
      getOrders: { body: { data: { activeOrder: null } } },
      getCheckOutOrder: { body: { data: { orderByCode: arranging } } },
      GetOrderByCode: {
        body: {
          data: {
            orderByCode: {
              ...arranging,
              state: 'PaymentSettled',
              payments: [{ id: 'p1', state: 'Settled', createdAt: '2026-11-25T10:00:00.000Z' }],
            },
          },
        },
      },
    });
    const actor = createActor(checkoutWith(client), { input: { code: 'ORD1', returning: true, requireVerifiedAddress: false } }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ confirming: { polling: 'waiting' } }));

    await vi.advanceTimersByTimeAsync(1000);

    expect(actor.getSnapshot().value).toBe('success');
    expect(actor.getSnapshot().context.placedOrderCode).toBe('ORD1');
    expect(actor.getSnapshot().context.liveState).toEqual({ orderCode: 'ORD1', state: 'PaymentSettled', paymentState: 'Settled' });
    expect(asked.filter((a) => a.operationName === 'GetOrderByCode').map((a) => a.variables)).toEqual([{ code: 'ORD1' }]);
    actor.stop();
  });
});
