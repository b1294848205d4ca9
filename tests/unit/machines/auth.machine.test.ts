import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { LoginResult, VerifyAccountResult } from '../../../services/session.service';
import {
  authMachine,
  type AuthenticateOutcome,
  type AuthInput,
  type LoginInput,
  type RegisterInput,
  type RegisterOutcome,
  type ResendCodeResult,
  type VerifyAccountInput,
} from '../../../machines/auth.machine';

interface Fakes {
  login: (input: LoginInput) => Promise<LoginResult>;
  registerAccount: (input: RegisterInput) => Promise<RegisterOutcome>;
  verifyAccount: (input: VerifyAccountInput) => Promise<VerifyAccountResult>;
  resendCode: (input: { emailAddress: string }) => Promise<ResendCodeResult>;
  authenticate: (input: { provider: string; token: string }) => Promise<AuthenticateOutcome>;
  confirmSession: () => Promise<void>;
}

const user = { id: '7', identifier: 'sara@example.com' };
const signedIn: LoginResult = { ok: true, user };

/** The auth machine with fake services, fake side effects and a clock the test moves by hand. */
function start(fakes: Partial<Fakes> = {}, input: AuthInput = {}) {
  const calls = {
    login: vi.fn(fakes.login ?? (async () => signedIn)),
    registerAccount: vi.fn(fakes.registerAccount ?? (async (): Promise<RegisterOutcome> => ({ ok: true }))),
    verifyAccount: vi.fn(fakes.verifyAccount ?? (async (): Promise<VerifyAccountResult> => ({ ok: true, user }))),
    resendCode: vi.fn(fakes.resendCode ?? (async (): Promise<ResendCodeResult> => ({ ok: true }))),
    authenticate: vi.fn(fakes.authenticate ?? (async (): Promise<AuthenticateOutcome> => ({ ok: true, user }))),
    confirmSession: vi.fn(fakes.confirmSession ?? (async () => undefined)),
  };
  const effects = { storeSignIn: vi.fn(), reloadPage: vi.fn() };
  const machine = authMachine.provide({
    actors: {
      login: fromPromise(({ input }) => calls.login(input)),
      registerAccount: fromPromise(({ input }) => calls.registerAccount(input)),
      verifyAccount: fromPromise(({ input }) => calls.verifyAccount(input)),
      resendCode: fromPromise(({ input }) => calls.resendCode(input)),
      authenticate: fromPromise(({ input }) => calls.authenticate(input)),
      confirmSession: fromPromise(() => calls.confirmSession()),
    },
    actions: {
      storeSignIn: (_, params) => effects.storeSignIn(params),
      reloadPage: () => effects.reloadPage(),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { input, clock }).start();
  return { actor, calls, effects, clock };
}

type AuthActor = ReturnType<typeof start>['actor'];

const value = (actor: AuthActor) => actor.getSnapshot().value;
const context = (actor: AuthActor) => actor.getSnapshot().context;
/** Moves the simulated clock a second at a time, as a real one passes (each tick schedules the next). */
function pass(clock: SimulatedClock, ms: number) {
  for (let left = ms; left > 0; left -= Math.min(1000, left)) clock.increment(Math.min(1000, left));
}

function type(actor: AuthActor, fields: Partial<Record<'email' | 'password' | 'firstName' | 'lastName' | 'code', string>>) {
  for (const [field, text] of Object.entries(fields)) actor.send({ type: 'auth.change', field: field as 'email', value: text });
}

function fillSignIn(actor: AuthActor) {
  type(actor, { email: '  sara@example.com ', password: ' Secret123! ' });
}

function fillRegistration(actor: AuthActor) {
  type(actor, { firstName: ' Sara ', lastName: 'Alqahtani', email: 'sara@example.com ', password: 'كلمة سر 2026' });
}

/** A promise the test settles by hand, to look at the machine while the call is in flight. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

/** Registers and waits on the code step (the first code was mailed with the registration). */
async function registered(fakes: Partial<Fakes> = {}) {
  const h = start(fakes, { start: 'register' });
  fillRegistration(h.actor);
  h.actor.send({ type: 'auth.submit' });
  await vi.waitFor(() => expect(value(h.actor)).toEqual({ verifying: { code: 'editing', resend: 'coolingDown' } }));
  return h;
}

describe('auth machine: where it starts', () => {
  it.each([
    [{}, { forms: 'entry' }],
    [{ start: 'signIn' }, { forms: { signIn: 'editing' } }],
    [{ start: 'register' }, { forms: { register: 'editing' } }],
    [{ start: 'verify', email: ' sara@example.com ' }, { verifying: { code: 'editing', resend: 'ready' } }],
    // `/auth/otp` without an address to verify has nothing to offer: the entry instead.
    [{ start: 'verify' }, { forms: 'entry' }],
  ] as const)('input %j opens %j', (input, expected) => {
    const { actor } = start({}, input as AuthInput);
    expect(value(actor)).toEqual(expected);
  });

  it('starting at the code keeps the address and allows a resend at once', () => {
    const { actor } = start({}, { start: 'verify', email: ' sara@example.com ' });
    expect(context(actor).pending).toEqual({ email: 'sara@example.com', password: null });
    expect(context(actor).resendIn).toBe(0);
  });

  it('starting at the code with a cooldown handed over: the wait carries on, then a resend is allowed', () => {
    const { actor, clock, calls } = start({}, { start: 'verify', email: 'sara@example.com', resendIn: 3 });
    expect(value(actor)).toEqual({ verifying: { code: 'editing', resend: 'coolingDown' } });
    expect(context(actor).resendIn).toBe(3);
    actor.send({ type: 'auth.resend' });
    expect(calls.resendCode).not.toHaveBeenCalled();
    pass(clock, 1000);
    expect(context(actor).resendIn).toBe(2);
    pass(clock, 2000);
    expect(context(actor).resendIn).toBe(0);
    expect(value(actor)).toEqual({ verifying: { code: 'editing', resend: 'ready' } });
  });

  it('a cooldown without an address to verify is ignored: the entry, no wait', () => {
    const { actor } = start({}, { start: 'verify', resendIn: 30 });
    expect(value(actor)).toEqual({ forms: 'entry' });
    expect(context(actor).resendIn).toBe(0);
  });

  it('the entry leads to either form, and the forms to each other with what was typed', () => {
    const { actor } = start();
    actor.send({ type: 'auth.submit' });
    expect(value(actor)).toEqual({ forms: 'entry' });
    actor.send({ type: 'auth.showRegister' });
    expect(value(actor)).toEqual({ forms: { register: 'editing' } });
    type(actor, { email: 'sara@example.com' });
    actor.send({ type: 'auth.submit' });
    expect(Object.keys(context(actor).errors).sort()).toEqual(['firstName', 'lastName', 'password']);

    actor.send({ type: 'auth.showSignIn' });
    expect(value(actor)).toEqual({ forms: { signIn: 'editing' } });
    expect(context(actor).errors).toEqual({});
    expect(context(actor).values.email).toBe('sara@example.com');
    actor.send({ type: 'auth.showRegister' });
    expect(value(actor)).toEqual({ forms: { register: 'editing' } });

    const entry = start();
    entry.actor.send({ type: 'auth.showSignIn' });
    expect(value(entry.actor)).toEqual({ forms: { signIn: 'editing' } });
  });
});

describe('auth machine: sign-in', () => {
  it('stops invalid input before any call and counts the invalid submit', () => {
    const { actor, calls } = start({}, { start: 'signIn' });
    type(actor, { email: 'not-an-email' });
    actor.send({ type: 'auth.submit' });

    expect(value(actor)).toEqual({ forms: { signIn: 'editing' } });
    expect(context(actor).errors).toEqual({ email: 'auth.email.invalid', password: 'auth.password.required' });
    expect(context(actor).invalidSubmits).toBe(1);
    expect(calls.login).not.toHaveBeenCalled();

    type(actor, { email: 'sara@example.com' });
    expect(context(actor).errors).toEqual({ password: 'auth.password.required' });
  });

  it('signs in with the trimmed email as username; the session learns of it, then it settles', async () => {
    const session = deferred<void>();
    const { actor, calls, effects, clock } = start({ confirmSession: () => session.promise }, { start: 'signIn' });
    fillSignIn(actor);
    actor.send({ type: 'auth.submit' });
    expect(value(actor)).toEqual({ forms: { signIn: 'submitting' } });
    await vi.waitFor(() => expect(value(actor)).toEqual({ signedIn: 'confirming' }));
    expect(calls.login).toHaveBeenCalledWith({ username: 'sara@example.com', password: ' Secret123! ' });
    expect(effects.storeSignIn).toHaveBeenCalledWith({ user: { id: '7', identifier: 'sara@example.com' } });
    expect(context(actor).user).toEqual({ id: '7', identifier: 'sara@example.com' });

    session.resolve();
    await vi.waitFor(() => expect(value(actor)).toEqual({ signedIn: 'settled' }));
    pass(clock, 5000);
    expect(effects.reloadPage).not.toHaveBeenCalled();
  });

  it('a session that never confirms still lets the page move on', async () => {
    const { actor } = start({ confirmSession: () => Promise.reject(new Error('timeout')) }, { start: 'signIn' });
    fillSignIn(actor);
    actor.send({ type: 'auth.submit' });
    await vi.waitFor(() => expect(value(actor)).toEqual({ signedIn: 'settled' }));
  });

  it('a second submit while signing in sends nothing more', async () => {
    const call = deferred<LoginResult>();
    const { actor, calls } = start({ login: () => call.promise }, { start: 'signIn' });
    fillSignIn(actor);
    actor.send({ type: 'auth.submit' });
    actor.send({ type: 'auth.submit' });
    actor.send({ type: 'auth.retry' });
    actor.send({ type: 'auth.change', field: 'password', value: 'other' });
    actor.send({ type: 'auth.social', provider: 'google', token: 'id-token', popup: true });
    actor.send({ type: 'auth.showRegister' });
    expect(calls.login).toHaveBeenCalledTimes(1);
    expect(value(actor)).toEqual({ forms: { signIn: 'submitting' } });
    expect(context(actor).values.password).toBe(' Secret123! ');

    call.resolve(signedIn);
    await vi.waitFor(() => expect(value(actor)).toEqual({ signedIn: 'settled' }));
    actor.send({ type: 'auth.submit' });
    expect(calls.login).toHaveBeenCalledTimes(1);
    expect(calls.authenticate).not.toHaveBeenCalled();
  });

  it('wrong credentials: failed, the password is cleared for retyping, the email kept', async () => {
    const { actor } = start(
      { login: async () => ({ ok: false, code: 'INVALID_CREDENTIALS_ERROR', message: 'Invalid' }) },
      { start: 'signIn' },
    );
    fillSignIn(actor);
    actor.send({ type: 'auth.submit' });
    await vi.waitFor(() => expect(value(actor)).toEqual({ forms: { signIn: 'failed' } }));
    expect(context(actor).failure).toEqual({ kind: 'invalidCredentials' });
    expect(context(actor).values).toMatchObject({ email: '  sara@example.com ', password: '' });

    // A retry without a password sends nothing; submitting is a validation error and the failure goes.
    actor.send({ type: 'auth.retry' });
    expect(value(actor)).toEqual({ forms: { signIn: 'failed' } });
    actor.send({ type: 'auth.submit' });
    expect(value(actor)).toEqual({ forms: { signIn: 'editing' } });
    expect(context(actor).failure).toBeNull();
    expect(context(actor).errors).toEqual({ password: 'auth.password.required' });
  });

  it('an unverified account goes on to the code, and a fresh code is sent to it', async () => {
    const { actor, calls, clock } = start(
      { login: async () => ({ ok: false, code: 'NOT_VERIFIED_ERROR', message: 'Not verified' }) },
      { start: 'signIn' },
    );
    fillSignIn(actor);
    actor.send({ type: 'auth.submit' });
    await vi.waitFor(() => expect(value(actor)).toEqual({ verifying: { code: 'editing', resend: 'coolingDown' } }));
    expect(calls.resendCode).toHaveBeenCalledWith({ emailAddress: 'sara@example.com' });
    expect(context(actor)).toMatchObject({
      failure: null,
      pending: { email: 'sara@example.com', password: ' Secret123! ' },
      resendIn: 60,
      codesResent: 1,
    });

    type(actor, { code: '123456' });
    actor.send({ type: 'auth.submit' });
    await vi.waitFor(() => expect(value(actor)).toEqual({ signedIn: 'settled' }));
    expect(calls.verifyAccount).toHaveBeenCalledWith({ code: '123456', email: 'sara@example.com', password: ' Secret123! ' });
    clock.increment(1000);
  });

  it.each([
    [
      { ok: false, code: 'RATE_LIMIT_ERROR', message: 'Too many', retryAfterSeconds: 840 },
      { kind: 'rateLimited', retryAfterSeconds: 840 },
    ],
    [
      { ok: false, code: 'RATE_LIMIT_ERROR', message: 'Too many', retryAfterSeconds: null },
      { kind: 'rateLimited', retryAfterSeconds: null },
    ],
    [{ ok: false, code: 'NATIVE_AUTH_STRATEGY_ERROR', message: 'Native auth is off' }, { kind: 'nativeAuthUnavailable' }],
  ] as const)('login answer %j fails as %j and keeps the password', async (answer, failure) => {
    const { actor } = start({ login: async () => answer as LoginResult }, { start: 'signIn' });
    fillSignIn(actor);
    actor.send({ type: 'auth.submit' });
    await vi.waitFor(() => expect(value(actor)).toEqual({ forms: { signIn: 'failed' } }));
    expect(context(actor).failure).toEqual(failure);
    expect(context(actor).values.password).toBe(' Secret123! ');
  });

  it('a 503 from the store is the store being unavailable; no answer (TypeError) stays a connection failure', async () => {
    const errors: unknown[] = [Object.assign(new Error('Service Unavailable'), { status: 503 }), new TypeError('Failed to fetch')];
    const { actor } = start({ login: async () => Promise.reject(errors.shift()) }, { start: 'signIn' });
    fillSignIn(actor);
    actor.send({ type: 'auth.submit' });
    await vi.waitFor(() => expect(value(actor)).toEqual({ forms: { signIn: 'failed' } }));
    expect(context(actor).failure).toEqual({ kind: 'network', unavailable: true });

    actor.send({ type: 'auth.retry' });
    await vi.waitFor(() => expect(value(actor)).toEqual({ forms: { signIn: 'failed' } }));
    expect(context(actor).failure).toEqual({ kind: 'network' });
  });

  it('a network failure keeps the values and a retry sends them again', async () => {
    let attempt = 0;
    const { actor, calls } = start(
      { login: async () => (attempt++ === 0 ? Promise.reject(new Error('offline')) : signedIn) },
      { start: 'signIn' },
    );
    fillSignIn(actor);
    actor.send({ type: 'auth.submit' });
    await vi.waitFor(() => expect(value(actor)).toEqual({ forms: { signIn: 'failed' } }));
    expect(context(actor).failure).toEqual({ kind: 'network' });
    expect(context(actor).values.password).toBe(' Secret123! ');

    actor.send({ type: 'auth.retry' });
    expect(value(actor)).toEqual({ forms: { signIn: 'submitting' } });
    expect(context(actor).failure).toBeNull();
    await vi.waitFor(() => expect(value(actor)).toEqual({ signedIn: 'settled' }));
    expect(calls.login).toHaveBeenCalledTimes(2);
    expect(calls.login.mock.calls[1]![0]).toEqual({ username: 'sara@example.com', password: ' Secret123! ' });
  });

  it('after a failure the shopper can switch to registration, and a changed form submits again', async () => {
    let attempt = 0;
    const { actor, calls } = start(
      { login: async () => (attempt++ === 0 ? { ok: false, code: 'INVALID_CREDENTIALS_ERROR', message: 'x' } : signedIn) },
      { start: 'signIn' },
    );
    fillSignIn(actor);
    actor.send({ type: 'auth.submit' });
    await vi.waitFor(() => expect(value(actor)).toEqual({ forms: { signIn: 'failed' } }));
    type(actor, { password: 'Another1' });
    actor.send({ type: 'auth.submit' });
    await vi.waitFor(() => expect(value(actor)).toEqual({ signedIn: 'settled' }));
    expect(calls.login).toHaveBeenLastCalledWith({ username: 'sara@example.com', password: 'Another1' });

    const other = start({ login: async () => ({ ok: false, code: 'INVALID_CREDENTIALS_ERROR', message: 'x' }) }, { start: 'signIn' });
    fillSignIn(other.actor);
    other.actor.send({ type: 'auth.submit' });
    await vi.waitFor(() => expect(value(other.actor)).toEqual({ forms: { signIn: 'failed' } }));
    other.actor.send({ type: 'auth.showRegister' });
    expect(value(other.actor)).toEqual({ forms: { register: 'editing' } });
  });
});

describe('auth machine: registration', () => {
  it('checks the password policy and the names before any call', () => {
    const { actor, calls } = start({}, { start: 'register' });
    type(actor, { firstName: ' ', lastName: 'x'.repeat(101), email: 'sara@example.com', password: 'abcdefgh' });
    actor.send({ type: 'auth.submit' });
    expect(context(actor).errors).toEqual({
      firstName: 'auth.firstName.required',
      lastName: 'auth.lastName.tooLong',
      password: 'auth.password.needsDigit',
    });
    expect(calls.registerAccount).not.toHaveBeenCalled();
    expect(context(actor).invalidSubmits).toBe(1);
  });

  it('creates the account with trimmed names and email, then waits for the mailed code', async () => {
    const { actor, calls } = await registered();
    expect(calls.registerAccount).toHaveBeenCalledWith({
      firstName: 'Sara',
      lastName: 'Alqahtani',
      emailAddress: 'sara@example.com',
      password: 'كلمة سر 2026',
    });
    expect(calls.resendCode).not.toHaveBeenCalled();
    expect(context(actor)).toMatchObject({
      pending: { email: 'sara@example.com', password: 'كلمة سر 2026' },
      resendIn: 60,
      codesResent: 0,
      failure: null,
    });
  });

  it('a second submit while registering sends nothing more', async () => {
    const call = deferred<RegisterOutcome>();
    const { actor, calls } = start({ registerAccount: () => call.promise }, { start: 'register' });
    fillRegistration(actor);
    actor.send({ type: 'auth.submit' });
    actor.send({ type: 'auth.submit' });
    actor.send({ type: 'auth.showSignIn' });
    expect(value(actor)).toEqual({ forms: { register: 'submitting' } });
    call.resolve({ ok: true });
    await vi.waitFor(() => expect(value(actor)).toMatchObject({ verifying: { code: 'editing' } }));
    expect(calls.registerAccount).toHaveBeenCalledTimes(1);
  });

  it.each([
    [
      { ok: false, code: 'PASSWORD_VALIDATION_ERROR', message: 'Password invalid', validationErrorMessage: 'At least 8 characters' },
      { kind: 'passwordRejected', message: 'At least 8 characters' },
    ],
    [
      { ok: false, code: 'RATE_LIMIT_ERROR', message: 'Later', retryAfterSeconds: 3600 },
      { kind: 'rateLimited', retryAfterSeconds: 3600 },
    ],
    [{ ok: false, code: 'NATIVE_AUTH_STRATEGY_ERROR', message: 'Off' }, { kind: 'nativeAuthUnavailable' }],
    [
      { ok: false, code: 'MISSING_PASSWORD_ERROR', message: 'A password is needed' },
      { kind: 'refused', message: 'A password is needed' },
    ],
  ] as const)('answer %j fails as %j with everything typed kept', async (answer, failure) => {
    const { actor } = start({ registerAccount: async () => answer as RegisterOutcome }, { start: 'register' });
    fillRegistration(actor);
    actor.send({ type: 'auth.submit' });
    await vi.waitFor(() => expect(value(actor)).toEqual({ forms: { register: 'failed' } }));
    expect(context(actor).failure).toEqual(failure);
    expect(context(actor).values).toMatchObject({
      firstName: ' Sara ',
      lastName: 'Alqahtani',
      email: 'sara@example.com ',
      password: 'كلمة سر 2026',
    });
  });

  it('a network failure offers a retry with the same values; a bad edit is caught on submit', async () => {
    let attempt = 0;
    const { actor, calls } = start(
      { registerAccount: async () => (attempt++ === 0 ? Promise.reject(new Error('offline')) : { ok: true }) },
      { start: 'register' },
    );
    fillRegistration(actor);
    actor.send({ type: 'auth.submit' });
    await vi.waitFor(() => expect(value(actor)).toEqual({ forms: { register: 'failed' } }));
    expect(context(actor).failure).toEqual({ kind: 'network' });

    type(actor, { password: 'short1' });
    actor.send({ type: 'auth.submit' });
    expect(value(actor)).toEqual({ forms: { register: 'editing' } });
    expect(context(actor).errors).toEqual({ password: 'auth.password.tooShort' });
    expect(context(actor).failure).toBeNull();

    type(actor, { password: 'كلمة سر 2026' });
    actor.send({ type: 'auth.submit' });
    await vi.waitFor(() => expect(value(actor)).toMatchObject({ verifying: { code: 'editing' } }));
    expect(calls.registerAccount).toHaveBeenCalledTimes(2);
  });

  it('retry after a failure sends the same values again; showing sign-in leaves the failure behind', async () => {
    let attempt = 0;
    const { actor, calls } = start(
      { registerAccount: async () => (attempt++ === 0 ? Promise.reject(new Error('offline')) : { ok: true }) },
      { start: 'register' },
    );
    fillRegistration(actor);
    actor.send({ type: 'auth.submit' });
    await vi.waitFor(() => expect(value(actor)).toEqual({ forms: { register: 'failed' } }));
    actor.send({ type: 'auth.retry' });
    await vi.waitFor(() => expect(value(actor)).toMatchObject({ verifying: { code: 'editing' } }));
    expect(calls.registerAccount.mock.calls[1]![0]).toEqual(calls.registerAccount.mock.calls[0]![0]);

    const other = start({ registerAccount: async () => Promise.reject(new Error('offline')) }, { start: 'register' });
    fillRegistration(other.actor);
    other.actor.send({ type: 'auth.submit' });
    await vi.waitFor(() => expect(value(other.actor)).toEqual({ forms: { register: 'failed' } }));
    other.actor.send({ type: 'auth.showSignIn' });
    expect(value(other.actor)).toEqual({ forms: { signIn: 'editing' } });
  });
});

describe('auth machine: the e-mail code', () => {
  it('refuses a code that is not 6 digits, and reads Arabic-Indic digits', async () => {
    const { actor, calls } = await registered();
    actor.send({ type: 'auth.submit' });
    expect(context(actor).errors).toEqual({ code: 'auth.code.required' });
    type(actor, { code: '12345' });
    actor.send({ type: 'auth.submit' });
    expect(context(actor).errors).toEqual({ code: 'auth.code.invalid' });
    expect(calls.verifyAccount).not.toHaveBeenCalled();

    type(actor, { code: '١٢٣ ٤٥٦' });
    actor.send({ type: 'auth.submit' });
    expect(value(actor)).toMatchObject({ verifying: { code: 'checking' } });
    await vi.waitFor(() => expect(value(actor)).toEqual({ signedIn: 'settled' }));
    expect(calls.verifyAccount).toHaveBeenCalledWith({ code: '123456', email: 'sara@example.com', password: 'كلمة سر 2026' });
  });

  it('a wrong code says how many attempts are left and keeps the code; the right one signs in', async () => {
    let attempt = 0;
    const { actor, effects } = await registered({
      verifyAccount: async () =>
        attempt++ === 0 ? { ok: false, code: 'VERIFICATION_CODE_INVALID_ERROR', message: 'Wrong', attemptsLeft: 2 } : { ok: true, user },
    });
    type(actor, { code: '111111' });
    actor.send({ type: 'auth.submit' });
    await vi.waitFor(() => expect(value(actor)).toMatchObject({ verifying: { code: 'failed' } }));
    expect(context(actor).failure).toEqual({ kind: 'wrongCode', attemptsLeft: 2 });
    expect(context(actor).values.code).toBe('111111');

    type(actor, { code: '123456' });
    actor.send({ type: 'auth.submit' });
    await vi.waitFor(() => expect(value(actor)).toEqual({ signedIn: 'settled' }));
    expect(effects.storeSignIn).toHaveBeenCalledWith({ user });
  });

  it.each([
    [{ ok: false, code: 'VERIFICATION_CODE_INVALID_ERROR', message: 'No longer valid', attemptsLeft: 0 }, { kind: 'tooManyAttempts' }],
    [{ ok: false, code: 'VERIFICATION_TOKEN_EXPIRED_ERROR', message: 'Expired' }, { kind: 'codeExpired' }],
  ] as const)('%j: the code is spent, no submit until a new code is sent', async (answer, failure) => {
    const { actor, calls, clock } = await registered({ verifyAccount: async () => answer as VerifyAccountResult });
    type(actor, { code: '111111' });
    actor.send({ type: 'auth.submit' });
    await vi.waitFor(() => expect(value(actor)).toEqual({ verifying: { code: 'spent', resend: 'coolingDown' } }));
    expect(context(actor).failure).toEqual(failure);
    actor.send({ type: 'auth.submit' });
    actor.send({ type: 'auth.retry' });
    actor.send({ type: 'auth.resend' });
    expect(calls.verifyAccount).toHaveBeenCalledTimes(1);
    expect(calls.resendCode).not.toHaveBeenCalled();

    pass(clock, 60_000);
    expect(value(actor)).toEqual({ verifying: { code: 'spent', resend: 'ready' } });
    actor.send({ type: 'auth.resend' });
    await vi.waitFor(() => expect(value(actor)).toEqual({ verifying: { code: 'editing', resend: 'coolingDown' } }));
    expect(context(actor)).toMatchObject({ failure: null, resendIn: 60, codesResent: 1, values: { code: '' } });
  });

  it.each([
    [
      { ok: false, code: 'RATE_LIMIT_ERROR', message: 'Later', retryAfterSeconds: 900 },
      { kind: 'rateLimited', retryAfterSeconds: 900 },
    ],
    [
      { ok: false, code: 'PASSWORD_VALIDATION_ERROR', message: 'x', validationErrorMessage: 'Please choose a password' },
      { kind: 'passwordRejected', message: 'Please choose a password' },
    ],
  ] as const)('%j fails as %j, the code kept', async (answer, failure) => {
    const { actor } = await registered({ verifyAccount: async () => answer as VerifyAccountResult });
    type(actor, { code: '123456' });
    actor.send({ type: 'auth.submit' });
    await vi.waitFor(() => expect(value(actor)).toMatchObject({ verifying: { code: 'failed' } }));
    expect(context(actor).failure).toEqual(failure);
    expect(context(actor).values.code).toBe('123456');
  });

  it('a network failure while checking offers a retry of the same code; double submits are ignored', async () => {
    const first = deferred<VerifyAccountResult>();
    let attempt = 0;
    const { actor, calls } = await registered({
      verifyAccount: () => (attempt++ === 0 ? first.promise : Promise.resolve({ ok: true, user })),
    });
    type(actor, { code: '123456' });
    actor.send({ type: 'auth.submit' });
    actor.send({ type: 'auth.submit' });
    actor.send({ type: 'auth.change', field: 'code', value: '999999' });
    expect(calls.verifyAccount).toHaveBeenCalledTimes(1);
    first.reject(new Error('offline'));
    await vi.waitFor(() => expect(value(actor)).toMatchObject({ verifying: { code: 'failed' } }));
    expect(context(actor).failure).toEqual({ kind: 'network' });
    expect(context(actor).values.code).toBe('123456');

    actor.send({ type: 'auth.retry' });
    await vi.waitFor(() => expect(value(actor)).toEqual({ signedIn: 'settled' }));
    expect(calls.verifyAccount.mock.calls[1]![0]).toEqual({ code: '123456', email: 'sara@example.com', password: 'كلمة سر 2026' });
  });

  it('a changed code after a failure is checked again on submit, an empty one is not', async () => {
    const { actor, calls } = await registered({
      verifyAccount: async () => ({ ok: false, code: 'VERIFICATION_CODE_INVALID_ERROR', message: 'Wrong', attemptsLeft: 4 }),
    });
    type(actor, { code: '111111' });
    actor.send({ type: 'auth.submit' });
    await vi.waitFor(() => expect(value(actor)).toMatchObject({ verifying: { code: 'failed' } }));
    type(actor, { code: '' });
    actor.send({ type: 'auth.submit' });
    expect(value(actor)).toMatchObject({ verifying: { code: 'editing' } });
    expect(context(actor).errors).toEqual({ code: 'auth.code.required' });
    expect(context(actor).failure).toBeNull();
    type(actor, { code: '222222' });
    actor.send({ type: 'auth.submit' });
    await vi.waitFor(() => expect(value(actor)).toMatchObject({ verifying: { code: 'failed' } }));
    expect(calls.verifyAccount).toHaveBeenCalledTimes(2);

    type(actor, { code: '333333' });
    actor.send({ type: 'auth.submit' });
    await vi.waitFor(() => expect(calls.verifyAccount).toHaveBeenCalledTimes(3));
    expect(calls.verifyAccount).toHaveBeenLastCalledWith({ code: '333333', email: 'sara@example.com', password: 'كلمة سر 2026' });
  });
});

describe('auth machine: leaving the code step', () => {
  it.each([
    ['auth.showSignIn', { forms: { signIn: 'editing' } }],
    ['auth.showRegister', { forms: { register: 'editing' } }],
  ] as const)('%s goes back to %j, the pending address and cooldown forgotten, the form kept', async (type, expected) => {
    const { actor, clock } = await registered();
    actor.send({ type });
    expect(value(actor)).toEqual(expected);
    expect(context(actor)).toMatchObject({
      pending: null,
      resendIn: 0,
      failure: null,
      values: { email: 'sara@example.com ', firstName: ' Sara ' },
    });
    pass(clock, 2000);
    expect(context(actor).resendIn).toBe(0);
  });
});

describe('auth machine: resending the code', () => {
  it('counts the cooldown down once a second, then allows one resend at a time', async () => {
    const call = deferred<ResendCodeResult>();
    const { actor, calls, clock } = await registered({ resendCode: () => call.promise });
    actor.send({ type: 'auth.resend' });
    expect(calls.resendCode).not.toHaveBeenCalled();

    clock.increment(999);
    expect(context(actor).resendIn).toBe(60);
    clock.increment(1);
    expect(context(actor).resendIn).toBe(59);
    pass(clock, 58_000);
    expect(context(actor).resendIn).toBe(1);
    expect(value(actor)).toMatchObject({ verifying: { resend: 'coolingDown' } });
    clock.increment(1000);
    expect(context(actor).resendIn).toBe(0);
    expect(value(actor)).toEqual({ verifying: { code: 'editing', resend: 'ready' } });
    pass(clock, 10_000);
    expect(context(actor).resendIn).toBe(0);

    type(actor, { code: '12' });
    actor.send({ type: 'auth.resend' });
    actor.send({ type: 'auth.resend' });
    expect(value(actor)).toEqual({ verifying: { code: 'editing', resend: 'sending' } });
    expect(calls.resendCode).toHaveBeenCalledTimes(1);
    expect(calls.resendCode).toHaveBeenCalledWith({ emailAddress: 'sara@example.com' });

    call.resolve({ ok: true });
    await vi.waitFor(() => expect(value(actor)).toEqual({ verifying: { code: 'editing', resend: 'coolingDown' } }));
    // The old code is void: its field is emptied for the new one.
    expect(context(actor)).toMatchObject({ resendIn: 60, codesResent: 1, values: { code: '' } });
  });

  it("HTTP 429: the server's wait becomes the cooldown and the failure says so", async () => {
    const { actor, clock } = start(
      { resendCode: async () => ({ ok: false, code: 'RATE_LIMIT_ERROR', message: 'Later', retryAfterSeconds: 840 }) },
      { start: 'verify', email: 'sara@example.com' },
    );
    type(actor, { code: '123' });
    actor.send({ type: 'auth.resend' });
    await vi.waitFor(() => expect(value(actor)).toEqual({ verifying: { code: 'editing', resend: 'coolingDown' } }));
    expect(context(actor)).toMatchObject({
      resendIn: 840,
      codesResent: 0,
      failure: { kind: 'rateLimited', retryAfterSeconds: 840 },
      values: { code: '123' },
    });
    pass(clock, 840_000);
    expect(value(actor)).toEqual({ verifying: { code: 'editing', resend: 'ready' } });
  });

  it('a 429 without a wait falls back to the usual cooldown', async () => {
    const { actor } = start(
      { resendCode: async () => ({ ok: false, code: 'RATE_LIMIT_ERROR', message: 'Later', retryAfterSeconds: null }) },
      { start: 'verify', email: 'sara@example.com' },
    );
    actor.send({ type: 'auth.resend' });
    await vi.waitFor(() => expect(value(actor)).toMatchObject({ verifying: { resend: 'coolingDown' } }));
    expect(context(actor).resendIn).toBe(60);
  });

  it('a network failure leaves the resend ready to try again', async () => {
    let attempt = 0;
    const { actor, calls } = start(
      { resendCode: async () => (attempt++ === 0 ? Promise.reject(new Error('offline')) : { ok: true }) },
      { start: 'verify', email: 'sara@example.com' },
    );
    actor.send({ type: 'auth.resend' });
    await vi.waitFor(() => expect(context(actor).failure).toEqual({ kind: 'network' }));
    expect(value(actor)).toEqual({ verifying: { code: 'editing', resend: 'ready' } });
    actor.send({ type: 'auth.resend' });
    await vi.waitFor(() => expect(value(actor)).toMatchObject({ verifying: { resend: 'coolingDown' } }));
    expect(calls.resendCode).toHaveBeenCalledTimes(2);
  });
});

describe('auth machine: social sign-in', () => {
  it('signs in with the ID token, stores the sign-in and refreshes the counts; reloads 1 s later after a popup', async () => {
    const { actor, calls, effects, clock } = start();
    actor.send({ type: 'auth.social', provider: 'google', token: 'id-token', popup: true });
    expect(value(actor)).toBe('social');
    actor.send({ type: 'auth.social', provider: 'apple', token: 'other', popup: true });
    actor.send({ type: 'auth.submit' });
    await vi.waitFor(() => expect(value(actor)).toEqual({ signedIn: 'settled' }));
    expect(calls.authenticate).toHaveBeenCalledTimes(1);
    expect(calls.authenticate).toHaveBeenCalledWith({ provider: 'google', token: 'id-token' });
    expect(effects.storeSignIn).toHaveBeenCalledWith({ user });
    expect(context(actor)).toMatchObject({ social: null, popupSignIn: true, user });

    clock.increment(999);
    expect(effects.reloadPage).not.toHaveBeenCalled();
    clock.increment(1);
    expect(effects.reloadPage).toHaveBeenCalledTimes(1);
    pass(clock, 5000);
    expect(effects.reloadPage).toHaveBeenCalledTimes(1);
  });

  it('without a popup there is no reload', async () => {
    const { actor, effects, clock } = start({}, { start: 'signIn' });
    actor.send({ type: 'auth.social', provider: 'google', token: 'id-token', popup: false });
    await vi.waitFor(() => expect(value(actor)).toEqual({ signedIn: 'settled' }));
    pass(clock, 2000);
    expect(effects.reloadPage).not.toHaveBeenCalled();
  });

  it.each([
    [
      { ok: false, code: 'INVALID_CREDENTIALS_ERROR', message: 'Sign-in with this provider failed.' },
      { kind: 'refused', message: 'Sign-in with this provider failed.' },
    ],
    [
      { ok: false, code: 'NOT_VERIFIED_ERROR', message: 'Your e-mail address is not verified with this provider.' },
      { kind: 'refused', message: 'Your e-mail address is not verified with this provider.' },
    ],
    [
      { ok: false, code: 'RATE_LIMIT_ERROR', message: 'Later', retryAfterSeconds: 60 },
      { kind: 'rateLimited', retryAfterSeconds: 60 },
    ],
  ] as const)('failure %j: back on the form it came from with %j, what was typed kept', async (answer, failure) => {
    const { actor, effects } = start({ authenticate: async () => answer as AuthenticateOutcome }, { start: 'register' });
    type(actor, { firstName: 'Sara' });
    actor.send({ type: 'auth.social', provider: 'google', token: 'id-token', popup: true });
    await vi.waitFor(() => expect(value(actor)).toEqual({ forms: { register: 'editing' } }));
    expect(context(actor)).toMatchObject({ failure, social: null, values: { firstName: 'Sara' } });
    expect(effects.storeSignIn).not.toHaveBeenCalled();
  });

  it('a network failure returns to the entry; the next attempt clears it', async () => {
    let attempt = 0;
    const { actor } = start({ authenticate: async () => (attempt++ === 0 ? Promise.reject(new Error('offline')) : { ok: true, user }) });
    actor.send({ type: 'auth.social', provider: 'apple', token: 't', popup: false });
    await vi.waitFor(() => expect(value(actor)).toEqual({ forms: 'entry' }));
    expect(context(actor).failure).toEqual({ kind: 'network' });
    actor.send({ type: 'auth.social', provider: 'apple', token: 't2', popup: false });
    expect(context(actor).failure).toBeNull();
    await vi.waitFor(() => expect(value(actor)).toEqual({ signedIn: 'settled' }));
  });

  it('from a failed sign-in form too', async () => {
    const { actor } = start(
      {
        login: async () => Promise.reject(new Error('offline')),
        authenticate: async () => ({ ok: false, code: 'INVALID_CREDENTIALS_ERROR', message: 'No' }),
      },
      { start: 'signIn' },
    );
    fillSignIn(actor);
    actor.send({ type: 'auth.submit' });
    await vi.waitFor(() => expect(value(actor)).toEqual({ forms: { signIn: 'failed' } }));
    actor.send({ type: 'auth.social', provider: 'google', token: 't', popup: true });
    await vi.waitFor(() => expect(value(actor)).toEqual({ forms: { signIn: 'editing' } }));
    expect(context(actor).failure).toEqual({ kind: 'refused', message: 'No' });
    expect(context(actor).values.password).toBe(' Secret123! ');
  });
});
