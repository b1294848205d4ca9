import { OnApplicationBootstrap } from '@nestjs/common';
import { I18nService, PluginCommonModule, VendurePlugin } from '@vendure/core';

import { bodyLimitMiddleware, responseLimitMiddleware } from './http-limits.middleware';
import { QueryLimitsApolloPlugin } from './query-limits.apollo-plugin';
import { ADMIN_LIMITS, ApiLimits, armorFor, DEFAULT_RUNTIME_LIMITS, RuntimeLimits, SHOP_LIMITS } from './query-limits';
import { queryLimitsTranslations } from './query-limits.translations';

export interface QueryLimitsOptions {
  shop: ApiLimits;
  admin: ApiLimits;
  runtime: RuntimeLimits;
}

/**
 * What one request may cost (docs/decisions/027): GraphQL Armor's validation rules per API, the
 * list budget and the deadline (QueryLimitsApolloPlugin), the request body and answer size caps
 * (http-limits.middleware.ts). Registered by buildConfig() with the environment's runtime limits.
 */
@VendurePlugin({
  imports: [PluginCommonModule],
  configuration: (config) => {
    const { shop, admin, runtime } = QueryLimitsPlugin.options;
    const api = config.apiOptions;
    const shopPath = api.shopApiPath ?? 'shop-api';
    const adminPath = api.adminApiPath ?? 'admin-api';
    const routes: Array<[string, ApiLimits]> = [
      [shopPath, shop],
      [adminPath, admin],
    ];
    // Idempotent: a config object may pass through this callback more than once.
    if (!(api.apolloServerPlugins ?? []).some((p) => p instanceof QueryLimitsApolloPlugin)) {
      api.shopApiValidationRules = [...(api.shopApiValidationRules ?? []), ...armorFor(shop).validationRules];
      api.adminApiValidationRules = [...(api.adminApiValidationRules ?? []), ...armorFor(admin).validationRules];
      // first: a refused request reaches no other plugin (the input boundary and the rate limiter)
      api.apolloServerPlugins = [
        new QueryLimitsApolloPlugin({ shop, admin, shopApiPath: shopPath }, runtime),
        ...(api.apolloServerPlugins ?? []),
      ];
      api.middleware = [
        ...(api.middleware ?? []),
        ...routes.flatMap(([path, limits]) => [
          bodyLimitMiddleware(`/${path}`, runtime, limits.tokens),
          responseLimitMiddleware(`/${path}`, runtime),
        ]),
      ];
    }
    return config;
  },
  compatibility: '^3.0.0',
})
export class QueryLimitsPlugin implements OnApplicationBootstrap {
  static options: QueryLimitsOptions = { shop: SHOP_LIMITS, admin: ADMIN_LIMITS, runtime: DEFAULT_RUNTIME_LIMITS };

  static init(runtime: RuntimeLimits, limits: Partial<Pick<QueryLimitsOptions, 'shop' | 'admin'>> = {}) {
    QueryLimitsPlugin.options = { shop: SHOP_LIMITS, admin: ADMIN_LIMITS, ...limits, runtime };
    return QueryLimitsPlugin;
  }

  constructor(private readonly i18nService: I18nService) {}

  onApplicationBootstrap() {
    for (const [lang, resources] of Object.entries(queryLimitsTranslations)) {
      this.i18nService.addTranslation(lang, resources);
    }
  }
}
