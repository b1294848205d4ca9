import { LanguageCode, PromotionOrderAction } from '@vendure/core';

/**
 * The shop's percentage coupon: a percentage of the items (after any earlier promotion), not of
 * Vendure's `subTotal`, which also holds the order's surcharges — a payment method's fee (cash on
 * delivery) or discount. Core's `order_percentage_discount` therefore also took 10 % off the COD fee
 * once the fee was on the order: the payment step said one total and the shopper was charged
 * another (issue 35 §5). A promotion that is meant to discount the fees too says so with
 * `includeSurcharges`.
 */
export const itemsPercentageDiscount = new PromotionOrderAction({
  code: 'items_percentage_discount',
  args: {
    discount: { type: 'float', ui: { component: 'number-form-input', suffix: '%', min: 0 } },
    includeSurcharges: {
      type: 'boolean',
      defaultValue: false,
      label: [
        { languageCode: LanguageCode.en, value: 'Also discount surcharges (payment method fees)' },
        { languageCode: LanguageCode.ar, value: 'يشمل الخصم الرسوم الإضافية (رسوم طريقة الدفع)' },
      ],
    },
  },
  execute(ctx, order, args) {
    const withTax = ctx.channel.pricesIncludeTax;
    const base = args.includeSurcharges
      ? withTax
        ? order.subTotalWithTax
        : order.subTotal
      : order.lines.reduce((sum, l) => sum + (withTax ? l.proratedLinePriceWithTax : l.proratedLinePrice), 0);
    return -base * (Math.min(100, Math.max(0, args.discount)) / 100);
  },
  description: [
    { languageCode: LanguageCode.en, value: 'Discount the items by { discount }%' },
    { languageCode: LanguageCode.ar, value: 'خصم { discount }٪ على المنتجات' },
  ],
});
