import { describe } from 'vitest';
import type { AnyStateMachine, EventObject } from 'xstate';
import { authMachine } from '../../../machines/auth.machine';
import { passwordResetMachine } from '../../../machines/password-reset.machine';
import { signOutMachine } from '../../../machines/sign-out.machine';
import { never, pathTable, shortestPathPerState, type PathRow } from './path-kit';

// Path tests of the auth machines on the shared kit (architecture guide, example 8; path-kit.ts):
// the reachable set and every path's end pinned as literals. Paths of equal length are told apart
// by their description (the kit's rule), so a table does not depend on the search order.

/** The kit's tables for one machine: events, what tells states apart, and the pinned rows. */
function checkPaths(
  name: string,
  machine: AnyStateMachine,
  options: { events: EventObject[]; input?: unknown; serialize: (s: never) => unknown; rows: readonly PathRow[] },
) {
  describe(`${name} paths`, () => {
    const paths = shortestPathPerState(machine, {
      events: options.events,
      input: options.input,
      serialize: (s) => JSON.stringify(options.serialize(s as never)),
    });
    pathTable(machine, paths, options.input, options.rows);
  });
}

const user = { id: '7', identifier: 'sara@example.com' };
const change = (field: string, value: string) => ({ type: 'auth.change', field, value });

checkPaths(
  'auth machine',
  authMachine.provide({
    actors: {
      login: never(),
      registerAccount: never(),
      verifyAccount: never(),
      resendCode: never(),
      authenticate: never(),
      confirmSession: never(),
    },
  }),
  {
    input: {},
    events: [
      change('email', 'sara@example.com'),
      change('password', 'Secret123'),
      change('firstName', 'Sara'),
      change('lastName', 'Q'),
      change('code', '123456'),
      { type: 'auth.submit' },
      { type: 'auth.retry' },
      { type: 'auth.showSignIn' },
      { type: 'auth.showRegister' },
      { type: 'auth.resend' },
      { type: 'auth.social', provider: 'google', token: 'id-token', popup: true },
      { type: 'xstate.done.actor.login', output: { ok: true, user } },
      { type: 'xstate.done.actor.login', output: { ok: false, code: 'NOT_VERIFIED_ERROR', message: 'x' } },
      { type: 'xstate.done.actor.login', output: { ok: false, code: 'INVALID_CREDENTIALS_ERROR', message: 'x' } },
      { type: 'xstate.error.actor.login', error: new Error('offline') },
      { type: 'xstate.done.actor.registerAccount', output: { ok: true } },
      {
        type: 'xstate.done.actor.registerAccount',
        output: { ok: false, code: 'PASSWORD_VALIDATION_ERROR', message: 'x', validationErrorMessage: 'policy' },
      },
      { type: 'xstate.error.actor.registerAccount', error: new Error('offline') },
      { type: 'xstate.done.actor.verifyAccount', output: { ok: true, user } },
      {
        type: 'xstate.done.actor.verifyAccount',
        output: { ok: false, code: 'VERIFICATION_CODE_INVALID_ERROR', message: 'x', attemptsLeft: 2 },
      },
      { type: 'xstate.done.actor.verifyAccount', output: { ok: false, code: 'VERIFICATION_TOKEN_EXPIRED_ERROR', message: 'x' } },
      { type: 'xstate.error.actor.verifyAccount', error: new Error('offline') },
      { type: 'xstate.done.actor.resendCode', output: { ok: true } },
      { type: 'xstate.done.actor.resendCode', output: { ok: false, code: 'RATE_LIMIT_ERROR', message: 'x', retryAfterSeconds: 300 } },
      { type: 'xstate.error.actor.resendCode', error: new Error('offline') },
      { type: 'xstate.done.actor.authenticate', output: { ok: true, user } },
      { type: 'xstate.done.actor.authenticate', output: { ok: false, code: 'INVALID_CREDENTIALS_ERROR', message: 'Provider said no' } },
      { type: 'xstate.error.actor.authenticate', error: new Error('offline') },
      { type: 'xstate.done.actor.confirmSession' },
      { type: 'xstate.after.resendTick.auth.verifying.resend.coolingDown' },
    ] as EventObject[],
    // Values count only as far as the forms' validity; resendIn only as "cooling or not", so the
    // one-second ticks do not make 60 states.
    serialize: (s: { value: unknown; context: { failure: { kind: string } | null; values: unknown; resendIn: number } }) => [
      s.value,
      s.context.failure?.kind ?? null,
      s.context.values,
      s.context.resendIn > 0,
    ],
    rows: [
      { state: 'forms.entry', via: '(start)', context: { failure: null, pending: null, resendIn: 0, user: null } },
      { state: 'forms.register.editing', via: 'auth.showRegister', context: { failure: null, pending: null, resendIn: 0, user: null } },
      { state: 'forms.signIn.editing', via: 'auth.showSignIn', context: { failure: null, pending: null, resendIn: 0, user: null } },
      { state: 'social', via: 'auth.social', context: { failure: null, pending: null, resendIn: 0, user: null } },
      {
        state: 'signedIn.confirming',
        via: 'auth.social → done:authenticate(ok)',
        context: { failure: null, pending: null, resendIn: 0, user: { id: '7' } },
      },
      {
        state: 'signedIn.settled',
        via: 'auth.social → done:authenticate(ok) → done:confirmSession',
        context: { failure: null, pending: null, resendIn: 0, user: { id: '7' } },
      },
      {
        state: 'forms.signIn.submitting',
        via: 'auth.showSignIn → auth.change → auth.change → auth.submit',
        context: { failure: null, pending: null, resendIn: 0, user: null },
      },
      {
        state: 'forms.signIn.failed',
        via: 'auth.showSignIn → auth.change → auth.change → auth.submit → done:login(INVALID_CREDENTIALS_ERROR)',
        context: { failure: { kind: 'invalidCredentials' }, pending: null, resendIn: 0, user: null },
      },
      {
        state: 'verifying.code.editing,resend.sending',
        via: 'auth.showSignIn → auth.change → auth.change → auth.submit → done:login(NOT_VERIFIED_ERROR)',
        context: { failure: null, pending: { email: 'sara@example.com', password: 'Secret123' }, resendIn: 0, user: null },
      },
      {
        state: 'forms.register.submitting',
        via: 'auth.showRegister → auth.change → auth.change → auth.change → auth.change → auth.submit',
        context: { failure: null, pending: null, resendIn: 0, user: null },
      },
      {
        state: 'verifying.code.editing,resend.coolingDown',
        via: 'auth.showSignIn → auth.change → auth.change → auth.submit → done:login(NOT_VERIFIED_ERROR) → done:resendCode(RATE_LIMIT_ERROR)',
        context: {
          failure: { kind: 'rateLimited', retryAfterSeconds: 300 },
          pending: { email: 'sara@example.com', password: 'Secret123' },
          resendIn: 300,
          user: null,
        },
      },
      {
        state: 'verifying.code.editing,resend.ready',
        via: 'auth.showSignIn → auth.change → auth.change → auth.submit → done:login(NOT_VERIFIED_ERROR) → error:resendCode',
        context: { failure: { kind: 'network' }, pending: { email: 'sara@example.com', password: 'Secret123' }, resendIn: 0, user: null },
      },
      {
        state: 'forms.register.failed',
        via: 'auth.showRegister → auth.change → auth.change → auth.change → auth.change → auth.submit → done:registerAccount(PASSWORD_VALIDATION_ERROR)',
        context: { failure: { kind: 'passwordRejected', message: 'policy' }, pending: null, resendIn: 0, user: null },
      },
      {
        state: 'verifying.code.checking,resend.sending',
        via: 'auth.showSignIn → auth.change → auth.change → auth.submit → done:login(NOT_VERIFIED_ERROR) → auth.change → auth.submit',
        context: { failure: null, pending: { email: 'sara@example.com', password: 'Secret123' }, resendIn: 0, user: null },
      },
      {
        state: 'verifying.code.checking,resend.coolingDown',
        via: 'auth.showSignIn → auth.change → auth.change → auth.submit → done:login(NOT_VERIFIED_ERROR) → auth.change → auth.submit → done:resendCode(RATE_LIMIT_ERROR)',
        context: {
          failure: { kind: 'rateLimited', retryAfterSeconds: 300 },
          pending: { email: 'sara@example.com', password: 'Secret123' },
          resendIn: 300,
          user: null,
        },
      },
      {
        state: 'verifying.code.failed,resend.sending',
        via: 'auth.showSignIn → auth.change → auth.change → auth.submit → done:login(NOT_VERIFIED_ERROR) → auth.change → auth.submit → done:verifyAccount(VERIFICATION_CODE_INVALID_ERROR)',
        context: {
          failure: { kind: 'wrongCode', attemptsLeft: 2 },
          pending: { email: 'sara@example.com', password: 'Secret123' },
          resendIn: 0,
          user: null,
        },
      },
      {
        state: 'verifying.code.spent,resend.sending',
        via: 'auth.showSignIn → auth.change → auth.change → auth.submit → done:login(NOT_VERIFIED_ERROR) → auth.change → auth.submit → done:verifyAccount(VERIFICATION_TOKEN_EXPIRED_ERROR)',
        context: {
          failure: { kind: 'codeExpired' },
          pending: { email: 'sara@example.com', password: 'Secret123' },
          resendIn: 0,
          user: null,
        },
      },
      {
        state: 'verifying.code.checking,resend.ready',
        via: 'auth.showSignIn → auth.change → auth.change → auth.submit → done:login(NOT_VERIFIED_ERROR) → auth.change → auth.submit → error:resendCode',
        context: { failure: { kind: 'network' }, pending: { email: 'sara@example.com', password: 'Secret123' }, resendIn: 0, user: null },
      },
      {
        state: 'verifying.code.failed,resend.coolingDown',
        via: 'auth.showSignIn → auth.change → auth.change → auth.submit → done:login(NOT_VERIFIED_ERROR) → auth.change → auth.submit → done:resendCode(RATE_LIMIT_ERROR) → done:verifyAccount(VERIFICATION_CODE_INVALID_ERROR)',
        context: {
          failure: { kind: 'wrongCode', attemptsLeft: 2 },
          pending: { email: 'sara@example.com', password: 'Secret123' },
          resendIn: 300,
          user: null,
        },
      },
      {
        state: 'verifying.code.spent,resend.coolingDown',
        via: 'auth.showSignIn → auth.change → auth.change → auth.submit → done:login(NOT_VERIFIED_ERROR) → auth.change → auth.submit → done:resendCode(RATE_LIMIT_ERROR) → done:verifyAccount(VERIFICATION_TOKEN_EXPIRED_ERROR)',
        context: {
          failure: { kind: 'codeExpired' },
          pending: { email: 'sara@example.com', password: 'Secret123' },
          resendIn: 300,
          user: null,
        },
      },
      {
        state: 'verifying.code.failed,resend.ready',
        via: 'auth.showSignIn → auth.change → auth.change → auth.submit → done:login(NOT_VERIFIED_ERROR) → auth.change → auth.submit → done:verifyAccount(VERIFICATION_CODE_INVALID_ERROR) → error:resendCode',
        context: { failure: { kind: 'network' }, pending: { email: 'sara@example.com', password: 'Secret123' }, resendIn: 0, user: null },
      },
      {
        state: 'verifying.code.spent,resend.ready',
        via: 'auth.showSignIn → auth.change → auth.change → auth.submit → done:login(NOT_VERIFIED_ERROR) → auth.change → auth.submit → done:verifyAccount(VERIFICATION_TOKEN_EXPIRED_ERROR) → error:resendCode',
        context: { failure: { kind: 'network' }, pending: { email: 'sara@example.com', password: 'Secret123' }, resendIn: 0, user: null },
      },
    ],
  },
);

const resetChange = (field: string, value: string) => ({ type: 'reset.change', field, value });

checkPaths(
  'password reset machine',
  passwordResetMachine.provide({
    actors: { requestResetCode: never(), verifyResetCode: never(), changePassword: never(), confirmSession: never() },
  }),
  {
    input: { email: 'sara@example.com' },
    events: [
      resetChange('code', '123456'),
      resetChange('password', 'New pass 1'),
      { type: 'reset.submit' },
      { type: 'reset.retry' },
      { type: 'reset.requestCode' },
      { type: 'reset.changeEmail' },
      { type: 'xstate.done.actor.requestResetCode', output: { ok: true } },
      { type: 'xstate.done.actor.requestResetCode', output: { ok: false, code: 'RATE_LIMIT_ERROR', message: 'x', retryAfterSeconds: 900 } },
      { type: 'xstate.error.actor.requestResetCode', error: new Error('offline') },
      { type: 'xstate.done.actor.verifyResetCode', output: { ok: true, resetToken: 'ticket-1' } },
      {
        type: 'xstate.done.actor.verifyResetCode',
        output: { ok: false, code: 'VERIFICATION_CODE_INVALID_ERROR', message: 'x', attemptsLeft: 3 },
      },
      { type: 'xstate.done.actor.verifyResetCode', output: { ok: false, code: 'VERIFICATION_TOKEN_EXPIRED_ERROR', message: 'x' } },
      { type: 'xstate.error.actor.verifyResetCode', error: new Error('offline') },
      { type: 'xstate.done.actor.changePassword', output: { ok: true, user } },
      { type: 'xstate.done.actor.changePassword', output: { ok: false, code: 'PASSWORD_RESET_TOKEN_EXPIRED_ERROR', message: 'x' } },
      { type: 'xstate.done.actor.changePassword', output: { ok: false, code: 'NOT_VERIFIED_ERROR', message: 'x' } },
      {
        type: 'xstate.done.actor.changePassword',
        output: { ok: false, code: 'PASSWORD_VALIDATION_ERROR', message: 'x', validationErrorMessage: 'policy' },
      },
      { type: 'xstate.error.actor.changePassword', error: new Error('offline') },
      { type: 'xstate.done.actor.confirmSession' },
    ] as EventObject[],
    serialize: (s: { value: unknown; context: { failure: { kind: string } | null; values: unknown } }) => [
      s.value,
      s.context.failure?.kind ?? null,
      s.context.values,
    ],
    rows: [
      { state: 'requesting.editing', via: '(start)', context: { failure: null, email: null, resetToken: null, user: null } },
      {
        state: 'requesting.sending',
        via: 'reset.submit',
        context: { failure: null, email: 'sara@example.com', resetToken: null, user: null },
      },
      {
        state: 'requesting.failed',
        via: 'reset.submit → done:requestResetCode(RATE_LIMIT_ERROR)',
        context: { failure: { kind: 'rateLimited', retryAfterSeconds: 900 }, email: 'sara@example.com', resetToken: null, user: null },
      },
      {
        state: 'code.editing',
        via: 'reset.submit → done:requestResetCode(ok)',
        context: { failure: null, email: 'sara@example.com', resetToken: null, user: null },
      },
      {
        state: 'code.checking',
        via: 'reset.submit → done:requestResetCode(ok) → reset.change → reset.submit',
        context: { failure: null, email: 'sara@example.com', resetToken: null, user: null },
      },
      {
        state: 'code.failed',
        via: 'reset.submit → done:requestResetCode(ok) → reset.change → reset.submit → done:verifyResetCode(VERIFICATION_CODE_INVALID_ERROR)',
        context: { failure: { kind: 'wrongCode', attemptsLeft: 3 }, email: 'sara@example.com', resetToken: null, user: null },
      },
      {
        state: 'code.spent',
        via: 'reset.submit → done:requestResetCode(ok) → reset.change → reset.submit → done:verifyResetCode(VERIFICATION_TOKEN_EXPIRED_ERROR)',
        context: { failure: { kind: 'codeExpired' }, email: 'sara@example.com', resetToken: null, user: null },
      },
      {
        state: 'newPassword.editing',
        via: 'reset.submit → done:requestResetCode(ok) → reset.change → reset.submit → done:verifyResetCode(ok)',
        context: { failure: null, email: 'sara@example.com', resetToken: 'ticket-1', user: null },
      },
      {
        state: 'newPassword.saving',
        via: 'reset.change → reset.submit → done:requestResetCode(ok) → reset.change → reset.submit → done:verifyResetCode(ok) → reset.submit',
        context: { failure: null, email: 'sara@example.com', resetToken: 'ticket-1', user: null },
      },
      {
        state: 'unverified',
        via: 'reset.change → reset.submit → done:requestResetCode(ok) → reset.change → reset.submit → done:verifyResetCode(ok) → reset.submit → done:changePassword(NOT_VERIFIED_ERROR)',
        context: { failure: { kind: 'notVerified' }, email: 'sara@example.com', resetToken: null, user: null },
      },
      {
        state: 'newPassword.rejected',
        via: 'reset.change → reset.submit → done:requestResetCode(ok) → reset.change → reset.submit → done:verifyResetCode(ok) → reset.submit → done:changePassword(PASSWORD_RESET_TOKEN_EXPIRED_ERROR)',
        context: { failure: { kind: 'resetTokenExpired' }, email: 'sara@example.com', resetToken: null, user: null },
      },
      {
        state: 'newPassword.failed',
        via: 'reset.change → reset.submit → done:requestResetCode(ok) → reset.change → reset.submit → done:verifyResetCode(ok) → reset.submit → done:changePassword(PASSWORD_VALIDATION_ERROR)',
        context: {
          failure: { kind: 'passwordRejected', message: 'policy' },
          email: 'sara@example.com',
          resetToken: 'ticket-1',
          user: null,
        },
      },
      {
        state: 'signedIn.confirming',
        via: 'reset.change → reset.submit → done:requestResetCode(ok) → reset.change → reset.submit → done:verifyResetCode(ok) → reset.submit → done:changePassword(ok)',
        context: { failure: null, email: 'sara@example.com', resetToken: null, user: { id: '7' } },
      },
      {
        state: 'signedIn.settled',
        via: 'reset.change → reset.submit → done:requestResetCode(ok) → reset.change → reset.submit → done:verifyResetCode(ok) → reset.submit → done:changePassword(ok) → done:confirmSession',
        context: { failure: null, email: 'sara@example.com', resetToken: null, user: { id: '7' } },
      },
    ],
  },
);

checkPaths('sign-out machine', signOutMachine.provide({ actors: { logout: never() } }), {
  events: [
    { type: 'signOut.submit' },
    { type: 'signOut.retry' },
    { type: 'xstate.done.actor.logout', output: true },
    { type: 'xstate.done.actor.logout', output: false },
    { type: 'xstate.error.actor.logout', error: new Error('offline') },
  ] as EventObject[],
  serialize: (s: { value: unknown; context: { failure: { kind: string } | null } }) => [s.value, s.context.failure?.kind ?? null],
  rows: [
    { state: 'idle', via: '(start)', context: { failure: null } },
    { state: 'signingOut', via: 'signOut.submit', context: { failure: null } },
    { state: 'signedOut', via: 'signOut.submit → done:logout', context: { failure: null } },
    { state: 'failed', via: 'signOut.submit → done:logout', context: { failure: { kind: 'refused' } } },
  ],
});
