import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { PasswordResetResult, VerifyResetCodeResult } from '../../../services/account.service';
import {
  passwordResetMachine,
  type ChangePasswordInput,
  type PasswordResetInput,
  type RequestResetCodeResult,
  type ResetField,
} from '../../../machines/password-reset.machine';
import { readResetProgress, resetInputOf, resetProgressOf, writeResetProgress } from '../../../src/lib/reset-progress';

interface Fakes {
  requestResetCode: (input: { emailAddress: string }) => Promise<RequestResetCodeResult>;
  verifyResetCode: (input: { code: string; email: string }) => Promise<VerifyResetCodeResult>;
  changePassword: (input: ChangePasswordInput) => Promise<PasswordResetResult>;
  confirmSession: () => Promise<void>;
}

const user = { id: '7', identifier: 'sara@example.com' };

function start(fakes: Partial<Fakes> = {}, input: PasswordResetInput = {}) {
  const calls = {
    requestResetCode: vi.fn(fakes.requestResetCode ?? (async (): Promise<RequestResetCodeResult> => ({ ok: true }))),
    verifyResetCode: vi.fn(fakes.verifyResetCode ?? (async (): Promise<VerifyResetCodeResult> => ({ ok: true, resetToken: 'ticket-1' }))),
    changePassword: vi.fn(fakes.changePassword ?? (async (): Promise<PasswordResetResult> => ({ ok: true, user }))),
    confirmSession: vi.fn(fakes.confirmSession ?? (async () => undefined)),
  };
  const effects = { storeSignIn: vi.fn() };
  const machine = passwordResetMachine.provide({
    actors: {
      requestResetCode: fromPromise(({ input }) => calls.requestResetCode(input)),
      verifyResetCode: fromPromise(({ input }) => calls.verifyResetCode(input)),
      changePassword: fromPromise(({ input }) => calls.changePassword(input)),
      confirmSession: fromPromise(() => calls.confirmSession()),
    },
    actions: {
      storeSignIn: (_, params) => effects.storeSignIn(params),
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, calls, effects };
}

type ResetActor = ReturnType<typeof start>['actor'];
const value = (actor: ResetActor) => actor.getSnapshot().value;
const context = (actor: ResetActor) => actor.getSnapshot().context;
const type = (actor: ResetActor, field: ResetField, text: string) => actor.send({ type: 'reset.change', field, value: text });

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

/** E-mail sent, waiting for the code. */
async function atCode(fakes: Partial<Fakes> = {}) {
  const h = start(fakes, { email: ' sara@example.com ' });
  h.actor.send({ type: 'reset.submit' });
  await vi.waitFor(() => expect(value(h.actor)).toEqual({ code: 'editing' }));
  return h;
}

/** Code accepted, waiting for the new password. */
async function atNewPassword(fakes: Partial<Fakes> = {}) {
  const h = await atCode(fakes);
  type(h.actor, 'code', '123456');
  h.actor.send({ type: 'reset.submit' });
  await vi.waitFor(() => expect(value(h.actor)).toEqual({ newPassword: 'editing' }));
  return h;
}

describe('password reset: the e-mail step', () => {
  it('starts with the address typed on the sign-in form, refuses a bad one before any call', () => {
    const { actor, calls } = start({}, { email: 'sara@' });
    expect(value(actor)).toEqual({ requesting: 'editing' });
    expect(context(actor).values).toEqual({ email: 'sara@', code: '', password: '' });
    actor.send({ type: 'reset.submit' });
    expect(context(actor).errors).toEqual({ email: 'auth.email.invalid' });
    expect(context(actor).invalidSubmits).toBe(1);
    expect(calls.requestResetCode).not.toHaveBeenCalled();
    type(actor, 'email', 'sara@example.com');
    expect(context(actor).errors).toEqual({});
  });

  it('mails a code to the trimmed address, once however often it is pressed', async () => {
    const call = deferred<RequestResetCodeResult>();
    const { actor, calls } = start({ requestResetCode: () => call.promise }, { email: ' sara@example.com ' });
    actor.send({ type: 'reset.submit' });
    actor.send({ type: 'reset.submit' });
    actor.send({ type: 'reset.change', field: 'email', value: 'other@example.com' });
    expect(value(actor)).toEqual({ requesting: 'sending' });
    call.resolve({ ok: true });
    await vi.waitFor(() => expect(value(actor)).toEqual({ code: 'editing' }));
    expect(calls.requestResetCode).toHaveBeenCalledTimes(1);
    expect(calls.requestResetCode).toHaveBeenCalledWith({ emailAddress: 'sara@example.com' });
    expect(context(actor).email).toBe('sara@example.com');
  });

  it('HTTP 429 fails as rate limited; a network failure offers a retry of the same address', async () => {
    const limited = start(
      { requestResetCode: async () => ({ ok: false, code: 'RATE_LIMIT_ERROR', message: 'Later', retryAfterSeconds: 900 }) },
      { email: 'sara@example.com' },
    );
    limited.actor.send({ type: 'reset.submit' });
    await vi.waitFor(() => expect(value(limited.actor)).toEqual({ requesting: 'failed' }));
    expect(context(limited.actor).failure).toEqual({ kind: 'rateLimited', retryAfterSeconds: 900 });

    let attempt = 0;
    const { actor, calls } = start(
      { requestResetCode: async () => (attempt++ === 0 ? Promise.reject(new Error('offline')) : { ok: true }) },
      { email: 'sara@example.com' },
    );
    actor.send({ type: 'reset.submit' });
    await vi.waitFor(() => expect(value(actor)).toEqual({ requesting: 'failed' }));
    expect(context(actor).failure).toEqual({ kind: 'network' });
    actor.send({ type: 'reset.retry' });
    expect(context(actor).failure).toBeNull();
    await vi.waitFor(() => expect(value(actor)).toEqual({ code: 'editing' }));
    expect(calls.requestResetCode).toHaveBeenCalledTimes(2);
  });

  it('after a failure an edited address is checked and sent on submit', async () => {
    let attempt = 0;
    const { actor, calls } = start(
      { requestResetCode: async () => (attempt++ === 0 ? Promise.reject(new Error('offline')) : { ok: true }) },
      { email: 'sara@example.com' },
    );
    actor.send({ type: 'reset.submit' });
    await vi.waitFor(() => expect(value(actor)).toEqual({ requesting: 'failed' }));
    type(actor, 'email', 'nope');
    actor.send({ type: 'reset.submit' });
    expect(value(actor)).toEqual({ requesting: 'editing' });
    expect(context(actor)).toMatchObject({ failure: null, errors: { email: 'auth.email.invalid' } });
    type(actor, 'email', 'sara.q@example.com');
    actor.send({ type: 'reset.submit' });
    await vi.waitFor(() => expect(value(actor)).toEqual({ code: 'editing' }));
    expect(calls.requestResetCode).toHaveBeenLastCalledWith({ emailAddress: 'sara.q@example.com' });
  });
});

describe('password reset: the code (verifyForgetpasswordCode)', () => {
  it('checks the 6 digits for the address the code went to and keeps the ticket', async () => {
    const { actor, calls } = await atCode();
    type(actor, 'code', '12');
    actor.send({ type: 'reset.submit' });
    expect(context(actor).errors).toEqual({ code: 'auth.code.invalid' });
    type(actor, 'email', 'changed@example.com');
    type(actor, 'code', '١٢٣٤٥٦');
    actor.send({ type: 'reset.submit' });
    actor.send({ type: 'reset.submit' });
    expect(value(actor)).toEqual({ code: 'checking' });
    await vi.waitFor(() => expect(value(actor)).toEqual({ newPassword: 'editing' }));
    expect(calls.verifyResetCode).toHaveBeenCalledTimes(1);
    expect(calls.verifyResetCode).toHaveBeenCalledWith({ code: '123456', email: 'sara@example.com' });
    expect(context(actor).resetToken).toBe('ticket-1');
  });

  it('a wrong code keeps what was typed and says how many attempts are left', async () => {
    let attempt = 0;
    const { actor } = await atCode({
      verifyResetCode: async () =>
        attempt++ === 0
          ? { ok: false, code: 'VERIFICATION_CODE_INVALID_ERROR', message: 'Wrong', attemptsLeft: 4 }
          : { ok: true, resetToken: 't' },
    });
    type(actor, 'code', '111111');
    actor.send({ type: 'reset.submit' });
    await vi.waitFor(() => expect(value(actor)).toEqual({ code: 'failed' }));
    expect(context(actor)).toMatchObject({ failure: { kind: 'wrongCode', attemptsLeft: 4 }, values: { code: '111111' } });
    type(actor, 'code', '');
    actor.send({ type: 'reset.submit' });
    expect(value(actor)).toEqual({ code: 'editing' });
    expect(context(actor).failure).toBeNull();
    type(actor, 'code', '123456');
    actor.send({ type: 'reset.submit' });
    await vi.waitFor(() => expect(value(actor)).toEqual({ newPassword: 'editing' }));
  });

  it.each([
    [{ ok: false, code: 'VERIFICATION_TOKEN_EXPIRED_ERROR', message: 'Expired' }, { kind: 'codeExpired' }],
    [{ ok: false, code: 'VERIFICATION_CODE_INVALID_ERROR', message: 'No longer valid', attemptsLeft: 0 }, { kind: 'tooManyAttempts' }],
  ] as const)('%j: spent, only a new code helps', async (answer, failure) => {
    const { actor, calls } = await atCode({ verifyResetCode: async () => answer as VerifyResetCodeResult });
    type(actor, 'code', '111111');
    actor.send({ type: 'reset.submit' });
    await vi.waitFor(() => expect(value(actor)).toEqual({ code: 'spent' }));
    expect(context(actor).failure).toEqual(failure);
    actor.send({ type: 'reset.submit' });
    actor.send({ type: 'reset.retry' });
    expect(calls.verifyResetCode).toHaveBeenCalledTimes(1);

    actor.send({ type: 'reset.requestCode' });
    await vi.waitFor(() => expect(value(actor)).toEqual({ code: 'editing' }));
    expect(calls.requestResetCode).toHaveBeenCalledTimes(2);
    expect(calls.requestResetCode).toHaveBeenLastCalledWith({ emailAddress: 'sara@example.com' });
    expect(context(actor)).toMatchObject({ failure: null, values: { code: '' } });
  });

  it.each([
    [
      { ok: false, code: 'RATE_LIMIT_ERROR', message: 'Later', retryAfterSeconds: 600 },
      { kind: 'rateLimited', retryAfterSeconds: 600 },
    ],
  ] as const)('%j fails as %j', async (answer, failure) => {
    const { actor } = await atCode({ verifyResetCode: async () => answer as VerifyResetCodeResult });
    type(actor, 'code', '111111');
    actor.send({ type: 'reset.submit' });
    await vi.waitFor(() => expect(value(actor)).toEqual({ code: 'failed' }));
    expect(context(actor).failure).toEqual(failure);
  });

  it('a network failure offers a retry of the same code', async () => {
    let attempt = 0;
    const { actor, calls } = await atCode({
      verifyResetCode: async () => (attempt++ === 0 ? Promise.reject(new Error('offline')) : { ok: true, resetToken: 't' }),
    });
    type(actor, 'code', '123456');
    actor.send({ type: 'reset.submit' });
    await vi.waitFor(() => expect(value(actor)).toEqual({ code: 'failed' }));
    expect(context(actor).failure).toEqual({ kind: 'network' });
    actor.send({ type: 'reset.retry' });
    await vi.waitFor(() => expect(value(actor)).toEqual({ newPassword: 'editing' }));
    expect(calls.verifyResetCode.mock.calls[1]![0]).toEqual({ code: '123456', email: 'sara@example.com' });
  });

  it('the address can be changed, from the code step or after a failure, what was typed kept', async () => {
    const { actor } = await atCode({ verifyResetCode: async () => Promise.reject(new Error('offline')) });
    actor.send({ type: 'reset.changeEmail' });
    expect(value(actor)).toEqual({ requesting: 'editing' });
    expect(context(actor).values.email).toBe(' sara@example.com ');

    const other = await atCode({ verifyResetCode: async () => Promise.reject(new Error('offline')) });
    type(other.actor, 'code', '123456');
    other.actor.send({ type: 'reset.submit' });
    await vi.waitFor(() => expect(value(other.actor)).toEqual({ code: 'failed' }));
    other.actor.send({ type: 'reset.changeEmail' });
    expect(value(other.actor)).toEqual({ requesting: 'editing' });

    const spent = await atCode({ verifyResetCode: async () => ({ ok: false, code: 'VERIFICATION_TOKEN_EXPIRED_ERROR', message: 'x' }) });
    type(spent.actor, 'code', '123456');
    spent.actor.send({ type: 'reset.submit' });
    await vi.waitFor(() => expect(value(spent.actor)).toEqual({ code: 'spent' }));
    spent.actor.send({ type: 'reset.changeEmail' });
    expect(value(spent.actor)).toEqual({ requesting: 'editing' });
  });

  it('a new code can be asked for from the code step and after a failure', async () => {
    const { actor, calls } = await atCode();
    actor.send({ type: 'reset.requestCode' });
    await vi.waitFor(() => expect(calls.requestResetCode).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(value(actor)).toEqual({ code: 'editing' }));

    const other = await atCode({ verifyResetCode: async () => Promise.reject(new Error('offline')) });
    type(other.actor, 'code', '123456');
    other.actor.send({ type: 'reset.submit' });
    await vi.waitFor(() => expect(value(other.actor)).toEqual({ code: 'failed' }));
    other.actor.send({ type: 'reset.requestCode' });
    await vi.waitFor(() => expect(value(other.actor)).toEqual({ code: 'editing' }));
    expect(other.calls.requestResetCode).toHaveBeenCalledTimes(2);
  });
});

describe('password reset: the new password (changeUserPassword)', () => {
  it('checks the policy before any call, then sets it with the ticket and signs in', async () => {
    const session = deferred<void>();
    const { actor, calls, effects } = await atNewPassword({ confirmSession: () => session.promise });
    type(actor, 'password', 'abcdefgh');
    actor.send({ type: 'reset.submit' });
    expect(context(actor).errors).toEqual({ password: 'auth.password.needsDigit' });
    expect(calls.changePassword).not.toHaveBeenCalled();

    type(actor, 'password', 'New pass 1');
    actor.send({ type: 'reset.submit' });
    actor.send({ type: 'reset.submit' });
    expect(value(actor)).toEqual({ newPassword: 'saving' });
    await vi.waitFor(() => expect(value(actor)).toEqual({ signedIn: 'confirming' }));
    expect(calls.changePassword).toHaveBeenCalledTimes(1);
    expect(calls.changePassword).toHaveBeenCalledWith({ resetToken: 'ticket-1', password: 'New pass 1' });
    expect(effects.storeSignIn).toHaveBeenCalledWith({ user });
    session.resolve();
    await vi.waitFor(() => expect(value(actor)).toEqual({ signedIn: 'settled' }));
  });

  it('started with a ticket (`/auth/reset-password`): straight to the new password, which uses it', async () => {
    const { actor, calls } = start({}, { resetToken: ' ticket-9 ' });
    expect(value(actor)).toEqual({ newPassword: 'editing' });
    type(actor, 'password', 'New pass 1');
    actor.send({ type: 'reset.submit' });
    await vi.waitFor(() => expect(value(actor)).toEqual({ signedIn: 'settled' }));
    expect(calls.requestResetCode).not.toHaveBeenCalled();
    expect(calls.changePassword).toHaveBeenCalledWith({ resetToken: 'ticket-9', password: 'New pass 1' });
  });

  it('started without a ticket: the e-mail step', () => {
    expect(value(start({}, { resetToken: '  ' }).actor)).toEqual({ requesting: 'editing' });
  });

  it('a session that never confirms still settles', async () => {
    const { actor } = await atNewPassword({ confirmSession: async () => Promise.reject(new Error('timeout')) });
    type(actor, 'password', 'New pass 1');
    actor.send({ type: 'reset.submit' });
    await vi.waitFor(() => expect(value(actor)).toEqual({ signedIn: 'settled' }));
  });

  it.each([
    [{ ok: false, code: 'PASSWORD_RESET_TOKEN_INVALID_ERROR', message: 'Invalid' }, { kind: 'resetTokenInvalid' }],
    [{ ok: false, code: 'PASSWORD_RESET_TOKEN_EXPIRED_ERROR', message: 'Expired' }, { kind: 'resetTokenExpired' }],
  ] as const)('%j: the ticket is dropped and a new code is offered', async (answer, failure) => {
    const { actor, calls } = await atNewPassword({ changePassword: async () => answer as PasswordResetResult });
    type(actor, 'password', 'New pass 1');
    actor.send({ type: 'reset.submit' });
    await vi.waitFor(() => expect(value(actor)).toEqual({ newPassword: 'rejected' }));
    expect(context(actor)).toMatchObject({ failure, resetToken: null, values: { password: 'New pass 1' } });
    actor.send({ type: 'reset.submit' });
    expect(calls.changePassword).toHaveBeenCalledTimes(1);
    actor.send({ type: 'reset.requestCode' });
    await vi.waitFor(() => expect(value(actor)).toEqual({ code: 'editing' }));
    expect(calls.requestResetCode).toHaveBeenLastCalledWith({ emailAddress: 'sara@example.com' });
  });

  it('not verified: it ends with the address, for the view to offer the e-mail code', async () => {
    const { actor } = await atNewPassword({ changePassword: async () => ({ ok: false, code: 'NOT_VERIFIED_ERROR', message: 'x' }) });
    type(actor, 'password', 'New pass 1');
    actor.send({ type: 'reset.submit' });
    await vi.waitFor(() => expect(value(actor)).toBe('unverified'));
    expect(actor.getSnapshot().status).toBe('done');
    expect(context(actor)).toMatchObject({ failure: { kind: 'notVerified' }, email: 'sara@example.com', resetToken: null });
  });

  it.each([
    [
      {
        ok: false,
        code: 'PASSWORD_VALIDATION_ERROR',
        message: 'x',
        validationErrorMessage: 'At least 8 characters, a letter and a digit.',
      },
      { kind: 'passwordRejected', message: 'At least 8 characters, a letter and a digit.' },
    ],
    [{ ok: false, code: 'NATIVE_AUTH_STRATEGY_ERROR', message: 'Off' }, { kind: 'nativeAuthUnavailable' }],
    [
      { ok: false, code: 'RATE_LIMIT_ERROR', message: 'Later', retryAfterSeconds: 300 },
      { kind: 'rateLimited', retryAfterSeconds: 300 },
    ],
  ] as const)('%j fails as %j, the password kept', async (answer, failure) => {
    const { actor } = await atNewPassword({ changePassword: async () => answer as PasswordResetResult });
    type(actor, 'password', 'New pass 1');
    actor.send({ type: 'reset.submit' });
    await vi.waitFor(() => expect(value(actor)).toEqual({ newPassword: 'failed' }));
    expect(context(actor)).toMatchObject({ failure, resetToken: 'ticket-1', values: { password: 'New pass 1' } });
  });

  it('a network failure offers a retry; an edited password is checked again', async () => {
    let attempt = 0;
    const { actor, calls } = await atNewPassword({
      changePassword: async () => (attempt++ === 0 ? Promise.reject(new Error('offline')) : { ok: true, user }),
    });
    type(actor, 'password', 'New pass 1');
    actor.send({ type: 'reset.submit' });
    await vi.waitFor(() => expect(value(actor)).toEqual({ newPassword: 'failed' }));
    expect(context(actor).failure).toEqual({ kind: 'network' });
    type(actor, 'password', 'short');
    actor.send({ type: 'reset.submit' });
    expect(value(actor)).toEqual({ newPassword: 'editing' });
    expect(context(actor).errors).toEqual({ password: 'auth.password.tooShort' });

    const retried = await atNewPassword({
      changePassword: async () => (attempt++ === 1 ? Promise.reject(new Error('offline')) : { ok: true, user }),
    });
    type(retried.actor, 'password', 'New pass 1');
    retried.actor.send({ type: 'reset.submit' });
    await vi.waitFor(() => expect(value(retried.actor)).toEqual({ newPassword: 'failed' }));
    retried.actor.send({ type: 'reset.retry' });
    await vi.waitFor(() => expect(value(retried.actor)).toEqual({ signedIn: 'settled' }));
    expect(retried.calls.changePassword).toHaveBeenCalledTimes(2);
    expect(calls.changePassword).toHaveBeenCalledTimes(1);
  });
});

describe('password reset: reloaded mid-flow (issue 32 §7)', () => {
  it('restored at the code step from what the tab kept: the address, no code sent again, nothing secret', async () => {
    const first = await atCode();
    const kept = resetProgressOf(first.actor.getSnapshot());
    type(first.actor, 'code', '12345');
    expect(kept).toEqual({ step: 'code', email: 'sara@example.com' });
    // what sessionStorage holds is the progress and nothing else
    const storage = new Map<string, string>();
    writeResetProgress(
      { setItem: (k, v) => storage.set(k, v), removeItem: (k) => storage.delete(k) },
      resetProgressOf(first.actor.getSnapshot()),
    );
    expect([...storage.values()].join()).not.toMatch(/12345|ticket/);

    const reloaded = start({}, resetInputOf(readResetProgress({ getItem: (k) => storage.get(k) ?? null }), 'code'));
    expect(value(reloaded.actor)).toEqual({ code: 'editing' });
    expect(context(reloaded.actor)).toMatchObject({
      email: 'sara@example.com',
      values: { email: 'sara@example.com', code: '', password: '' },
    });
    expect(reloaded.calls.requestResetCode).not.toHaveBeenCalled();
    type(reloaded.actor, 'code', '123456');
    reloaded.actor.send({ type: 'reset.submit' });
    await vi.waitFor(() => expect(value(reloaded.actor)).toEqual({ newPassword: 'editing' }));
    expect(reloaded.calls.verifyResetCode).toHaveBeenCalledWith({ code: '123456', email: 'sara@example.com' });
    // past the code there is nothing to keep: the ticket cookie carries the next page
    expect(resetProgressOf(reloaded.actor.getSnapshot())).toBeNull();
  });

  it('at the e-mail step the typed address comes back; a fresh visit (no step in the URL) starts at the e-mail step', () => {
    const typing = start();
    type(typing.actor, 'email', 'sara@exa');
    expect(resetProgressOf(typing.actor.getSnapshot())).toEqual({ step: 'email', email: 'sara@exa' });
    const back = start({}, resetInputOf({ step: 'email', email: 'sara@exa' }, null));
    expect(value(back.actor)).toEqual({ requesting: 'editing' });
    expect(context(back.actor).values.email).toBe('sara@exa');

    const fresh = start({}, resetInputOf({ step: 'code', email: 'sara@example.com' }, null));
    expect(value(fresh.actor)).toEqual({ requesting: 'editing' });
    expect(context(fresh.actor)).toMatchObject({ email: null, values: { email: 'sara@example.com' } });
  });

  it('a step in the URL without a kept address, or a tampered one, starts at the e-mail step', () => {
    expect(value(start({}, resetInputOf(null, 'code')).actor)).toEqual({ requesting: 'editing' });
    const tampered = start({}, resetInputOf(readResetProgress({ getItem: () => '{"step":"code","email":"not an address"}' }), 'code'));
    expect(value(tampered.actor)).toEqual({ requesting: 'editing' });
    expect(readResetProgress({ getItem: () => '{oops' })).toBeNull();
  });
});
