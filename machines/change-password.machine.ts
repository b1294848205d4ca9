import { assign, fromPromise, setup } from 'xstate';
import { isStoreUnavailable } from './lib/network-failure';
import type { UpdatePasswordResult } from '../services/account.service';
import {
  validateChangePassword,
  type ChangePasswordErrors,
  type ChangePasswordField,
  type ChangePasswordInput,
} from './schemas/password.schema';

export interface ChangePasswordContext {
  values: ChangePasswordInput;
  errors: ChangePasswordErrors;
  /** PasswordValidationError.validationErrorMessage: the server's policy text, already translated. */
  policyMessage: string | null;
  failure: 'password.unsupported' | 'password.failed' | 'store.unavailable' | null;
}

export type ChangePasswordEvent =
  | { type: 'password.change'; field: ChangePasswordField; value: string }
  | { type: 'password.submit' }
  | { type: 'password.retry' }
  | { type: 'password.reset' };

export interface UpdatePasswordInput {
  currentPassword: string;
  newPassword: string;
}

const emptyValues = (): ChangePasswordInput => ({ currentPassword: '', newPassword: '', confirmPassword: '' });

export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
  },
  actors: {
    updatePassword: fromPromise<UpdatePasswordResult, UpdatePasswordInput>(async () => {
      throw new Error('updatePassword is not provided: wire it in the composition root');
    }),
  },
  actions: {
    changeField: assign(({ context, event }) => {
      if (event.type !== 'password.change') return {};
      const { [event.field]: _dropped, ...errors } = context.errors;
      const policyMessage = event.field === 'newPassword' ? null : context.policyMessage;
      return { values: { ...context.values, [event.field]: event.value }, errors, policyMessage, failure: null };
    }),
    storeErrors: assign(({ context }) => {
      const result = validateChangePassword(context.values);
      return { errors: result.ok ? {} : result.errors };
    }),
    clearFailure: assign({ failure: null, policyMessage: null }),
    storeWrongCurrent: assign(({ context }) => ({ errors: { ...context.errors, currentPassword: 'password.current.wrong' as const } })),
    storePolicyMessage: assign((_, params: { message: string }) => ({ policyMessage: params.message })),
    storeUnsupported: assign({ failure: 'password.unsupported' as const }),
    storeNetworkFailure: assign((_, params: { error: unknown }) => ({
      failure: isStoreUnavailable(params.error) ? ('store.unavailable' as const) : ('password.failed' as const),
    })),
    // Passwords do not linger in memory once they have done their job.
    clearValues: assign(() => ({ values: emptyValues(), errors: {}, policyMessage: null, failure: null })),
  },
  guards: {
    isValid: ({ context }) => validateChangePassword(context.values).ok,
    isChanged: (_, params: { result: UpdatePasswordResult }) => params.result.ok,
    isWrongCurrent: (_, params: { result: UpdatePasswordResult }) =>
      !params.result.ok && params.result.code === 'INVALID_CREDENTIALS_ERROR',
    isPolicyViolation: (_, params: { result: UpdatePasswordResult }) =>
      !params.result.ok && params.result.code === 'PASSWORD_VALIDATION_ERROR',
  },
}).createMachine({
  id: 'changePassword',
  context: () => ({ values: emptyValues(), errors: {}, policyMessage: null, failure: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'password.change': { actions: 'changeField' },
        'password.submit': 'validating',
      },
    },
    validating: {
      always: [
        { guard: 'isValid', target: 'submitting', actions: 'storeErrors' },
        { target: 'editing', actions: 'storeErrors' },
      ],
    },
    submitting: {
      entry: 'clearFailure',
      invoke: {
        id: 'updatePassword',
        src: 'updatePassword',
        input: ({ context }) => ({ currentPassword: context.values.currentPassword, newPassword: context.values.newPassword }),
        onDone: [
          {
            guard: { type: 'isChanged', params: ({ event }) => ({ result: event.output }) },
            target: 'changed',
            actions: 'clearValues',
          },
          {
            guard: { type: 'isWrongCurrent', params: ({ event }) => ({ result: event.output }) },
            target: 'editing',
            actions: 'storeWrongCurrent',
          },
          {
            guard: { type: 'isPolicyViolation', params: ({ event }) => ({ result: event.output }) },
            target: 'editing',
            actions: {
              type: 'storePolicyMessage',
              params: ({ event }) => ({
                message: !event.output.ok && event.output.code === 'PASSWORD_VALIDATION_ERROR' ? event.output.validationErrorMessage : '',
              }),
            },
          },
          // NATIVE_AUTH_STRATEGY_ERROR: an account from social sign-in has no password to change.
          { target: 'failed', actions: 'storeUnsupported' },
        ],
        onError: { target: 'failed', actions: { type: 'storeNetworkFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    changed: {
      on: { 'password.reset': 'editing' },
    },
    failed: {
      on: {
        'password.retry': 'validating',
        'password.change': { target: 'editing', actions: 'changeField' },
      },
    },
  },
});
