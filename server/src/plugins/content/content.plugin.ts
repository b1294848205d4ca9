import { OnApplicationBootstrap } from '@nestjs/common';
import { I18nService, PluginCommonModule, VendurePlugin } from '@vendure/core';

import { CommonPlugin } from '../common';
import { contentAdminApiExtensions, contentShopApiExtensions } from './api/api-extensions';
import { ContentAdminResolver } from './api/content-admin.resolver';
import { AddressCityDetailsResolver, ContactUsResultResolver, ContentShopResolver } from './api/content-shop.resolver';
import { contactUsReadPermission, storeContentPermission } from './content.permissions';
import { Alert } from './entities/alert.entity';
import { Banner } from './entities/banner.entity';
import { City, CityTranslation } from './entities/city.entity';
import { ContactUsMessage } from './entities/contact-us-message.entity';
import { Faq } from './entities/faq.entity';
import { PolicyPage } from './entities/policy-page.entity';
import { SocialLink } from './entities/social-link.entity';
import { SuperBanner } from './entities/super-banner.entity';
import { CityService } from './services/city.service';
import { contactUsErrorTranslations } from './services/contact-us.errors';
import { ContactUsService } from './services/contact-us.service';
import { ContentAdminService } from './services/content-admin.service';
import { ContentService } from './services/content.service';

/**
 * Storefront content (super banners, banners, policy pages, FAQs, social links, header alert),
 * delivery cities with `Address.cityDetails`, and the contact form (stored, rate-limited,
 * readable in the Admin API). Contract: docs/decisions/002-shop-api-extensions.md.
 */
@VendurePlugin({
  imports: [PluginCommonModule, CommonPlugin],
  entities: [SuperBanner, Banner, PolicyPage, Faq, SocialLink, Alert, City, CityTranslation, ContactUsMessage],
  providers: [ContentService, CityService, ContactUsService, ContentAdminService],
  exports: [CityService],
  shopApiExtensions: {
    schema: contentShopApiExtensions,
    resolvers: [ContentShopResolver, AddressCityDetailsResolver, ContactUsResultResolver],
  },
  adminApiExtensions: {
    schema: contentAdminApiExtensions,
    resolvers: [ContentAdminResolver],
  },
  configuration: (config) => {
    config.authOptions.customPermissions = [
      ...(config.authOptions.customPermissions ?? []),
      contactUsReadPermission,
      storeContentPermission,
    ];
    return config;
  },
  compatibility: '^3.0.0',
})
export class ContentPlugin implements OnApplicationBootstrap {
  constructor(private i18n: I18nService) {}

  onApplicationBootstrap() {
    for (const [lang, resources] of Object.entries(contactUsErrorTranslations)) {
      this.i18n.addTranslation(lang, resources);
    }
  }
}
