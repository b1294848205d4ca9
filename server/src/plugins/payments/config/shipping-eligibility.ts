import { defaultShippingEligibilityChecker, ShippingEligibilityChecker } from '@vendure/core';

import { methodAdjustmentsWithTax } from '../services/method-surcharge.service';

/**
 * Core's default shipping eligibility checker (same code and arguments, so existing shipping
 * methods keep working), except that the order minimum ignores payment-method discounts and fees:
 * paying with a discounted method must not cost the shopper "free delivery over 300 SAR".
 */
export const methodNeutralShippingEligibilityChecker = new ShippingEligibilityChecker({
  code: defaultShippingEligibilityChecker.code,
  description: defaultShippingEligibilityChecker.description,
  args: defaultShippingEligibilityChecker.args,
  check: (ctx, order, args) => order.subTotalWithTax - methodAdjustmentsWithTax(order) >= args.orderMinimum,
});
