import { assign, fromPromise, setup } from 'xstate';
import { isStoreUnavailable } from './lib/network-failure';
import type { CancelOrderResult } from '../services/orders.service';

export interface OrderCancelInput {
  orderCode: string;
  /** The order's state when the page loaded: the backend lets a customer cancel only these. */
  orderState: string;
}

/** server/src/plugins/account/services/order-cancel.service.ts (CUSTOMER_CANCELLABLE_STATES). */
export const CUSTOMER_CANCELLABLE_STATES: readonly string[] = ['ArrangingPayment', 'PaymentAuthorized', 'PaymentSettled'];
export const CANCEL_REASON_MAX = 500;

export type OrderCancelRefusal = 'cancel.notFound' | 'cancel.notCancellable' | 'cancel.failed' | 'store.unavailable';

export interface OrderCancelContext {
  orderCode: string;
  orderState: string;
  reason: string;
  refusal: OrderCancelRefusal | null;
  /** The state the server reported when it refused (e.g. Shipped), for the message. */
  refusedInState: string | null;
  cancelledOrder: Extract<CancelOrderResult, { ok: true }>['order'] | null;
}

export type OrderCancelEvent =
  { type: 'cancel.open' } | { type: 'cancel.changeReason'; value: string } | { type: 'cancel.confirm' } | { type: 'cancel.dismiss' };

const REFUSALS: Record<string, OrderCancelRefusal> = {
  CANCEL_ORDER_NOT_FOUND: 'cancel.notFound',
  CANCEL_ORDER_NOT_CANCELLABLE: 'cancel.notCancellable',
};

export const orderCancelMachine = setup({
  types: {
    context: {} as OrderCancelContext,
    events: {} as OrderCancelEvent,
    input: {} as OrderCancelInput,
  },
  actors: {
    cancelOrder: fromPromise<CancelOrderResult, { orderCode: string; reason?: string }>(async () => {
      throw new Error('cancelOrder is not provided: wire it in the composition root');
    }),
  },
  actions: {
    changeReason: assign(({ event }) => (event.type === 'cancel.changeReason' ? { reason: event.value.slice(0, CANCEL_REASON_MAX) } : {})),
    clearRefusal: assign({ refusal: null, refusedInState: null }),
    storeCancelled: assign((_, params: { order: OrderCancelContext['cancelledOrder'] }) => ({
      cancelledOrder: params.order,
      orderState: params.order?.state ?? 'Cancelled',
    })),
    // The server's state wins over the page's: a refused order stays uncancellable here too.
    storeRefusal: assign(({ context }, params: { message: string; state: string | null }) => ({
      refusal: REFUSALS[params.message] ?? ('cancel.failed' as const),
      refusedInState: params.state,
      orderState: params.state ?? context.orderState,
    })),
    storeNetworkFailure: assign((_, params: { error: unknown }) => ({
      refusal: isStoreUnavailable(params.error) ? ('store.unavailable' as const) : ('cancel.failed' as const),
      refusedInState: null,
    })),
  },
  guards: {
    isCancellable: ({ context }) => CUSTOMER_CANCELLABLE_STATES.includes(context.orderState),
    isCancelled: (_, params: { result: CancelOrderResult }) => params.result.ok,
  },
}).createMachine({
  id: 'orderCancel',
  context: ({ input }) => ({
    orderCode: input.orderCode,
    orderState: input.orderState,
    reason: '',
    refusal: null,
    refusedInState: null,
    cancelledOrder: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'cancel.open': { guard: 'isCancellable', target: 'confirming' } },
    },
    confirming: {
      on: {
        'cancel.changeReason': { actions: 'changeReason' },
        'cancel.confirm': 'cancelling',
        'cancel.dismiss': 'idle',
      },
    },
    cancelling: {
      entry: 'clearRefusal',
      invoke: {
        id: 'cancelOrder',
        src: 'cancelOrder',
        input: ({ context }) => ({ orderCode: context.orderCode, reason: context.reason.trim() || undefined }),
        onDone: [
          {
            guard: { type: 'isCancelled', params: ({ event }) => ({ result: event.output }) },
            target: 'cancelled',
            actions: { type: 'storeCancelled', params: ({ event }) => ({ order: event.output.ok ? event.output.order : null }) },
          },
          {
            target: 'refused',
            actions: {
              type: 'storeRefusal',
              params: ({ event }) =>
                event.output.ok ? { message: '', state: null } : { message: event.output.message, state: event.output.state },
            },
          },
        ],
        onError: { target: 'confirming', actions: { type: 'storeNetworkFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    cancelled: { type: 'final' },
    refused: {
      on: { 'cancel.dismiss': 'idle' },
    },
  },
});
