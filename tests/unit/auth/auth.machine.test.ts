import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { LoginResult } from '../../../services/session.service';
import { authMachine, type LoginInput } from '../../../machines/auth.machine';
import { validateSignIn } from '../../../machines/schemas/auth.schema';
import { signInTarget } from '../../../src/components/auth/sign-in-target';

function start(login: (input: LoginInput) => Promise<LoginResult>) {
  const spy = vi.fn(login);
  const actor = createActor(authMachine.provide({ actors: { login: fromPromise(({ input }) => spy(input)) } })).start();
  return { actor, spy };
}

type AuthActor = ReturnType<typeof start>['actor'];

function fill(actor: AuthActor, email = '  sara@example.com ', password = ' Secret123! ') {
  actor.send({ type: 'auth.change', field: 'email', value: email });
  actor.send({ type: 'auth.change', field: 'password', value: password });
}

const signedIn: LoginResult = { ok: true, user: { id: '7', identifier: 'sara@example.com' } };

/** A promise the test settles by hand, to look at the machine while the call is in flight. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('sign-in schema', () => {
  it('reports message ids per field', () => {
    expect(validateSignIn({ email: ' ', password: '' })).toEqual({
      ok: false,
      errors: { email: 'auth.email.required', password: 'auth.password.required' },
    });
    expect(validateSignIn({ email: 'sara@', password: 'x'.repeat(201) })).toEqual({
      ok: false,
      errors: { email: 'auth.email.invalid', password: 'auth.password.tooLong' },
    });
  });

  it('trims the email but keeps the password as typed', () => {
    expect(validateSignIn({ email: ' a@b.co ', password: ' p ' })).toEqual({ ok: true, value: { email: 'a@b.co', password: ' p ' } });
  });
});

describe('auth machine', () => {
  it('stops invalid input before any call and counts the invalid submit', () => {
    const { actor, spy } = start(async () => signedIn);
    actor.send({ type: 'auth.change', field: 'email', value: 'not-an-email' });
    actor.send({ type: 'auth.submit' });

    const s = actor.getSnapshot();
    expect(s.value).toBe('idle');
    expect(s.context.errors).toEqual({ email: 'auth.email.invalid', password: 'auth.password.required' });
    expect(s.context.invalidSubmits).toBe(1);
    expect(spy).not.toHaveBeenCalled();

    actor.send({ type: 'auth.change', field: 'email', value: 'sara@example.com' });
    expect(actor.getSnapshot().context.errors).toEqual({ password: 'auth.password.required' });
  });

  it('signs in with the trimmed email as username and succeeds', async () => {
    const { actor, spy } = start(async () => signedIn);
    fill(actor);
    actor.send({ type: 'auth.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('succeeded'));
    expect(spy).toHaveBeenCalledWith({ username: 'sara@example.com', password: ' Secret123! ' });
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  it('a second submit while signing in sends nothing more', async () => {
    const call = deferred<LoginResult>();
    const { actor, spy } = start(() => call.promise);
    fill(actor);
    actor.send({ type: 'auth.submit' });
    actor.send({ type: 'auth.submit' });
    actor.send({ type: 'auth.retry' });
    expect(spy).toHaveBeenCalledTimes(1);

    call.resolve(signedIn);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('succeeded'));
    actor.send({ type: 'auth.submit' });
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('wrong credentials: failed, the password is cleared for retyping, the email kept', async () => {
    const { actor } = start(async () => ({ ok: false, code: 'INVALID_CREDENTIALS_ERROR', message: 'Invalid' }));
    fill(actor);
    actor.send({ type: 'auth.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('failed'));
    expect(actor.getSnapshot().context.failure).toEqual({ kind: 'invalidCredentials' });
    expect(actor.getSnapshot().context.values).toEqual({ email: '  sara@example.com ', password: '' });

    // Submitting again without a password is a validation error, not a call; the failure goes.
    actor.send({ type: 'auth.submit' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.failure).toBeNull();
    expect(actor.getSnapshot().context.errors).toEqual({ password: 'auth.password.required' });
  });

  it('an unverified account gets its own failure', async () => {
    const { actor } = start(async () => ({ ok: false, code: 'NOT_VERIFIED_ERROR', message: 'Not verified' }));
    fill(actor);
    actor.send({ type: 'auth.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('failed'));
    expect(actor.getSnapshot().context.failure).toEqual({ kind: 'notVerified' });
    expect(actor.getSnapshot().context.values.password).toBe(' Secret123! ');
  });

  it('rate limited (HTTP 429): failed with the wait the server asked for', async () => {
    const { actor } = start(async () => ({ ok: false, code: 'RATE_LIMIT_ERROR', message: 'Too many', retryAfterSeconds: 840 }));
    fill(actor);
    actor.send({ type: 'auth.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('failed'));
    expect(actor.getSnapshot().context.failure).toEqual({ kind: 'rateLimited', retryAfterSeconds: 840 });
  });

  it("another error result keeps the server's message", async () => {
    const { actor } = start(async () => ({ ok: false, code: 'NATIVE_AUTH_STRATEGY_ERROR', message: 'Native auth is off' }));
    fill(actor);
    actor.send({ type: 'auth.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('failed'));
    expect(actor.getSnapshot().context.failure).toEqual({ kind: 'refused', message: 'Native auth is off' });
  });

  it('a network failure keeps the values and a retry sends them again', async () => {
    let attempt = 0;
    const { actor, spy } = start(async () => (attempt++ === 0 ? Promise.reject(new Error('offline')) : signedIn));
    fill(actor);
    actor.send({ type: 'auth.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('failed'));
    expect(actor.getSnapshot().context.failure).toEqual({ kind: 'network' });
    expect(actor.getSnapshot().context.values.password).toBe(' Secret123! ');

    actor.send({ type: 'auth.retry' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actor.getSnapshot().context.failure).toBeNull();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('succeeded'));
    expect(spy).toHaveBeenCalledTimes(2);
    expect(spy.mock.calls[1]![0]).toEqual(spy.mock.calls[0]![0]);
  });
});

describe('signInTarget', () => {
  it.each([
    ['/checkout/ABC', 'ar', '/checkout/ABC'],
    ['/checkout/ABC', 'en', '/en/checkout/ABC'],
    ['/en/cart?x=1', 'en', '/en/cart?x=1'],
    [null, 'ar', '/'],
    [null, 'en', '/en'],
  ] as const)('%s in %s goes to %s', (redirect, locale, expected) => {
    expect(signInTarget(redirect, locale)).toBe(expected);
  });

  it.each(['//evil.com', 'https://evil.com', '/\\evil.com', 'javascript:alert(1)', '/auth', '/en/auth/login?redirect=/x'])(
    'sends %s home',
    (redirect) => {
      expect(signInTarget(redirect, 'en')).toBe('/en');
      expect(signInTarget(redirect, 'ar')).toBe('/');
    },
  );
});
