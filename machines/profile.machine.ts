import { assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import { isStoreUnavailable } from './lib/network-failure';
import type { Customer, UploadImageResult, updateCustomer } from '../services/account.service';
import type { Failure } from '../services/result';
import { emptyPhone, type PhoneValue } from './schemas/phone.schema';
import {
  AVATAR_SERVER_REASONS,
  checkAvatarFile,
  validateEmailChange,
  validateProfileDetails,
  type AvatarMessageId,
  type EmailChangeErrors,
  type EmailChangeField,
  type EmailChangeInput,
  type ProfileDetailsErrors,
} from './schemas/profile.schema';

// ---------- actor contracts with no service function yet (see the report / composition root) ----------

/** requestUpdateCustomerEmailAddress(password, newEmailAddress): Vendure mails a token link to the new address. */
export type RequestEmailChangeResult =
  { ok: true } | Failure<'INVALID_CREDENTIALS_ERROR' | 'EMAIL_ADDRESS_CONFLICT_ERROR' | 'NATIVE_AUTH_STRATEGY_ERROR'>;
export interface RequestEmailChangeInput {
  password: string;
  newEmailAddress: string;
}
/** updateCustomerEmailAddress(token), from the link in that mail. */
export type ConfirmEmailChangeResult =
  { ok: true } | Failure<'IDENTIFIER_CHANGE_TOKEN_INVALID_ERROR' | 'IDENTIFIER_CHANGE_TOKEN_EXPIRED_ERROR' | 'NATIVE_AUTH_STRATEGY_ERROR'>;

/**
 * uploadImage with progress (an XHR multipart upload): the callback actor sends `avatar.progress`
 * while bytes go out, then `avatar.uploaded` with the service's tagged result or `avatar.uploadFailed`;
 * its cleanup aborts the request when the machine leaves `uploading`.
 */
export interface UploadAvatarInput {
  file: Blob;
}
export type UploadAvatarEvent =
  | { type: 'avatar.progress'; loaded: number; total: number }
  | { type: 'avatar.uploaded'; result: UploadImageResult }
  | { type: 'avatar.uploadFailed' };

export type UpdateCustomerInput = Parameters<typeof updateCustomer>[1];
export type UpdatedCustomer = Awaited<ReturnType<typeof updateCustomer>>;
export type UploadedImage = Extract<UploadImageResult, { ok: true }>['image'];

// ---------- context and events ----------

export type ProfileDetailsValues = { firstName: string; lastName: string; phone: PhoneValue };

export interface ProfileContext {
  customer: Customer | null;
  details: {
    values: ProfileDetailsValues;
    errors: ProfileDetailsErrors;
    failure: 'profile.save.failed' | 'store.unavailable' | null;
    saved: boolean;
  };
  email: {
    values: EmailChangeInput;
    errors: EmailChangeErrors;
    failure:
      | 'profile.email.failed'
      | 'store.unavailable'
      | 'profile.email.unsupported'
      | 'profile.email.tokenInvalid'
      | 'profile.email.tokenExpired'
      | null;
    /** The address the confirmation link went to. */
    requestedFor: string | null;
  };
  avatar: { image: UploadedImage | null; progress: { loaded: number; total: number } | null; error: AvatarMessageId | null };
}

export type ProfileEvent =
  | { type: 'profile.retry' }
  | { type: 'details.change'; field: 'firstName' | 'lastName'; value: string }
  | { type: 'details.changePhone'; phone: PhoneValue }
  | { type: 'details.submit' }
  | { type: 'details.discard' }
  | { type: 'email.change'; field: EmailChangeField; value: string }
  | { type: 'email.submit' }
  | { type: 'email.edit' }
  | { type: 'email.confirm'; token: string }
  | { type: 'avatar.select'; file: Blob }
  | { type: 'avatar.cancel' }
  | UploadAvatarEvent;

const detailsOf = (customer: Customer | null): ProfileDetailsValues => ({
  firstName: customer?.firstName ?? '',
  lastName: customer?.lastName ?? '',
  phone: customer?.phoneNumber
    ? { e164: customer.phoneNumber, country: customer.phoneNumber.startsWith('+966') ? 'SA' : '' }
    : emptyPhone(),
});

const emptyEmail = (): ProfileContext['email'] => ({
  values: { newEmailAddress: '', password: '' },
  errors: {},
  failure: null,
  requestedFor: null,
});

export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
  },
  actors: {
    loadCustomer: fromPromise<Customer | null>(async () => {
      throw new Error('loadCustomer is not provided: wire it in the composition root');
    }),
    updateCustomer: fromPromise<UpdatedCustomer, UpdateCustomerInput>(async () => {
      throw new Error('updateCustomer is not provided: wire it in the composition root');
    }),
    requestEmailChange: fromPromise<RequestEmailChangeResult, RequestEmailChangeInput>(async () => {
      throw new Error('requestEmailChange is not provided: wire it in the composition root');
    }),
    confirmEmailChange: fromPromise<ConfirmEmailChangeResult, { token: string }>(async () => {
      throw new Error('confirmEmailChange is not provided: wire it in the composition root');
    }),
    uploadAvatar: fromCallback<EventObject, UploadAvatarInput>(() => {
      throw new Error('uploadAvatar is not provided: wire it in the composition root');
    }),
  },
  actions: {
    storeCustomer: assign((_, params: { customer: Customer }) => ({
      customer: params.customer,
      details: { values: detailsOf(params.customer), errors: {}, failure: null, saved: false },
    })),
    changeDetail: assign(({ context, event }) => {
      const d = context.details;
      if (event.type === 'details.change') {
        const { [event.field]: _dropped, ...errors } = d.errors;
        return { details: { ...d, values: { ...d.values, [event.field]: event.value }, errors, failure: null, saved: false } };
      }
      if (event.type === 'details.changePhone') {
        const { phone: _dropped, ...errors } = d.errors;
        return { details: { ...d, values: { ...d.values, phone: event.phone }, errors, failure: null, saved: false } };
      }
      return {};
    }),
    storeDetailErrors: assign(({ context }) => {
      const result = validateProfileDetails(context.details.values);
      return { details: { ...context.details, errors: result.ok ? {} : result.errors } };
    }),
    discardDetails: assign(({ context }) => ({
      details: { values: detailsOf(context.customer), errors: {}, failure: null, saved: false },
    })),
    storeSavedCustomer: assign(({ context }, params: { saved: UpdatedCustomer }) => ({
      customer: context.customer ? { ...context.customer, ...params.saved } : null,
      details: { ...context.details, failure: null, saved: true },
    })),
    storeSaveFailure: assign(({ context }, params: { error: unknown }) => ({
      details: {
        ...context.details,
        failure: isStoreUnavailable(params.error) ? ('store.unavailable' as const) : ('profile.save.failed' as const),
        saved: false,
      },
    })),

    changeEmailField: assign(({ context, event }) => {
      if (event.type !== 'email.change') return {};
      const e = context.email;
      const { [event.field]: _dropped, ...errors } = e.errors;
      return { email: { ...e, values: { ...e.values, [event.field]: event.value }, errors, failure: null } };
    }),
    storeEmailErrors: assign(({ context }) => {
      const result = validateEmailChange(context.email.values, context.customer?.emailAddress ?? '');
      return { email: { ...context.email, errors: result.ok ? {} : result.errors } };
    }),
    storeEmailRequested: assign(({ context }) => ({
      // The password has done its job; the new address stays shown in "check your inbox".
      email: { ...emptyEmail(), requestedFor: context.email.values.newEmailAddress.trim() },
    })),
    storeEmailRefusal: assign(({ context }, params: { code: string }) => {
      const e = context.email;
      if (params.code === 'INVALID_CREDENTIALS_ERROR')
        return { email: { ...e, errors: { ...e.errors, password: 'profile.password.wrong' as const } } };
      if (params.code === 'EMAIL_ADDRESS_CONFLICT_ERROR')
        return { email: { ...e, errors: { ...e.errors, newEmailAddress: 'profile.email.taken' as const } } };
      return { email: { ...e, failure: 'profile.email.unsupported' as const } };
    }),
    storeEmailFailure: assign(({ context }, params: { error: unknown }) => ({
      email: {
        ...context.email,
        failure: isStoreUnavailable(params.error) ? ('store.unavailable' as const) : ('profile.email.failed' as const),
      },
    })),
    resetEmail: assign(() => ({ email: emptyEmail() })),
    storeEmailConfirmed: assign(({ context }) => ({
      customer:
        context.customer && context.email.requestedFor
          ? { ...context.customer, emailAddress: context.email.requestedFor }
          : context.customer,
      email: emptyEmail(),
    })),
    storeRefreshedCustomer: assign(({ context }, params: { customer: Customer | null }) => ({
      customer: params.customer ?? context.customer,
    })),
    storeConfirmRefusal: assign(({ context }, params: { code: string }) => ({
      email: {
        ...context.email,
        failure:
          params.code === 'IDENTIFIER_CHANGE_TOKEN_EXPIRED_ERROR'
            ? ('profile.email.tokenExpired' as const)
            : params.code === 'IDENTIFIER_CHANGE_TOKEN_INVALID_ERROR'
              ? ('profile.email.tokenInvalid' as const)
              : ('profile.email.unsupported' as const),
      },
    })),

    storeFileError: assign(({ context, event }) => ({
      avatar: { ...context.avatar, progress: null, error: event.type === 'avatar.select' ? checkAvatarFile(event.file) : null },
    })),
    startUpload: assign(({ context }) => ({ avatar: { ...context.avatar, progress: { loaded: 0, total: 0 }, error: null } })),
    storeProgress: assign(({ context, event }) =>
      event.type === 'avatar.progress' ? { avatar: { ...context.avatar, progress: { loaded: event.loaded, total: event.total } } } : {},
    ),
    storeUploadResult: assign(({ context, event }) => {
      if (event.type !== 'avatar.uploaded') return {};
      const r = event.result;
      if (r.ok) return { avatar: { image: r.image, progress: null, error: null } };
      const error: AvatarMessageId =
        r.code === 'RATE_LIMIT_ERROR' ? 'avatar.upload.rateLimited' : (AVATAR_SERVER_REASONS[r.reason] ?? 'avatar.upload.failed');
      return { avatar: { ...context.avatar, progress: null, error } };
    }),
    storeUploadFailure: assign(({ context }) => ({
      avatar: { ...context.avatar, progress: null, error: 'avatar.upload.failed' as const },
    })),
    clearProgress: assign(({ context }) => ({ avatar: { ...context.avatar, progress: null } })),
  },
  guards: {
    hasCustomer: (_, params: { customer: Customer | null }) => params.customer !== null,
    isDetailsValid: ({ context }) => validateProfileDetails(context.details.values).ok,
    isEmailValid: ({ context }) => validateEmailChange(context.email.values, context.customer?.emailAddress ?? '').ok,
    isOk: (_, params: { result: { ok: boolean } }) => params.result.ok,
    isFileAcceptable: ({ event }) => event.type === 'avatar.select' && checkAvatarFile(event.file) === null,
  },
}).createMachine({
  id: 'profile',
  context: () => ({
    customer: null,
    details: { values: detailsOf(null), errors: {}, failure: null, saved: false },
    email: emptyEmail(),
    avatar: { image: null, progress: null, error: null },
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadCustomer',
        src: 'loadCustomer',
        onDone: [
          {
            guard: { type: 'hasCustomer', params: ({ event }) => ({ customer: event.output }) },
            target: 'ready',
            actions: { type: 'storeCustomer', params: ({ event }) => ({ customer: event.output as Customer }) },
          },
          // The session ended meanwhile: the route guard sends the visitor to sign in.
          { target: 'anonymous' },
        ],
        onError: 'failed',
      },
    },
    failed: { on: { 'profile.retry': 'loading' } },
    anonymous: { type: 'final' },
    ready: {
      type: 'parallel',
      states: {
        details: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'details.change': { actions: 'changeDetail' },
                'details.changePhone': { actions: 'changeDetail' },
                'details.discard': { actions: 'discardDetails' },
                'details.submit': 'validating',
              },
            },
            validating: {
              always: [
                { guard: 'isDetailsValid', target: 'saving', actions: 'storeDetailErrors' },
                { target: 'editing', actions: 'storeDetailErrors' },
              ],
            },
            saving: {
              invoke: {
                id: 'updateCustomer',
                src: 'updateCustomer',
                input: ({ context }) => {
                  const result = validateProfileDetails(context.details.values);
                  if (!result.ok) throw new Error('saving entered with invalid values');
                  // An emptied phone is cleared with null: Vendure's patchEntity skips only undefined.
                  return { firstName: result.value.firstName, lastName: result.value.lastName, phoneNumber: result.value.phone || null };
                },
                onDone: { target: 'editing', actions: { type: 'storeSavedCustomer', params: ({ event }) => ({ saved: event.output }) } },
                onError: { target: 'editing', actions: { type: 'storeSaveFailure', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
        email: {
          initial: 'editing',
          on: { 'email.confirm': '.confirming' },
          states: {
            editing: {
              on: {
                'email.change': { actions: 'changeEmailField' },
                'email.submit': 'validating',
              },
            },
            validating: {
              always: [
                { guard: 'isEmailValid', target: 'requesting', actions: 'storeEmailErrors' },
                { target: 'editing', actions: 'storeEmailErrors' },
              ],
            },
            requesting: {
              invoke: {
                id: 'requestEmailChange',
                src: 'requestEmailChange',
                input: ({ context }) => ({
                  password: context.email.values.password,
                  newEmailAddress: context.email.values.newEmailAddress.trim(),
                }),
                onDone: [
                  {
                    guard: { type: 'isOk', params: ({ event }) => ({ result: event.output }) },
                    target: 'requested',
                    actions: 'storeEmailRequested',
                  },
                  {
                    target: 'editing',
                    actions: { type: 'storeEmailRefusal', params: ({ event }) => ({ code: event.output.ok ? '' : event.output.code }) },
                  },
                ],
                onError: { target: 'editing', actions: { type: 'storeEmailFailure', params: ({ event }) => ({ error: event.error }) } },
              },
              // A second confirm while a request runs is not a new request.
              on: { 'email.confirm': {} },
            },
            requested: { on: { 'email.edit': { target: 'editing', actions: 'resetEmail' } } },
            confirming: {
              invoke: {
                id: 'confirmEmailChange',
                src: 'confirmEmailChange',
                input: ({ event }) => ({ token: event.type === 'email.confirm' ? event.token : '' }),
                onDone: [
                  {
                    guard: { type: 'isOk', params: ({ event }) => ({ result: event.output }) },
                    target: 'refreshing',
                    actions: 'storeEmailConfirmed',
                  },
                  {
                    target: 'editing',
                    actions: { type: 'storeConfirmRefusal', params: ({ event }) => ({ code: event.output.ok ? '' : event.output.code }) },
                  },
                ],
                onError: { target: 'editing', actions: { type: 'storeEmailFailure', params: ({ event }) => ({ error: event.error }) } },
              },
              on: { 'email.confirm': {} },
            },
            // The link may be opened in another tab than the request: the server knows the new address.
            refreshing: {
              invoke: {
                id: 'refreshCustomer',
                src: 'loadCustomer',
                onDone: {
                  target: 'confirmed',
                  actions: { type: 'storeRefreshedCustomer', params: ({ event }) => ({ customer: event.output }) },
                },
                onError: 'confirmed',
              },
              on: { 'email.confirm': {} },
            },
            confirmed: { on: { 'email.edit': { target: 'editing', actions: 'resetEmail' } } },
          },
        },
        avatar: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'avatar.select': [{ guard: 'isFileAcceptable', target: 'uploading' }, { actions: 'storeFileError' }],
              },
            },
            uploading: {
              entry: 'startUpload',
              invoke: {
                id: 'uploadAvatar',
                src: 'uploadAvatar',
                input: ({ event }) => {
                  if (event.type !== 'avatar.select') throw new Error('uploading entered without a file');
                  return { file: event.file };
                },
              },
              on: {
                'avatar.progress': { actions: 'storeProgress' },
                'avatar.uploaded': { target: 'idle', actions: 'storeUploadResult' },
                'avatar.uploadFailed': { target: 'idle', actions: 'storeUploadFailure' },
                'avatar.cancel': { target: 'idle', actions: 'clearProgress' },
              },
            },
          },
        },
      },
    },
  },
});
