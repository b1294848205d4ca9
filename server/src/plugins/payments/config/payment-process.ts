import { PaymentProcess } from '@vendure/core';

declare module '@vendure/core/dist/service/helpers/payment-state-machine/payment-state' {
  interface CustomPaymentStates {
    /** A redirect payment waiting for the provider's callback. */
    Pending: never;
  }
}

/** Adds `Pending` between Created and the provider's verdict (merged with core's default process). */
export const redirectPaymentProcess: PaymentProcess<'Pending'> = {
  transitions: {
    Created: { to: ['Pending'] },
    Pending: { to: ['Authorized', 'Settled', 'Declined', 'Cancelled', 'Error'] },
  },
};
