import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { changePasswordMachine, type UpdatePasswordInput } from '../../../machines/change-password.machine';
import { validateChangePassword } from '../../../machines/schemas/password.schema';
import type { UpdatePasswordResult } from '../../../services/account.service';

function start(update: (input: UpdatePasswordInput) => Promise<UpdatePasswordResult>) {
  const spy = vi.fn(update);
  const actor = createActor(changePasswordMachine.provide({ actors: { updatePassword: fromPromise(({ input }) => spy(input)) } })).start();
  return { actor, spy };
}

function fill(actor: ReturnType<typeof start>['actor'], current = 'old-pass1', next = 'new-pass2', confirm = next) {
  actor.send({ type: 'password.change', field: 'currentPassword', value: current });
  actor.send({ type: 'password.change', field: 'newPassword', value: next });
  actor.send({ type: 'password.change', field: 'confirmPassword', value: confirm });
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('password schema (store-password-validation.strategy.ts)', () => {
  it.each([
    ['abc1', 'password.new.tooShort'],
    ['abcdefgh', 'password.new.needsDigit'],
    ['12345678', 'password.new.needsLetter'],
    [`a1${'x'.repeat(127)}`, 'password.new.tooLong'],
  ])('refuses %s with %s', (password, id) => {
    expect(validateChangePassword({ currentPassword: 'old', newPassword: password, confirmPassword: password })).toEqual({
      ok: false,
      errors: { newPassword: id },
    });
  });

  it('counts Arabic letters and Arabic-Indic digits like the server', () => {
    expect(validateChangePassword({ currentPassword: 'old', newPassword: 'كلمةسر١٢', confirmPassword: 'كلمةسر١٢' }).ok).toBe(true);
  });

  it('reports a missing current password, a mismatch, and a new password equal to the current one', () => {
    expect(validateChangePassword({ currentPassword: '', newPassword: 'abcdefg1', confirmPassword: 'abcdefg2' })).toEqual({
      ok: false,
      errors: { currentPassword: 'password.current.required', confirmPassword: 'password.confirm.mismatch' },
    });
    expect(validateChangePassword({ currentPassword: 'abcdefg1', newPassword: 'abcdefg1', confirmPassword: 'abcdefg1' })).toEqual({
      ok: false,
      errors: { newPassword: 'password.new.sameAsCurrent' },
    });
  });
});

describe('change-password machine', () => {
  it('stays in editing with message ids and calls nothing when the form is invalid', () => {
    const { actor, spy } = start(async () => ({ ok: true }));
    fill(actor, 'old-pass1', 'short', 'other');
    actor.send({ type: 'password.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({
      newPassword: 'password.new.tooShort',
      confirmPassword: 'password.confirm.mismatch',
    });
    expect(spy).not.toHaveBeenCalled();
  });

  it('clears a field error when that field changes', () => {
    const { actor } = start(async () => ({ ok: true }));
    fill(actor, 'old-pass1', 'new-pass2', 'nope');
    actor.send({ type: 'password.submit' });
    actor.send({ type: 'password.change', field: 'confirmPassword', value: 'new-pass2' });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('sends current and new password, ignores a second submit while pending, and forgets the values once changed', async () => {
    let answer!: (r: UpdatePasswordResult) => void;
    const { actor, spy } = start(() => new Promise((r) => (answer = r)));
    fill(actor);
    actor.send({ type: 'password.submit' });
    actor.send({ type: 'password.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy).toHaveBeenCalledWith({ currentPassword: 'old-pass1', newPassword: 'new-pass2' });
    answer({ ok: true });
    await flush();
    expect(actor.getSnapshot().value).toBe('changed');
    expect(actor.getSnapshot().context.values).toEqual({ currentPassword: '', newPassword: '', confirmPassword: '' });
    actor.send({ type: 'password.reset' });
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('marks the current password wrong and keeps what was typed', async () => {
    const { actor } = start(async () => ({ ok: false, code: 'INVALID_CREDENTIALS_ERROR', message: 'x' }));
    fill(actor);
    actor.send({ type: 'password.submit' });
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({ currentPassword: 'password.current.wrong' });
    expect(actor.getSnapshot().context.values).toEqual({
      currentPassword: 'old-pass1',
      newPassword: 'new-pass2',
      confirmPassword: 'new-pass2',
    });
  });

  it("shows the server's policy message until the new password changes", async () => {
    const { actor } = start(async () => ({
      ok: false,
      code: 'PASSWORD_VALIDATION_ERROR',
      message: 'x',
      validationErrorMessage: 'يجب أن تحتوي كلمة المرور على 8 أحرف على الأقل',
    }));
    fill(actor);
    actor.send({ type: 'password.submit' });
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.policyMessage).toBe('يجب أن تحتوي كلمة المرور على 8 أحرف على الأقل');
    actor.send({ type: 'password.change', field: 'currentPassword', value: 'old-pass1' });
    expect(actor.getSnapshot().context.policyMessage).toBe('يجب أن تحتوي كلمة المرور على 8 أحرف على الأقل');
    actor.send({ type: 'password.change', field: 'newPassword', value: 'new-pass3' });
    expect(actor.getSnapshot().context.policyMessage).toBeNull();
  });

  it('fails as unsupported for an account without a native password', async () => {
    const { actor } = start(async () => ({ ok: false, code: 'NATIVE_AUTH_STRATEGY_ERROR', message: 'x' }));
    fill(actor);
    actor.send({ type: 'password.submit' });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.failure).toBe('password.unsupported');
  });

  it('fails on a network error, keeps the values, and retries', async () => {
    const results: Array<() => Promise<UpdatePasswordResult>> = [() => Promise.reject(new Error('offline')), async () => ({ ok: true })];
    const { actor, spy } = start(() => results.shift()!());
    fill(actor);
    actor.send({ type: 'password.submit' });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.failure).toBe('password.failed');
    expect(actor.getSnapshot().context.values.newPassword).toBe('new-pass2');
    actor.send({ type: 'password.retry' });
    await flush();
    expect(actor.getSnapshot().value).toBe('changed');
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it('a 503 is the store being unavailable; a TypeError stays a connection failure', async () => {
    const errors: unknown[] = [{ status: 503 }, new TypeError('Failed to fetch')];
    const { actor } = start(() => Promise.reject(errors.shift()));
    fill(actor);
    actor.send({ type: 'password.submit' });
    await flush();
    expect(actor.getSnapshot().context.failure).toBe('store.unavailable');
    actor.send({ type: 'password.retry' });
    await flush();
    expect(actor.getSnapshot().context.failure).toBe('password.failed');
  });

  it('goes back to editing when a field changes after a failure', async () => {
    const { actor } = start(() => Promise.reject(new Error('offline')));
    fill(actor);
    actor.send({ type: 'password.submit' });
    await flush();
    actor.send({ type: 'password.change', field: 'currentPassword', value: 'old-pass9' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.failure).toBeNull();
  });
});
