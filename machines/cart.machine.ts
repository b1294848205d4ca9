import { assign, fromPromise, setup } from 'xstate';
import type { CartUpdateResult, Order, RemoveLineResult } from '../services/cart.service';
import { enqueueIntent, projectCounts, type CartIntent } from './lib/cart-projection';

export type { CartIntent } from './lib/cart-projection';

/** Result of one queued intent (add/adjust/remove all answer with the order or a tagged failure). */
export type CartMutationResult = CartUpdateResult | RemoveLineResult;

/** What the view shows; `code` picks the translated message, `message` is the server's. */
export interface CartError {
  code: 'NETWORK' | 'LOAD_FAILED' | Exclude<CartMutationResult, { ok: true }>['code'];
  message: string;
  maxItems?: number;
}

export interface StockNotice {
  variantId: string;
  quantityAvailable: number;
}

export interface CartContext {
  /** The server's order (source of truth); null: no active order yet. */
  order: Order | null;
  /** Intents not yet answered; while `mutating`, the head is in flight. */
  queue: CartIntent[];
  /** Intents that failed (head first) and what went wrong; `cart.retry` sends them again. */
  failed: { error: CartError; intents: CartIntent[] } | null;
  stockNotice: StockNotice | null;
  /** A sync arrived while a mutation was in flight: fetch once the queue is through. */
  syncPending: boolean;
  /** The last intent that came back fine (the view announces "added"). */
  lastDone: CartIntent | null;
}

export type CartEvent =
  | { type: 'cart.add'; variantId: string; quantity: number }
  | { type: 'cart.setQuantity'; lineId: string; quantity: number }
  | { type: 'cart.remove'; lineId: string }
  | { type: 'cart.retry' }
  | { type: 'cart.dismiss' }
  /** Another tab changed the cart, or the session changed (login/logout): refetch. */
  | { type: 'cart.sync' }
  /** Another flow (coupon) got a newer order from the server. */
  | { type: 'cart.orderChanged'; order: Order | null };

const intentOf = (event: CartEvent): CartIntent | null => {
  switch (event.type) {
    case 'cart.add':
      return { kind: 'add', variantId: event.variantId, quantity: Math.max(1, Math.floor(event.quantity)) };
    case 'cart.setQuantity':
      return event.quantity <= 0
        ? { kind: 'remove', lineId: event.lineId }
        : { kind: 'setQuantity', lineId: event.lineId, quantity: Math.floor(event.quantity) };
    case 'cart.remove':
      return { kind: 'remove', lineId: event.lineId };
    default:
      return null;
  }
};

const intentEvents = ['cart.add', 'cart.setQuantity', 'cart.remove'] as const;

export const cartMachine = setup({
  types: {
    context: {} as CartContext,
    events: {} as CartEvent,
  },
  actors: {
    fetchActiveOrder: fromPromise<Order | null, void>(async () => {
      throw new Error('fetchActiveOrder is not provided: wire it in src/app/actors.ts');
    }),
    mutateCart: fromPromise<CartMutationResult, CartIntent>(async () => {
      throw new Error('mutateCart is not provided: wire it in src/app/actors.ts');
    }),
  },
  actions: {
    // Implemented by the composition root: header count (session) and other tabs.
    reportCounts: (_, _params: { lineCount: number; quantity: number }) => {},
    announceChange: () => {},
    setOrder: assign((_, params: { order: Order | null }) => ({ order: params.order })),
    enqueue: assign(({ context, event }, params: { inFlight: boolean }) => {
      const intent = intentOf(event);
      return intent ? { queue: enqueueIntent(context.queue, intent, params.inFlight), stockNotice: null } : {};
    }),
    /** A new intent after a failure: the shopper moved on, the failed ones are dropped. */
    dropFailed: assign({ failed: null }),
    dequeue: assign(({ context }) => ({ lastDone: context.queue[0] ?? null, queue: context.queue.slice(1) })),
    noteStock: assign(({ context }, params: { quantityAvailable: number }) => {
      const head = context.queue[0];
      const variantId =
        head?.kind === 'add'
          ? head.variantId
          : (context.order?.lines.find((l) => head && 'lineId' in head && l.id === head.lineId)?.productVariant.id ?? '');
      return { stockNotice: { variantId, quantityAvailable: params.quantityAvailable } };
    }),
    fail: assign(({ context }, params: { error: CartError }) => ({
      failed: { error: params.error, intents: context.queue },
      queue: [],
    })),
    requeueFailed: assign(({ context }) => ({ queue: context.failed?.intents ?? [], failed: null })),
    clearNotices: assign({ failed: null, stockNotice: null, lastDone: null }),
    markSync: assign({ syncPending: true }),
    clearSync: assign({ syncPending: false }),
  },
  guards: {
    isOk: (_, params: { result: CartMutationResult }) => params.result.ok,
    isInsufficientStock: (_, params: { result: CartMutationResult }) =>
      !params.result.ok && params.result.code === 'INSUFFICIENT_STOCK_ERROR',
    hasQueue: ({ context }) => context.queue.length > 0,
    hasSyncPending: ({ context }) => context.syncPending,
    hasFailedIntents: ({ context }) => (context.failed?.intents.length ?? 0) > 0,
  },
}).createMachine({
  id: 'cart',
  context: { order: null, queue: [], failed: null, stockNotice: null, syncPending: false, lastDone: null },
  initial: 'loading',
  on: {
    'cart.orderChanged': {
      actions: [
        { type: 'setOrder', params: ({ event }) => ({ order: event.order }) },
        { type: 'reportCounts', params: ({ context }) => projectCounts(context.order, context.queue) },
        'announceChange',
      ],
    },
  },
  states: {
    loading: {
      on: Object.fromEntries(intentEvents.map((t) => [t, { actions: { type: 'enqueue', params: { inFlight: false } } }])),
      invoke: {
        src: 'fetchActiveOrder',
        onDone: {
          target: 'settling',
          actions: [
            { type: 'setOrder', params: ({ event }) => ({ order: event.output }) },
            { type: 'reportCounts', params: ({ context }) => projectCounts(context.order, context.queue) },
          ],
        },
        // Keep what we had (possibly nothing); the view offers a retry.
        onError: {
          target: 'loadFailed',
          actions: { type: 'fail', params: ({ event }) => ({ error: { code: 'LOAD_FAILED', message: messageOf(event.error) } }) },
        },
      },
    },
    loadFailed: {
      on: {
        'cart.retry': { target: 'loading', actions: 'requeueFailed' },
        'cart.sync': { target: 'loading', actions: 'requeueFailed' },
        ...Object.fromEntries(
          intentEvents.map((t) => [t, { target: 'loading', actions: ['requeueFailed', { type: 'enqueue', params: { inFlight: false } }] }]),
        ),
      },
    },
    // Decides what comes after an answer: the next queued intent, a pending sync, or rest.
    settling: {
      always: [
        { guard: 'hasQueue', target: 'mutating' },
        { guard: 'hasSyncPending', target: 'loading', actions: 'clearSync' },
        { target: 'ready' },
      ],
    },
    ready: {
      on: {
        ...Object.fromEntries(
          intentEvents.map((t) => [
            t,
            {
              target: 'mutating',
              actions: [
                'dropFailed',
                { type: 'enqueue', params: { inFlight: false } },
                { type: 'reportCounts', params: ({ context }: { context: CartContext }) => projectCounts(context.order, context.queue) },
              ],
            },
          ]),
        ),
        'cart.sync': 'loading',
        'cart.retry': { guard: 'hasFailedIntents', target: 'mutating', actions: 'requeueFailed' },
        'cart.dismiss': { actions: 'clearNotices' },
      },
    },
    mutating: {
      on: {
        // A second click while the first is on its way: queued once, never sent twice.
        ...Object.fromEntries(
          intentEvents.map((t) => [
            t,
            {
              actions: [
                { type: 'enqueue', params: { inFlight: true } },
                { type: 'reportCounts', params: ({ context }: { context: CartContext }) => projectCounts(context.order, context.queue) },
              ],
            },
          ]),
        ),
        'cart.sync': { actions: 'markSync' },
      },
      invoke: {
        src: 'mutateCart',
        input: ({ context }) => context.queue[0]!,
        onDone: [
          {
            guard: { type: 'isOk', params: ({ event }) => ({ result: event.output }) },
            target: 'settling',
            actions: [
              { type: 'setOrder', params: ({ event }) => ({ order: event.output.ok ? event.output.order : null }) },
              'dequeue',
              { type: 'reportCounts', params: ({ context }) => projectCounts(context.order, context.queue) },
              'announceChange',
            ],
          },
          {
            // Vendure set the line to what is available and returned the order: take it.
            guard: { type: 'isInsufficientStock', params: ({ event }) => ({ result: event.output }) },
            target: 'settling',
            actions: [
              {
                type: 'setOrder',
                params: ({ event }) => ({ order: 'order' in event.output ? (event.output.order as Order) : null }),
              },
              {
                type: 'noteStock',
                params: ({ event }) => ({ quantityAvailable: 'quantityAvailable' in event.output ? event.output.quantityAvailable : 0 }),
              },
              'dequeue',
              { type: 'reportCounts', params: ({ context }) => projectCounts(context.order, context.queue) },
              'announceChange',
            ],
          },
          {
            // Any other refusal: the previous cart stays, the shopper can retry.
            target: 'ready',
            actions: [
              {
                type: 'fail',
                params: ({ event }) => {
                  const r = event.output as Exclude<CartMutationResult, { ok: true }>;
                  return { error: { code: r.code, message: r.message, ...('maxItems' in r ? { maxItems: r.maxItems } : {}) } };
                },
              },
              { type: 'reportCounts', params: ({ context }) => projectCounts(context.order, context.queue) },
            ],
          },
        ],
        onError: {
          target: 'ready',
          actions: [
            { type: 'fail', params: ({ event }) => ({ error: { code: 'NETWORK', message: messageOf(event.error) } }) },
            { type: 'reportCounts', params: ({ context }) => projectCounts(context.order, context.queue) },
          ],
        },
      },
    },
  },
});

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
