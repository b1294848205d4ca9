import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyStateMachine, type EventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { authMachine } from '../../../machines/auth.machine';
import { passwordResetMachine } from '../../../machines/password-reset.machine';
import { signOutMachine } from '../../../machines/sign-out.machine';

// Path tests of the auth machines (architecture guide, example 8; common rule: the reachable set
// and every path's end pinned as literals). xstate/graph finds the shortest event sequence to each
// state value; each path is replayed on a live actor whose services never settle, so the path's
// own xstate.done/error/after events decide the outcome.
// TODO(lead): move the helpers into tests/unit/machines/path-kit.ts once it exists.

const never = <TOutput, TInput>() => fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => {}));

/** `auth.submit → done:login(INVALID_CREDENTIALS_ERROR) → after:resendTick`: readable and stable. */
function describePath(steps: readonly { event: EventObject }[]): string {
  return steps
    .filter(({ event }) => !event.type.startsWith('xstate.init'))
    .map(({ event }) => {
      const e = event as EventObject & { field?: string; output?: { ok?: boolean; code?: string } | boolean };
      const name = e.type
        .replace(/^xstate\.(done|error)\.actor\./, (_, kind: string) => (kind === 'done' ? 'done:' : 'error:'))
        .replace(/^xstate\.after\.(\w+)\..*/, 'after:$1');
      const detail = e.field
        ? `(${e.field})`
        : typeof e.output === 'boolean'
          ? `(${String(e.output)})`
          : e.output?.ok === false
            ? `(${String(e.output.code)})`
            : '';
      return name + detail;
    })
    .join(' → ');
}

/** The shortest path to every state value, keyed by the value as JSON. */
function pathsToEveryState(machine: AnyStateMachine, events: EventObject[], input: unknown, serialize: (s: never) => unknown) {
  const paths = getShortestPaths(machine, {
    events: events as never,
    input: input as never,
    serializeState: (s) => JSON.stringify(serialize(s as never)),
  });
  const byValue = new Map<string, (typeof paths)[number]>();
  for (const path of paths) {
    const key = JSON.stringify(path.state.value);
    const best = byValue.get(key);
    if (!best || path.steps.length < best.steps.length) byValue.set(key, path);
  }
  return byValue;
}

function replay(machine: AnyStateMachine, input: unknown, steps: readonly { event: EventObject }[]) {
  const actor = createActor(machine, { input } as never).start();
  for (const { event } of steps) if (!event.type.startsWith('xstate.init')) actor.send(event);
  const snapshot = actor.getSnapshot();
  actor.stop();
  return snapshot;
}

type Row = readonly [state: string, path: string, context: Record<string, unknown>];

/** Pins the reachable set and, per state, its path and the context fields that matter. */
function checkPaths(
  name: string,
  machine: AnyStateMachine,
  options: {
    events: EventObject[];
    input?: unknown;
    serialize: (s: never) => unknown;
    pick: (context: never) => Record<string, unknown>;
    rows: readonly Row[];
  },
) {
  describe(`${name} paths`, () => {
    const paths = pathsToEveryState(machine, options.events, options.input, options.serialize);

    it('reaches exactly the pinned states', () => {
      expect([...paths.keys()].sort()).toEqual(options.rows.map(([state]) => state).sort());
    });

    it.each(options.rows)('reaches %s via %s', (state, description, context) => {
      const path = paths.get(state);
      expect(path).toBeDefined();
      expect(describePath(path!.steps)).toBe(description);
      const snapshot = replay(machine, options.input, path!.steps);
      expect(JSON.stringify(snapshot.value)).toBe(state);
      expect(options.pick(snapshot.context as never)).toEqual(context);
    });
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
    pick: (c: { failure: unknown; pending: unknown; resendIn: number; user: { id: string } | null }) => ({
      failure: c.failure,
      pending: c.pending,
      resendIn: c.resendIn,
      user: c.user?.id ?? null,
    }),
    rows: [
      ['{"forms":"entry"}', '', { failure: null, pending: null, resendIn: 0, user: null }],
      ['{"forms":{"signIn":"editing"}}', 'auth.showSignIn', { failure: null, pending: null, resendIn: 0, user: null }],
      ['{"forms":{"register":"editing"}}', 'auth.showRegister', { failure: null, pending: null, resendIn: 0, user: null }],
      ['"social"', 'auth.social', { failure: null, pending: null, resendIn: 0, user: null }],
      ['{"signedIn":"confirming"}', 'auth.social → done:authenticate', { failure: null, pending: null, resendIn: 0, user: '7' }],
      [
        '{"signedIn":"settled"}',
        'auth.social → done:authenticate → done:confirmSession',
        { failure: null, pending: null, resendIn: 0, user: '7' },
      ],
      [
        '{"forms":{"signIn":"submitting"}}',
        'auth.showSignIn → auth.change(email) → auth.change(password) → auth.submit',
        { failure: null, pending: null, resendIn: 0, user: null },
      ],
      [
        '{"verifying":{"code":"editing","resend":"sending"}}',
        'auth.showSignIn → auth.change(email) → auth.change(password) → auth.submit → done:login(NOT_VERIFIED_ERROR)',
        { failure: null, pending: { email: 'sara@example.com', password: 'Secret123' }, resendIn: 0, user: null },
      ],
      [
        '{"forms":{"signIn":"failed"}}',
        'auth.showSignIn → auth.change(email) → auth.change(password) → auth.submit → done:login(INVALID_CREDENTIALS_ERROR)',
        { failure: { kind: 'invalidCredentials' }, pending: null, resendIn: 0, user: null },
      ],
      [
        '{"verifying":{"code":"editing","resend":"coolingDown"}}',
        'auth.showSignIn → auth.change(email) → auth.change(password) → auth.submit → done:login(NOT_VERIFIED_ERROR) → done:resendCode',
        { failure: null, pending: { email: 'sara@example.com', password: 'Secret123' }, resendIn: 60, user: null },
      ],
      [
        '{"verifying":{"code":"editing","resend":"ready"}}',
        'auth.showSignIn → auth.change(email) → auth.change(password) → auth.submit → done:login(NOT_VERIFIED_ERROR) → error:resendCode',
        { failure: { kind: 'network' }, pending: { email: 'sara@example.com', password: 'Secret123' }, resendIn: 0, user: null },
      ],
      [
        '{"forms":{"register":"submitting"}}',
        'auth.showRegister → auth.change(email) → auth.change(password) → auth.change(firstName) → auth.change(lastName) → auth.submit',
        { failure: null, pending: null, resendIn: 0, user: null },
      ],
      [
        '{"verifying":{"code":"checking","resend":"sending"}}',
        'auth.showSignIn → auth.change(email) → auth.change(password) → auth.submit → done:login(NOT_VERIFIED_ERROR) → auth.change(code) → auth.submit',
        { failure: null, pending: { email: 'sara@example.com', password: 'Secret123' }, resendIn: 0, user: null },
      ],
      [
        '{"forms":{"register":"failed"}}',
        'auth.showRegister → auth.change(email) → auth.change(password) → auth.change(firstName) → auth.change(lastName) → auth.submit → done:registerAccount(PASSWORD_VALIDATION_ERROR)',
        { failure: { kind: 'passwordRejected', message: 'policy' }, pending: null, resendIn: 0, user: null },
      ],
      [
        '{"verifying":{"code":"failed","resend":"sending"}}',
        'auth.showSignIn → auth.change(email) → auth.change(password) → auth.submit → done:login(NOT_VERIFIED_ERROR) → auth.change(code) → auth.submit → done:verifyAccount(VERIFICATION_CODE_INVALID_ERROR)',
        {
          failure: { kind: 'wrongCode', attemptsLeft: 2 },
          pending: { email: 'sara@example.com', password: 'Secret123' },
          resendIn: 0,
          user: null,
        },
      ],
      [
        '{"verifying":{"code":"spent","resend":"sending"}}',
        'auth.showSignIn → auth.change(email) → auth.change(password) → auth.submit → done:login(NOT_VERIFIED_ERROR) → auth.change(code) → auth.submit → done:verifyAccount(VERIFICATION_TOKEN_EXPIRED_ERROR)',
        { failure: { kind: 'codeExpired' }, pending: { email: 'sara@example.com', password: 'Secret123' }, resendIn: 0, user: null },
      ],
      [
        '{"verifying":{"code":"checking","resend":"coolingDown"}}',
        'auth.showSignIn → auth.change(email) → auth.change(password) → auth.submit → done:login(NOT_VERIFIED_ERROR) → auth.change(code) → auth.submit → done:resendCode(RATE_LIMIT_ERROR)',
        {
          failure: { kind: 'rateLimited', retryAfterSeconds: 300 },
          pending: { email: 'sara@example.com', password: 'Secret123' },
          resendIn: 300,
          user: null,
        },
      ],
      [
        '{"verifying":{"code":"checking","resend":"ready"}}',
        'auth.showSignIn → auth.change(email) → auth.change(password) → auth.submit → done:login(NOT_VERIFIED_ERROR) → auth.change(code) → auth.submit → error:resendCode',
        { failure: { kind: 'network' }, pending: { email: 'sara@example.com', password: 'Secret123' }, resendIn: 0, user: null },
      ],
      [
        '{"verifying":{"code":"failed","resend":"coolingDown"}}',
        'auth.showSignIn → auth.change(email) → auth.change(password) → auth.submit → done:login(NOT_VERIFIED_ERROR) → auth.change(code) → auth.submit → done:verifyAccount(VERIFICATION_CODE_INVALID_ERROR) → done:resendCode(RATE_LIMIT_ERROR)',
        {
          failure: { kind: 'rateLimited', retryAfterSeconds: 300 },
          pending: { email: 'sara@example.com', password: 'Secret123' },
          resendIn: 300,
          user: null,
        },
      ],
      [
        '{"verifying":{"code":"failed","resend":"ready"}}',
        'auth.showSignIn → auth.change(email) → auth.change(password) → auth.submit → done:login(NOT_VERIFIED_ERROR) → auth.change(code) → auth.submit → done:verifyAccount(VERIFICATION_CODE_INVALID_ERROR) → error:resendCode',
        { failure: { kind: 'network' }, pending: { email: 'sara@example.com', password: 'Secret123' }, resendIn: 0, user: null },
      ],
      [
        '{"verifying":{"code":"spent","resend":"coolingDown"}}',
        'auth.showSignIn → auth.change(email) → auth.change(password) → auth.submit → done:login(NOT_VERIFIED_ERROR) → auth.change(code) → auth.submit → done:verifyAccount(VERIFICATION_TOKEN_EXPIRED_ERROR) → done:resendCode(RATE_LIMIT_ERROR)',
        {
          failure: { kind: 'rateLimited', retryAfterSeconds: 300 },
          pending: { email: 'sara@example.com', password: 'Secret123' },
          resendIn: 300,
          user: null,
        },
      ],
      [
        '{"verifying":{"code":"spent","resend":"ready"}}',
        'auth.showSignIn → auth.change(email) → auth.change(password) → auth.submit → done:login(NOT_VERIFIED_ERROR) → auth.change(code) → auth.submit → done:verifyAccount(VERIFICATION_TOKEN_EXPIRED_ERROR) → error:resendCode',
        { failure: { kind: 'network' }, pending: { email: 'sara@example.com', password: 'Secret123' }, resendIn: 0, user: null },
      ],
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
    pick: (c: { failure: unknown; email: string | null; resetToken: string | null; user: { id: string } | null }) => ({
      failure: c.failure,
      email: c.email,
      resetToken: c.resetToken,
      user: c.user?.id ?? null,
    }),
    rows: [
      ['{"requesting":"editing"}', '', { failure: null, email: null, resetToken: null, user: null }],
      ['{"requesting":"sending"}', 'reset.submit', { failure: null, email: 'sara@example.com', resetToken: null, user: null }],
      [
        '{"code":"editing"}',
        'reset.submit → done:requestResetCode',
        { failure: null, email: 'sara@example.com', resetToken: null, user: null },
      ],
      [
        '{"requesting":"failed"}',
        'reset.submit → done:requestResetCode(RATE_LIMIT_ERROR)',
        { failure: { kind: 'rateLimited', retryAfterSeconds: 900 }, email: 'sara@example.com', resetToken: null, user: null },
      ],
      [
        '{"code":"checking"}',
        'reset.submit → done:requestResetCode → reset.change(code) → reset.submit',
        { failure: null, email: 'sara@example.com', resetToken: null, user: null },
      ],
      [
        '{"newPassword":"editing"}',
        'reset.submit → done:requestResetCode → reset.change(code) → reset.submit → done:verifyResetCode',
        { failure: null, email: 'sara@example.com', resetToken: 'ticket-1', user: null },
      ],
      [
        '{"code":"failed"}',
        'reset.submit → done:requestResetCode → reset.change(code) → reset.submit → done:verifyResetCode(VERIFICATION_CODE_INVALID_ERROR)',
        { failure: { kind: 'wrongCode', attemptsLeft: 3 }, email: 'sara@example.com', resetToken: null, user: null },
      ],
      [
        '{"code":"spent"}',
        'reset.submit → done:requestResetCode → reset.change(code) → reset.submit → done:verifyResetCode(VERIFICATION_TOKEN_EXPIRED_ERROR)',
        { failure: { kind: 'codeExpired' }, email: 'sara@example.com', resetToken: null, user: null },
      ],
      [
        '{"newPassword":"saving"}',
        'reset.change(password) → reset.submit → done:requestResetCode → reset.change(code) → reset.submit → done:verifyResetCode → reset.submit',
        { failure: null, email: 'sara@example.com', resetToken: 'ticket-1', user: null },
      ],
      [
        '{"signedIn":"confirming"}',
        'reset.change(password) → reset.submit → done:requestResetCode → reset.change(code) → reset.submit → done:verifyResetCode → reset.submit → done:changePassword',
        { failure: null, email: 'sara@example.com', resetToken: null, user: '7' },
      ],
      [
        '{"newPassword":"rejected"}',
        'reset.change(password) → reset.submit → done:requestResetCode → reset.change(code) → reset.submit → done:verifyResetCode → reset.submit → done:changePassword(PASSWORD_RESET_TOKEN_EXPIRED_ERROR)',
        { failure: { kind: 'resetTokenExpired' }, email: 'sara@example.com', resetToken: null, user: null },
      ],
      [
        '"unverified"',
        'reset.change(password) → reset.submit → done:requestResetCode → reset.change(code) → reset.submit → done:verifyResetCode → reset.submit → done:changePassword(NOT_VERIFIED_ERROR)',
        { failure: { kind: 'notVerified' }, email: 'sara@example.com', resetToken: null, user: null },
      ],
      [
        '{"newPassword":"failed"}',
        'reset.change(password) → reset.submit → done:requestResetCode → reset.change(code) → reset.submit → done:verifyResetCode → reset.submit → done:changePassword(PASSWORD_VALIDATION_ERROR)',
        { failure: { kind: 'passwordRejected', message: 'policy' }, email: 'sara@example.com', resetToken: 'ticket-1', user: null },
      ],
      [
        '{"signedIn":"settled"}',
        'reset.change(password) → reset.submit → done:requestResetCode → reset.change(code) → reset.submit → done:verifyResetCode → reset.submit → done:changePassword → done:confirmSession',
        { failure: null, email: 'sara@example.com', resetToken: null, user: '7' },
      ],
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
  pick: (c: { failure: unknown }) => ({ failure: c.failure }),
  rows: [
    ['"idle"', '', { failure: null }],
    ['"signingOut"', 'signOut.submit', { failure: null }],
    ['"signedOut"', 'signOut.submit → done:logout(true)', { failure: null }],
    ['"failed"', 'signOut.submit → done:logout(false)', { failure: { kind: 'refused' } }],
  ],
});
