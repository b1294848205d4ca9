import { describe, expect, it } from 'vitest';
import { createShopClient } from '../../../services/client';
import { getOrderByCode, getOrderState } from '../../../services/orders.service';

function fakeShop(answer: { status?: number; body: unknown } | Error) {
  const asked: Array<{ operationName: string; variables: unknown }> = [];
  const fetch = async (_input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body));
    asked.push({ operationName: body.operationName, variables: body.variables });
    if (answer instanceof Error) throw answer;
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  };
  const client = createShopClient({ endpoint: 'http://shop.test/shop-api', languageCode: 'ar', fetch: fetch as typeof globalThis.fetch });
  return { client, asked };
}

const payment = (id: string, state: string, createdAt: string) => ({
  id,
  method: 'payfort-card',
  state,
  amount: 21500,
  transactionId: null,
  metadata: {},
  createdAt,
});
const order = (state: string, payments: unknown[]) => ({ data: { orderByCode: { code: 'ORD1', state, payments } } });
const forbidden = { body: { errors: [{ message: 'Forbidden', extensions: { code: 'FORBIDDEN' } }], data: { orderByCode: null } } };

describe('getOrderState', () => {
  it('answers the order’s state and its newest payment’s state', async () => {
    const { client, asked } = fakeShop({
      body: order('ArrangingPayment', [
        payment('p2', 'Pending', '2026-11-25T10:05:00.000Z'),
        payment('p1', 'Declined', '2026-11-25T10:00:00.000Z'),
        payment('p0', 'Cancelled', '2026-11-25T09:00:00.000Z'),
      ]),
    });

    await expect(getOrderState(client, { orderCode: 'ORD1' })).resolves.toEqual({
      orderCode: 'ORD1',
      state: 'ArrangingPayment',
      paymentState: 'Pending',
    });
    expect(asked).toEqual([{ operationName: 'GetOrderByCode', variables: { code: 'ORD1' } }]);
  });

  it('picks the newest payment whatever order the list comes in', async () => {
    const { client } = fakeShop({
      body: order('PaymentSettled', [
        payment('p1', 'Declined', '2026-11-25T10:00:00.000Z'),
        payment('p2', 'Settled', '2026-11-25T10:05:00.000Z'),
      ]),
    });

    await expect(getOrderState(client, { orderCode: 'ORD1' })).resolves.toEqual({
      orderCode: 'ORD1',
      state: 'PaymentSettled',
      paymentState: 'Settled',
    });
  });

  it('answers paymentState null for an order without payments', async () => {
    const { client } = fakeShop({ body: order('ArrangingPayment', []) });

    await expect(getOrderState(client, { orderCode: 'ORD1' })).resolves.toEqual({
      orderCode: 'ORD1',
      state: 'ArrangingPayment',
      paymentState: null,
    });
  });

  it('answers null for an order that is not this customer’s (FORBIDDEN) or not found', async () => {
    await expect(getOrderState(fakeShop(forbidden).client, { orderCode: 'THEIRS' })).resolves.toBeNull();
    await expect(getOrderState(fakeShop({ body: { data: { orderByCode: null } } }).client, { orderCode: 'GONE' })).resolves.toBeNull();
  });

  it('rejects when the request fails, so polling counts the attempt', async () => {
    await expect(getOrderState(fakeShop(new TypeError('fetch failed')).client, { orderCode: 'ORD1' })).rejects.toMatchObject({
      name: 'ShopApiError',
      message: 'fetch failed',
      status: null,
    });
  });
});

describe('getOrderByCode', () => {
  it('answers null on FORBIDDEN and rejects on other GraphQL errors', async () => {
    await expect(getOrderByCode(fakeShop(forbidden).client, 'THEIRS')).resolves.toBeNull();
    const other = { body: { errors: [{ message: 'Boom', extensions: { code: 'INTERNAL_SERVER_ERROR' } }], data: { orderByCode: null } } };
    await expect(getOrderByCode(fakeShop(other).client, 'ORD1')).rejects.toMatchObject({ message: 'Boom', code: 'INTERNAL_SERVER_ERROR' });
  });
});
