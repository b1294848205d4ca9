export { PaymentsPlugin } from './payments.plugin';
export { payfortSignature, verifyPayfortSignature } from './services/payfort-signature';
export { tabbySignature } from './services/callback-verifiers';
export { storePaymentHandlers } from './config/payment-handlers';
