import { LanguageCode, LanguageCode as LC, Order, PaymentMethodEligibilityChecker, RequestContext } from '@vendure/core';

import { methodAdjustmentsWithTax } from '../services/method-surcharge.service';

const sar = (ctx: RequestContext, halalas: number) =>
  new Intl.NumberFormat(ctx.languageCode === LC.en ? 'en-US' : 'ar-SA', { style: 'currency', currency: 'SAR' }).format(halalas / 100);

function message(ctx: RequestContext, key: string, vars: Record<string, string>, fallback: string) {
  try {
    const t = ctx.translate(key, vars as any);
    if (t && t !== key) return t;
  } catch {
    /* no request */
  }
  return fallback;
}

/**
 * The total the limits apply to: without payment-method discounts / fees (see
 * MethodSurchargeService), so a method's own discount never makes it ineligible and the chosen
 * method does not change what the others offer.
 */
export function totalBeforeMethodAdjustments(order: Order): number {
  return order.totalWithTax - methodAdjustmentsWithTax(order);
}

/** Installments (Tamara, Tabby): order total with tax between minTotal and maxTotal (halalas). */
export const installmentEligibilityChecker = new PaymentMethodEligibilityChecker({
  code: 'installment-eligibility',
  description: [
    { languageCode: LanguageCode.en, value: 'Order total within the installment provider limits' },
    { languageCode: LanguageCode.ar, value: 'إجمالي الطلب ضمن حدود مزوّد التقسيط' },
  ],
  args: {
    minTotal: { type: 'int', defaultValue: 10000, ui: { component: 'currency-form-input' } },
    maxTotal: { type: 'int', defaultValue: 500000, ui: { component: 'currency-form-input' } },
  },
  check: (ctx, order, args) => {
    const total = totalBeforeMethodAdjustments(order);
    if (total >= args.minTotal && total <= args.maxTotal) return true;
    const vars = { min: sar(ctx, args.minTotal), max: sar(ctx, args.maxTotal) };
    return message(ctx, 'payments.eligibility.installmentRange', vars, `Available for orders from ${vars.min} to ${vars.max}.`);
  },
});

/** Cash on delivery: only below maxTotal (halalas). */
export const codEligibilityChecker = new PaymentMethodEligibilityChecker({
  code: 'cod-eligibility',
  description: [
    { languageCode: LanguageCode.en, value: 'Order total below the cash-on-delivery limit' },
    { languageCode: LanguageCode.ar, value: 'إجمالي الطلب أقل من حد الدفع عند الاستلام' },
  ],
  args: {
    maxTotal: { type: 'int', defaultValue: 100000, ui: { component: 'currency-form-input' } },
  },
  check: (ctx, order, args) => {
    if (totalBeforeMethodAdjustments(order) < args.maxTotal) return true;
    const vars = { max: sar(ctx, args.maxTotal) };
    return message(ctx, 'payments.eligibility.codMax', vars, `Cash on delivery is available for orders below ${vars.max}.`);
  },
});
