export { QueryLimitsPlugin } from './query-limits.plugin';
export { ADMIN_LIMITS, SHOP_LIMITS, DEFAULT_RUNTIME_LIMITS, armorFor, armorConfig, runtimeLimitsFromEnv } from './query-limits';
export type { ApiLimits, RuntimeLimits } from './query-limits';
export { estimateListCost } from './list-cost';
