import { OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { I18nService, PluginCommonModule, SettingsStoreScopes, VendurePlugin } from '@vendure/core';

import { commonShopApiExtensions } from './api/api-extensions';
import { commonTranslations } from './common.translations';
import { RateLimitWindow } from './entities/rate-limit-window.entity';
import { HealthController } from './health/health.controller';
import { OwnerOnlyOrderByCodeAccessStrategy, recordPlacingSession } from './order-access/order-access';
import { checkTrustedProxies, trustProxy } from './services/client-ip';
import {
  CoreOperationLimit,
  CoreRateLimitApolloPlugin,
  defaultAdminSignInLimits,
  defaultCoreOperationLimits,
} from './services/core-rate-limit.apollo-plugin';
import { RateLimitService } from './services/rate-limit.service';
import { AdminEditsApolloPlugin } from './storefront-changes/admin-edits.apollo-plugin';
import { StorefrontChangesController } from './storefront-changes/storefront-changes.controller';
import { StorefrontChangesService } from './storefront-changes/storefront-changes.service';

export interface CommonPluginOptions {
  /** Overrides/extends the HTTP-429 limits on core Shop API mutations (login, authenticate...). */
  coreOperationLimits?: Record<string, CoreOperationLimit>;
}

/**
 * Shared building blocks: the `RateLimitError` result type, `RateLimitService` (windows in the
 * database table `rate_limit_window`, or Redis when REDIS_URL is set; docs/decisions/014), an HTTP 429 guard for core mutations whose result types we cannot
 * extend (and for the admin's sign-in), the storefront generation every admin edit changes
 * (`GET /storefront-changes`, docs/decisions/042), and the one order-access rule (owner only; docs/decisions/011-order-access.md). Other plugins import `PluginCommonModule` and inject RateLimitService (it is exported
 * from this plugin's module, so list CommonPlugin before them).
 */
@VendurePlugin({
  imports: [PluginCommonModule],
  entities: [RateLimitWindow],
  providers: [RateLimitService, StorefrontChangesService],
  controllers: [HealthController, StorefrontChangesController],
  exports: [RateLimitService, StorefrontChangesService],
  shopApiExtensions: { schema: commonShopApiExtensions, resolvers: [] },
  configuration: (config) => {
    const plugins = config.apiOptions.apolloServerPlugins ?? [];
    // Idempotent: a config object may pass through this callback more than once.
    const ours = [CommonPlugin.coreRateLimitPlugin, CommonPlugin.adminSignInPlugin, CommonPlugin.adminEditsPlugin];
    config.apiOptions.apolloServerPlugins = [...plugins, ...ours.filter((p) => !plugins.includes(p))];
    // storefront.generation: changed by every admin edit, polled by the storefront's servers
    config.settingsStoreFields = {
      ...config.settingsStoreFields,
      storefront: [{ name: 'generation', scope: SettingsStoreScopes.global, readonly: true }],
    };
    config.orderOptions.orderByCodeAccessStrategy = new OwnerOnlyOrderByCodeAccessStrategy();
    const processes = config.orderOptions.process ?? [];
    if (!processes.includes(recordPlacingSession)) {
      config.orderOptions.process = [...processes, recordPlacingSession];
    }
    return config;
  },
  compatibility: '^3.0.0',
})
export class CommonPlugin implements OnApplicationBootstrap {
  /** One per process; other plugins add their limits with `addLimits()` in their configuration. */
  static readonly coreRateLimitPlugin = new CoreRateLimitApolloPlugin(defaultCoreOperationLimits);
  /** The admin's sign-in, limited like the shop's (its own buckets). */
  static readonly adminSignInPlugin = new CoreRateLimitApolloPlugin(defaultAdminSignInLimits, 'admin-api', 'admin:');
  /** Admin edits change the storefront generation (storefront-changes/). */
  static readonly adminEditsPlugin = new AdminEditsApolloPlugin();

  static init(options: CommonPluginOptions = {}) {
    if (options.coreOperationLimits) CommonPlugin.coreRateLimitPlugin.addLimits(options.coreOperationLimits);
    return CommonPlugin;
  }

  constructor(
    private readonly rateLimitService: RateLimitService,
    private readonly i18nService: I18nService,
    private readonly httpAdapterHost: HttpAdapterHost,
    private readonly storefrontChanges: StorefrontChangesService,
  ) {}

  onApplicationBootstrap() {
    // A malformed TRUSTED_PROXIES stops the server at start, not at the first request.
    checkTrustedProxies();
    // Express believes X-Forwarded-Proto/-For from the same hops (no HTTP server in a worker)
    const express = this.httpAdapterHost?.httpAdapter?.getInstance?.() as { set?: (name: string, value: unknown) => void } | undefined;
    express?.set?.('trust proxy', (address: string) => trustProxy(address));
    CommonPlugin.coreRateLimitPlugin.attach(this.rateLimitService);
    CommonPlugin.adminSignInPlugin.attach(this.rateLimitService);
    CommonPlugin.adminEditsPlugin.attach(this.storefrontChanges);
    for (const [lang, resources] of Object.entries(commonTranslations)) {
      this.i18nService.addTranslation(lang, resources);
    }
  }
}
