import { assign, fromPromise, raise, sendParent, setup } from 'xstate';
import type { CheckUserResult } from '../services/session.service';

// Spec §7/§9: the optional token sync is skipped for tokens older than 5 minutes.
export const TOKEN_SYNC_MAX_AGE_MS = 5 * 60 * 1000;

export interface SessionInput {
  /** Token read by the composition root from the cookie or local storage (null: none). */
  token: string | null;
  /** When that token was issued (epoch ms), if known. */
  tokenIssuedAt?: number | null;
  /** Same-origin address for the optional token sync; null/undefined disables it. */
  tokenSyncUrl?: string | null;
}

export interface SessionContext {
  token: string | null;
  tokenIssuedAt: number | null;
  tokenSyncUrl: string | null;
  customerId: string | null;
}

export type SessionEvent =
  | { type: 'session.tokenChanged'; token: string }
  | { type: 'session.signedIn'; token?: string | null; customerId?: string | null }
  | { type: 'session.signedOut' }
  | { type: 'session.refresh' }
  /** Internal: a token was stored / forgotten; drives the optional token sync. */
  | { type: 'session.tokenStored' }
  | { type: 'session.tokenForgotten' };

export function isTokenFresh(issuedAt: number | null, now: number): boolean {
  return issuedAt !== null && now - issuedAt <= TOKEN_SYNC_MAX_AGE_MS;
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    createSession: fromPromise<{ token: string }, void>(async () => {
      throw new Error('createSession is not provided: wire it in src/app/actors.ts');
    }),
    checkUser: fromPromise<CheckUserResult, { token: string | null }>(async () => {
      throw new Error('checkUser is not provided: wire it in src/app/actors.ts');
    }),
  },
  actions: {
    // Side effects implemented by the composition root (storage, cookie, fetch).
    storeToken: (_, _params: { token: string }) => {},
    forgetToken: () => {},
    syncToken: (_, _params: { url: string; token: string }) => {},
    unsyncToken: (_, _params: { url: string }) => {},
    setToken: assign((_, params: { token: string; issuedAt: number }) => ({
      token: params.token,
      tokenIssuedAt: params.issuedAt,
    })),
    applyCheck: assign((_, params: CheckUserResult) => ({ customerId: params.customerId })),
    // The counts are the cart's and the wishlist's (their machines own them): the parent (shop
    // machine) hands the check's answer on as a hint. A standalone session must have it provided.
    reportCheck: sendParent((_, params: CheckUserResult) => ({ type: 'session.checked' as const, ...params })),
    clearUser: assign({ customerId: null, token: null, tokenIssuedAt: null }),
    applySignIn: assign(({ context, event }) => {
      if (event.type !== 'session.signedIn') return {};
      // The check that follows confirms the id; a sign-in may not know it yet (login returns the user).
      const customerId = event.customerId ?? context.customerId;
      if (!event.token || event.token === context.token) return { customerId };
      return { customerId, token: event.token, tokenIssuedAt: Date.now() };
    }),
    announceTokenStored: raise({ type: 'session.tokenStored' }),
    announceTokenForgotten: raise({ type: 'session.tokenForgotten' }),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    isLoggedIn: (_, params: { customerId: string | null }) => params.customerId !== null,
    isNewToken: ({ context, event }) => event.type === 'session.tokenChanged' && event.token !== context.token,
    canSyncToken: ({ context }) =>
      context.tokenSyncUrl !== null && context.token !== null && isTokenFresh(context.tokenIssuedAt, Date.now()),
    isKnownCustomer: ({ context }) => context.customerId !== null,
    isUnknownToken: ({ context }, params: { token: string }) => params.token !== context.token,
    hasNewSignInToken: ({ context, event }) => event.type === 'session.signedIn' && !!event.token && event.token !== context.token,
    hasSyncUrl: ({ context }) => context.tokenSyncUrl !== null,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    token: input.token,
    tokenIssuedAt: input.token ? (input.tokenIssuedAt ?? null) : null,
    tokenSyncUrl: input.tokenSyncUrl ?? null,
    customerId: null,
  }),
  initial: 'starting',
  on: {
    // The client reports every vendure-auth-token header; only a different token is news.
    'session.tokenChanged': {
      guard: 'isNewToken',
      actions: [
        { type: 'setToken', params: ({ event }) => ({ token: event.token, issuedAt: Date.now() }) },
        { type: 'storeToken', params: ({ event }) => ({ token: event.token }) },
        'announceTokenStored',
      ],
    },
    // Spec §4 (social login): store token and id, then check (the check's counts go to the parent).
    'session.signedIn': [
      {
        guard: 'hasNewSignInToken',
        target: '.checking',
        actions: ['applySignIn', { type: 'storeToken', params: ({ event }) => ({ token: event.token ?? '' }) }, 'announceTokenStored'],
      },
      // Same token (cookie session, or the header already delivered it): still a sign-in.
      { target: '.checking', actions: ['applySignIn', 'announceTokenStored'] },
    ],
    // The logout mutation already ran; the old token is dead, so start a fresh anonymous session.
    'session.signedOut': {
      target: '.creatingSession',
      actions: ['clearUser', 'forgetToken', 'announceTokenForgotten'],
    },
    // Spec §7: POST with bearer after each sign-in or token change, unless the token is older
    // than 5 minutes; DELETE without a header on sign-out. Only with a tokenSyncUrl.
    'session.tokenStored': {
      guard: 'canSyncToken',
      actions: { type: 'syncToken', params: ({ context }) => ({ url: context.tokenSyncUrl ?? '', token: context.token ?? '' }) },
    },
    'session.tokenForgotten': {
      guard: 'hasSyncUrl',
      actions: { type: 'unsyncToken', params: ({ context }) => ({ url: context.tokenSyncUrl ?? '' }) },
    },
  },
  states: {
    starting: {
      always: [{ guard: 'hasToken', target: 'checking' }, { target: 'creatingSession' }],
    },
    // Spec §4: an anonymous session is created when no token exists.
    creatingSession: {
      invoke: {
        id: 'createSession',
        src: 'createSession',
        onDone: [
          {
            // The response header usually delivered this token already (session.tokenChanged).
            guard: { type: 'isUnknownToken', params: ({ event }) => ({ token: event.output.token }) },
            target: 'anonymous',
            actions: [
              { type: 'setToken', params: ({ event }) => ({ token: event.output.token, issuedAt: Date.now() }) },
              { type: 'storeToken', params: ({ event }) => ({ token: event.output.token }) },
              'announceTokenStored',
            ],
          },
          { target: 'anonymous' },
        ],
        // Offline or backend down: browse anonymously; the client picks up a token later.
        onError: 'anonymous',
      },
    },
    // Spec §4: logged in when the current-user check returns an id.
    checking: {
      invoke: {
        id: 'checkUser',
        src: 'checkUser',
        input: ({ context }) => ({ token: context.token }),
        onDone: [
          {
            guard: { type: 'isLoggedIn', params: ({ event }) => ({ customerId: event.output.customerId }) },
            target: 'loggedIn',
            actions: [
              { type: 'applyCheck', params: ({ event }) => event.output },
              { type: 'reportCheck', params: ({ event }) => event.output },
            ],
          },
          {
            target: 'anonymous',
            actions: [
              { type: 'applyCheck', params: ({ event }) => event.output },
              { type: 'reportCheck', params: ({ event }) => event.output },
            ],
          },
        ],
        // Keep what we know; a failed check must not log the shopper out.
        onError: [{ guard: 'isKnownCustomer', target: 'loggedIn' }, { target: 'anonymous' }],
      },
    },
    anonymous: {
      on: { 'session.refresh': 'checking' },
    },
    loggedIn: {
      on: { 'session.refresh': 'checking' },
    },
  },
});
