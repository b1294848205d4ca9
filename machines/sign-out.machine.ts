import { assign, fromPromise, setup } from 'xstate';
import { unavailableOf } from './lib/network-failure';

// Signing out (profile). Spec §4: it succeeds only when the response reports success; until then
// nothing local is touched, so a failed sign-out leaves the shopper signed in and able to retry.

export type SignOutFailure = { kind: 'refused' } | { kind: 'network'; unavailable?: true };

export interface SignOutContext {
  failure: SignOutFailure | null;
}

export type SignOutEvent = { type: 'signOut.submit' } | { type: 'signOut.retry' };

export const signOutMachine = setup({
  types: {
    context: {} as SignOutContext,
    events: {} as SignOutEvent,
  },
  actors: {
    /** The Shop API's `logout`: its `success` flag. */
    logout: fromPromise<boolean, void>(() => Promise.reject(new Error('logout is not provided: wire it in src/app/actors.ts'))),
  },
  actions: {
    /** Composition root: forget token and customer, zero the counts, drop the live cart. */
    clearLocalState: () => {},
    clearFailure: assign({ failure: null }),
    storeFailure: assign((_, params: { failure: SignOutFailure }) => ({ failure: params.failure })),
  },
  guards: {
    isSuccess: (_, params: { success: boolean }) => params.success,
  },
}).createMachine({
  id: 'signOut',
  context: { failure: null },
  initial: 'idle',
  states: {
    idle: { on: { 'signOut.submit': 'signingOut' } },
    // Ignores further clicks: one logout call at a time.
    signingOut: {
      entry: 'clearFailure',
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: [
          {
            guard: { type: 'isSuccess', params: ({ event }) => ({ success: event.output }) },
            target: 'signedOut',
            actions: 'clearLocalState',
          },
          { target: 'failed', actions: { type: 'storeFailure', params: { failure: { kind: 'refused' } } } },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'storeFailure', params: ({ event }) => ({ failure: { kind: 'network', ...unavailableOf(event.error) } }) },
        },
      },
    },
    failed: { on: { 'signOut.submit': 'signingOut', 'signOut.retry': 'signingOut' } },
    signedOut: { type: 'final' },
  },
});
