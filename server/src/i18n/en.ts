/**
 * English messages for the Vendure ErrorResults that core 3.7.3 ships without one (their `message`
 * would otherwise be the bare error code). Loaded by the I18nArPlugin next to the Arabic messages.
 */
export const enMessages = {
  errorResult: {
    NATIVE_AUTH_STRATEGY_ERROR: 'Signing in with email address and password is not enabled',
    GUEST_CHECKOUT_ERROR: 'Checking out as a guest is not possible',
    COUPON_REMOVED_DURING_CHECKOUT_ERROR: 'The coupon code "{ couponCode }" was removed from the order because it is no longer valid',
    IDENTIFIER_CHANGE_TOKEN_EXPIRED_ERROR: 'The email address change token has expired',
    INELIGIBLE_PAYMENT_METHOD_ERROR: 'The selected payment method is not available for this order',
    // ours (cart-guards plugin): one coupon per order
    COUPON_CODE_COMBINATION_ERROR: 'Only one coupon per order: remove "{ appliedCouponCode }" to use "{ couponCode }"',
  },
};
