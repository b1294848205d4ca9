import { describe } from 'vitest';
import type { EventObject } from 'xstate';
import { addressesMachine, type AddressesContext, type City, type LanguageCode } from '../../../machines/addresses.machine';
import type { Address, CreateAddressInput, UpdateAddressInput, VerifyAddressResult } from '../../../services/account.service';
import { jeddah, riyadh, savedAddress } from './address-fixtures';
import { never, pathTable, shortestPathPerState, stateKey, type KeyOf, type PathRow } from './path-kit';

const machine = addressesMachine.provide({
  actors: {
    loadAddresses: never<Address[], unknown>(),
    loadCities: never<City[], { countryCode: string; languageCode: LanguageCode }>(),
    createAddress: never<Address, CreateAddressInput>(),
    updateAddress: never<Address, UpdateAddressInput>(),
    deleteAddress: never<boolean, { addressId: string }>(),
    setDefaultAddress: never<Address, { addressId: string }>(),
    requestAddressVerification: never<boolean, { addressId: string }>(),
    verifyShippingAddress: never<VerifyAddressResult, { addressId: string; code: string }>(),
  },
});
// One second of cooldown: a single tick of the timer makes a resend available.
const input = { languageCode: 'ar' as const, resendCooldownSeconds: 1 };
const serialize = (s: { value: unknown; context: AddressesContext }) =>
  JSON.stringify([
    s.value,
    { ...s.context, addresses: s.context.addresses.map((a) => [a.id, a.defaultShippingAddress, a.customFields?.verifiedShippingAddress]) },
  ]);
/** Rows tell apart the same state reached with a different failure or code message. */
const withMessage: KeyOf = (s) => {
  const c = s.context as unknown as AddressesContext;
  const message = c.verification.error ?? c.verification.resendError ?? c.failure;
  return `${stateKey(s.value)}${message ? ` [${message}]` : ''}`;
};
/**
 * Parallel regions pinned one at a time (the form's city picker and entry, the verification's code
 * and resend): the other region's state is left out of the key, so a table lists one region's rows.
 */
const onlyRegion =
  (region: string): KeyOf =>
  (s) => {
    const full = withMessage(s);
    const space = full.indexOf(' ');
    const state = space < 0 ? full : full.slice(0, space);
    if (!state.includes(',')) return full;
    const [first = '', ...others] = state.split(',');
    const prefixEnd = first.lastIndexOf('.', first.lastIndexOf('.') - 1);
    const kept = [first.slice(prefixEnd + 1), ...others].find((r) => r.startsWith(`${region}.`));
    return `${first.slice(0, prefixEnd)}.${kept}${space < 0 ? '' : full.slice(space)}`;
  };
const ev = (type: string, extra: object = {}) => ({ type, ...extra }) as EventObject;
const loadedTwo = ev('xstate.done.actor.loadAddresses', { output: [savedAddress('1', { default: true }), savedAddress('2')] });

describe('addresses machine paths: list, delete, default', () => {
  const events: EventObject[] = [
    loadedTwo,
    ev('xstate.error.actor.loadAddresses', { error: new Error('offline') }),
    ev('addresses.retry'),
    ev('address.delete', { id: '2' }),
    ev('address.confirmDelete'),
    ev('address.cancel'),
    ev('address.setDefault', { id: '2' }),
    ev('xstate.done.actor.deleteAddress', { output: true }),
    ev('xstate.error.actor.deleteAddress', { error: new Error('offline') }),
    ev('xstate.done.actor.setDefaultAddress', { output: savedAddress('2', { default: true }) }),
    ev('xstate.error.actor.setDefaultAddress', { error: new Error('offline') }),
  ];
  const paths = shortestPathPerState(machine, { events, input, serialize, key: withMessage });
  const table: PathRow[] = [
    { state: 'loading', via: '(start)', context: { addresses: [], failure: null } },
    { state: 'failed [address.load.failed]', via: 'error:loadAddresses', context: { addresses: [] } },
    { state: 'loading [address.load.failed]', via: 'error:loadAddresses → addresses.retry' },
    {
      state: 'list',
      via: 'done:loadAddresses',
      context: {
        addresses: [
          { id: '1', defaultShippingAddress: true },
          { id: '2', defaultShippingAddress: false },
        ],
        targetId: null,
      },
    },
    { state: 'confirmingDelete', via: 'done:loadAddresses → address.delete', context: { targetId: '2' } },
    { state: 'deleting', via: 'done:loadAddresses → address.delete → address.confirmDelete', context: { targetId: '2' } },
    {
      state: 'list [address.delete.failed]',
      via: 'done:loadAddresses → address.delete → address.confirmDelete → error:deleteAddress',
      context: { targetId: null, addresses: [{ id: '1' }, { id: '2' }] },
    },
    { state: 'settingDefault', via: 'done:loadAddresses → address.setDefault', context: { targetId: '2' } },
    {
      state: 'list [address.default.failed]',
      via: 'done:loadAddresses → address.setDefault → error:setDefaultAddress',
      context: {
        targetId: null,
        addresses: [
          { id: '1', defaultShippingAddress: true },
          { id: '2', defaultShippingAddress: false },
        ],
      },
    },
  ];
  pathTable(machine, paths, input, table, withMessage);
});

describe('addresses machine paths: the city picker', () => {
  const events: EventObject[] = [
    ev('xstate.done.actor.loadAddresses', { output: [savedAddress('1')] }),
    ev('address.create'),
    ev('address.cancel'),
    ev('xstate.done.actor.loadCities', { output: [riyadh, jeddah] }),
    ev('xstate.error.actor.loadCities', { error: new Error('offline') }),
    ev('cities.retry'),
    ev('addresses.language', { languageCode: 'en' }),
    ev('address.change', { field: 'countryCode', value: 'AE' }),
  ];
  const key = onlyRegion('cities');
  const paths = shortestPathPerState(machine, { events, input, serialize, key });
  const table: PathRow[] = [
    { state: 'loading', via: '(start)' },
    { state: 'list', via: 'done:loadAddresses', context: { cities: [], citiesFor: null } },
    { state: 'form.cities.loading', via: 'done:loadAddresses → address.create', context: { languageCode: 'ar', citiesFor: null } },
    {
      state: 'form.cities.loaded',
      via: 'done:loadAddresses → address.create → done:loadCities',
      context: { cities: [{ code: 'RUH' }, { code: 'JED' }], citiesFor: 'SA:ar', citiesFailed: false },
    },
    {
      state: 'form.cities.failed',
      via: 'done:loadAddresses → address.create → error:loadCities',
      context: { citiesFor: null, citiesFailed: true },
    },
  ];
  pathTable(machine, paths, input, table, key);
});

describe('addresses machine paths: the form', () => {
  const events: EventObject[] = [
    ev('xstate.done.actor.loadAddresses', { output: [savedAddress('1')] }),
    ev('address.create'),
    ev('address.edit', { id: '1' }),
    ev('xstate.done.actor.loadCities', { output: [riyadh, jeddah] }),
    ev('address.change', { field: 'firstName', value: 'Nora' }),
    ev('address.change', { field: 'lastName', value: 'Harbi' }),
    ev('address.change', { field: 'streetLine1', value: 'Tahlia Street' }),
    ev('address.change', { field: 'cityCode', value: 'JED' }),
    ev('address.change', { field: 'phone', value: { e164: '+966551234567', country: 'SA' } }),
    ev('address.submit'),
    ev('address.cancel'),
    ev('xstate.done.actor.createAddress', { output: savedAddress('9') }),
    ev('xstate.error.actor.createAddress', { error: new Error('offline') }),
    ev('xstate.done.actor.updateAddress', { output: savedAddress('1') }),
    ev('xstate.error.actor.updateAddress', { error: new Error('offline') }),
  ];
  const key = onlyRegion('entry');
  const paths = shortestPathPerState(machine, { events, input, serialize, key });
  const table: PathRow[] = [
    { state: 'loading', via: '(start)' },
    { state: 'list', via: 'done:loadAddresses', context: { addresses: [{ id: '1' }] } },
    {
      state: 'form.entry.editing',
      via: 'done:loadAddresses → address.create',
      context: { form: { addressId: null, values: { firstName: '', countryCode: 'SA', type: 'home' }, errors: {} }, failure: null },
    },
    {
      state: 'form.entry.creating',
      // The last name is optional (decision 033): four fields make a valid new address.
      via: 'done:loadAddresses → address.create → address.change → address.change → address.change → address.change → address.submit',
      context: {
        form: {
          addressId: null,
          values: { firstName: 'Nora', lastName: '', streetLine1: 'Tahlia Street', cityCode: 'JED', phone: { e164: '+966551234567' } },
          errors: {},
        },
      },
    },
    {
      state: 'form.entry.updating',
      via: 'done:loadAddresses → address.edit → address.submit',
      context: { form: { addressId: '1', values: { streetLine1: 'King Fahd Road 1' } }, failure: null },
    },
    {
      state: 'form.entry.editing [address.save.failed]',
      via: 'done:loadAddresses → address.edit → address.submit → error:updateAddress',
      context: { form: { addressId: '1', values: { streetLine1: 'King Fahd Road 1', cityCode: 'RUH' } } },
    },
  ];
  pathTable(machine, paths, input, table, key);
});

describe('addresses machine paths: verification code', () => {
  const events: EventObject[] = [
    loadedTwo,
    ev('address.verify', { id: '2' }),
    ev('xstate.done.actor.sendVerification', { output: true }),
    ev('xstate.error.actor.sendVerification', { error: Object.assign(new Error('Too many requests'), { status: 429 }) }),
    ev('verification.change', { code: '123456' }),
    ev('verification.submit'),
    ev('xstate.done.actor.verifyShippingAddress', { output: { ok: true, address: savedAddress('2', { verified: true }) } }),
    ev('xstate.done.actor.verifyShippingAddress', {
      output: { ok: false, code: 'VERIFICATION_CODE_INVALID_ERROR', message: 'x', attemptsLeft: 0 },
    }),
    ev('xstate.error.actor.verifyShippingAddress', { error: new Error('offline') }),
    ev('verification.cancel'),
  ];
  const key = onlyRegion('code');
  const paths = shortestPathPerState(machine, { events, input, serialize, key });
  const sent = 'done:loadAddresses → address.verify → done:sendVerification';
  const table: PathRow[] = [
    { state: 'loading', via: '(start)' },
    { state: 'list', via: 'done:loadAddresses', context: { targetId: null } },
    { state: 'verification.sending', via: 'done:loadAddresses → address.verify', context: { targetId: '2' } },
    {
      state: 'list [address.verification.sendLimited]',
      via: 'done:loadAddresses → address.verify → error:sendVerification',
      context: { targetId: null },
    },
    {
      state: 'verification.awaiting.code.entering',
      via: sent,
      context: { targetId: '2', verification: { code: '', error: null, resendIn: 1 } },
    },
    {
      state: 'verification.awaiting.code.entering [address.code.format]',
      via: `${sent} → verification.submit`,
      context: { verification: { code: '' } },
    },
    {
      state: 'verification.awaiting.code.checking',
      via: `${sent} → verification.change → verification.submit`,
      context: { verification: { code: '123456', error: null } },
    },
    {
      state: 'verification.awaiting.code.entering [address.code.exhausted]',
      via: `${sent} → verification.change → verification.submit → done:verifyShippingAddress(VERIFICATION_CODE_INVALID_ERROR)`,
      context: { verification: { code: '123456', attemptsLeft: 0 } },
    },
    {
      state: 'verification.awaiting.code.entering [address.code.failed]',
      via: `${sent} → verification.change → verification.submit → error:verifyShippingAddress`,
      context: { verification: { code: '123456', attemptsLeft: null } },
    },
  ];
  pathTable(machine, paths, input, table, key);
});

describe('addresses machine paths: verification resend', () => {
  const events: EventObject[] = [
    loadedTwo,
    ev('address.verify', { id: '2' }),
    ev('xstate.done.actor.sendVerification', { output: true }),
    // The cooldown's one-second timer.
    ev('xstate.after.1000.addresses.verification.awaiting.resend.coolingDown'),
    ev('verification.resend'),
    ev('xstate.done.actor.resendVerification', { output: true }),
    ev('xstate.error.actor.resendVerification', { error: Object.assign(new Error('Too many requests'), { status: 429 }) }),
    ev('verification.cancel'),
  ];
  const key = onlyRegion('resend');
  const paths = shortestPathPerState(machine, { events, input, serialize, key });
  const sent = 'done:loadAddresses → address.verify → done:sendVerification';
  const tick = 'xstate.after.1000.addresses.verification.awaiting.resend.coolingDown';
  const table: PathRow[] = [
    { state: 'loading', via: '(start)' },
    { state: 'list', via: 'done:loadAddresses' },
    { state: 'verification.sending', via: 'done:loadAddresses → address.verify', context: { targetId: '2' } },
    { state: 'verification.awaiting.resend.coolingDown', via: sent, context: { verification: { resendIn: 1, resendError: null } } },
    {
      state: 'verification.awaiting.resend.available',
      via: `${sent} → ${tick}`,
      context: { verification: { resendIn: 0, resendError: null } },
    },
    {
      state: 'verification.awaiting.resend.resending',
      via: `${sent} → ${tick} → verification.resend`,
      context: { verification: { resendIn: 0 } },
    },
    {
      state: 'verification.awaiting.resend.available [address.verification.sendLimited]',
      via: `${sent} → ${tick} → verification.resend → error:resendVerification`,
      context: { targetId: '2', verification: { resendIn: 0 } },
    },
  ];
  pathTable(machine, paths, input, table, key);
});
