import { OnApplicationBootstrap } from '@nestjs/common';
import { defaultPaymentProcess, I18nService, PaymentProcess, PluginCommonModule, VendurePlugin } from '@vendure/core';

import { paymentsShopApiExtensions } from './api/api-extensions';
import { PaymentCallbackController } from './api/payment-callback.controller';
import { OrderPaymentUrlResolver, PaymentsResolver } from './api/payments.resolver';
import { SandboxController } from './api/sandbox.controller';
import { codEligibilityChecker, installmentEligibilityChecker } from './config/payment-eligibility';
import { storePaymentHandlers } from './config/payment-handlers';
import { redirectPaymentProcess } from './config/payment-process';
import { PAYMENTS_OPTIONS, PaymentsOptions, paymentsOptionsFromEnv } from './constants';
import { paymentsTranslations } from './payments.translations';
import { OrderPaymentsService } from './services/order-payments.service';
import { RedirectPaymentService } from './services/redirect-payment.service';
import { SandboxGatewayService } from './services/sandbox-gateway.service';

/**
 * Payment methods of the shop: PayFort card (hosted page, SHA-256 request signature), Tamara and
 * Tabby installments (redirects) and cash on delivery; a local sandbox gateway at /sandbox/* with
 * signed provider-style callbacks at /payments/callback/:provider; Order.paymentUrl and
 * getPayFortSignature. Options come from env (see constants.ts / server README).
 */
@VendurePlugin({
    imports: [PluginCommonModule],
    controllers: [SandboxController, PaymentCallbackController],
    providers: [
        { provide: PAYMENTS_OPTIONS, useFactory: () => PaymentsPlugin.options() },
        RedirectPaymentService,
        SandboxGatewayService,
        OrderPaymentsService,
    ],
    shopApiExtensions: {
        schema: paymentsShopApiExtensions,
        resolvers: [PaymentsResolver, OrderPaymentUrlResolver],
    },
    configuration: config => {
        PaymentsPlugin.serverPort = config.apiOptions.port;
        const po = config.paymentOptions;
        const handlers = po.paymentMethodHandlers ?? [];
        for (const h of storePaymentHandlers) {
            if (!handlers.some(x => x.code === h.code)) handlers.push(h);
        }
        po.paymentMethodHandlers = handlers;
        const checkers = po.paymentMethodEligibilityCheckers ?? [];
        for (const c of [installmentEligibilityChecker, codEligibilityChecker]) {
            if (!checkers.some(x => x.code === c.code)) checkers.push(c);
        }
        po.paymentMethodEligibilityCheckers = checkers;
        const process: Array<PaymentProcess<any>> = po.process?.length ? [...po.process] : [defaultPaymentProcess];
        if (!process.includes(redirectPaymentProcess)) po.process = [...process, redirectPaymentProcess];
        return config;
    },
    compatibility: '^3.0.0',
})
export class PaymentsPlugin implements OnApplicationBootstrap {
    private static overrides: Partial<PaymentsOptions> = {};
    private static serverPort?: number;

    /**
     * Options from process.env (PAYFORT_*, TAMARA_*, TABBY_*, STOREFRONT_URL, PAYMENTS_PUBLIC_URL,
     * PAYMENTS_SANDBOX), read at bootstrap; the public URL defaults to 127.0.0.1:<configured port>.
     */
    static options(): PaymentsOptions {
        return { ...paymentsOptionsFromEnv(process.env, PaymentsPlugin.serverPort), ...PaymentsPlugin.overrides };
    }

    static init(overrides: Partial<PaymentsOptions> = {}) {
        PaymentsPlugin.overrides = overrides;
        return PaymentsPlugin;
    }

    constructor(private readonly i18nService: I18nService) {}

    onApplicationBootstrap() {
        for (const [lang, resources] of Object.entries(paymentsTranslations)) {
            this.i18nService.addTranslation(lang, resources);
        }
    }
}
