import { verifyError } from './checkout.rules';
import { checkoutSetup, draftOf, gotoStep, never, retry, unanswered } from './checkout.setup';

/**
 * The address step: a saved address is chosen (the default preselected) or a new one added; where
 * the shop requires it, an unverified address is confirmed by a code before the order gets it.
 * A request that failed leaves the shopper choosing again, in a `…Failed` state whose
 * `checkout.retry` sends that request again; choosing anything else leaves it for `ready`.
 */
export const addressState = checkoutSetup.createStateConfig({
  initial: 'fetching',
  states: {
    fetching: {
      invoke: {
        id: 'fetchAddresses',
        src: 'fetchAddresses',
        onDone: { target: 'choosing', actions: { type: 'setAddresses', params: ({ event }) => ({ addresses: event.output }) } },
        onError: { target: 'fetchFailed', actions: unanswered },
      },
    },
    fetchFailed: { on: retry('#checkout.address.fetching') },
    choosing: {
      initial: 'ready',
      states: {
        ready: {},
        createFailed: { on: retry('#checkout.address.creating') },
        requestCodeFailed: { on: retry('#checkout.address.requestingCode') },
        saveFailed: { on: retry('#checkout.address.saving') },
      },
      on: {
        'address.select': { target: '.ready', actions: ['selectAddress', 'clearError'] },
        'address.create': { target: 'creating', actions: ['storeDraft', 'clearError'] },
        'address.submit': { guard: 'hasAddress', target: 'checking', actions: 'clearError' },
        'checkout.goto': [gotoStep('shipping', '#checkout.shipping'), gotoStep('review', '#checkout.review')],
      },
    },
    creating: {
      invoke: {
        id: 'createAddress',
        src: 'createAddress',
        input: ({ context }) => draftOf(context),
        onDone: { target: 'checking', actions: { type: 'addAddress', params: ({ event }) => ({ address: event.output }) } },
        onError: { target: 'choosing.createFailed', actions: unanswered },
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
            target: 'choosing.requestCodeFailed',
            actions: { type: 'setError', params: { error: { code: 'VERIFICATION_NOT_SENT', message: '' } } },
          },
        ],
        onError: { target: 'choosing.requestCodeFailed', actions: unanswered },
      },
    },
    awaitingCode: {
      initial: 'ready',
      states: {
        // A wrong code is not sent again as it was: the shopper types another.
        ready: {},
        // The code got no answer: the same code, sent again.
        verifyFailed: { on: retry('#checkout.address.verifyingCode') },
      },
      on: {
        'address.verify': { guard: 'hasVerificationCode', target: 'verifyingCode', actions: ['storeVerificationCode', 'clearError'] },
        'address.resend': { target: 'requestingCode', actions: 'clearError' },
        'address.change': { target: 'choosing', actions: ['clearVerificationCode', 'clearError'] },
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
        onError: { target: 'awaitingCode.verifyFailed', actions: unanswered },
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
        onError: { target: 'choosing.saveFailed', actions: unanswered },
      },
    },
  },
});
