import { refusalOf, transitionError } from './checkout.rules';
import { checkoutSetup, orderCodeOf, transitionedOrder, unanswered } from './checkout.setup';

// Back from payment to an earlier step: the order leaves ArrangingPayment so it can change.
export const reopeningState = checkoutSetup.createStateConfig({
  invoke: {
    id: 'reopenOrder',
    src: 'transitionOrder',
    input: { state: 'AddingItems' },
    onDone: [
      {
        guard: { type: 'isFailed', params: ({ event }) => ({ result: event.output }) },
        target: '#checkout.payment.choosing.reopenFailed',
        actions: { type: 'setError', params: ({ event }) => ({ error: transitionError(event.output) }) },
      },
      { guard: { type: 'isGotoOf', params: { step: 'address' } }, target: '#checkout.address', actions: transitionedOrder },
      { guard: { type: 'isGotoOf', params: { step: 'shipping' } }, target: '#checkout.shipping', actions: transitionedOrder },
      { target: '#checkout.review', actions: transitionedOrder },
    ],
    onError: { target: '#checkout.payment.choosing.reopenFailed', actions: unanswered },
  },
});

// Back from the provider's page: the URL is not trusted, the order's live state decides.
export const confirmingState = checkoutSetup.createStateConfig({
  entry: 'resetPolls',
  initial: 'watching',
  states: {
    watching: {
      invoke: {
        id: 'watchOrderState',
        src: 'watchOrderState',
        input: ({ context }) => ({ orderCode: orderCodeOf(context) }),
        onError: { target: 'polling' },
      },
      on: {
        'order.stateChanged': [
          {
            guard: { type: 'isVerdict', params: ({ event }) => ({ update: event.update, verdict: 'paid' }) },
            target: '#checkout.success',
            actions: [{ type: 'storeLiveState', params: ({ event }) => ({ update: event.update }) }, 'storePlacedOrder', 'resetCartCount'],
          },
          {
            guard: { type: 'isVerdict', params: ({ event }) => ({ update: event.update, verdict: 'refused' }) },
            target: '#checkout.payment',
            actions: [
              { type: 'storeLiveState', params: ({ event }) => ({ update: event.update }) },
              { type: 'setError', params: ({ event }) => ({ error: refusalOf(event.update) }) },
            ],
          },
          { actions: { type: 'storeLiveState', params: ({ event }) => ({ update: event.update }) } },
        ],
        'order.watchFailed': { target: 'polling' },
      },
    },
    polling: {
      initial: 'waiting',
      states: {
        waiting: {
          after: {
            pollDelay: [
              { guard: 'hasPollsLeft', target: 'fetching' },
              {
                target: '#checkout.unconfirmed',
                actions: { type: 'setError', params: { error: { code: 'PAYMENT_UNCONFIRMED', message: '' } } },
              },
            ],
          },
        },
        fetching: {
          invoke: {
            id: 'fetchOrderState',
            src: 'fetchOrderState',
            input: ({ context }) => ({ orderCode: orderCodeOf(context) }),
            onDone: [
              {
                guard: { type: 'isVerdict', params: ({ event }) => ({ update: event.output, verdict: 'paid' }) },
                target: '#checkout.success',
                actions: [
                  { type: 'storeLiveState', params: ({ event }) => ({ update: event.output }) },
                  'storePlacedOrder',
                  'resetCartCount',
                ],
              },
              {
                guard: { type: 'isVerdict', params: ({ event }) => ({ update: event.output, verdict: 'refused' }) },
                target: '#checkout.payment',
                actions: [
                  { type: 'storeLiveState', params: ({ event }) => ({ update: event.output }) },
                  { type: 'setError', params: ({ event }) => ({ error: refusalOf(event.output) }) },
                ],
              },
              { target: 'waiting', actions: [{ type: 'storeLiveState', params: ({ event }) => ({ update: event.output }) }, 'countPoll'] },
            ],
            onError: { target: 'waiting', actions: 'countPoll' },
          },
        },
      },
    },
  },
});
