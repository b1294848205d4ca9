import { LanguageCode, LanguageCode as LC, PaymentMethodEligibilityChecker, RequestContext } from '@vendure/core';

const sar = (ctx: RequestContext, halalas: number) =>
    new Intl.NumberFormat(ctx.languageCode === LC.en ? 'en-US' : 'ar-SA', { style: 'currency', currency: 'SAR' }).format(
        halalas / 100,
    );

function message(ctx: RequestContext, key: string, vars: Record<string, string>, fallback: string) {
    try {
        const t = ctx.translate(key, vars as any);
        if (t && t !== key) return t;
    } catch {
        /* no request */
    }
    return fallback;
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
        const total = order.totalWithTax;
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
        if (order.totalWithTax < args.maxTotal) return true;
        const vars = { max: sar(ctx, args.maxTotal) };
        return message(ctx, 'payments.eligibility.codMax', vars, `Cash on delivery is available for orders below ${vars.max}.`);
    },
});
