export { CartGuardsPlugin } from './cart-guards.plugin';
export { LineQuantityInterceptor } from './line-quantity.interceptor';
export { quantityLimitsFromEnv } from './quantity-limits';
export type { QuantityLimits } from './quantity-limits';
