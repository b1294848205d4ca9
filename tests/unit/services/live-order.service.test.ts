// @vitest-environment node
import { execute, GraphQLError, GraphQLNonNull, GraphQLObjectType, GraphQLSchema, GraphQLString, subscribe, validate } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { liveOrdersUrl, subscribeOrderState, type LiveOrderError, type OrderStateUpdate } from '../../../services/live-order.service';

// A real graphql-ws server in process, speaking the backend's contract (server/src/plugins/live-orders:
// connectionParams.authToken, 4403 without a valid token, a Forbidden error result for an order the
// session may not read, the current state first and then every change).

const TOKEN = 'tok-owner';

interface Feed {
  push(update: OrderStateUpdate): void;
}

async function startServer(orders: Record<string, OrderStateUpdate[]>) {
  const feeds = new Map<string, Feed>();
  const seen: { connectionParams: unknown[]; subscribed: string[] } = { connectionParams: [], subscribed: [] };
  const Update = new GraphQLObjectType({
    name: 'OrderStateUpdate',
    fields: {
      orderCode: { type: new GraphQLNonNull(GraphQLString) },
      state: { type: new GraphQLNonNull(GraphQLString) },
      paymentState: { type: GraphQLString },
    },
  });
  const schema = new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', fields: { liveOrders: { type: GraphQLString } } }),
    subscription: new GraphQLObjectType({
      name: 'Subscription',
      fields: {
        orderStateChanged: {
          type: new GraphQLNonNull(Update),
          args: { orderCode: { type: new GraphQLNonNull(GraphQLString) } },
          // Like the backend: refuses before any stream exists (a rejected promise), else streams.
          subscribe: async (_root, args: { orderCode: string }) => {
            seen.subscribed.push(args.orderCode);
            const initial = orders[args.orderCode];
            if (!initial) throw new GraphQLError('Forbidden', { extensions: { code: 'FORBIDDEN' } });
            const queue = [...initial];
            let wake = () => {};
            feeds.set(args.orderCode, { push: (u) => (queue.push(u), wake()) });
            return (async function* () {
              for (;;) {
                while (queue.length) yield queue.shift();
                await new Promise<void>((resolve) => (wake = resolve));
              }
            })();
          },
          resolve: (update: OrderStateUpdate) => update,
        },
      },
    }),
  });
  const wss = new WebSocketServer({ port: 0, path: '/shop-api/ws' });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const dispose = useServer(
    {
      schema,
      validate,
      execute,
      subscribe,
      onConnect: (ctx) => {
        seen.connectionParams.push(ctx.connectionParams);
        return ctx.connectionParams?.authToken === TOKEN;
      },
    },
    wss,
  );
  const { port } = wss.address() as { port: number };
  return {
    url: `ws://127.0.0.1:${port}/shop-api/ws`,
    wss,
    seen,
    feed: (code: string) => feeds.get(code)!,
    close: async () => {
      await dispose.dispose();
      await new Promise((resolve) => wss.close(resolve));
    },
  };
}

function record() {
  const log: Array<OrderStateUpdate | { error: { code: string | number | null; message: string } } | 'complete'> = [];
  const observer = {
    next: (u: OrderStateUpdate) => log.push(u),
    error: (e: LiveOrderError) => log.push({ error: { code: e.code, message: e.message } }),
    complete: () => log.push('complete'),
  };
  return { log, observer };
}

async function until(check: () => boolean, what: string) {
  const end = Date.now() + 3000;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const pending = { orderCode: 'ORD1', state: 'ArrangingPayment', paymentState: 'Pending' };
let server: Awaited<ReturnType<typeof startServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('liveOrdersUrl', () => {
  it('derives the socket from the Shop API endpoint', () => {
    expect(liveOrdersUrl('http://127.0.0.1:3000/shop-api')).toBe('ws://127.0.0.1:3000/shop-api/ws');
    expect(liveOrdersUrl('https://shop.example/shop-api/?languageCode=ar')).toBe('wss://shop.example/shop-api/ws');
    expect(liveOrdersUrl('/shop-api', 'https://shop.example/ar/checkout/ORD1')).toBe('wss://shop.example/shop-api/ws');
  });
});

describe('subscribeOrderState', () => {
  it('sends the token as connectionParams.authToken and delivers the current state, then each change', async () => {
    server = await startServer({ ORD1: [pending] });
    const { log, observer } = record();

    const unsubscribe = subscribeOrderState({ url: server.url, token: TOKEN, orderCode: 'ORD1', webSocketImpl: WebSocket }, observer);
    await until(() => log.length === 1, 'the current state');
    server.feed('ORD1').push({ orderCode: 'ORD1', state: 'ArrangingPayment', paymentState: 'Settled' });
    server.feed('ORD1').push({ orderCode: 'ORD1', state: 'PaymentSettled', paymentState: 'Settled' });
    await until(() => log.length === 3, 'two changes');

    expect(server.seen.connectionParams).toEqual([{ authToken: 'tok-owner' }]);
    expect(server.seen.subscribed).toEqual(['ORD1']);
    expect(log).toEqual([
      { orderCode: 'ORD1', state: 'ArrangingPayment', paymentState: 'Pending' },
      { orderCode: 'ORD1', state: 'ArrangingPayment', paymentState: 'Settled' },
      { orderCode: 'ORD1', state: 'PaymentSettled', paymentState: 'Settled' },
    ]);
    unsubscribe();
  });

  it('closes the socket on unsubscribe and reports nothing after it', async () => {
    server = await startServer({ ORD1: [pending] });
    const { log, observer } = record();
    const unsubscribe = subscribeOrderState({ url: server.url, token: TOKEN, orderCode: 'ORD1', webSocketImpl: WebSocket }, observer);
    await until(() => log.length === 1, 'the current state');
    expect(server.wss.clients.size).toBe(1);

    unsubscribe();
    await until(() => server!.wss.clients.size === 0, 'the socket to close');
    expect(log).toEqual([{ orderCode: 'ORD1', state: 'ArrangingPayment', paymentState: 'Pending' }]);
  });

  it('reports someone else’s order as one FORBIDDEN error, without a completion', async () => {
    server = await startServer({});
    const { log, observer } = record();

    subscribeOrderState({ url: server.url, token: TOKEN, orderCode: 'THEIRS', webSocketImpl: WebSocket }, observer);
    await until(() => log.length > 0, 'the refusal');
    await new Promise((r) => setTimeout(r, 50));

    expect(log).toEqual([{ error: { code: 'FORBIDDEN', message: 'Forbidden' } }]);
    await until(() => server!.wss.clients.size === 0, 'the socket to close');
  });

  it('reports a refused connection (no valid session: 4403) as one error', async () => {
    server = await startServer({ ORD1: [pending] });
    const { log, observer } = record();

    subscribeOrderState({ url: server.url, token: null, orderCode: 'ORD1', webSocketImpl: WebSocket }, observer);
    await until(() => log.length > 0, 'the refusal');

    expect(server.seen.connectionParams).toEqual([{}]);
    expect(log).toEqual([{ error: { code: 4403, message: 'Forbidden' } }]);
  });

  it('reports a socket that cannot connect as one error (the machine then polls)', async () => {
    const { log, observer } = record();

    subscribeOrderState({ url: 'ws://127.0.0.1:9/shop-api/ws', token: TOKEN, orderCode: 'ORD1', webSocketImpl: WebSocket }, observer);
    await until(() => log.length > 0, 'the failure');
    await new Promise((r) => setTimeout(r, 50));

    expect(log).toHaveLength(1);
    expect(log).toEqual([{ error: { code: null, message: 'connect ECONNREFUSED 127.0.0.1:9' } }]);
  });

  it('reports a socket the server closes mid-watch (a restart) as one error with its close code', async () => {
    server = await startServer({ ORD1: [pending] });
    const { log, observer } = record();
    subscribeOrderState({ url: server.url, token: TOKEN, orderCode: 'ORD1', webSocketImpl: WebSocket }, observer);
    await until(() => log.length === 1, 'the current state');

    await server.close();
    server = undefined;
    await until(() => log.length === 2, 'the failure');

    expect(log[1]).toEqual({ error: { code: 1001, message: 'Going away' } });
  });

  it('connects only when subscribed and only once per call', async () => {
    server = await startServer({ ORD1: [pending] });
    const { log, observer } = record();
    expect(server.wss.clients.size).toBe(0);

    const unsubscribe = subscribeOrderState({ url: server.url, token: TOKEN, orderCode: 'ORD1', webSocketImpl: WebSocket }, observer);
    await until(() => log.length === 1, 'the current state');

    expect(server.wss.clients.size).toBe(1);
    unsubscribe();
    unsubscribe();
  });
});
