import { assign, fromPromise, setup } from 'xstate';
import { isStoreUnavailable } from './lib/network-failure';
import type { Address, CreateAddressInput, UpdateAddressInput, VerifyAddressResult } from '../services/account.service';
import type { getCities } from '../services/content.service';
import {
  addressInputOf,
  addressToValues,
  emptyAddressValues,
  validateAddress,
  type AddressErrors,
  type AddressFormValues,
} from './schemas/address.schema';
import { DEFAULT_PHONE_COUNTRY } from './schemas/phone.schema';

export type City = Awaited<ReturnType<typeof getCities>>[number];
export type LanguageCode = 'ar' | 'en';

export interface AddressesInput {
  languageCode: LanguageCode;
  /** Seconds before another code may be asked for; the backend allows 3 per address per 15 minutes. */
  resendCooldownSeconds?: number;
}

/** Field-by-field change; the value type follows the field. */
export type AddressChange = {
  [F in keyof AddressFormValues]: { type: 'address.change'; field: F; value: AddressFormValues[F] };
}[keyof AddressFormValues];

export type AddressFailure =
  | 'address.load.failed'
  | 'address.save.failed'
  | 'address.delete.failed'
  | 'address.default.failed'
  | 'address.verification.sendFailed'
  | 'address.verification.sendLimited'
  /** A save answered 502/503/504 (machines/lib/network-failure.ts): the store's fault, not the connection. */
  | 'store.unavailable';

export type VerificationMessageId =
  | 'address.code.format'
  | 'address.code.wrong'
  | 'address.code.exhausted'
  | 'address.code.expired'
  | 'address.code.rateLimited'
  | 'address.code.failed';

export interface AddressesContext {
  languageCode: LanguageCode;
  resendCooldownSeconds: number;
  addresses: Address[];
  cities: City[];
  /** `country:language` the cities were loaded for. */
  citiesFor: string | null;
  citiesFailed: boolean;
  form: { addressId: string | null; values: AddressFormValues; errors: AddressErrors };
  /** The address being deleted, made default or verified. */
  targetId: string | null;
  failure: AddressFailure | null;
  verification: {
    code: string;
    error: VerificationMessageId | null;
    attemptsLeft: number | null;
    retryAfterSeconds: number | null;
    resendIn: number;
    resendError: 'address.verification.sendFailed' | 'address.verification.sendLimited' | null;
  };
}

export type AddressesEvent =
  | { type: 'addresses.retry' }
  | { type: 'addresses.language'; languageCode: LanguageCode }
  | { type: 'address.create' }
  | { type: 'address.edit'; id: string }
  | AddressChange
  | { type: 'address.submit' }
  | { type: 'address.cancel' }
  | { type: 'cities.retry' }
  | { type: 'address.delete'; id: string }
  | { type: 'address.confirmDelete' }
  | { type: 'address.setDefault'; id: string }
  | { type: 'address.verify'; id: string }
  | { type: 'verification.change'; code: string }
  | { type: 'verification.submit' }
  | { type: 'verification.resend' }
  | { type: 'verification.cancel' };

const citiesKey = (countryCode: string, languageCode: string) => `${countryCode}:${languageCode}`;

const emptyVerification = (resendIn = 0): AddressesContext['verification'] => ({
  code: '',
  error: null,
  attemptsLeft: null,
  retryAfterSeconds: null,
  resendIn,
  resendError: null,
});

/** A saved address replaces its old copy; a new default takes the flags from every other one. */
function upsert(addresses: Address[], saved: Address): Address[] {
  const others = addresses
    .filter((a) => a.id !== saved.id)
    .map((a) => (saved.defaultShippingAddress ? { ...a, defaultShippingAddress: false, defaultBillingAddress: false } : a));
  const index = addresses.findIndex((a) => a.id === saved.id);
  if (index < 0) return [...others, saved];
  return [...others.slice(0, index), saved, ...others.slice(index)];
}

const saveFailureOf = (error: unknown): AddressFailure => (isStoreUnavailable(error) ? 'store.unavailable' : 'address.save.failed');
const isHttp429 = (error: unknown) => typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 429;

export const addressesMachine = setup({
  types: {
    context: {} as AddressesContext,
    events: {} as AddressesEvent,
    input: {} as AddressesInput,
  },
  actors: {
    loadAddresses: fromPromise<Address[]>(async () => {
      throw new Error('loadAddresses is not provided: wire it in the composition root');
    }),
    loadCities: fromPromise<City[], { countryCode: string; languageCode: LanguageCode }>(async () => {
      throw new Error('loadCities is not provided: wire it in the composition root');
    }),
    createAddress: fromPromise<Address, CreateAddressInput>(async () => {
      throw new Error('createAddress is not provided: wire it in the composition root');
    }),
    updateAddress: fromPromise<Address, UpdateAddressInput>(async () => {
      throw new Error('updateAddress is not provided: wire it in the composition root');
    }),
    deleteAddress: fromPromise<boolean, { addressId: string }>(async () => {
      throw new Error('deleteAddress is not provided: wire it in the composition root');
    }),
    setDefaultAddress: fromPromise<Address, { addressId: string }>(async () => {
      throw new Error('setDefaultAddress is not provided: wire it in the composition root');
    }),
    requestAddressVerification: fromPromise<boolean, { addressId: string }>(async () => {
      throw new Error('requestAddressVerification is not provided: wire it in the composition root');
    }),
    verifyShippingAddress: fromPromise<VerifyAddressResult, { addressId: string; code: string }>(async () => {
      throw new Error('verifyShippingAddress is not provided: wire it in the composition root');
    }),
  },
  actions: {
    storeAddresses: assign((_, params: { addresses: Address[] }) => ({ addresses: params.addresses, failure: null })),
    storeFailure: assign((_, params: { failure: AddressFailure }) => ({ failure: params.failure })),
    clearFailure: assign({ failure: null }),
    storeLanguage: assign(({ event }) => (event.type === 'addresses.language' ? { languageCode: event.languageCode } : {})),
    openBlankForm: assign(() => ({ form: { addressId: null, values: emptyAddressValues(), errors: {} }, failure: null })),
    openEditForm: assign(({ context, event }) => {
      const address = event.type === 'address.edit' ? context.addresses.find((a) => a.id === event.id) : undefined;
      return address ? { form: { addressId: address.id, values: addressToValues(address), errors: {} }, failure: null } : {};
    }),
    changeField: assign(({ context, event }) => {
      if (event.type !== 'address.change') return {};
      const { [event.field]: _dropped, ...errors } = context.form.errors;
      const values = { ...context.form.values, [event.field]: event.value };
      // A city belongs to one country.
      if (event.field === 'countryCode' && event.value !== context.form.values.countryCode) values.cityCode = '';
      return { form: { ...context.form, values, errors }, failure: null };
    }),
    storeFormErrors: assign(({ context }) => {
      const result = validateAddress(context.form.values);
      return { form: { ...context.form, errors: result.ok ? {} : result.errors } };
    }),
    storeCities: assign((_, params: { cities: City[]; key: string }) => ({
      cities: params.cities,
      citiesFor: params.key,
      citiesFailed: false,
    })),
    storeCitiesFailure: assign({ citiesFailed: true }),
    storeSavedAddress: assign(({ context }, params: { address: Address }) => ({
      addresses: upsert(context.addresses, params.address),
      failure: null,
    })),
    storeVerifiedAddress: assign(({ context }, params: { result: VerifyAddressResult }) =>
      params.result.ok ? { addresses: upsert(context.addresses, params.result.address) } : {},
    ),
    storeTarget: assign(({ event }) => ('id' in event ? { targetId: event.id, failure: null } : {})),
    removeTarget: assign(({ context }) => ({ addresses: context.addresses.filter((a) => a.id !== context.targetId), targetId: null })),
    clearTarget: assign({ targetId: null }),
    startCooldown: assign(({ context }) => ({
      verification: { ...emptyVerification(context.resendCooldownSeconds) },
    })),
    tickCooldown: assign(({ context }) => ({
      verification: { ...context.verification, resendIn: Math.max(0, context.verification.resendIn - 1) },
    })),
    storeSendFailure: assign((_, params: { error: unknown }) => ({
      failure: isHttp429(params.error) ? ('address.verification.sendLimited' as const) : ('address.verification.sendFailed' as const),
      targetId: null,
    })),
    storeResendFailure: assign(({ context }, params: { error: unknown }) => ({
      verification: {
        ...context.verification,
        resendError: isHttp429(params.error) ? ('address.verification.sendLimited' as const) : ('address.verification.sendFailed' as const),
      },
    })),
    changeCode: assign(({ context, event }) =>
      event.type === 'verification.change'
        ? { verification: { ...context.verification, code: event.code, error: null, retryAfterSeconds: null } }
        : {},
    ),
    storeCodeFormatError: assign(({ context }) => ({
      verification: {
        ...context.verification,
        error: context.verification.attemptsLeft === 0 ? ('address.code.exhausted' as const) : ('address.code.format' as const),
      },
    })),
    storeCodeRefusal: assign(({ context }, params: { result: VerifyAddressResult }) => {
      const r = params.result;
      const v = context.verification;
      if (r.ok) return {};
      if (r.code === 'VERIFICATION_CODE_INVALID_ERROR') {
        return {
          verification: {
            ...v,
            attemptsLeft: r.attemptsLeft,
            error: r.attemptsLeft > 0 ? ('address.code.wrong' as const) : ('address.code.exhausted' as const),
          },
        };
      }
      if (r.code === 'RATE_LIMIT_ERROR') {
        return { verification: { ...v, error: 'address.code.rateLimited' as const, retryAfterSeconds: r.retryAfterSeconds } };
      }
      return { verification: { ...v, error: 'address.code.expired' as const } };
    }),
    storeCodeFailure: assign(({ context }) => ({ verification: { ...context.verification, error: 'address.code.failed' as const } })),
    clearCodeError: assign(({ context }) => ({ verification: { ...context.verification, error: null, retryAfterSeconds: null } })),
    clearResendError: assign(({ context }) => ({ verification: { ...context.verification, resendError: null } })),
    closeVerification: assign({ targetId: null, verification: emptyVerification() }),
  },
  guards: {
    hasCitiesForForm: ({ context }) =>
      context.citiesFor === citiesKey(context.form.values.countryCode, context.languageCode) && !context.citiesFailed,
    isCountryChange: ({ context, event }) =>
      event.type === 'address.change' &&
      event.field === 'countryCode' &&
      citiesKey(event.value, context.languageCode) !== context.citiesFor,
    isOtherLanguage: ({ context, event }) =>
      event.type === 'addresses.language' && citiesKey(context.form.values.countryCode, event.languageCode) !== context.citiesFor,
    isFormValid: ({ context }) => validateAddress(context.form.values).ok,
    isEditing: ({ context }) => context.form.addressId !== null,
    isKnownAddress: ({ context, event }) => 'id' in event && context.addresses.some((a) => a.id === event.id),
    isUnverifiedAddress: ({ context, event }) =>
      'id' in event && context.addresses.some((a) => a.id === event.id && !a.customFields?.verifiedShippingAddress),
    isTrue: (_, params: { value: boolean }) => params.value,
    isVerified: (_, params: { result: VerifyAddressResult }) => params.result.ok,
    isCodeSubmittable: ({ context }) => /^\d{6}$/.test(context.verification.code.trim()) && context.verification.attemptsLeft !== 0,
    isCooldownOver: ({ context }) => context.verification.resendIn <= 1,
  },
}).createMachine({
  id: 'addresses',
  context: ({ input }) => ({
    languageCode: input.languageCode,
    resendCooldownSeconds: input.resendCooldownSeconds ?? 60,
    addresses: [],
    cities: [],
    citiesFor: null,
    citiesFailed: false,
    form: { addressId: null, values: emptyAddressValues(DEFAULT_PHONE_COUNTRY), errors: {} },
    targetId: null,
    failure: null,
    verification: emptyVerification(),
  }),
  initial: 'loading',
  on: { 'addresses.language': { actions: 'storeLanguage' } },
  states: {
    loading: {
      invoke: {
        id: 'loadAddresses',
        src: 'loadAddresses',
        onDone: { target: 'list', actions: { type: 'storeAddresses', params: ({ event }) => ({ addresses: event.output }) } },
        onError: { target: 'failed', actions: { type: 'storeFailure', params: { failure: 'address.load.failed' } } },
      },
    },
    failed: { on: { 'addresses.retry': 'loading' } },
    list: {
      on: {
        'address.create': { target: 'form', actions: 'openBlankForm' },
        'address.edit': { guard: 'isKnownAddress', target: 'form', actions: 'openEditForm' },
        'address.delete': { guard: 'isKnownAddress', target: 'confirmingDelete', actions: 'storeTarget' },
        'address.setDefault': { guard: 'isKnownAddress', target: 'settingDefault', actions: 'storeTarget' },
        'address.verify': { guard: 'isUnverifiedAddress', target: 'verification', actions: 'storeTarget' },
      },
    },
    form: {
      type: 'parallel',
      states: {
        cities: {
          initial: 'checking',
          on: {
            'address.change': { guard: 'isCountryChange', target: '.loading' },
            'addresses.language': { guard: 'isOtherLanguage', target: '.loading', actions: 'storeLanguage' },
          },
          states: {
            checking: { always: [{ guard: 'hasCitiesForForm', target: 'loaded' }, { target: 'loading' }] },
            loading: {
              invoke: {
                id: 'loadCities',
                src: 'loadCities',
                input: ({ context }) => ({ countryCode: context.form.values.countryCode, languageCode: context.languageCode }),
                onDone: {
                  target: 'loaded',
                  actions: {
                    type: 'storeCities',
                    params: ({ context, event }) => ({
                      cities: event.output,
                      key: citiesKey(context.form.values.countryCode, context.languageCode),
                    }),
                  },
                },
                onError: { target: 'failed', actions: 'storeCitiesFailure' },
              },
            },
            loaded: {},
            failed: { on: { 'cities.retry': 'loading' } },
          },
        },
        entry: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'address.change': { actions: 'changeField' },
                'address.submit': 'validating',
                // Only from here: a save under way is not abandoned halfway.
                'address.cancel': { target: '#addresses.list', actions: 'clearFailure' },
              },
            },
            validating: {
              always: [
                { guard: 'isFormValid', target: 'saving', actions: 'storeFormErrors' },
                { target: 'editing', actions: 'storeFormErrors' },
              ],
            },
            saving: {
              // Typing while a save runs is ignored, like a second submit: the form shows what was sent.
              always: [{ guard: 'isEditing', target: 'updating' }, { target: 'creating' }],
            },
            creating: {
              entry: 'clearFailure',
              invoke: {
                id: 'createAddress',
                src: 'createAddress',
                input: ({ context }) => addressInput(context),
                onDone: {
                  target: '#addresses.list',
                  actions: { type: 'storeSavedAddress', params: ({ event }) => ({ address: event.output }) },
                },
                onError: {
                  target: 'editing',
                  actions: { type: 'storeFailure', params: ({ event }) => ({ failure: saveFailureOf(event.error) }) },
                },
              },
            },
            updating: {
              entry: 'clearFailure',
              invoke: {
                id: 'updateAddress',
                src: 'updateAddress',
                input: ({ context }) => ({ ...addressInput(context), id: context.form.addressId ?? '' }),
                onDone: {
                  target: '#addresses.list',
                  actions: { type: 'storeSavedAddress', params: ({ event }) => ({ address: event.output }) },
                },
                onError: {
                  target: 'editing',
                  actions: { type: 'storeFailure', params: ({ event }) => ({ failure: saveFailureOf(event.error) }) },
                },
              },
            },
          },
        },
      },
    },
    confirmingDelete: {
      on: {
        'address.confirmDelete': 'deleting',
        'address.cancel': { target: 'list', actions: 'clearTarget' },
      },
    },
    deleting: {
      invoke: {
        id: 'deleteAddress',
        src: 'deleteAddress',
        input: ({ context }) => ({ addressId: context.targetId ?? '' }),
        onDone: [
          { guard: { type: 'isTrue', params: ({ event }) => ({ value: event.output }) }, target: 'list', actions: 'removeTarget' },
          { target: 'list', actions: ['clearTarget', { type: 'storeFailure', params: { failure: 'address.delete.failed' } }] },
        ],
        onError: { target: 'list', actions: ['clearTarget', { type: 'storeFailure', params: { failure: 'address.delete.failed' } }] },
      },
    },
    settingDefault: {
      invoke: {
        id: 'setDefaultAddress',
        src: 'setDefaultAddress',
        input: ({ context }) => ({ addressId: context.targetId ?? '' }),
        onDone: {
          target: 'list',
          actions: ['clearTarget', { type: 'storeSavedAddress', params: ({ event }) => ({ address: event.output }) }],
        },
        onError: { target: 'list', actions: ['clearTarget', { type: 'storeFailure', params: { failure: 'address.default.failed' } }] },
      },
    },
    verification: {
      initial: 'sending',
      on: { 'verification.cancel': { target: 'list', actions: 'closeVerification' } },
      states: {
        sending: {
          invoke: {
            id: 'sendVerification',
            src: 'requestAddressVerification',
            input: ({ context }) => ({ addressId: context.targetId ?? '' }),
            onDone: [
              { guard: { type: 'isTrue', params: ({ event }) => ({ value: event.output }) }, target: 'awaiting', actions: 'startCooldown' },
              { target: '#addresses.list', actions: { type: 'storeSendFailure', params: { error: null } } },
            ],
            // HTTP 429: the backend allows 3 codes per address per 15 minutes.
            onError: { target: '#addresses.list', actions: { type: 'storeSendFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        awaiting: {
          type: 'parallel',
          states: {
            code: {
              initial: 'entering',
              states: {
                entering: {
                  on: {
                    'verification.change': { actions: 'changeCode' },
                    'verification.submit': [{ guard: 'isCodeSubmittable', target: 'checking' }, { actions: 'storeCodeFormatError' }],
                  },
                },
                checking: {
                  entry: 'clearCodeError',
                  invoke: {
                    id: 'verifyShippingAddress',
                    src: 'verifyShippingAddress',
                    input: ({ context }) => ({ addressId: context.targetId ?? '', code: context.verification.code.trim() }),
                    onDone: [
                      {
                        guard: { type: 'isVerified', params: ({ event }) => ({ result: event.output }) },
                        target: '#addresses.list',
                        actions: [{ type: 'storeVerifiedAddress', params: ({ event }) => ({ result: event.output }) }, 'closeVerification'],
                      },
                      { target: 'entering', actions: { type: 'storeCodeRefusal', params: ({ event }) => ({ result: event.output }) } },
                    ],
                    onError: { target: 'entering', actions: 'storeCodeFailure' },
                  },
                },
              },
            },
            resend: {
              initial: 'coolingDown',
              states: {
                coolingDown: {
                  after: {
                    1000: [
                      { guard: 'isCooldownOver', target: 'available', actions: 'tickCooldown' },
                      { target: 'coolingDown', reenter: true, actions: 'tickCooldown' },
                    ],
                  },
                },
                available: { on: { 'verification.resend': 'resending' } },
                resending: {
                  entry: 'clearResendError',
                  invoke: {
                    id: 'resendVerification',
                    src: 'requestAddressVerification',
                    input: ({ context }) => ({ addressId: context.targetId ?? '' }),
                    // A new code replaces the old one, with a fresh attempt budget.
                    onDone: { target: 'coolingDown', actions: 'startCooldown' },
                    onError: {
                      target: 'available',
                      actions: { type: 'storeResendFailure', params: ({ event }) => ({ error: event.error }) },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});

function addressInput(context: AddressesContext): CreateAddressInput {
  const result = addressInputOf(context.form.values, context.cities);
  if (!result.ok) throw new Error('saving entered with invalid values');
  return result.input;
}
