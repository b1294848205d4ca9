import { assign, fromPromise, setup } from 'xstate';
import { unavailableOf } from './lib/network-failure';
import type { ContactUsInput, ContactUsResult } from '../services/content.service';
import { validateContact, type ContactErrors, type ContactField, type ContactFormInput } from './schemas/contact.schema';

export type ContactTextField = Exclude<ContactField, 'phone'>;

export interface ContactContext {
  values: ContactFormInput;
  errors: ContactErrors;
  /** A field error reported by the server, already translated (ContactUsInputError). */
  serverFieldError: { field: ContactField | null; message: string } | null;
  /** Why the last submission failed, for the failed state. */
  failure: { kind: 'rateLimited'; message: string; retryAfterSeconds: number } | { kind: 'network'; unavailable?: true } | null;
  sent: { id: string; createdAt: string } | null;
}

export type ContactEvent =
  | { type: 'contact.change'; field: ContactTextField; value: string }
  | { type: 'contact.changePhone'; value: string; valid: boolean }
  | { type: 'contact.submit' }
  | { type: 'contact.retry' }
  | { type: 'contact.reset' };

const emptyValues = (): ContactFormInput => ({
  name: '',
  emailAddress: '',
  phone: { value: '', valid: true },
  subject: '',
  message: '',
});

const SERVER_FIELDS: Record<string, ContactField> = {
  name: 'name',
  emailAddress: 'emailAddress',
  phoneNumber: 'phone',
  subject: 'subject',
  message: 'message',
};

export const contactMachine = setup({
  types: {
    context: {} as ContactContext,
    events: {} as ContactEvent,
  },
  actors: {
    sendContactMessage: fromPromise<ContactUsResult, ContactUsInput>(async () => {
      throw new Error('sendContactMessage is not provided: wire it in src/app/actors.ts');
    }),
  },
  actions: {
    changeField: assign(({ context, event }) => {
      if (event.type === 'contact.change') {
        const { [event.field]: _dropped, ...errors } = context.errors;
        return { values: { ...context.values, [event.field]: event.value }, errors, serverFieldError: null };
      }
      if (event.type === 'contact.changePhone') {
        const { phone: _dropped, ...errors } = context.errors;
        return { values: { ...context.values, phone: { value: event.value, valid: event.valid } }, errors, serverFieldError: null };
      }
      return {};
    }),
    storeErrors: assign(({ context }) => {
      const result = validateContact(context.values);
      return { errors: result.ok ? {} : result.errors };
    }),
    clearFailure: assign({ failure: null, serverFieldError: null }),
    storeServerFieldError: assign((_, params: { field: string; message: string }) => ({
      serverFieldError: { field: SERVER_FIELDS[params.field] ?? null, message: params.message },
    })),
    storeRateLimit: assign((_, params: { message: string; retryAfterSeconds: number }) => ({
      failure: { kind: 'rateLimited' as const, ...params },
    })),
    storeNetworkFailure: assign((_, params: { error: unknown }) => ({
      failure: { kind: 'network' as const, ...unavailableOf(params.error) },
    })),
    storeSent: assign((_, params: { id: string; createdAt: string }) => ({ sent: params })),
    // A new message starts blank; what the shopper typed survives every failure until then.
    resetForm: assign(() => ({ values: emptyValues(), errors: {}, serverFieldError: null, failure: null, sent: null })),
  },
  guards: {
    isValid: ({ context }) => validateContact(context.values).ok,
    isSent: (_, params: { result: ContactUsResult }) => params.result.ok,
    isRateLimited: (_, params: { result: ContactUsResult }) => !params.result.ok && params.result.code === 'RATE_LIMIT_ERROR',
  },
}).createMachine({
  id: 'contact',
  context: () => ({
    values: emptyValues(),
    errors: {},
    serverFieldError: null,
    failure: null,
    sent: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'contact.change': { actions: 'changeField' },
        'contact.changePhone': { actions: 'changeField' },
        'contact.submit': 'validating',
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
        id: 'sendContactMessage',
        src: 'sendContactMessage',
        input: ({ context }) => {
          const result = validateContact(context.values);
          if (!result.ok) throw new Error('submitting entered with invalid values');
          const { phone, subject, ...rest } = result.value;
          return { ...rest, phoneNumber: phone || undefined, subject: subject || undefined };
        },
        onDone: [
          {
            guard: { type: 'isSent', params: ({ event }) => ({ result: event.output }) },
            target: 'sent',
            actions: {
              type: 'storeSent',
              params: ({ event }) =>
                event.output.ok ? { id: event.output.id, createdAt: event.output.createdAt } : { id: '', createdAt: '' },
            },
          },
          {
            guard: { type: 'isRateLimited', params: ({ event }) => ({ result: event.output }) },
            target: 'failed',
            actions: {
              type: 'storeRateLimit',
              params: ({ event }) =>
                !event.output.ok && event.output.code === 'RATE_LIMIT_ERROR'
                  ? { message: event.output.message, retryAfterSeconds: event.output.retryAfterSeconds }
                  : { message: '', retryAfterSeconds: 0 },
            },
          },
          {
            target: 'editing',
            actions: {
              type: 'storeServerFieldError',
              params: ({ event }) =>
                !event.output.ok && event.output.code === 'CONTACT_US_INPUT_ERROR'
                  ? { field: event.output.field, message: event.output.message }
                  : { field: '', message: event.output.ok ? '' : event.output.message },
            },
          },
        ],
        onError: { target: 'failed', actions: { type: 'storeNetworkFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    sent: {
      on: { 'contact.reset': { target: 'editing', actions: 'resetForm' } },
    },
    failed: {
      on: {
        'contact.retry': 'validating',
        'contact.change': { target: 'editing', actions: 'changeField' },
        'contact.changePhone': { target: 'editing', actions: 'changeField' },
      },
    },
  },
});
