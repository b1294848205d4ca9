import { Injector, LanguageCode, PaymentMethodHandler } from '@vendure/core';
import type { ConfigArgs } from '@vendure/core/dist/common/configurable-operation';

import { RedirectProvider } from '../constants';
import { RedirectPaymentService } from '../services/redirect-payment.service';

const { en, ar } = LanguageCode;

/**
 * The plan a buy-now-pay-later provider offers the shop: how many payments and whether they carry
 * interest. Set per payment method (the handler's arguments) so the admin, the payment step, the
 * product page and the cart read the same terms (InstallmentPlanService); the order limits are the
 * method's `installment-eligibility` checker.
 */
function installmentArgs(installments: number) {
  return {
    installments: {
      type: 'int',
      defaultValue: installments,
      label: [
        { languageCode: en, value: 'Number of instalments' },
        { languageCode: ar, value: 'عدد الدفعات' },
      ],
    },
    interestFree: {
      type: 'boolean',
      defaultValue: true,
      label: [
        { languageCode: en, value: 'Interest-free' },
        { languageCode: ar, value: 'بدون فوائد' },
      ],
    },
  } satisfies ConfigArgs;
}

function redirectHandler(code: string, provider: RedirectProvider, enText: string, arText: string, args: ConfigArgs = {}) {
  let service: RedirectPaymentService;
  return new PaymentMethodHandler({
    code,
    description: [
      { languageCode: en, value: enText },
      { languageCode: ar, value: arText },
    ],
    args,
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
export const tamaraHandler = redirectHandler('tamara', 'tamara', 'Tamara installments', 'التقسيط عبر تمارا', installmentArgs(3));
export const tabbyHandler = redirectHandler('tabby', 'tabby', 'Tabby installments', 'التقسيط عبر تابي', installmentArgs(4));

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
    // The shopper's language, for the mails the owner's later actions send (config/email.ts
    // orderMailLanguage), as the redirect payments record it.
    metadata: { language: ctx.languageCode === LanguageCode.en ? 'en' : 'ar', public: { provider: 'cash-on-delivery' } },
  }),
  settlePayment: () => ({ success: true }),
  cancelPayment: () => ({ success: true }),
});

export const storePaymentHandlers = [payfortCardHandler, tamaraHandler, tabbyHandler, cashOnDeliveryHandler];
