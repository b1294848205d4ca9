import { Injector, LanguageCode, PaymentMethodHandler } from '@vendure/core';

import { RedirectProvider } from '../constants';
import { RedirectPaymentService } from '../services/redirect-payment.service';

function redirectHandler(code: string, provider: RedirectProvider, en: string, ar: string) {
  let service: RedirectPaymentService;
  return new PaymentMethodHandler({
    code,
    description: [
      { languageCode: LanguageCode.en, value: en },
      { languageCode: LanguageCode.ar, value: ar },
    ],
    args: {},
    init: (injector: Injector) => {
      service = injector.get(RedirectPaymentService);
    },
    // Never Authorized here: the shopper still has to go through the provider's page.
    createPayment: (ctx, order, amount) => service.createPending(ctx, order, amount, provider),
    // PayFort PURCHASE is captured by the callback; Tamara/Tabby capture happens on the
    // provider side (sandbox: immediately), so settling only records it.
    settlePayment: () => ({ success: true }),
    cancelPayment: () => ({ success: true }),
  });
}

export const payfortCardHandler = redirectHandler(
  'payfort-card',
  'payfort',
  'Card payment (PayFort hosted page; sandbox without credentials)',
  'الدفع بالبطاقة (صفحة PayFort؛ بيئة تجريبية دون بيانات اعتماد)',
);
export const tamaraHandler = redirectHandler('tamara', 'tamara', 'Tamara installments', 'التقسيط عبر تمارا');
export const tabbyHandler = redirectHandler('tabby', 'tabby', 'Tabby installments', 'التقسيط عبر تابي');

/**
 * Cash on delivery: authorised at checkout (the order becomes PaymentAuthorized) and settled by
 * the store when the courier hands over the money (Admin API settlePayment).
 */
export const cashOnDeliveryHandler = new PaymentMethodHandler({
  code: 'cash-on-delivery',
  description: [
    { languageCode: LanguageCode.en, value: 'Cash on delivery' },
    { languageCode: LanguageCode.ar, value: 'الدفع عند الاستلام' },
  ],
  args: {},
  createPayment: (ctx, order, amount) => ({
    amount,
    state: 'Authorized',
    transactionId: `cod-${order.code}`,
    metadata: { public: { provider: 'cash-on-delivery' } },
  }),
  settlePayment: () => ({ success: true }),
  cancelPayment: () => ({ success: true }),
});

export const storePaymentHandlers = [payfortCardHandler, tamaraHandler, tabbyHandler, cashOnDeliveryHandler];
