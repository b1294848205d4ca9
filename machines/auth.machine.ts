import { assign, fromPromise, setup } from 'xstate';
import type { LoginResult } from '../services/session.service';
import { validateSignIn, type SignInErrors, type SignInField, type SignInInput } from './schemas/auth.schema';

/**
 * Why the last sign-in failed (the view translates each kind):
 * - invalidCredentials: wrong email or password (the server never says which);
 * - notVerified: the account exists but its email address was not confirmed yet;
 * - rateLimited: too many attempts (HTTP 429 from the backend's limit on `login`);
 * - network: no answer or an unexpected one; the same values can be sent again (retry);
 * - refused: another error result of the server (its message, already in the shop's language).
 */
export type AuthFailure =
  | { kind: 'invalidCredentials' }
  | { kind: 'notVerified' }
  | { kind: 'rateLimited'; retryAfterSeconds: number | null }
  | { kind: 'network' }
  | { kind: 'refused'; message: string };

export interface AuthContext {
  values: SignInInput;
  errors: SignInErrors;
  failure: AuthFailure | null;
  /** Counts submits stopped by validation: the view moves focus to the first invalid field on each. */
  invalidSubmits: number;
}

export type AuthEvent =
  | { type: 'auth.change'; field: SignInField; value: string }
  | { type: 'auth.submit' }
  | { type: 'auth.retry' };

/** What the `login` actor receives: the validated, trimmed email as Vendure's username. */
export interface LoginInput {
  username: string;
  password: string;
}

function toFailure(result: Exclude<LoginResult, { ok: true }>): AuthFailure {
  switch (result.code) {
    case 'INVALID_CREDENTIALS_ERROR':
      return { kind: 'invalidCredentials' };
    case 'NOT_VERIFIED_ERROR':
      return { kind: 'notVerified' };
    case 'RATE_LIMIT_ERROR':
      return { kind: 'rateLimited', retryAfterSeconds: result.retryAfterSeconds };
    default:
      return { kind: 'refused', message: result.message };
  }
}

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
  },
  actors: {
    /**
     * Signs in. The composition root (src/app/actors.ts) calls the Shop API's `login` and, on
     * success, lets the visitor session know before it resolves, so the next page sees a customer.
     */
    login: fromPromise<LoginResult, LoginInput>(async () => {
      throw new Error('login is not provided: wire it in src/app/actors.ts');
    }),
  },
  actions: {
    changeField: assign(({ context, event }) => {
      if (event.type !== 'auth.change') return {};
      const { [event.field]: _dropped, ...errors } = context.errors;
      return { values: { ...context.values, [event.field]: event.value }, errors };
    }),
    storeErrors: assign(({ context }) => {
      const result = validateSignIn(context.values);
      return result.ok ? { errors: {} } : { errors: result.errors, invalidSubmits: context.invalidSubmits + 1 };
    }),
    clearFailure: assign({ failure: null }),
    storeFailure: assign((_, params: { failure: AuthFailure }) => ({ failure: params.failure })),
    // A wrong password is retyped, not resent: the email stays, the password goes.
    forgetPassword: assign(({ context }) => ({ values: { ...context.values, password: '' } })),
  },
  guards: {
    isValid: ({ context }) => validateSignIn(context.values).ok,
    isSignedIn: (_, params: { result: LoginResult }) => params.result.ok,
    isInvalidCredentials: (_, params: { result: LoginResult }) => !params.result.ok && params.result.code === 'INVALID_CREDENTIALS_ERROR',
  },
}).createMachine({
  id: 'auth',
  context: () => ({ values: { email: '', password: '' }, errors: {}, failure: null, invalidSubmits: 0 }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'auth.change': { actions: 'changeField' },
        'auth.submit': 'validating',
      },
    },
    validating: {
      always: [
        { guard: 'isValid', target: 'submitting', actions: 'storeErrors' },
        { target: 'idle', actions: ['storeErrors', 'clearFailure'] },
      ],
    },
    // Further submits are ignored here: one sign-in at a time, never twice for one click.
    submitting: {
      entry: 'clearFailure',
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => {
          const result = validateSignIn(context.values);
          if (!result.ok) throw new Error('submitting entered with invalid values');
          return { username: result.value.email, password: result.value.password };
        },
        onDone: [
          { guard: { type: 'isSignedIn', params: ({ event }) => ({ result: event.output }) }, target: 'succeeded' },
          {
            guard: { type: 'isInvalidCredentials', params: ({ event }) => ({ result: event.output }) },
            target: 'failed',
            actions: [{ type: 'storeFailure', params: { failure: { kind: 'invalidCredentials' } } }, 'forgetPassword'],
          },
          {
            target: 'failed',
            actions: {
              type: 'storeFailure',
              params: ({ event }) => ({ failure: event.output.ok ? { kind: 'network' } : toFailure(event.output) }),
            },
          },
        ],
        onError: { target: 'failed', actions: { type: 'storeFailure', params: { failure: { kind: 'network' } } } },
      },
    },
    // The failure stays on screen while the shopper corrects the form; the next submit clears it.
    failed: {
      on: {
        'auth.change': { actions: 'changeField' },
        'auth.submit': 'validating',
        'auth.retry': 'validating',
      },
    },
    // Signed in; the page navigates to the (safe) redirect target.
    succeeded: { type: 'final' },
  },
});
