import { OnApplicationBootstrap } from '@nestjs/common';
import { I18nService, PluginCommonModule, VendurePlugin } from '@vendure/core';

import { arMessages } from '../../i18n/ar';
import { enMessages } from '../../i18n/en';

/**
 * Registers the Arabic translations of Vendure's error results / errors / messages, so that
 * `?languageCode=ar` yields Arabic `message` texts (core ships none), plus English texts for the
 * few error results core leaves untranslated.
 */
@VendurePlugin({
  imports: [PluginCommonModule],
  compatibility: '^3.0.0',
})
export class I18nArPlugin implements OnApplicationBootstrap {
  constructor(private i18nService: I18nService) {}

  onApplicationBootstrap() {
    this.i18nService.addTranslation('ar', arMessages);
    this.i18nService.addTranslation('en', enMessages);
  }
}
