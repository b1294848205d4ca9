import { describe } from 'vitest';
import type { EventObject } from 'xstate';
import { orderCancelMachine } from '../../../machines/order-cancel.machine';
import type { CancelOrderResult } from '../../../services/orders.service';
import { never, pathTable, shortestPathPerState, type PathRow } from './path-kit';

describe('order-cancel machine paths', () => {
  const machine = orderCancelMachine.provide({
    actors: { cancelOrder: never<CancelOrderResult, { orderCode: string; reason?: string }>() },
  });
  const input = { orderCode: 'ORD-7', orderState: 'PaymentSettled' };
  const events: EventObject[] = [
    { type: 'cancel.open' },
    { type: 'cancel.confirm' },
    { type: 'cancel.dismiss' },
    { type: 'xstate.done.actor.cancelOrder', output: { ok: true, order: { id: '7', code: 'ORD-7', state: 'Cancelled' } } } as EventObject,
    {
      type: 'xstate.done.actor.cancelOrder',
      output: { ok: false, code: 'CANCEL_ORDER_ERROR', message: 'CANCEL_ORDER_NOT_CANCELLABLE', state: 'Shipped' },
    } as EventObject,
    { type: 'xstate.error.actor.cancelOrder', error: new Error('offline') } as EventObject,
  ];
  const paths = shortestPathPerState(machine, {
    events,
    input,
    serialize: (s) => JSON.stringify([s.value, s.context.orderState, s.context.refusal]),
  });
  const table: PathRow[] = [
    { state: 'idle', via: '(start)', context: { orderState: 'PaymentSettled', refusal: null } },
    { state: 'confirming', via: 'cancel.open', context: { refusal: null } },
    { state: 'cancelling', via: 'cancel.open → cancel.confirm', context: { orderCode: 'ORD-7' } },
    {
      state: 'cancelled',
      via: 'cancel.open → cancel.confirm → done:cancelOrder(ok)',
      context: { orderState: 'Cancelled', cancelledOrder: { code: 'ORD-7' }, refusal: null },
    },
    {
      state: 'refused',
      via: 'cancel.open → cancel.confirm → done:cancelOrder(CANCEL_ORDER_ERROR)',
      context: { refusal: 'cancel.notCancellable', refusedInState: 'Shipped', orderState: 'Shipped', cancelledOrder: null },
    },
  ];
  pathTable(machine, paths, input, table);
});
