import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import {
  profileMachine,
  type ConfirmEmailChangeResult,
  type RequestEmailChangeInput,
  type RequestEmailChangeResult,
  type UpdateCustomerInput,
  type UpdatedCustomer,
  type UploadAvatarEvent,
  type UploadAvatarInput,
} from '../../../machines/profile.machine';
import { checkAvatarFile, validateProfileDetails } from '../../../machines/schemas/profile.schema';
import { isPhoneValid } from '../../../machines/schemas/phone.schema';
import type { Customer } from '../../../services/account.service';

const sara: Customer = {
  id: '1',
  title: null,
  firstName: 'Sara',
  lastName: 'Qahtani',
  phoneNumber: '+966501234567',
  emailAddress: 'sara@example.com',
  customFields: { avatar: null },
};

interface Fakes {
  load?: () => Promise<Customer | null>;
  update?: (input: UpdateCustomerInput) => Promise<UpdatedCustomer>;
  requestEmail?: (input: RequestEmailChangeInput) => Promise<RequestEmailChangeResult>;
  confirmEmail?: (input: { token: string }) => Promise<ConfirmEmailChangeResult>;
}

function start(fakes: Fakes = {}) {
  const update = vi.fn(
    fakes.update ??
      (async (i: UpdateCustomerInput) => ({
        id: '1',
        emailAddress: sara.emailAddress,
        firstName: i.firstName ?? '',
        lastName: i.lastName ?? '',
        phoneNumber: i.phoneNumber ?? null,
      })),
  );
  const requestEmail = vi.fn(fakes.requestEmail ?? (async () => ({ ok: true }) as RequestEmailChangeResult));
  const confirmEmail = vi.fn(fakes.confirmEmail ?? (async () => ({ ok: true }) as ConfirmEmailChangeResult));
  const upload = { files: [] as Blob[], sendBack: null as null | ((e: UploadAvatarEvent) => void), aborted: 0 };
  const actor = createActor(
    profileMachine.provide({
      actors: {
        loadCustomer: fromPromise(fakes.load ?? (async () => sara)),
        updateCustomer: fromPromise(({ input }) => update(input)),
        requestEmailChange: fromPromise(({ input }) => requestEmail(input)),
        confirmEmailChange: fromPromise(({ input }) => confirmEmail(input)),
        uploadAvatar: fromCallback<EventObject, UploadAvatarInput>(({ input, sendBack }) => {
          upload.files.push(input.file);
          upload.sendBack = sendBack as (e: UploadAvatarEvent) => void;
          return () => void upload.aborted++;
        }),
      },
    }),
  ).start();
  return { actor, update, requestEmail, confirmEmail, upload };
}

const flush = () => new Promise((r) => setTimeout(r, 0));
const image = (type: string, size: number) => new Blob([new Uint8Array(size)], { type });
const region = (actor: ReturnType<typeof start>['actor']) => (actor.getSnapshot().value as { ready: Record<string, string> }).ready;

describe('profile schemas', () => {
  it.each([
    [{ e164: '+966501234567', country: 'SA' }, true],
    [{ e164: '+966112345678', country: 'SA' }, true],
    [{ e164: '+96650123456', country: 'SA' }, false],
    [{ e164: '0501234567', country: 'SA' }, false],
    [{ e164: '+966501234567', country: 'AE' }, false],
    [{ e164: '+971501234567', country: 'AE' }, true],
    [{ e164: '+1234567890123456', country: 'US' }, false],
  ])('phone %o valid: %s', (phone, valid) => {
    expect(isPhoneValid(phone)).toBe(valid);
  });

  it('reports message ids for names and phone, and accepts an empty phone', () => {
    expect(validateProfileDetails({ firstName: ' ', lastName: 'x'.repeat(101), phone: { e164: '+9665', country: 'SA' } })).toEqual({
      ok: false,
      errors: { firstName: 'profile.firstName.required', lastName: 'profile.lastName.tooLong', phone: 'profile.phone.invalid' },
    });
    expect(validateProfileDetails({ firstName: 'a', lastName: 'b', phone: { e164: '', country: 'SA' } }).ok).toBe(true);
  });

  it.each([
    [{ type: 'image/gif', size: 10 }, 'avatar.type.unsupported'],
    [{ type: 'image/png', size: 0 }, 'avatar.size.empty'],
    [{ type: 'image/jpeg', size: 2 * 1024 * 1024 + 1 }, 'avatar.size.tooLarge'],
    [{ type: 'image/webp', size: 2 * 1024 * 1024 }, null],
  ])('avatar file %o: %s', (file, id) => {
    expect(checkAvatarFile(file)).toBe(id);
  });
});

describe('profile machine: loading', () => {
  it('loads the customer into the details form', async () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('loading');
    await flush();
    expect(region(actor)).toEqual({ details: 'editing', email: 'editing', avatar: 'idle' });
    expect(actor.getSnapshot().context.details.values).toEqual({
      firstName: 'Sara',
      lastName: 'Qahtani',
      phone: { e164: '+966501234567', country: 'SA' },
    });
  });

  it('ends anonymous when no customer is signed in', async () => {
    const { actor } = start({ load: async () => null });
    await flush();
    expect(actor.getSnapshot().value).toBe('anonymous');
  });

  it('fails on a network error and retries', async () => {
    const answers = [() => Promise.reject(new Error('offline')), async () => sara];
    const { actor } = start({ load: () => answers.shift()!() });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'profile.retry' });
    await flush();
    expect(region(actor).details).toBe('editing');
  });
});

describe('profile machine: details', () => {
  it('does not save invalid details and shows message ids', async () => {
    const { actor, update } = start();
    await flush();
    actor.send({ type: 'details.change', field: 'firstName', value: '' });
    actor.send({ type: 'details.changePhone', phone: { e164: '+96650', country: 'SA' } });
    actor.send({ type: 'details.submit' });
    expect(region(actor).details).toBe('editing');
    expect(actor.getSnapshot().context.details.errors).toEqual({ firstName: 'profile.firstName.required', phone: 'profile.phone.invalid' });
    expect(update).not.toHaveBeenCalled();
    actor.send({ type: 'details.changePhone', phone: { e164: '+966501112223', country: 'SA' } });
    expect(actor.getSnapshot().context.details.errors).toEqual({ firstName: 'profile.firstName.required' });
  });

  it('saves trimmed names and the E.164 phone once, ignoring a second submit, then shows saved', async () => {
    const { actor, update } = start();
    await flush();
    actor.send({ type: 'details.change', field: 'firstName', value: '  Nora ' });
    actor.send({ type: 'details.changePhone', phone: { e164: '', country: 'SA' } });
    actor.send({ type: 'details.submit' });
    actor.send({ type: 'details.submit' });
    expect(region(actor).details).toBe('saving');
    expect(update).toHaveBeenCalledTimes(1);
    expect(update).toHaveBeenCalledWith({ firstName: 'Nora', lastName: 'Qahtani', phoneNumber: null });
    await flush();
    expect(region(actor).details).toBe('editing');
    expect(actor.getSnapshot().context.details.saved).toBe(true);
    expect(actor.getSnapshot().context.customer).toMatchObject({ firstName: 'Nora', phoneNumber: null });
  });

  it('a 503 on save is the store being unavailable; a TypeError stays a connection failure', async () => {
    const errors: unknown[] = [{ status: 503 }, new TypeError('Failed to fetch')];
    const { actor } = start({ update: () => Promise.reject(errors.shift()) });
    await flush();
    actor.send({ type: 'details.change', field: 'lastName', value: 'Harbi' });
    actor.send({ type: 'details.submit' });
    await flush();
    expect(actor.getSnapshot().context.details).toMatchObject({ failure: 'store.unavailable', values: { lastName: 'Harbi' } });
    actor.send({ type: 'details.submit' });
    await flush();
    expect(actor.getSnapshot().context.details).toMatchObject({ failure: 'profile.save.failed', values: { lastName: 'Harbi' } });
  });

  it('keeps what was typed when saving fails, and discard restores the saved customer', async () => {
    const { actor } = start({ update: () => Promise.reject(new Error('offline')) });
    await flush();
    actor.send({ type: 'details.change', field: 'lastName', value: 'Harbi' });
    actor.send({ type: 'details.submit' });
    await flush();
    expect(actor.getSnapshot().context.details).toMatchObject({
      failure: 'profile.save.failed',
      saved: false,
      values: { lastName: 'Harbi' },
    });
    actor.send({ type: 'details.discard' });
    expect(actor.getSnapshot().context.details).toMatchObject({ failure: null, values: { lastName: 'Qahtani' } });
  });
});

describe('profile machine: e-mail change', () => {
  it('refuses the current address, an invalid one and a missing password without calling', async () => {
    const { actor, requestEmail } = start();
    await flush();
    actor.send({ type: 'email.change', field: 'newEmailAddress', value: 'SARA@example.com' });
    actor.send({ type: 'email.submit' });
    expect(actor.getSnapshot().context.email.errors).toEqual({
      newEmailAddress: 'profile.email.unchanged',
      password: 'profile.password.required',
    });
    actor.send({ type: 'email.change', field: 'newEmailAddress', value: 'nope' });
    actor.send({ type: 'email.submit' });
    expect(actor.getSnapshot().context.email.errors.newEmailAddress).toBe('profile.email.invalid');
    expect(requestEmail).not.toHaveBeenCalled();
  });

  it('requests the change once, forgets the password and remembers where the link went', async () => {
    const { actor, requestEmail } = start();
    await flush();
    actor.send({ type: 'email.change', field: 'newEmailAddress', value: ' new@example.com ' });
    actor.send({ type: 'email.change', field: 'password', value: 'secret1x' });
    actor.send({ type: 'email.submit' });
    actor.send({ type: 'email.submit' });
    expect(region(actor).email).toBe('requesting');
    expect(requestEmail).toHaveBeenCalledTimes(1);
    expect(requestEmail).toHaveBeenCalledWith({ password: 'secret1x', newEmailAddress: 'new@example.com' });
    await flush();
    expect(region(actor).email).toBe('requested');
    expect(actor.getSnapshot().context.email).toMatchObject({ requestedFor: 'new@example.com', values: { password: '' } });
    actor.send({ type: 'email.edit' });
    expect(region(actor).email).toBe('editing');
    expect(actor.getSnapshot().context.email.requestedFor).toBeNull();
  });

  it.each([
    ['INVALID_CREDENTIALS_ERROR', { errors: { password: 'profile.password.wrong' }, failure: null }],
    ['EMAIL_ADDRESS_CONFLICT_ERROR', { errors: { newEmailAddress: 'profile.email.taken' }, failure: null }],
    ['NATIVE_AUTH_STRATEGY_ERROR', { errors: {}, failure: 'profile.email.unsupported' }],
  ] as const)('maps %s and keeps the typed values', async (code, expected) => {
    const { actor } = start({ requestEmail: async () => ({ ok: false, code, message: 'x' }) });
    await flush();
    actor.send({ type: 'email.change', field: 'newEmailAddress', value: 'new@example.com' });
    actor.send({ type: 'email.change', field: 'password', value: 'secret1x' });
    actor.send({ type: 'email.submit' });
    await flush();
    expect(region(actor).email).toBe('editing');
    expect(actor.getSnapshot().context.email).toMatchObject({
      ...expected,
      values: { newEmailAddress: 'new@example.com', password: 'secret1x' },
    });
  });

  it('a 503 on request is the store being unavailable; a TypeError stays a connection failure', async () => {
    const errors: unknown[] = [{ status: 503 }, new TypeError('Failed to fetch')];
    const { actor } = start({ requestEmail: () => Promise.reject(errors.shift()) });
    await flush();
    actor.send({ type: 'email.change', field: 'newEmailAddress', value: 'new@example.com' });
    actor.send({ type: 'email.change', field: 'password', value: 'secret1x' });
    actor.send({ type: 'email.submit' });
    await flush();
    expect(actor.getSnapshot().context.email.failure).toBe('store.unavailable');
    actor.send({ type: 'email.submit' });
    await flush();
    expect(actor.getSnapshot().context.email.failure).toBe('profile.email.failed');
  });

  it('reports a network failure on request', async () => {
    const { actor } = start({ requestEmail: () => Promise.reject(new Error('offline')) });
    await flush();
    actor.send({ type: 'email.change', field: 'newEmailAddress', value: 'new@example.com' });
    actor.send({ type: 'email.change', field: 'password', value: 'secret1x' });
    actor.send({ type: 'email.submit' });
    await flush();
    expect(actor.getSnapshot().context.email.failure).toBe('profile.email.failed');
  });

  it('confirms with the token from the mail and shows the address the server now has', async () => {
    const loads = [sara, { ...sara, emailAddress: 'new@example.com' }];
    const { actor, confirmEmail } = start({ load: async () => loads.shift()! });
    await flush();
    actor.send({ type: 'email.change', field: 'newEmailAddress', value: 'new@example.com' });
    actor.send({ type: 'email.change', field: 'password', value: 'secret1x' });
    actor.send({ type: 'email.submit' });
    await flush();
    actor.send({ type: 'email.confirm', token: 'tok-1' });
    actor.send({ type: 'email.confirm', token: 'tok-2' });
    expect(confirmEmail).toHaveBeenCalledTimes(1);
    expect(confirmEmail).toHaveBeenCalledWith({ token: 'tok-1' });
    await flush();
    expect(region(actor).email).toBe('confirmed');
    expect(actor.getSnapshot().context.customer?.emailAddress).toBe('new@example.com');
  });

  it('falls back to the requested address when reloading the customer fails after confirming', async () => {
    const loads = [async () => sara, () => Promise.reject(new Error('offline'))];
    const { actor } = start({ load: () => loads.shift()!() });
    await flush();
    actor.send({ type: 'email.change', field: 'newEmailAddress', value: 'other@example.com' });
    actor.send({ type: 'email.change', field: 'password', value: 'secret1x' });
    actor.send({ type: 'email.submit' });
    await flush();
    actor.send({ type: 'email.confirm', token: 'tok-1' });
    expect(region(actor).email).toBe('confirming');
    await flush();
    expect(region(actor).email).toBe('confirmed');
    expect(actor.getSnapshot().context.customer?.emailAddress).toBe('other@example.com');
    actor.send({ type: 'email.edit' });
    expect(region(actor).email).toBe('editing');
  });

  it.each([
    ['IDENTIFIER_CHANGE_TOKEN_EXPIRED_ERROR', 'profile.email.tokenExpired'],
    ['IDENTIFIER_CHANGE_TOKEN_INVALID_ERROR', 'profile.email.tokenInvalid'],
    ['NATIVE_AUTH_STRATEGY_ERROR', 'profile.email.unsupported'],
  ] as const)('a refused confirmation (%s) shows %s', async (code, failure) => {
    const { actor } = start({ confirmEmail: async () => ({ ok: false, code, message: 'x' }) });
    await flush();
    actor.send({ type: 'email.confirm', token: 'old' });
    await flush();
    expect(region(actor).email).toBe('editing');
    expect(actor.getSnapshot().context.email.failure).toBe(failure);
    expect(actor.getSnapshot().context.customer?.emailAddress).toBe('sara@example.com');
  });
});

describe('profile machine: avatar', () => {
  it('refuses a wrong type or an oversized file before any upload', async () => {
    const { actor, upload } = start();
    await flush();
    actor.send({ type: 'avatar.select', file: image('image/gif', 10) });
    expect(actor.getSnapshot().context.avatar.error).toBe('avatar.type.unsupported');
    actor.send({ type: 'avatar.select', file: image('image/png', 2 * 1024 * 1024 + 1) });
    expect(actor.getSnapshot().context.avatar.error).toBe('avatar.size.tooLarge');
    expect(region(actor).avatar).toBe('idle');
    expect(upload.files).toHaveLength(0);
  });

  it('uploads an acceptable file, tracks progress, ignores another pick meanwhile, and stores the image', async () => {
    const { actor, upload } = start();
    await flush();
    const file = image('image/png', 1000);
    actor.send({ type: 'avatar.select', file });
    actor.send({ type: 'avatar.select', file: image('image/jpeg', 10) });
    expect(region(actor).avatar).toBe('uploading');
    expect(upload.files).toEqual([file]);
    expect(actor.getSnapshot().context.avatar.progress).toEqual({ loaded: 0, total: 0 });
    upload.sendBack!({ type: 'avatar.progress', loaded: 400, total: 1000 });
    expect(actor.getSnapshot().context.avatar.progress).toEqual({ loaded: 400, total: 1000 });
    const uploaded = { id: '9', name: 'a.png', fileSize: 1000, source: '/assets/a.png', preview: '/assets/a__preview.png' };
    upload.sendBack!({ type: 'avatar.uploaded', result: { ok: true, image: uploaded } });
    expect(region(actor).avatar).toBe('idle');
    expect(actor.getSnapshot().context.avatar).toEqual({ image: uploaded, progress: null, error: null });
  });

  // As the Shop API answers (tests/server/account.e2e-spec.ts): `message` translated into the
  // request's language, `reason` the code (issue 32 §7: a damaged image is "could not be read").
  type Reason = 'UPLOAD_IMAGE_TOO_LARGE' | 'UPLOAD_IMAGE_UNSUPPORTED_TYPE' | 'UPLOAD_IMAGE_EMPTY' | 'UPLOAD_IMAGE_UNREADABLE';
  const refused = (reason: Reason, message: string) => ({ ok: false, code: 'UPLOAD_IMAGE_ERROR', message, reason, maxSizeMb: 2 }) as const;
  it.each([
    [refused('UPLOAD_IMAGE_UNSUPPORTED_TYPE', 'Unsupported file. Please upload a JPEG, PNG or WebP image.'), 'avatar.type.unsupported'],
    [refused('UPLOAD_IMAGE_TOO_LARGE', 'حجم الصورة كبير جدًا. الحد الأقصى 2 ميغابايت.'), 'avatar.size.tooLarge'],
    [refused('UPLOAD_IMAGE_EMPTY', 'The file is empty.'), 'avatar.size.empty'],
    [refused('UPLOAD_IMAGE_UNREADABLE', 'تعذّرت قراءة الصورة. قد تكون تالفة؛ يرجى اختيار صورة أخرى.'), 'avatar.image.unreadable'],
    [
      refused('UPLOAD_IMAGE_UNREADABLE', 'The image could not be read. It may be damaged; please choose another image.'),
      'avatar.image.unreadable',
    ],
    [{ ok: false, code: 'RATE_LIMIT_ERROR', message: 'x', retryAfterSeconds: 60 }, 'avatar.upload.rateLimited'],
  ] as const)('a refused upload %o shows %s', async (result, error) => {
    const { actor, upload } = start();
    await flush();
    actor.send({ type: 'avatar.select', file: image('image/png', 10) });
    upload.sendBack!({ type: 'avatar.uploaded', result });
    expect(actor.getSnapshot().context.avatar).toEqual({ image: null, progress: null, error });
  });

  it('a failed request shows a clear error; a cancel aborts the upload', async () => {
    const { actor, upload } = start();
    await flush();
    actor.send({ type: 'avatar.select', file: image('image/png', 10) });
    upload.sendBack!({ type: 'avatar.uploadFailed' });
    expect(actor.getSnapshot().context.avatar.error).toBe('avatar.upload.failed');
    actor.send({ type: 'avatar.select', file: image('image/png', 10) });
    expect(actor.getSnapshot().context.avatar.error).toBeNull();
    actor.send({ type: 'avatar.cancel' });
    expect(region(actor).avatar).toBe('idle');
    expect(upload.aborted).toBe(2);
    expect(actor.getSnapshot().context.avatar.progress).toBeNull();
  });
});
