import { OnApplicationBootstrap } from '@nestjs/common';
import { I18nService, PluginCommonModule, VendurePlugin } from '@vendure/core';

import { InputBoundaryApolloPlugin } from './input-boundary.apollo-plugin';
import { inputBoundaryTranslations } from './input-boundary.translations';

/**
 * The one input boundary of the APIs: ID, string and quantity checks before any resolver runs,
 * and the error formatter that never lets database or stack text reach a client (README.md).
 */
@VendurePlugin({
  imports: [PluginCommonModule],
  configuration: (config) => {
    const plugins = config.apiOptions.apolloServerPlugins ?? [];
    // First of ours, so a refused request never reaches the rate limiter or a resolver.
    // Idempotent: a config object may pass through this callback more than once.
    if (!plugins.includes(InputBoundaryPlugin.apolloPlugin)) {
      config.apiOptions.apolloServerPlugins = [InputBoundaryPlugin.apolloPlugin, ...plugins];
    }
    return config;
  },
  compatibility: '^3.0.0',
})
export class InputBoundaryPlugin implements OnApplicationBootstrap {
  static readonly apolloPlugin = new InputBoundaryApolloPlugin();

  constructor(private readonly i18nService: I18nService) {}

  onApplicationBootstrap() {
    for (const [lang, resources] of Object.entries(inputBoundaryTranslations)) {
      this.i18nService.addTranslation(lang, resources);
    }
  }
}
