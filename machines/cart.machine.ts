import { assign, fromPromise, sendParent, setup } from 'xstate';
import type { CartUpdateResult, Order, RemoveLineResult } from '../services/cart.service';
import type { CheckUserResult } from '../services/session.service';
import { enqueueIntent, projectCounts, type CartIntent } from './lib/cart-projection';
import { unavailableOf } from './lib/network-failure';

export type { CartIntent } from './lib/cart-projection';

/** Result of one queued intent (add/adjust/remove all answer with the order or a tagged failure). */
export type CartMutationResult = CartUpdateResult | RemoveLineResult;

/** What the view shows; `code` picks the translated message, `message` is the server's. */
export interface CartError {
  code: 'NETWORK' | 'LOAD_FAILED' | Exclude<CartMutationResult, { ok: true }>['code'];
  message: string;
  maxItems?: number;
  /** NETWORK only: the shop answered but its backend did not (the store, not the connection). */
  unavailable?: true;
}

export interface StockNotice {
  variantId: string;
  quantityAvailable: number;
}

export interface CartContext {
  /** The server's order (source of truth); null: no active order yet. */
  order: Order | null;
  /**
   * Spec §3: the header's line count, counting queued intents (optimistic). null until known: the
   * session's check (`session.checked`) or the first load answers it. The only cart count in the app.
   */
  count: number | null;
  /** Intents not yet answered; while `mutating`, the head is in flight. */
  queue: CartIntent[];
  /** Intents that failed (head first) and what went wrong; `cart.retry` sends them again. */
  failed: { error: CartError; intents: CartIntent[] } | null;
  stockNotice: StockNotice | null;
  /** A sync arrived while a mutation was in flight: fetch once the queue is through. */
  syncPending: boolean;
  /** The last intent that came back fine (the view announces "added"). */
  lastDone: CartIntent | null;
  /** The order came with the page (the server read it, `CartInput.seed`): the first sync needs no fetch. */
  seeded: boolean;
  /**
   * The customer the seed was read for, until the session's check names that customer (its
   * sign-in sync then needs no fetch either); null once the cart loaded, or for a guest's seed.
   */
  seedCustomer: string | null;
}

/** The order the page's server render read with the visitor's token (src/routes/cart/cart.tsx). */
export interface CartSeed {
  order: Order | null;
}

export interface CartInput {
  /** Start from this order instead of fetching it on the first `cart.sync` (no request on hydration). */
  seed?: CartSeed | null;
}

export type CartEvent =
  | { type: 'cart.add'; variantId: string; quantity: number }
  | { type: 'cart.setQuantity'; lineId: string; quantity: number }
  | { type: 'cart.remove'; lineId: string }
  | { type: 'cart.retry' }
  | { type: 'cart.dismiss' }
  /**
   * The session is there (first time), another tab changed the cart, or the customer changed: refetch.
   * `customerId`: the customer the session now names (sign-in/out), when the sync is for that.
   */
  | { type: 'cart.sync'; customerId?: string | null }
  /** The session is being replaced (sign-out): calls wait for the next `cart.sync`, clicks are kept. */
  | { type: 'cart.hold' }
  /** Another flow (coupon) got a newer order from the server. */
  | { type: 'cart.orderChanged'; order: Order | null }
  /** The session's user check answered first: its line count stands in until the order is loaded. */
  | ({ type: 'session.checked' } & CheckUserResult);

/** The answer of whichever call `mutating` made (its three invokes share the id `mutation`). */
type MutationAnswer =
  { type: 'xstate.done.actor.mutation'; output: CartMutationResult } | { type: 'xstate.error.actor.mutation'; error: unknown };

type IntentEvent = Extract<CartEvent, { type: 'cart.add' | 'cart.setQuantity' | 'cart.remove' }>;

const intentOf = (event: IntentEvent): CartIntent => {
  switch (event.type) {
    case 'cart.add':
      return { kind: 'add', variantId: event.variantId, quantity: Math.max(1, Math.floor(event.quantity)) };
    case 'cart.setQuantity':
      return event.quantity <= 0
        ? { kind: 'remove', lineId: event.lineId }
        : { kind: 'setQuantity', lineId: event.lineId, quantity: Math.floor(event.quantity) };
    case 'cart.remove':
      return { kind: 'remove', lineId: event.lineId };
  }
};

const isIntent = (event: { type: string }): event is IntentEvent =>
  event.type === 'cart.add' || event.type === 'cart.setQuantity' || event.type === 'cart.remove';

/** The three intent events (add, adjust, remove) take the same transition wherever they are handled. */
const onIntent = <T>(transition: T) => ({ 'cart.add': transition, 'cart.setQuantity': transition, 'cart.remove': transition });

/** Queue the event's intent when nothing is in flight. */
const QUEUE = { type: 'enqueue', params: { inFlight: false } } as const;

type Refusal = Exclude<CartMutationResult, { ok: true }>;

export const cartMachine = setup({
  types: {
    context: {} as CartContext,
    events: {} as CartEvent | MutationAnswer,
    input: {} as CartInput | undefined,
  },
  actors: {
    fetchActiveOrder: fromPromise<Order | null, void>(async () => {
      throw new Error('fetchActiveOrder is not provided: wire it in the composition root');
    }),
    addToCart: fromPromise<CartUpdateResult, { productVariantId: string; quantity: number }>(async () => {
      throw new Error('addToCart is not provided: wire it in the composition root');
    }),
    adjustLine: fromPromise<CartUpdateResult, { orderLineId: string; quantity: number }>(async () => {
      throw new Error('adjustLine is not provided: wire it in the composition root');
    }),
    removeLine: fromPromise<RemoveLineResult, { orderLineId: string }>(async () => {
      throw new Error('removeLine is not provided: wire it in the composition root');
    }),
  },
  actions: {
    // The parent (shop machine) tells the other tabs; a standalone cart must have it provided.
    announceChange: sendParent({ type: 'cart.changed' }),
    setOrder: assign((_, params: { order: Order | null }) => ({ order: params.order })),
    /** The line count once the queue is through (optimistic header count). */
    projectCount: assign(({ context }) => ({ count: projectCounts(context.order, context.queue).lineCount })),
    takeCountHint: assign((_, params: { count: number }) => ({ count: params.count })),
    /** The event's intent joins the queue; `inFlight`: behind the head on its way (merged with its kin, never sent twice). */
    enqueue: assign(({ context, event }, params: { inFlight: boolean }) =>
      isIntent(event) ? { queue: enqueueIntent(context.queue, intentOf(event), params.inFlight), stockNotice: null } : {},
    ),
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
    /** The seed stood in for the first load; a later sign-in sync for its customer is covered too. */
    takeSeed: assign({ seeded: false }),
    forgetSeed: assign({ seeded: false, seedCustomer: null }),
  },
  guards: {
    isOk: (_, params: { result: CartMutationResult }) => params.result.ok,
    isInsufficientStock: (_, params: { result: CartMutationResult }) =>
      !params.result.ok && params.result.code === 'INSUFFICIENT_STOCK_ERROR',
    hasQueue: ({ context }) => context.queue.length > 0,
    hasSyncPending: ({ context }) => context.syncPending,
    hasFailedIntents: ({ context }) => (context.failed?.intents.length ?? 0) > 0,
    isHeadAdd: ({ context }) => context.queue[0]?.kind === 'add',
    isHeadSetQuantity: ({ context }) => context.queue[0]?.kind === 'setQuantity',
    isSeeded: ({ context }) => context.seeded,
    /** The sign-in sync names the customer whose order the seed already is. */
    isSeedCustomer: ({ context, event }) =>
      event.type === 'cart.sync' && context.seedCustomer !== null && event.customerId === context.seedCustomer,
  },
}).createMachine({
  id: 'cart',
  context: ({ input }) => {
    const seed = input?.seed ?? null;
    return {
      order: seed?.order ?? null,
      // the seed's line count is the header's count until the session's check answers
      count: seed ? (seed.order?.lines.length ?? 0) : null,
      queue: [],
      failed: null,
      stockNotice: null,
      syncPending: false,
      lastDone: null,
      seeded: seed !== null,
      seedCustomer: seed?.order?.customer?.id ?? null,
    };
  },
  initial: 'waiting',
  on: {
    'cart.orderChanged': {
      actions: [{ type: 'setOrder', params: ({ event }) => ({ order: event.order }) }, 'projectCount', 'announceChange'],
    },
  },
  states: {
    // No session yet (Vendure would start a second one on a call without token): clicks are kept.
    waiting: {
      on: {
        ...onIntent({ actions: QUEUE }),
        // The page came with the order (read with this token a moment ago): no second request.
        'cart.sync': [{ guard: 'isSeeded', target: 'settling', actions: 'takeSeed' }, { target: 'loading' }],
        'session.checked': { actions: { type: 'takeCountHint', params: ({ event }) => ({ count: event.cartCount }) } },
      },
    },
    loading: {
      entry: 'forgetSeed',
      on: {
        ...onIntent({ actions: QUEUE }),
        // The order on its way may predate a sign-in's merge; the check's count is the newer one.
        'session.checked': { actions: { type: 'takeCountHint', params: ({ event }) => ({ count: event.cartCount }) } },
      },
      invoke: {
        id: 'fetchActiveOrder',
        src: 'fetchActiveOrder',
        onDone: {
          target: 'settling',
          actions: [{ type: 'setOrder', params: ({ event }) => ({ order: event.output }) }, 'projectCount'],
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
        ...onIntent({ target: 'loading', actions: ['requeueFailed', QUEUE] }),
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
        ...onIntent({ target: 'mutating', actions: ['dropFailed', QUEUE, 'projectCount'] }),
        'cart.sync': [{ guard: 'isSeedCustomer', actions: 'forgetSeed' }, { target: 'loading' }],
        'cart.hold': { target: 'waiting', actions: 'forgetSeed' },
        'cart.retry': { guard: 'hasFailedIntents', target: 'mutating', actions: 'requeueFailed' },
        'cart.dismiss': { actions: 'clearNotices' },
      },
    },
    // One intent on its way, the head of the queue; its kind picks the service call.
    mutating: {
      initial: 'dispatching',
      on: {
        // A second click while the first is on its way: queued once, never sent twice.
        ...onIntent({ actions: [{ type: 'enqueue', params: { inFlight: true } }, 'projectCount'] }),
        'cart.sync': { actions: 'markSync' },
        'xstate.done.actor.mutation': [
          {
            guard: { type: 'isOk', params: ({ event }) => ({ result: event.output }) },
            target: 'settling',
            actions: [
              { type: 'setOrder', params: ({ event }) => ({ order: orderOf(event.output) }) },
              'dequeue',
              'projectCount',
              'announceChange',
            ],
          },
          {
            // Vendure set the line to what is available and returned the order: take it.
            guard: { type: 'isInsufficientStock', params: ({ event }) => ({ result: event.output }) },
            target: 'settling',
            actions: [
              { type: 'setOrder', params: ({ event }) => ({ order: orderOf(event.output) }) },
              {
                type: 'noteStock',
                params: ({ event }) => {
                  const r = event.output;
                  return { quantityAvailable: 'quantityAvailable' in r ? r.quantityAvailable : 0 };
                },
              },
              'dequeue',
              'projectCount',
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
                  const r = event.output as Refusal;
                  return { error: { code: r.code, message: r.message, ...('maxItems' in r ? { maxItems: r.maxItems } : {}) } };
                },
              },
              'projectCount',
            ],
          },
        ],
        'xstate.error.actor.mutation': {
          target: 'ready',
          actions: [
            {
              type: 'fail',
              params: ({ event }) => ({ error: { code: 'NETWORK', message: messageOf(event.error), ...unavailableOf(event.error) } }),
            },
            'projectCount',
          ],
        },
      },
      // All three share the invoke id `mutation`: one answer handling above, whichever call it was.
      states: {
        dispatching: {
          always: [{ guard: 'isHeadAdd', target: 'adding' }, { guard: 'isHeadSetQuantity', target: 'adjusting' }, { target: 'removing' }],
        },
        adding: {
          invoke: {
            id: 'mutation',
            src: 'addToCart',
            input: ({ context }) => {
              const head = context.queue[0];
              return head?.kind === 'add'
                ? { productVariantId: head.variantId, quantity: head.quantity }
                : { productVariantId: '', quantity: 0 };
            },
          },
        },
        adjusting: {
          invoke: {
            id: 'mutation',
            src: 'adjustLine',
            input: ({ context }) => {
              const head = context.queue[0];
              return head?.kind === 'setQuantity'
                ? { orderLineId: head.lineId, quantity: head.quantity }
                : { orderLineId: '', quantity: 0 };
            },
          },
        },
        removing: {
          invoke: {
            id: 'mutation',
            src: 'removeLine',
            input: ({ context }) => {
              const head = context.queue[0];
              return { orderLineId: head?.kind === 'remove' ? head.lineId : '' };
            },
          },
        },
      },
    },
  },
});

function orderOf(result: CartMutationResult): Order | null {
  return 'order' in result ? result.order : null;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
