import { verifyError } from './checkout.rules';
import { checkoutSetup, draftOf, failWith, gotoStep, never, retryOf } from './checkout.setup';

/**
 * The address step: a saved address is chosen (the default preselected) or a new one added; where
 * the shop requires it, an unverified address is confirmed by a code before the order gets it.
 */
export const addressState = checkoutSetup.createStateConfig({
  initial: 'fetching',
  states: {
    fetching: {
      invoke: {
        id: 'fetchAddresses',
        src: 'fetchAddresses',
        onDone: { target: 'choosing', actions: { type: 'setAddresses', params: ({ event }) => ({ addresses: event.output }) } },
        onError: { target: 'fetchFailed', actions: failWith('fetchAddresses') },
      },
    },
    fetchFailed: { on: { 'checkout.retry': { target: 'fetching', actions: 'clearError' } } },
    choosing: {
      on: {
        'address.select': { actions: ['selectAddress', 'clearError'] },
        'address.create': { target: 'creating', actions: ['storeDraft', 'clearError'] },
        'address.submit': { guard: 'hasAddress', target: 'checking', actions: 'clearError' },
        'checkout.retry': [
          { guard: retryOf('createAddress'), target: 'creating', actions: 'clearError' },
          { guard: retryOf('requestCode'), target: 'requestingCode', actions: 'clearError' },
          { guard: retryOf('saveAddress'), target: 'saving', actions: 'clearError' },
        ],
        'checkout.goto': [gotoStep('shipping', '#checkout.shipping'), gotoStep('review', '#checkout.review')],
      },
    },
    creating: {
      invoke: {
        id: 'createAddress',
        src: 'createAddress',
        input: ({ context }) => draftOf(context),
        onDone: { target: 'checking', actions: { type: 'addAddress', params: ({ event }) => ({ address: event.output }) } },
        onError: { target: 'choosing', actions: failWith('createAddress') },
      },
    },
    // Where the shop requires it, an unverified address is confirmed by a code first.
    checking: {
      always: [{ guard: 'needsVerification', target: 'requestingCode' }, { target: 'saving' }],
    },
    requestingCode: {
      invoke: {
        id: 'requestAddressVerification',
        src: 'requestAddressVerification',
        input: ({ context }) => ({ addressId: context.addressId ?? '' }),
        onDone: [
          { guard: { type: 'isOk', params: ({ event }) => ({ result: { ok: event.output } }) }, target: 'awaitingCode' },
          {
            target: 'choosing',
            actions: { type: 'setError', params: { error: { op: 'requestCode', code: 'VERIFICATION_NOT_SENT', message: '' } } },
          },
        ],
        onError: { target: 'choosing', actions: failWith('requestCode') },
      },
    },
    awaitingCode: {
      on: {
        'address.verify': { guard: 'hasVerificationCode', target: 'verifyingCode', actions: ['storeVerificationCode', 'clearError'] },
        'address.resend': { target: 'requestingCode', actions: 'clearError' },
        'address.change': { target: 'choosing', actions: ['clearVerificationCode', 'clearError'] },
        'checkout.retry': { guard: 'canRetryVerify', target: 'verifyingCode', actions: 'clearError' },
      },
    },
    verifyingCode: {
      invoke: {
        id: 'verifyShippingAddress',
        src: 'verifyShippingAddress',
        input: ({ context }) => ({ addressId: context.addressId ?? '', code: context.verificationCode ?? '' }),
        onDone: [
          {
            guard: { type: 'isOk', params: ({ event }) => ({ result: event.output }) },
            target: 'saving',
            actions: [
              { type: 'replaceAddress', params: ({ event }) => ({ address: event.output.ok ? event.output.address : never() }) },
              'clearVerificationCode',
            ],
          },
          { target: 'awaitingCode', actions: { type: 'setError', params: ({ event }) => ({ error: verifyError(event.output) }) } },
        ],
        onError: { target: 'awaitingCode', actions: failWith('verifyCode') },
      },
    },
    saving: {
      invoke: {
        id: 'setOrderAddress',
        src: 'setOrderAddress',
        input: ({ context }) => ({ addressId: context.addressId ?? '' }),
        onDone: [
          {
            guard: { type: 'hasOrder', params: ({ event }) => ({ order: event.output }) },
            target: '#checkout.shipping',
            actions: { type: 'setOrder', params: ({ event }) => ({ order: event.output }) },
          },
          { target: '#checkout.empty' },
        ],
        onError: { target: 'choosing', actions: failWith('saveAddress') },
      },
    },
  },
});
