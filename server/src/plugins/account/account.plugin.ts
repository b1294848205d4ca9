import { OnApplicationBootstrap } from '@nestjs/common';
import { AuthenticationStrategy, I18nService, NativeAuthenticationStrategy, PluginCommonModule, VendurePlugin } from '@vendure/core';

import { CommonPlugin } from '../common';
import { accountHttpLimits } from './account.rate-limits';
import { accountTranslations } from './account.translations';
import { AccountResolver } from './api/account.resolver';
import { AddressResolver } from './api/address.resolver';
import { accountShopApiExtensions } from './api/api-extensions';
import { CustomerActionsResolver } from './api/customer-actions.resolver';
import { TestIdpController } from './api/test-idp.controller';
import { accountUnionResolvers } from './api/union-types.resolver';
import { Argon2idPasswordHashingStrategy } from './config/argon2id-password-hashing.strategy';
import { IdTokenAuthenticationStrategy, idTokenProvidersFromEnv } from './config/id-token-authentication.strategy';
import { RehashingNativeAuthenticationStrategy } from './config/rehashing-native-authentication.strategy';
import { StorePasswordValidationStrategy } from './config/store-password-validation.strategy';
import { ACCOUNT_PLUGIN_OPTIONS, AccountPluginOptions, defaultAccountOptions } from './constants';
import { VerificationCode } from './entities/verification-code.entity';
import { AccountCodeService } from './services/account-code.service';
import { AccountLimitNoticeService } from './services/account-limit-notice.service';
import { AddressService } from './services/address.service';
import { ImageUploadService } from './services/image-upload.service';
import { OrderCancelService } from './services/order-cancel.service';
import { PasswordSessionsService } from './services/password-sessions.service';
import { TestIdpService } from './services/test-idp.service';
import { VerificationCodeService } from './services/verification-code.service';

/**
 * Account features of the contract (docs/decisions/002): codes instead of links for account
 * verification, password reset and shipping-address verification; anonymous sessions; social
 * login by verified ID token (`authenticate(input: { idtoken: ... })`); default/shipping
 * address helpers; customer image upload; customer order cancellation; the password policy.
 * Requires CommonPlugin (RateLimitService) earlier in the plugin list.
 */
@VendurePlugin({
  imports: [PluginCommonModule, CommonPlugin],
  entities: [VerificationCode],
  controllers: [TestIdpController],
  providers: [
    { provide: ACCOUNT_PLUGIN_OPTIONS, useFactory: () => AccountPlugin.options },
    VerificationCodeService,
    AccountCodeService,
    AccountLimitNoticeService,
    AddressService,
    ImageUploadService,
    OrderCancelService,
    PasswordSessionsService,
    TestIdpService,
  ],
  shopApiExtensions: {
    schema: accountShopApiExtensions,
    resolvers: [AccountResolver, AddressResolver, CustomerActionsResolver, ...accountUnionResolvers],
  },
  configuration: (config) => {
    const options = AccountPlugin.options;
    config.authOptions.passwordValidationStrategy = new StorePasswordValidationStrategy();
    // Argon2id for passwords; bcrypt hashes of older accounts replaced at their next sign-in (decision 023)
    config.authOptions.passwordHashingStrategy = new Argon2idPasswordHashingStrategy();
    const rehashing = (list: AuthenticationStrategy[] | undefined) =>
      (list ?? []).map((s) => (s.constructor === NativeAuthenticationStrategy ? new RehashingNativeAuthenticationStrategy() : s));
    config.authOptions.adminAuthenticationStrategy = rehashing(config.authOptions.adminAuthenticationStrategy);
    config.authOptions.shopAuthenticationStrategy = rehashing(config.authOptions.shopAuthenticationStrategy);
    const strategies = config.authOptions.shopAuthenticationStrategy;
    if (!strategies.some((s) => s.name === 'idtoken')) {
      config.authOptions.shopAuthenticationStrategy = [
        ...strategies,
        new IdTokenAuthenticationStrategy((selfBaseUrl) =>
          idTokenProvidersFromEnv(process.env, { testIdpEnabled: options.testIdpEnabled, selfBaseUrl }),
        ),
      ];
    }
    CommonPlugin.coreRateLimitPlugin.addLimits(accountHttpLimits);
    return config;
  },
  compatibility: '^3.0.0',
})
export class AccountPlugin implements OnApplicationBootstrap {
  static options: AccountPluginOptions = defaultAccountOptions();

  static init(options: Partial<AccountPluginOptions> = {}) {
    AccountPlugin.options = { ...defaultAccountOptions(), ...options };
    return AccountPlugin;
  }

  constructor(private readonly i18nService: I18nService) {}

  onApplicationBootstrap() {
    for (const [lang, resources] of Object.entries(accountTranslations)) {
      this.i18nService.addTranslation(lang, resources);
    }
  }
}
