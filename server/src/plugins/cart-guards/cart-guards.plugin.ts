import { OnApplicationBootstrap } from '@nestjs/common';
import { I18nService, PluginCommonModule, VendurePlugin } from '@vendure/core';
import gql from 'graphql-tag';

import { ApplyCouponResolver } from './api/apply-coupon.resolver';
import { oneCouponShopApiExtensions } from './api/one-coupon';
import { LineQuantityInterceptor } from './line-quantity.interceptor';
import { MaxQuantityResolver, maxQuantitySchema } from './max-quantity.resolver';
import { QuantityLimits, quantityLimitsFromEnv } from './quantity-limits';

/**
 * Quantity guards for carts (env MAX_LINE_QUANTITY, default 10; MAX_ORDER_QUANTITY, default 50).
 *
 * - Per order: core's `orderOptions.orderItemsLimit` → `OrderLimitError { maxItems }` (its
 *   Arabic text comes with the i18n-ar plugin).
 * - One coupon per order (decision 035): `applyCouponCode` refuses a second code with
 *   `CouponCodeCombinationError { couponCode appliedCouponCode }`.
 * - Per product: an OrderInterceptor → `OrderInterceptorError { interceptorError }`; core
 *   would answer a per-line cap with the same OrderLimitError wording as the order cap, which
 *   tells the shopper the wrong thing.
 * - `ProductVariant.maxQuantity`: what the storefront's quantity pickers offer (stock within
 *   the per-product limit).
 */
@VendurePlugin({
  imports: [PluginCommonModule],
  // One extension: the one-coupon rule's error type and ProductVariant.maxQuantity.
  shopApiExtensions: {
    schema: gql`
      ${oneCouponShopApiExtensions}
      ${maxQuantitySchema}
    `,
    resolvers: [ApplyCouponResolver, MaxQuantityResolver],
  },
  configuration: (config) => {
    const limits = CartGuardsPlugin.limits;
    config.orderOptions.orderItemsLimit = limits.maxOrderQuantity;
    config.orderOptions.orderInterceptors = [
      ...(config.orderOptions.orderInterceptors ?? []),
      new LineQuantityInterceptor(limits.maxLineQuantity),
    ];
    MaxQuantityResolver.limits = limits;
    return config;
  },
  compatibility: '^3.1.0',
})
export class CartGuardsPlugin implements OnApplicationBootstrap {
  static limits: QuantityLimits = quantityLimitsFromEnv();

  static init(limits: Partial<QuantityLimits>) {
    CartGuardsPlugin.limits = { ...quantityLimitsFromEnv(), ...limits };
    return CartGuardsPlugin;
  }

  constructor(private i18n: I18nService) {}

  onApplicationBootstrap() {
    // Interceptors return text already in the request language; pass it through as the
    // message instead of the generic "An error occurred when attempting to modify the Order".
    for (const lang of ['en', 'ar']) {
      this.i18n.addTranslation(lang, { errorResult: { ORDER_INTERCEPTOR_ERROR: '{interceptorError}' } });
    }
  }
}
