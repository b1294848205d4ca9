import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { signOutMachine } from '../../../machines/sign-out.machine';

function start(logout: () => Promise<boolean>) {
  const calls = { logout: vi.fn(logout) };
  const clearLocalState = vi.fn();
  const actor = createActor(
    signOutMachine.provide({ actors: { logout: fromPromise(() => calls.logout()) }, actions: { clearLocalState } }),
  ).start();
  return { actor, calls, clearLocalState };
}

describe('sign-out machine', () => {
  it('signs out when the server reports success, then clears the local state once', async () => {
    let resolve!: (success: boolean) => void;
    const { actor, calls, clearLocalState } = start(() => new Promise((r) => (resolve = r)));
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'signOut.submit' });
    actor.send({ type: 'signOut.submit' });
    actor.send({ type: 'signOut.retry' });
    expect(actor.getSnapshot().value).toBe('signingOut');
    expect(clearLocalState).not.toHaveBeenCalled();
    resolve(true);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('signedOut'));
    expect(actor.getSnapshot().status).toBe('done');
    expect(calls.logout).toHaveBeenCalledTimes(1);
    expect(clearLocalState).toHaveBeenCalledTimes(1);
  });

  it('success: false is a failure; nothing local is touched and a retry calls again', async () => {
    let attempt = 0;
    const { actor, calls, clearLocalState } = start(async () => attempt++ > 0);
    actor.send({ type: 'signOut.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('failed'));
    expect(actor.getSnapshot().context.failure).toEqual({ kind: 'refused' });
    expect(clearLocalState).not.toHaveBeenCalled();

    actor.send({ type: 'signOut.retry' });
    expect(actor.getSnapshot().context.failure).toBeNull();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('signedOut'));
    expect(calls.logout).toHaveBeenCalledTimes(2);
    expect(clearLocalState).toHaveBeenCalledTimes(1);
  });

  it('a network failure keeps the shopper signed in; pressing sign out again retries', async () => {
    let attempt = 0;
    const { actor, clearLocalState } = start(async () => (attempt++ === 0 ? Promise.reject(new Error('offline')) : true));
    actor.send({ type: 'signOut.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('failed'));
    expect(actor.getSnapshot().context.failure).toEqual({ kind: 'network' });
    expect(clearLocalState).not.toHaveBeenCalled();
    actor.send({ type: 'signOut.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('signedOut'));
    expect(clearLocalState).toHaveBeenCalledTimes(1);
  });
});
