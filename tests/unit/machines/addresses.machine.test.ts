import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { addressesMachine, type City, type LanguageCode } from '../../../machines/addresses.machine';
import { addressToValues, emptyAddressValues, validateAddress, valuesToAddressInput } from '../../../machines/schemas/address.schema';
import type { Address, CreateAddressInput, UpdateAddressInput, VerifyAddressResult } from '../../../services/account.service';
import { jeddah, riyadh, savedAddress } from './address-fixtures';

interface Fakes {
  load?: () => Promise<Address[]>;
  cities?: (input: { countryCode: string; languageCode: LanguageCode }) => Promise<City[]>;
  create?: (input: CreateAddressInput) => Promise<Address>;
  update?: (input: UpdateAddressInput) => Promise<Address>;
  remove?: (input: { addressId: string }) => Promise<boolean>;
  setDefault?: (input: { addressId: string }) => Promise<Address>;
  send?: (input: { addressId: string }) => Promise<boolean>;
  verify?: (input: { addressId: string; code: string }) => Promise<VerifyAddressResult>;
}

function start(fakes: Fakes = {}, input: { languageCode: LanguageCode; resendCooldownSeconds?: number } = { languageCode: 'ar' }) {
  const spies = {
    cities: vi.fn(fakes.cities ?? (async () => [riyadh, jeddah])),
    create: vi.fn(fakes.create ?? (async () => savedAddress('9'))),
    update: vi.fn(fakes.update ?? (async (i: UpdateAddressInput) => ({ ...savedAddress(i.id), streetLine1: i.streetLine1 ?? '' }))),
    remove: vi.fn(fakes.remove ?? (async () => true)),
    setDefault: vi.fn(fakes.setDefault ?? (async ({ addressId }: { addressId: string }) => savedAddress(addressId, { default: true }))),
    send: vi.fn(fakes.send ?? (async () => true)),
    verify: vi.fn(
      fakes.verify ??
        (async ({ addressId }: { addressId: string }) =>
          ({ ok: true, address: savedAddress(addressId, { verified: true }) }) as VerifyAddressResult),
    ),
  };
  const actor = createActor(
    addressesMachine.provide({
      actors: {
        loadAddresses: fromPromise(fakes.load ?? (async () => [savedAddress('1', { default: true }), savedAddress('2')])),
        loadCities: fromPromise(({ input }) => spies.cities(input)),
        createAddress: fromPromise(({ input }) => spies.create(input)),
        updateAddress: fromPromise(({ input }) => spies.update(input)),
        deleteAddress: fromPromise(({ input }) => spies.remove(input)),
        setDefaultAddress: fromPromise(({ input }) => spies.setDefault(input)),
        requestAddressVerification: fromPromise(({ input }) => spies.send(input)),
        verifyShippingAddress: fromPromise(({ input }) => spies.verify(input)),
      },
    }),
    { input },
  ).start();
  return { actor, ...spies };
}

type Actor = ReturnType<typeof start>['actor'];
const flush = () => new Promise((r) => setTimeout(r, 0));
const value = (actor: Actor) => actor.getSnapshot().value;
const ctx = (actor: Actor) => actor.getSnapshot().context;

function fillValid(actor: Actor) {
  actor.send({ type: 'address.change', field: 'firstName', value: 'Nora' });
  actor.send({ type: 'address.change', field: 'lastName', value: 'Harbi' });
  actor.send({ type: 'address.change', field: 'streetLine1', value: 'Tahlia Street' });
  actor.send({ type: 'address.change', field: 'cityCode', value: 'JED' });
  actor.send({ type: 'address.change', field: 'phone', value: { e164: '+966551234567', country: 'SA' } });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('address schema', () => {
  it('reports message ids for required, format and gift rules', () => {
    const values = { ...emptyAddressValues(), postalCode: '123', isGiftCart: true, instructions: 'x'.repeat(501) };
    expect(validateAddress(values)).toEqual({
      ok: false,
      errors: {
        firstName: 'address.firstName.required',
        streetLine1: 'address.street.required',
        cityCode: 'address.city.required',
        phone: 'address.phone.required',
        instructions: 'address.instructions.tooLong',
        postalCode: 'address.postalCode.invalid',
        receiverPhone: 'address.receiverPhone.required',
      },
    });
    const filled = {
      ...emptyAddressValues(),
      firstName: 'a',
      lastName: 'b',
      streetLine1: 'c',
      cityCode: 'RUH',
      phone: { e164: '+966501234567', country: 'SA' },
    };
    expect(validateAddress({ ...filled, postalCode: '123', isGiftCart: true })).toEqual({
      ok: false,
      errors: { postalCode: 'address.postalCode.invalid', receiverPhone: 'address.receiverPhone.required' },
    });
    expect(validateAddress({ ...filled, receiverPhone: { e164: '+9665', country: 'SA' } }).ok).toBe(false);
    expect(
      validateAddress({ ...filled, postalCode: '12211', isGiftCart: true, receiverPhone: { e164: '+966551112222', country: 'SA' } }).ok,
    ).toBe(true);
    expect(validateAddress({ ...filled, countryCode: 'AE', phone: { e164: '+971501234567', country: 'AE' }, postalCode: 'AB 12' }).ok).toBe(
      true,
    );
  });

  it('maps a saved address to form values and valid values to the Shop API input', () => {
    expect(addressToValues(savedAddress('1', { default: true }))).toEqual({
      firstName: 'Sara',
      lastName: 'Qahtani',
      streetLine1: 'King Fahd Road 1',
      streetLine2: '',
      countryCode: 'SA',
      cityCode: 'RUH',
      cityName: '',
      postalCode: '12211',
      phone: { e164: '+966501234567', country: 'SA' },
      receiverPhone: { e164: '', country: 'SA' },
      isGiftCart: false,
      instructions: 'Call on arrival',
      type: 'work',
      defaultShippingAddress: true,
    });
    const result = validateAddress(addressToValues(savedAddress('1')));
    if (!result.ok) throw new Error('fixture invalid');
    expect(valuesToAddressInput(result.value, 'الرياض')).toEqual({
      fullName: 'Sara Qahtani',
      streetLine1: 'King Fahd Road 1',
      streetLine2: '',
      city: 'الرياض',
      postalCode: '12211',
      countryCode: 'SA',
      phoneNumber: '+966501234567',
      defaultShippingAddress: false,
      defaultBillingAddress: false,
      customFields: {
        type: 'work',
        cityCode: 'RUH',
        instructions: 'Call on arrival',
        receiverPhoneNumber: null,
        isGiftCart: false,
        firstName: 'Sara',
        lastName: 'Qahtani',
      },
    });
  });
});

describe('addresses machine: list', () => {
  it('loads the list', async () => {
    const { actor } = start();
    expect(value(actor)).toBe('loading');
    await flush();
    expect(value(actor)).toBe('list');
    expect(ctx(actor).addresses.map((a) => a.id)).toEqual(['1', '2']);
  });

  it('fails to load and retries', async () => {
    const answers = [() => Promise.reject(new Error('offline')), async () => [savedAddress('1')]];
    const { actor } = start({ load: () => answers.shift()!() });
    await flush();
    expect(value(actor)).toBe('failed');
    expect(ctx(actor).failure).toBe('address.load.failed');
    actor.send({ type: 'addresses.retry' });
    await flush();
    expect(value(actor)).toBe('list');
    expect(ctx(actor).failure).toBeNull();
  });

  it('ignores actions on an unknown address', async () => {
    const { actor } = start();
    await flush();
    for (const type of ['address.edit', 'address.delete', 'address.setDefault', 'address.verify'] as const) {
      actor.send({ type, id: '404' });
      expect(value(actor)).toBe('list');
    }
  });
});

describe('addresses machine: create and edit', () => {
  it('loads the cities of the default country in the page language once', async () => {
    const { actor, cities } = start();
    await flush();
    actor.send({ type: 'address.create' });
    expect(value(actor)).toEqual({ form: { cities: 'loading', entry: 'editing' } });
    await flush();
    expect(value(actor)).toEqual({ form: { cities: 'loaded', entry: 'editing' } });
    expect(cities).toHaveBeenCalledWith({ countryCode: 'SA', languageCode: 'ar' });
    expect(ctx(actor).cities).toEqual([riyadh, jeddah]);
    actor.send({ type: 'address.cancel' });
    actor.send({ type: 'address.create' });
    expect(value(actor)).toEqual({ form: { cities: 'loaded', entry: 'editing' } });
    expect(cities).toHaveBeenCalledTimes(1);
  });

  it('reloads the cities when the language or the country changes, clearing the picked city', async () => {
    const { actor, cities } = start();
    await flush();
    actor.send({ type: 'address.create' });
    await flush();
    actor.send({ type: 'address.change', field: 'cityCode', value: 'RUH' });
    actor.send({ type: 'addresses.language', languageCode: 'en' });
    expect(ctx(actor).languageCode).toBe('en');
    expect(value(actor)).toEqual({ form: { cities: 'loading', entry: 'editing' } });
    await flush();
    expect(cities).toHaveBeenLastCalledWith({ countryCode: 'SA', languageCode: 'en' });
    expect(ctx(actor).form.values.cityCode).toBe('RUH');
    actor.send({ type: 'address.change', field: 'countryCode', value: 'AE' });
    expect(ctx(actor).form.values.cityCode).toBe('');
    await flush();
    expect(cities).toHaveBeenLastCalledWith({ countryCode: 'AE', languageCode: 'en' });
    expect(ctx(actor).citiesFor).toBe('AE:en');
  });

  it('shows a cities failure with a retry while the form stays usable', async () => {
    const answers = [() => Promise.reject(new Error('offline')), async () => [riyadh]];
    const { actor } = start({ cities: () => answers.shift()!() });
    await flush();
    actor.send({ type: 'address.create' });
    await flush();
    expect(value(actor)).toEqual({ form: { cities: 'failed', entry: 'editing' } });
    expect(ctx(actor).citiesFailed).toBe(true);
    actor.send({ type: 'address.change', field: 'firstName', value: 'Nora' });
    actor.send({ type: 'cities.retry' });
    await flush();
    expect(value(actor)).toEqual({ form: { cities: 'loaded', entry: 'editing' } });
    expect(ctx(actor).citiesFailed).toBe(false);
    expect(ctx(actor).form.values.firstName).toBe('Nora');
  });

  it('keeps an invalid form open with message ids', async () => {
    const { actor, create } = start();
    await flush();
    actor.send({ type: 'address.create' });
    actor.send({ type: 'address.change', field: 'firstName', value: 'Nora' });
    actor.send({ type: 'address.submit' });
    expect(value(actor)).toMatchObject({ form: { entry: 'editing' } });
    expect(ctx(actor).form.errors).toEqual({
      streetLine1: 'address.street.required',
      cityCode: 'address.city.required',
      phone: 'address.phone.required',
    });
    actor.send({ type: 'address.change', field: 'lastName', value: 'Harbi' });
    expect(ctx(actor).form.errors.lastName).toBeUndefined();
    expect(create).not.toHaveBeenCalled();
  });

  it('creates once with the city name in the page language; a new default takes the flag from the others', async () => {
    const { actor, create } = start({ create: async () => savedAddress('9', { default: true, cityCode: 'JED' }) });
    await flush();
    actor.send({ type: 'address.create' });
    await flush();
    fillValid(actor);
    actor.send({ type: 'address.change', field: 'defaultShippingAddress', value: true });
    actor.send({ type: 'address.submit' });
    actor.send({ type: 'address.submit' });
    actor.send({ type: 'address.cancel' });
    expect(value(actor)).toEqual({ form: { cities: 'loaded', entry: 'creating' } });
    expect(create).toHaveBeenCalledTimes(1);
    expect(create.mock.calls[0]![0]).toMatchObject({
      fullName: 'Nora Harbi',
      city: 'جدة',
      countryCode: 'SA',
      phoneNumber: '+966551234567',
      defaultShippingAddress: true,
      customFields: { cityCode: 'JED', firstName: 'Nora', lastName: 'Harbi', type: 'home', isGiftCart: false },
    });
    await flush();
    expect(value(actor)).toBe('list');
    expect(ctx(actor).addresses.map((a) => [a.id, a.defaultShippingAddress])).toEqual([
      ['1', false],
      ['2', false],
      ['9', true],
    ]);
  });

  it('keeps what was typed when saving fails', async () => {
    const { actor } = start({ create: () => Promise.reject(new Error('offline')) });
    await flush();
    actor.send({ type: 'address.create' });
    await flush();
    fillValid(actor);
    actor.send({ type: 'address.submit' });
    await flush();
    expect(value(actor)).toEqual({ form: { cities: 'loaded', entry: 'editing' } });
    expect(ctx(actor).failure).toBe('address.save.failed');
    expect(ctx(actor).form.values).toMatchObject({ firstName: 'Nora', streetLine1: 'Tahlia Street', cityCode: 'JED' });
    actor.send({ type: 'address.change', field: 'firstName', value: 'Noura' });
    expect(ctx(actor).failure).toBeNull();
  });

  it('clears a save failure on a new attempt and on cancel', async () => {
    let attempt = 0;
    const { actor } = start({ create: () => (attempt++ === 0 ? Promise.reject(new Error('offline')) : new Promise<Address>(() => {})) });
    await flush();
    actor.send({ type: 'address.create' });
    await flush();
    fillValid(actor);
    actor.send({ type: 'address.submit' });
    await flush();
    expect(ctx(actor).failure).toBe('address.save.failed');
    actor.send({ type: 'address.submit' });
    expect(value(actor)).toEqual({ form: { cities: 'loaded', entry: 'creating' } });
    expect(ctx(actor).failure).toBeNull();
  });

  it('leaves the form by cancel without a stale failure', async () => {
    const { actor } = start({ create: () => Promise.reject(new Error('offline')) });
    await flush();
    actor.send({ type: 'address.create' });
    fillValid(actor);
    actor.send({ type: 'address.submit' });
    await flush();
    actor.send({ type: 'address.cancel' });
    expect(value(actor)).toBe('list');
    expect(ctx(actor).failure).toBeNull();
  });

  it('edits a saved address in place with its id', async () => {
    const { actor, update } = start();
    await flush();
    actor.send({ type: 'address.edit', id: '2' });
    await flush();
    expect(ctx(actor).form).toMatchObject({ addressId: '2', values: { streetLine1: 'King Fahd Road 2', cityCode: 'RUH' } });
    actor.send({ type: 'address.change', field: 'streetLine1', value: 'Olaya Street' });
    actor.send({ type: 'address.submit' });
    expect(value(actor)).toEqual({ form: { cities: 'loaded', entry: 'updating' } });
    expect(update.mock.calls[0]![0]).toMatchObject({ id: '2', streetLine1: 'Olaya Street', city: 'الرياض' });
    await flush();
    expect(value(actor)).toBe('list');
    expect(ctx(actor).addresses.map((a) => [a.id, a.streetLine1])).toEqual([
      ['1', 'King Fahd Road 1'],
      ['2', 'Olaya Street'],
    ]);
  });
});

describe('addresses machine: delete and default', () => {
  it('asks for confirmation; cancelling deletes nothing', async () => {
    const { actor, remove } = start();
    await flush();
    actor.send({ type: 'address.delete', id: '2' });
    expect(value(actor)).toBe('confirmingDelete');
    expect(ctx(actor).targetId).toBe('2');
    actor.send({ type: 'address.cancel' });
    expect(value(actor)).toBe('list');
    expect(ctx(actor).targetId).toBeNull();
    expect(remove).not.toHaveBeenCalled();
  });

  it('deletes after confirmation', async () => {
    const { actor, remove } = start();
    await flush();
    actor.send({ type: 'address.delete', id: '2' });
    actor.send({ type: 'address.confirmDelete' });
    expect(value(actor)).toBe('deleting');
    expect(remove).toHaveBeenCalledWith({ addressId: '2' });
    await flush();
    expect(value(actor)).toBe('list');
    expect(ctx(actor).addresses.map((a) => a.id)).toEqual(['1']);
  });

  it.each([
    ['answers false', async () => false],
    ['fails', () => Promise.reject(new Error('offline'))],
  ])('keeps the address when the delete %s', async (_, remove) => {
    const { actor } = start({ remove });
    await flush();
    actor.send({ type: 'address.delete', id: '2' });
    actor.send({ type: 'address.confirmDelete' });
    await flush();
    expect(value(actor)).toBe('list');
    expect(ctx(actor)).toMatchObject({ failure: 'address.delete.failed', targetId: null });
    expect(ctx(actor).addresses.map((a) => a.id)).toEqual(['1', '2']);
  });

  it('sets the default and clears the flag elsewhere', async () => {
    const { actor, setDefault } = start();
    await flush();
    actor.send({ type: 'address.setDefault', id: '2' });
    expect(value(actor)).toBe('settingDefault');
    expect(setDefault).toHaveBeenCalledWith({ addressId: '2' });
    await flush();
    expect(ctx(actor).addresses.map((a) => [a.id, a.defaultShippingAddress])).toEqual([
      ['1', false],
      ['2', true],
    ]);
  });

  it('reports a failed default change', async () => {
    const { actor } = start({ setDefault: () => Promise.reject(new Error('offline')) });
    await flush();
    actor.send({ type: 'address.setDefault', id: '2' });
    await flush();
    expect(value(actor)).toBe('list');
    expect(ctx(actor).failure).toBe('address.default.failed');
  });
});

describe('addresses machine: verification by code', () => {
  const awaiting = (code: string, resend: string) => ({ verification: { awaiting: { code, resend } } });

  async function verifying(fakes: Fakes = {}, cooldown?: number) {
    const started = start(fakes, { languageCode: 'ar', resendCooldownSeconds: cooldown });
    await flush();
    started.actor.send({ type: 'address.verify', id: '2' });
    await flush();
    return started;
  }

  it('is offered only for an unverified address', async () => {
    const { actor, send } = start({ load: async () => [savedAddress('1', { verified: true })] });
    await flush();
    actor.send({ type: 'address.verify', id: '1' });
    expect(value(actor)).toBe('list');
    expect(send).not.toHaveBeenCalled();
  });

  it('sends a code, then checks a well-formed code and stores the verified address', async () => {
    const { actor, send, verify } = await verifying();
    expect(send).toHaveBeenCalledWith({ addressId: '2' });
    expect(value(actor)).toEqual(awaiting('entering', 'coolingDown'));
    expect(ctx(actor).verification.resendIn).toBe(60);
    actor.send({ type: 'verification.change', code: '12 34' });
    actor.send({ type: 'verification.submit' });
    expect(ctx(actor).verification.error).toBe('address.code.format');
    expect(verify).not.toHaveBeenCalled();
    actor.send({ type: 'verification.change', code: ' 123456 ' });
    expect(ctx(actor).verification.error).toBeNull();
    actor.send({ type: 'verification.submit' });
    actor.send({ type: 'verification.submit' });
    expect(value(actor)).toEqual(awaiting('checking', 'coolingDown'));
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify).toHaveBeenCalledWith({ addressId: '2', code: '123456' });
    await flush();
    expect(value(actor)).toBe('list');
    expect(ctx(actor).addresses.find((a) => a.id === '2')?.customFields?.verifiedShippingAddress).toBe(true);
    expect(ctx(actor).targetId).toBeNull();
  });

  it.each([
    [
      { ok: false, code: 'VERIFICATION_CODE_INVALID_ERROR', message: 'x', attemptsLeft: 3 },
      { error: 'address.code.wrong', attemptsLeft: 3 },
    ],
    [
      { ok: false, code: 'VERIFICATION_CODE_INVALID_ERROR', message: 'x', attemptsLeft: 0 },
      { error: 'address.code.exhausted', attemptsLeft: 0 },
    ],
    [
      { ok: false, code: 'VERIFICATION_TOKEN_EXPIRED_ERROR', message: 'x' },
      { error: 'address.code.expired', attemptsLeft: null },
    ],
    [
      { ok: false, code: 'RATE_LIMIT_ERROR', message: 'x', retryAfterSeconds: 120 },
      { error: 'address.code.rateLimited', retryAfterSeconds: 120 },
    ],
  ] as const)('a refused code %o shows its own message and keeps the code', async (result, expected) => {
    const { actor } = await verifying({ verify: async () => result });
    actor.send({ type: 'verification.change', code: '111111' });
    actor.send({ type: 'verification.submit' });
    await flush();
    expect(value(actor)).toEqual(awaiting('entering', 'coolingDown'));
    expect(ctx(actor).verification).toMatchObject({ ...expected, code: '111111' });
  });

  it('blocks further attempts once none are left, until a new code is sent', async () => {
    vi.useFakeTimers();
    const { actor, verify } = start(
      { verify: async () => ({ ok: false, code: 'VERIFICATION_CODE_INVALID_ERROR', message: 'x', attemptsLeft: 0 }) },
      { languageCode: 'ar', resendCooldownSeconds: 2 },
    );
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'address.verify', id: '2' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'verification.change', code: '111111' });
    actor.send({ type: 'verification.submit' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'verification.change', code: '222222' });
    actor.send({ type: 'verification.submit' });
    expect(verify).toHaveBeenCalledTimes(1);
    expect(ctx(actor).verification.error).toBe('address.code.exhausted');
    await vi.advanceTimersByTimeAsync(1000);
    expect(ctx(actor).verification.resendIn).toBe(1);
    expect(value(actor)).toEqual(awaiting('entering', 'coolingDown'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(value(actor)).toEqual(awaiting('entering', 'available'));
    expect(ctx(actor).verification.resendIn).toBe(0);
    actor.send({ type: 'verification.resend' });
    expect(value(actor)).toEqual(awaiting('entering', 'resending'));
    await vi.advanceTimersByTimeAsync(0);
    expect(value(actor)).toEqual(awaiting('entering', 'coolingDown'));
    expect(ctx(actor).verification).toMatchObject({ code: '', error: null, attemptsLeft: null, resendIn: 2 });
  });

  it('ignores a resend during the cooldown and reports a refused resend', async () => {
    vi.useFakeTimers();
    const answers = [async () => true, () => Promise.reject(Object.assign(new Error('Too many requests'), { status: 429 }))];
    const { actor, send } = start({ send: () => answers.shift()!() }, { languageCode: 'ar', resendCooldownSeconds: 1 });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'address.verify', id: '2' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'verification.resend' });
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    actor.send({ type: 'verification.resend' });
    await vi.advanceTimersByTimeAsync(0);
    expect(value(actor)).toEqual(awaiting('entering', 'available'));
    expect(ctx(actor).verification.resendError).toBe('address.verification.sendLimited');
  });

  it.each<[string, () => Promise<boolean>, string]>([
    [
      'is rate limited (HTTP 429)',
      () => Promise.reject(Object.assign(new Error('429'), { status: 429 })),
      'address.verification.sendLimited',
    ],
    ['fails', () => Promise.reject(new Error('offline')), 'address.verification.sendFailed'],
    ['answers false', async () => false, 'address.verification.sendFailed'],
  ])('returns to the list when sending the first code %s', async (_, send, failure) => {
    const { actor } = await verifying({ send });
    expect(value(actor)).toBe('list');
    expect(ctx(actor)).toMatchObject({ failure, targetId: null });
  });

  it('clears the previous code message while a new code is checked', async () => {
    const answers: Array<() => Promise<VerifyAddressResult>> = [
      async () => ({ ok: false, code: 'VERIFICATION_CODE_INVALID_ERROR', message: 'x', attemptsLeft: 4 }),
      () => new Promise(() => {}),
    ];
    const { actor } = await verifying({ verify: () => answers.shift()!() });
    actor.send({ type: 'verification.change', code: '111111' });
    actor.send({ type: 'verification.submit' });
    await flush();
    expect(ctx(actor).verification.error).toBe('address.code.wrong');
    actor.send({ type: 'verification.submit' });
    expect(value(actor)).toEqual(awaiting('checking', 'coolingDown'));
    expect(ctx(actor).verification).toMatchObject({ error: null, attemptsLeft: 4 });
  });

  it('shows a network failure of the check, and cancel leaves the verification', async () => {
    const { actor } = await verifying({ verify: () => Promise.reject(new Error('offline')) });
    actor.send({ type: 'verification.change', code: '123456' });
    actor.send({ type: 'verification.submit' });
    await flush();
    expect(ctx(actor).verification.error).toBe('address.code.failed');
    actor.send({ type: 'verification.cancel' });
    expect(value(actor)).toBe('list');
    expect(ctx(actor)).toMatchObject({ targetId: null, verification: { code: '', error: null } });
  });
});
