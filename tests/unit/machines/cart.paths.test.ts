import { describe } from 'vitest';
import type { EventObject } from 'xstate';
import { cartMachine } from '../../../machines/cart.machine';
import type { CartUpdateResult, Order, RemoveLineResult } from '../../../services/cart.service';
import { fakeOrder } from './cart-fixtures';
import { never, pathTable, shortestPathPerState, type PathRow } from './path-kit';

const machine = cartMachine.provide({
  actors: {
    fetchActiveOrder: never<Order | null, void>(),
    addToCart: never<CartUpdateResult, { productVariantId: string; quantity: number }>(),
    adjustLine: never<CartUpdateResult, { orderLineId: string; quantity: number }>(),
    removeLine: never<RemoveLineResult, { orderLineId: string }>(),
  },
  actions: { announceChange: () => {} },
});
const oneLine = fakeOrder([{ id: 'l1', variantId: 'v1', quantity: 1 }]);
const events: EventObject[] = [
  { type: 'cart.sync' },
  { type: 'cart.hold' },
  { type: 'cart.add', variantId: 'v2', quantity: 1 } as EventObject,
  { type: 'cart.setQuantity', lineId: 'l1', quantity: 3 } as EventObject,
  { type: 'cart.remove', lineId: 'l1' } as EventObject,
  { type: 'cart.retry' },
  { type: 'cart.dismiss' },
  { type: 'session.checked', customerId: null, cartCount: 4, wishlistCount: 0 } as EventObject,
  { type: 'xstate.done.actor.fetchActiveOrder', output: oneLine } as EventObject,
  { type: 'xstate.error.actor.fetchActiveOrder', error: new Error('offline') } as EventObject,
  { type: 'xstate.done.actor.mutation', output: { ok: true, order: oneLine } } as EventObject,
  {
    type: 'xstate.done.actor.mutation',
    output: { ok: false, code: 'INSUFFICIENT_STOCK_ERROR', message: 'only 2', quantityAvailable: 2, order: oneLine },
  } as EventObject,
  { type: 'xstate.done.actor.mutation', output: { ok: false, code: 'ORDER_LIMIT_ERROR', message: 'limit', maxItems: 20 } } as EventObject,
  { type: 'xstate.error.actor.mutation', error: new Error('offline') } as EventObject,
];

describe('cart machine paths', () => {
  const paths = shortestPathPerState(machine, {
    events,
    serialize: (s) =>
      JSON.stringify([
        s.value,
        s.context.count,
        s.context.queue,
        s.context.failed?.error.code ?? null,
        s.context.failed?.intents.length ?? 0,
        s.context.stockNotice !== null,
        s.context.syncPending,
        s.context.order?.lines.length ?? null,
      ]),
  });
  const table: PathRow[] = [
    { state: 'waiting', via: '(start)', context: { count: null, queue: [], order: null } },
    { state: 'loading', via: 'cart.sync', context: { count: null, queue: [], failed: null } },
    {
      state: 'loadFailed',
      via: 'cart.sync → error:fetchActiveOrder',
      context: { count: null, failed: { error: { code: 'LOAD_FAILED' }, intents: [] } },
    },
    { state: 'ready', via: 'cart.sync → done:fetchActiveOrder', context: { count: 1, queue: [], failed: null, syncPending: false } },
    // A click during the first load is kept and sent once the order is there.
    {
      state: 'mutating.adding',
      via: 'cart.sync → cart.add → done:fetchActiveOrder',
      context: { count: 2, queue: [{ kind: 'add', variantId: 'v2', quantity: 1 }] },
    },
    {
      state: 'mutating.adjusting',
      via: 'cart.sync → cart.setQuantity → done:fetchActiveOrder',
      context: { count: 1, queue: [{ kind: 'setQuantity', lineId: 'l1', quantity: 3 }] },
    },
    {
      state: 'mutating.removing',
      via: 'cart.sync → cart.remove → done:fetchActiveOrder',
      context: { count: 0, queue: [{ kind: 'remove', lineId: 'l1' }] },
    },
  ];
  pathTable(machine, paths, undefined, table);
});
