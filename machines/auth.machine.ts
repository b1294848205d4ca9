import { assign, fromPromise, raise, setup } from 'xstate';
import type { AuthenticateResult, CurrentUser, LoginResult, RegisterResult, VerifyAccountResult } from '../services/session.service';
import { RESEND_COOLDOWN_SECONDS, SOCIAL_RELOAD_DELAY_MS, isCodeSpent, type AuthFailure, type RateLimited } from './lib/auth-failure';
import { formStates, refused, unanswered, type Outcome } from './lib/form-states';
import { validateForm, type AuthErrors, type AuthField, type AuthForm, type AuthValues } from './schemas/auth.schema';

export type { AuthFailure } from './lib/auth-failure';

// The shopper's way into an account: entry -> sign-in | registration -> e-mail code -> signed in,
// and social sign-in from any of the forms. Forgotten passwords: password-reset.machine.ts;
// signing out: sign-out.machine.ts.

/** Where a page starts the machine: `/auth` (entry), `/auth/login`, registration, `/auth/otp`. */
export type AuthStart = 'entry' | 'signIn' | 'register' | 'verify';

export interface AuthInput {
  start?: AuthStart;
  /** Prefills the forms; required to start at `verify` (the address the code was sent to). */
  email?: string;
  /**
   * Starting at `verify`: seconds left of the resend cooldown another page began (the form that
   * sent the code hands the step over to `/auth/otp`), so the wait carries on instead of resetting.
   */
  resendIn?: number;
}

export interface AuthContext {
  /** The step the machine opened on (`verify` only with an address to verify). */
  start: AuthStart;
  values: AuthValues;
  errors: AuthErrors;
  failure: AuthFailure | null;
  /** Counts submits stopped by validation: the view moves focus to the first invalid field on each. */
  invalidSubmits: number;
  /** The account whose address is being confirmed; its password when this visit typed it. */
  pending: { email: string; password: string | null } | null;
  /** Seconds until another code may be requested (0: now); ticks down once a second. */
  resendIn: number;
  /** Codes requested in this verification, so the view can say "a new code was sent". */
  codesResent: number;
  user: CurrentUser | null;
  /** The ID token being exchanged; dropped once the call settles. */
  social: { provider: string; token: string; popup: boolean } | null;
  /** The signed-in came from a sign-in popup: the page reloads after 1 s (spec §4). */
  popupSignIn: boolean;
}

export type AuthEvent =
  | { type: 'auth.change'; field: AuthField; value: string }
  | { type: 'auth.submit' }
  | { type: 'auth.retry' }
  | { type: 'auth.showSignIn' }
  | { type: 'auth.showRegister' }
  /** A provider's ID token, obtained by the view (popup or redirect). */
  | { type: 'auth.social'; provider: string; token: string; popup: boolean }
  | { type: 'auth.resend' }
  /** Internal: a new code is on its way; the old one is void. */
  | { type: 'auth.codeSent' };

/** What the `login` actor receives: the validated, trimmed email as Vendure's username. */
export interface LoginInput {
  username: string;
  password: string;
}

export interface RegisterInput {
  emailAddress: string;
  password: string;
  firstName: string;
  lastName: string;
}

export interface VerifyAccountInput {
  code: string;
  email: string;
  /** The password typed in this visit; the server ignores it when one is stored already. */
  password?: string;
}

/** `register` today throws on the backend's HTTP 429: the service must return this instead. */
export type RegisterOutcome = RegisterResult | RateLimited;
/** `refreshVerify` today resolves a boolean and throws on HTTP 429: the service must return this. */
export type ResendCodeResult = { ok: true } | RateLimited;
/** `authenticateWithIdToken` must turn the backend's HTTP 429 into a result too. */
export type AuthenticateOutcome = AuthenticateResult | RateLimited;

function formValue<F extends AuthForm>(form: F, values: AuthValues) {
  const result = validateForm(form, values);
  if (!result.ok) throw new Error(`${form} submitted with invalid values`);
  return result.value;
}

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} is not provided: wire it in src/app/actors.ts`));

const authSetup = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
  },
  actors: {
    login: fromPromise<LoginResult, LoginInput>(notProvided('login')),
    registerAccount: fromPromise<RegisterOutcome, RegisterInput>(notProvided('registerAccount')),
    verifyAccount: fromPromise<VerifyAccountResult, VerifyAccountInput>(notProvided('verifyAccount')),
    resendCode: fromPromise<ResendCodeResult, { emailAddress: string }>(notProvided('resendCode')),
    authenticate: fromPromise<AuthenticateOutcome, { provider: string; token: string }>(notProvided('authenticate')),
    /** Resolves once the session has checked the new customer (or gave up): then the page moves on. */
    confirmSession: fromPromise<void, void>(notProvided('confirmSession')),
  },
  delays: {
    resendTick: 1000,
    socialReloadDelay: SOCIAL_RELOAD_DELAY_MS,
  },
  actions: {
    // Side effects of a sign-in, implemented by the composition root (spec §4).
    /**
     * Logged-in flag, token and id stored (the session). The session then checks the customer, and
     * the shop machine reloads the cart and the wishlist: the header's counts follow from that.
     */
    storeSignIn: (_, _params: { user: CurrentUser | null }) => {},
    /** Whole-page reload after a popup sign-in. */
    reloadPage: () => {},

    changeField: assign(({ context, event }) => {
      if (event.type !== 'auth.change') return {};
      const { [event.field]: _dropped, ...errors } = context.errors;
      return { values: { ...context.values, [event.field]: event.value }, errors };
    }),
    storeErrors: assign(({ context }, params: { form: AuthForm }) => {
      const result = validateForm(params.form, context.values);
      return result.ok ? { errors: {} } : { errors: result.errors, invalidSubmits: context.invalidSubmits + 1 };
    }),
    clearErrors: assign({ errors: {} }),
    clearFailure: assign({ failure: null }),
    storeFailure: assign((_, params: { failure: AuthFailure }) => ({ failure: params.failure })),
    // A wrong password is retyped, not resent: the email stays, the password goes.
    forgetPassword: assign(({ context }) => ({ values: { ...context.values, password: '' } })),
    storeUser: assign((_, params: { result: { ok: true; user: CurrentUser } | { ok: false } }) =>
      params.result.ok ? { user: params.result.user } : {},
    ),
    startVerification: assign(({ context }, params: { form: 'signIn' | 'registration' }) => {
      const { email, password } = formValue(params.form, context.values);
      return { pending: { email, password }, values: { ...context.values, code: '' }, codesResent: 0 };
    }),
    startCooldown: assign((_, params: { seconds: number | null }) => ({ resendIn: params.seconds ?? RESEND_COOLDOWN_SECONDS })),
    tickCooldown: assign(({ context }) => ({ resendIn: Math.max(0, context.resendIn - 1) })),
    countResend: assign(({ context }) => ({ codesResent: context.codesResent + 1 })),
    announceCodeSent: raise({ type: 'auth.codeSent' }),
    clearPending: assign({ pending: null, resendIn: 0 }),
    clearCode: assign(({ context }) => ({ values: { ...context.values, code: '' } })),
    storeSocial: assign(({ event }) =>
      event.type === 'auth.social' ? { social: { provider: event.provider, token: event.token, popup: event.popup } } : {},
    ),
    finishSocial: assign(({ context }) => ({ popupSignIn: context.social?.popup ?? false, social: null })),
    dropSocial: assign({ social: null }),
  },
  guards: {
    isValid: ({ context }, params: { form: AuthForm }) => validateForm(params.form, context.values).ok,
    startsAt: ({ context }, params: { start: AuthStart }) => context.start === params.start,
    isOk: (_, params: { result: Outcome }) => params.result.ok,
    hasCode: (_, params: { result: Outcome; code: string }) => !params.result.ok && params.result.code === params.code,
    isCodeSpent: (_, params: { result: Outcome }) => !params.result.ok && isCodeSpent(params.result),
    isCoolingDown: ({ context }) => context.resendIn > 1,
    isPopupSignIn: ({ context }) => context.popupSignIn,
    isResendWaiting: ({ context }) => context.start === 'verify' && context.resendIn > 0,
  },
});

const authForm = formStates<AuthEvent>('auth');
const toSocial = { target: '#auth.social', actions: 'storeSocial' } as const;

export const authMachine = authSetup.createMachine({
  id: 'auth',
  context: ({ input }) => ({
    start: input.start === 'verify' && !input.email?.trim() ? 'entry' : (input.start ?? 'entry'),
    values: { email: input.email ?? '', password: '', firstName: '', lastName: '', code: '' },
    errors: {},
    failure: null,
    invalidSubmits: 0,
    pending: input.start === 'verify' && input.email?.trim() ? { email: input.email.trim(), password: null } : null,
    resendIn: input.start === 'verify' && input.email?.trim() ? Math.max(0, Math.floor(input.resendIn ?? 0)) : 0,
    codesResent: 0,
    user: null,
    social: null,
    popupSignIn: false,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'isResendWaiting', target: '#auth.verifying.resend.coolingDown' },
        { guard: { type: 'startsAt', params: { start: 'verify' } }, target: 'verifying' },
        { guard: { type: 'startsAt', params: { start: 'signIn' } }, target: 'forms.signIn' },
        { guard: { type: 'startsAt', params: { start: 'register' } }, target: 'forms.register' },
        { target: 'forms.entry' },
      ],
    },
    forms: {
      initial: 'entry',
      states: {
        // `/auth`: a choice between signing in and creating an account, and the social buttons.
        entry: {
          on: {
            'auth.showSignIn': 'signIn',
            'auth.showRegister': 'register',
            'auth.social': toSocial,
          },
        },
        signIn: {
          initial: 'editing',
          entry: 'clearErrors',
          // Further submits are ignored while submitting: one sign-in at a time, never twice for one
          // click. A failure stays on screen while the shopper corrects the form; the next submit clears it.
          states: authForm(
            'signIn',
            'submitting',
            authSetup.createStateConfig({
              invoke: {
                id: 'login',
                src: 'login',
                input: ({ context }) => {
                  const { email, password } = formValue('signIn', context.values);
                  return { username: email, password };
                },
                onDone: [
                  {
                    guard: { type: 'isOk', params: ({ event }) => ({ result: event.output }) },
                    target: '#auth.signedIn',
                    actions: { type: 'storeUser', params: ({ event }) => ({ result: event.output }) },
                  },
                  // Not verified yet: straight on to the code, with a fresh one (the first may be lost or expired).
                  {
                    guard: { type: 'hasCode', params: ({ event }) => ({ result: event.output, code: 'NOT_VERIFIED_ERROR' }) },
                    target: '#auth.verifying.resend.sending',
                    actions: { type: 'startVerification', params: { form: 'signIn' } },
                  },
                  {
                    guard: { type: 'hasCode', params: ({ event }) => ({ result: event.output, code: 'INVALID_CREDENTIALS_ERROR' }) },
                    target: 'failed',
                    actions: [{ type: 'storeFailure', params: { failure: { kind: 'invalidCredentials' } } }, 'forgetPassword'],
                  },
                  { target: 'failed', actions: refused },
                ],
                onError: { target: 'failed', actions: unanswered },
              },
            }),
            { on: { 'auth.showRegister': '#auth.forms.register', 'auth.social': toSocial } },
          ),
        },
        register: {
          initial: 'editing',
          entry: 'clearErrors',
          states: authForm(
            'registration',
            'submitting',
            authSetup.createStateConfig({
              invoke: {
                id: 'registerAccount',
                src: 'registerAccount',
                input: ({ context }) => {
                  const { email, ...rest } = formValue('registration', context.values);
                  return { emailAddress: email, ...rest };
                },
                onDone: [
                  // The server mailed the first code with the registration: a resend waits its turn.
                  {
                    guard: { type: 'isOk', params: ({ event }) => ({ result: event.output }) },
                    target: '#auth.verifying.resend.coolingDown',
                    actions: [
                      { type: 'startVerification', params: { form: 'registration' } },
                      { type: 'startCooldown', params: { seconds: null } },
                    ],
                  },
                  { target: 'failed', actions: refused },
                ],
                onError: { target: 'failed', actions: unanswered },
              },
            }),
            { on: { 'auth.showSignIn': '#auth.forms.signIn', 'auth.social': toSocial } },
          ),
        },
        // A failed social sign-in returns to the form it started from, its message shown there.
        previous: { type: 'history' },
      },
    },
    // Ignores every other event: one exchange of one ID token at a time.
    social: {
      entry: 'clearFailure',
      invoke: {
        id: 'authenticate',
        src: 'authenticate',
        input: ({ context }) => ({ provider: context.social?.provider ?? '', token: context.social?.token ?? '' }),
        onDone: [
          {
            guard: { type: 'isOk', params: ({ event }) => ({ result: event.output }) },
            target: 'signedIn',
            actions: [{ type: 'storeUser', params: ({ event }) => ({ result: event.output }) }, 'finishSocial'],
          },
          {
            guard: { type: 'hasCode', params: ({ event }) => ({ result: event.output, code: 'RATE_LIMIT_ERROR' }) },
            target: 'forms.previous',
            actions: [refused, 'dropSocial'],
          },
          // Spec §4: a failed social sign-in shows the message the server returned.
          {
            target: 'forms.previous',
            actions: [
              {
                type: 'storeFailure',
                params: ({ event }) => ({ failure: { kind: 'refused', message: event.output.ok ? '' : event.output.message } }),
              },
              'dropSocial',
            ],
          },
        ],
        onError: {
          target: 'forms.previous',
          actions: [unanswered, 'dropSocial'],
        },
      },
    },
    // `/auth/otp`: the 6-digit code, and a resend that waits out its cooldown, side by side.
    verifying: {
      type: 'parallel',
      entry: 'clearErrors',
      // Another address or account: back to a form, the code step forgotten.
      on: {
        'auth.showSignIn': { target: '#auth.forms.signIn', actions: ['clearPending', 'clearFailure'] },
        'auth.showRegister': { target: '#auth.forms.register', actions: ['clearPending', 'clearFailure'] },
      },
      states: {
        code: {
          initial: 'editing',
          on: { 'auth.codeSent': { target: '.editing', actions: ['clearCode', 'clearErrors', 'clearFailure'] } },
          states: {
            ...authForm(
              'code',
              'checking',
              authSetup.createStateConfig({
                invoke: {
                  id: 'verifyAccount',
                  src: 'verifyAccount',
                  input: ({ context }) => ({
                    code: formValue('code', context.values).code,
                    email: context.pending?.email ?? '',
                    ...(context.pending?.password ? { password: context.pending.password } : {}),
                  }),
                  onDone: [
                    {
                      guard: { type: 'isOk', params: ({ event }) => ({ result: event.output }) },
                      target: '#auth.signedIn',
                      actions: { type: 'storeUser', params: ({ event }) => ({ result: event.output }) },
                    },
                    {
                      guard: { type: 'isCodeSpent', params: ({ event }) => ({ result: event.output }) },
                      target: 'spent',
                      actions: refused,
                    },
                    { target: 'failed', actions: refused },
                  ],
                  onError: { target: 'failed', actions: unanswered },
                },
              }),
            ),
            // Expired, or out of attempts: no submit until a new code is on its way (auth.codeSent).
            spent: {},
          },
        },
        resend: {
          initial: 'ready',
          states: {
            ready: { on: { 'auth.resend': 'sending' } },
            sending: {
              invoke: {
                id: 'resendCode',
                src: 'resendCode',
                input: ({ context }) => ({ emailAddress: context.pending?.email ?? '' }),
                onDone: [
                  {
                    guard: { type: 'isOk', params: ({ event }) => ({ result: event.output }) },
                    target: 'coolingDown',
                    actions: [{ type: 'startCooldown', params: { seconds: null } }, 'countResend', 'announceCodeSent'],
                  },
                  // HTTP 429: the server's wait becomes the cooldown.
                  {
                    target: 'coolingDown',
                    actions: [
                      refused,
                      {
                        type: 'startCooldown',
                        params: ({ event }) => ({ seconds: event.output.ok ? null : event.output.retryAfterSeconds }),
                      },
                    ],
                  },
                ],
                onError: { target: 'ready', actions: unanswered },
              },
            },
            coolingDown: {
              after: {
                resendTick: [
                  { guard: 'isCoolingDown', target: 'coolingDown', reenter: true, actions: 'tickCooldown' },
                  { target: 'ready', actions: 'tickCooldown' },
                ],
              },
            },
          },
        },
      },
    },
    // Every way in ends here. The session learns of the customer first; the page then moves on.
    signedIn: {
      entry: { type: 'storeSignIn', params: ({ context }) => ({ user: context.user }) },
      initial: 'confirming',
      states: {
        confirming: {
          invoke: { id: 'confirmSession', src: 'confirmSession', onDone: 'settled', onError: 'settled' },
        },
        settled: { type: 'final' },
      },
      after: { socialReloadDelay: { guard: 'isPopupSignIn', actions: 'reloadPage' } },
    },
  },
});
