import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ContactUsInput, ContactUsResult } from '../../../services/content.service';
import { contactMachine } from '../../../machines/contact.machine';
import { validateContact } from '../../../machines/schemas/contact.schema';

function start(send: (input: ContactUsInput) => Promise<ContactUsResult>) {
  const spy = vi.fn(send);
  const actor = createActor(contactMachine.provide({ actors: { sendContactMessage: fromPromise(({ input }) => spy(input)) } })).start();
  return { actor, spy };
}

function fillValid(actor: ReturnType<typeof start>['actor']) {
  actor.send({ type: 'contact.change', field: 'name', value: '  Sara  ' });
  actor.send({ type: 'contact.change', field: 'emailAddress', value: 'sara@example.com' });
  actor.send({ type: 'contact.changePhone', value: '+966 50 123 4567', valid: true });
  actor.send({ type: 'contact.change', field: 'message', value: 'Where is my order please?' });
}

const sent: ContactUsResult = { ok: true, id: '9', createdAt: '2026-11-22T10:00:00Z' };

describe('contact schema', () => {
  it('reports message IDs per field', () => {
    const result = validateContact({
      name: ' ',
      emailAddress: 'not-an-email',
      phone: { value: '12', valid: false },
      subject: 'x'.repeat(151),
      message: 'short',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: 'contact.name.required',
        emailAddress: 'contact.email.invalid',
        phone: 'contact.phone.invalid',
        subject: 'contact.subject.tooLong',
        message: 'contact.message.tooShort',
      },
    });
  });

  it('accepts an empty optional phone and subject', () => {
    const result = validateContact({
      name: 'Ali',
      emailAddress: 'ali@example.com',
      phone: { value: '', valid: false },
      subject: '',
      message: 'A long enough message',
    });
    expect(result.ok).toBe(true);
  });
});

describe('contact machine', () => {
  it('stays in editing with errors when the form is invalid, sending nothing', () => {
    const { actor, spy } = start(async () => sent);

    actor.send({ type: 'contact.change', field: 'emailAddress', value: 'bad' });
    actor.send({ type: 'contact.submit' });

    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toMatchObject({
      name: 'contact.name.required',
      emailAddress: 'contact.email.invalid',
      message: 'contact.message.tooShort',
    });
    expect(spy).not.toHaveBeenCalled();
  });

  it('clears a field error as soon as that field changes', () => {
    const { actor } = start(async () => sent);
    actor.send({ type: 'contact.submit' });

    actor.send({ type: 'contact.change', field: 'name', value: 'S' });

    expect(actor.getSnapshot().context.errors.name).toBeUndefined();
    expect(actor.getSnapshot().context.errors.message).toBe('contact.message.tooShort');
  });

  it('sends trimmed values and reaches sent', async () => {
    const { actor, spy } = start(async () => sent);
    fillValid(actor);

    actor.send({ type: 'contact.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('sent'));

    expect(spy).toHaveBeenCalledWith({
      name: 'Sara',
      emailAddress: 'sara@example.com',
      phoneNumber: '+966 50 123 4567',
      subject: undefined,
      message: 'Where is my order please?',
    });
    expect(actor.getSnapshot().context.sent).toEqual({ id: '9', createdAt: '2026-11-22T10:00:00Z' });
  });

  it('fails on a network error, keeps what was typed, and retries', async () => {
    let attempt = 0;
    const { actor, spy } = start(async () => (attempt++ === 0 ? Promise.reject(new Error('offline')) : sent));
    fillValid(actor);

    actor.send({ type: 'contact.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('failed'));
    expect(actor.getSnapshot().context.failure).toEqual({ kind: 'network' });
    expect(actor.getSnapshot().context.values.name).toBe('  Sara  ');

    actor.send({ type: 'contact.retry' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('sent'));
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it('a 503 is the store being unavailable; a TypeError stays a connection failure', async () => {
    const errors: unknown[] = [{ status: 503, code: 'STORE_UNAVAILABLE' }, new TypeError('Failed to fetch')];
    const { actor } = start(async () => Promise.reject(errors.shift()));
    fillValid(actor);
    actor.send({ type: 'contact.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('failed'));
    expect(actor.getSnapshot().context.failure).toEqual({ kind: 'network', unavailable: true });
    actor.send({ type: 'contact.retry' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.failure).toEqual({ kind: 'network' }));
  });

  it('fails with the wait time when rate limited', async () => {
    const { actor } = start(async () => ({ ok: false, code: 'RATE_LIMIT_ERROR', message: 'Too many', retryAfterSeconds: 60 }));
    fillValid(actor);

    actor.send({ type: 'contact.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('failed'));

    expect(actor.getSnapshot().context.failure).toEqual({ kind: 'rateLimited', message: 'Too many', retryAfterSeconds: 60 });
  });

  it('returns to editing with the server field error', async () => {
    const { actor } = start(async () => ({
      ok: false,
      code: 'CONTACT_US_INPUT_ERROR',
      message: 'رقم الجوال غير صالح',
      field: 'phoneNumber',
    }));
    fillValid(actor);

    actor.send({ type: 'contact.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('editing'));

    expect(actor.getSnapshot().context.serverFieldError).toEqual({ field: 'phone', message: 'رقم الجوال غير صالح' });
    expect(actor.getSnapshot().context.values.message).toBe('Where is my order please?');
  });

  it('editing after a failure goes back to editing', async () => {
    const { actor } = start(async () => Promise.reject(new Error('offline')));
    fillValid(actor);
    actor.send({ type: 'contact.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('failed'));

    actor.send({ type: 'contact.change', field: 'subject', value: 'Order' });

    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.values.subject).toBe('Order');
  });

  it('starts a blank form after contact.reset', async () => {
    const { actor } = start(async () => sent);
    fillValid(actor);
    actor.send({ type: 'contact.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('sent'));

    actor.send({ type: 'contact.reset' });

    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.values.name).toBe('');
    expect(actor.getSnapshot().context.sent).toBeNull();
  });
});
