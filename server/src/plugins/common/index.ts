export { CommonPlugin } from './common.plugin';
export type { CommonPluginOptions } from './common.plugin';
export { RateLimitError, rateLimitError } from './errors/rate-limit.error';
export { RateLimitService } from './services/rate-limit.service';
export type { RateLimitResult, RateLimitRule } from './services/rate-limit.service';
export { clientIp } from './services/client-ip';
export { CoreRateLimitApolloPlugin, defaultCoreOperationLimits } from './services/core-rate-limit.apollo-plugin';
export type { CoreOperationLimit } from './services/core-rate-limit.apollo-plugin';
