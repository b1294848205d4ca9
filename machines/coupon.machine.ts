import { assign, fromPromise, setup } from 'xstate';
import type { ApplyCouponResult, Order } from '../services/cart.service';
import { unavailableOf } from './lib/network-failure';

export interface CouponError {
  /** Spec §8: expired, invalid and limit-reached each have their own message; EMPTY and NETWORK are ours. */
  code: Exclude<ApplyCouponResult, { ok: true }>['code'] | 'EMPTY' | 'NETWORK';
  message: string;
  limit?: number;
  /** COUPON_CODE_COMBINATION_ERROR only: the coupon already on the order (one per order). */
  appliedCouponCode?: string;
  /** NETWORK only: the shop answered but its backend did not (the store, not the connection). */
  unavailable?: true;
}

export interface CouponContext {
  error: CouponError | null;
  /** What the last request was, for a retry after a network failure. */
  last: { kind: 'apply' | 'remove'; code: string } | null;
  /** The code just applied (the view announces it). */
  applied: string | null;
}

export type CouponEvent =
  { type: 'coupon.apply'; code: string } | { type: 'coupon.remove'; code: string } | { type: 'coupon.retry' } | { type: 'coupon.dismiss' };

export const couponMachine = setup({
  types: {
    context: {} as CouponContext,
    events: {} as CouponEvent,
  },
  actors: {
    applyCoupon: fromPromise<ApplyCouponResult, { code: string }>(async () => {
      throw new Error('applyCoupon is not provided: wire it in src/app/actors.ts');
    }),
    removeCoupon: fromPromise<Order | null, { code: string }>(async () => {
      throw new Error('removeCoupon is not provided: wire it in src/app/actors.ts');
    }),
  },
  actions: {
    // The composition root hands the new order to the cart actor, so totals update everywhere.
    orderChanged: (_, _params: { order: Order | null }) => {},
    remember: assign((_, params: { kind: 'apply' | 'remove'; code: string }) => ({ last: params, error: null, applied: null })),
    setError: assign((_, params: { error: CouponError }) => ({ error: params.error })),
    setApplied: assign(({ context }) => ({ applied: context.last?.kind === 'apply' ? context.last.code : null })),
    clear: assign({ error: null, applied: null }),
  },
  guards: {
    isBlank: ({ event }) => event.type === 'coupon.apply' && event.code.trim() === '',
    isOk: (_, params: { result: ApplyCouponResult }) => params.result.ok,
    lastWasApply: ({ context }) => context.last?.kind === 'apply',
    lastWasRemove: ({ context }) => context.last?.kind === 'remove',
  },
}).createMachine({
  id: 'coupon',
  context: { error: null, last: null, applied: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'coupon.apply': [
          { guard: 'isBlank', actions: { type: 'setError', params: { error: { code: 'EMPTY', message: '' } } } },
          {
            target: 'applying',
            actions: { type: 'remember', params: ({ event }) => ({ kind: 'apply' as const, code: event.code.trim() }) },
          },
        ],
        'coupon.remove': {
          target: 'removing',
          actions: { type: 'remember', params: ({ event }) => ({ kind: 'remove' as const, code: event.code }) },
        },
        'coupon.retry': [
          { guard: 'lastWasApply', target: 'applying', actions: 'clear' },
          { guard: 'lastWasRemove', target: 'removing', actions: 'clear' },
        ],
        'coupon.dismiss': { actions: 'clear' },
      },
    },
    // A click while a request is out is ignored: one coupon call at a time.
    applying: {
      invoke: {
        src: 'applyCoupon',
        input: ({ context }) => ({ code: context.last?.code ?? '' }),
        onDone: [
          {
            guard: { type: 'isOk', params: ({ event }) => ({ result: event.output }) },
            target: 'idle',
            actions: [
              { type: 'orderChanged', params: ({ event }) => ({ order: event.output.ok ? event.output.order : null }) },
              'setApplied',
            ],
          },
          {
            target: 'idle',
            actions: {
              type: 'setError',
              params: ({ event }) => {
                const r = event.output as Exclude<ApplyCouponResult, { ok: true }>;
                return {
                  error: {
                    code: r.code,
                    message: r.message,
                    ...('limit' in r ? { limit: r.limit } : {}),
                    ...('appliedCouponCode' in r ? { appliedCouponCode: r.appliedCouponCode } : {}),
                  },
                };
              },
            },
          },
        ],
        onError: {
          target: 'idle',
          actions: {
            type: 'setError',
            params: ({ event }) => ({ error: { code: 'NETWORK', message: messageOf(event.error), ...unavailableOf(event.error) } }),
          },
        },
      },
    },
    removing: {
      invoke: {
        src: 'removeCoupon',
        input: ({ context }) => ({ code: context.last?.code ?? '' }),
        onDone: { target: 'idle', actions: { type: 'orderChanged', params: ({ event }) => ({ order: event.output }) } },
        onError: {
          target: 'idle',
          actions: {
            type: 'setError',
            params: ({ event }) => ({ error: { code: 'NETWORK', message: messageOf(event.error), ...unavailableOf(event.error) } }),
          },
        },
      },
    },
  },
});

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
