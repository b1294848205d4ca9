import { OnApplicationBootstrap } from '@nestjs/common';
import {
  defaultPaymentProcess,
  EventBus,
  I18nService,
  Logger,
  OrderStateTransitionEvent,
  PaymentProcess,
  PluginCommonModule,
  TransactionalConnection,
  VendurePlugin,
} from '@vendure/core';

import { AddPaymentResolver } from './api/add-payment.resolver';
import { paymentsShopApiExtensions } from './api/api-extensions';
import { PaymentCallbackController } from './api/payment-callback.controller';
import { OrderPaymentUrlResolver, PaymentMethodQuoteResolver, PaymentsResolver, PurchaseTermsResolver } from './api/payments.resolver';
import { SandboxController } from './api/sandbox.controller';
import { cancelledOrderProcess } from './config/cancelled-order-process';
import { itemsPercentageDiscount } from './config/items-percentage-discount';
import { codEligibilityChecker, installmentEligibilityChecker } from './config/payment-eligibility';
import { storePaymentHandlers } from './config/payment-handlers';
import { redirectPaymentProcess } from './config/payment-process';
import { methodNeutralShippingEligibilityChecker } from './config/shipping-eligibility';
import { loggerCtx, PAYMENTS_OPTIONS, PaymentsOptions, paymentsOptionsFromEnv } from './constants';
import { paymentsTranslations } from './payments.translations';
import { MethodSurchargeService } from './services/method-surcharge.service';
import { OrderPaymentsService } from './services/order-payments.service';
import { PurchaseTermsService } from './services/purchase-terms.service';
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
    MethodSurchargeService,
    PurchaseTermsService,
  ],
  shopApiExtensions: {
    schema: paymentsShopApiExtensions,
    resolvers: [PaymentsResolver, OrderPaymentUrlResolver, AddPaymentResolver, PurchaseTermsResolver, PaymentMethodQuoteResolver],
  },
  configuration: (config) => {
    PaymentsPlugin.serverPort = config.apiOptions.port;
    const po = config.paymentOptions;
    const handlers = po.paymentMethodHandlers ?? [];
    for (const h of storePaymentHandlers) {
      if (!handlers.some((x) => x.code === h.code)) handlers.push(h);
    }
    po.paymentMethodHandlers = handlers;
    const checkers = po.paymentMethodEligibilityCheckers ?? [];
    for (const c of [installmentEligibilityChecker, codEligibilityChecker]) {
      if (!checkers.some((x) => x.code === c.code)) checkers.push(c);
    }
    po.paymentMethodEligibilityCheckers = checkers;
    const so = config.shippingOptions;
    so.shippingEligibilityCheckers = (so.shippingEligibilityCheckers ?? []).map((c) =>
      c.code === methodNeutralShippingEligibilityChecker.code ? methodNeutralShippingEligibilityChecker : c,
    );
    const actions = config.promotionOptions.promotionActions ?? [];
    if (!actions.some((a) => a.code === itemsPercentageDiscount.code)) actions.push(itemsPercentageDiscount);
    config.promotionOptions.promotionActions = actions;
    const process: Array<PaymentProcess<any>> = po.process?.length ? [...po.process] : [defaultPaymentProcess];
    if (!process.includes(redirectPaymentProcess)) po.process = [...process, redirectPaymentProcess];
    const oo = config.orderOptions;
    if (!oo.process.includes(cancelledOrderProcess)) oo.process = [...oo.process, cancelledOrderProcess];
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

  constructor(
    private readonly i18nService: I18nService,
    private readonly eventBus: EventBus,
    private readonly connection: TransactionalConnection,
    private readonly methodSurcharges: MethodSurchargeService,
  ) {}

  onApplicationBootstrap() {
    for (const [lang, resources] of Object.entries(paymentsTranslations)) {
      this.i18nService.addTranslation(lang, resources);
    }
    // A discount computed for the old cart must not survive a change of the cart: the
    // method's adjustment is applied again when the shopper pays.
    this.eventBus.ofType(OrderStateTransitionEvent).subscribe((event) => {
      if (event.fromState !== 'ArrangingPayment' || event.toState !== 'AddingItems') return;
      this.connection
        .withTransaction(event.ctx, (ctx) => this.methodSurcharges.removeAll(ctx, event.order.id))
        .catch((e) => Logger.error(`Removing payment-method surcharges of ${event.order.code}: ${(e as Error).message}`, loggerCtx));
    });
  }
}
