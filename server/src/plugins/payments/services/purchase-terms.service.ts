import { Injectable } from '@nestjs/common';
import {
  ConfigService,
  PaymentMethod,
  PaymentMethodService,
  RequestContext,
  RequestContextCacheService,
  ShippingMethodService,
} from '@vendure/core';

import { installmentEligibilityChecker } from '../config/payment-eligibility';

/** A buy-now-pay-later method's terms as the Shop API tells them (`InstallmentPlan`). */
export interface InstallmentPlan {
  methodCode: string;
  name: string;
  installments: number;
  interestFree: boolean;
  /** Order limits in halalas (the method's installment-eligibility checker); null: none. */
  minTotal: number | null;
  maxTotal: number | null;
}

/** How long a delivery method takes, in working days (ShippingMethod custom fields). */
export interface DeliveryTime {
  methodCode: string;
  name: string;
  minDays: number;
  maxDays: number;
}

type Arg = { name: string; value: string };
const argOf = (args: Arg[] | undefined, name: string) => args?.find((a) => a.name === name)?.value;

function intArg(args: Arg[] | undefined, name: string, fallback: number | null): number | null {
  const raw = argOf(args, name);
  const n = raw == null || raw === '' ? NaN : Number(raw);
  return Number.isInteger(n) ? n : fallback;
}

/**
 * What the shop tells a shopper before the checkout about how an order is paid and delivered:
 * the instalment plans of the enabled payment methods whose handler takes an `installments`
 * argument (Tamara, Tabby) and the delivery times of the shipping methods. The payment step reads
 * the same plans on `PaymentMethodQuote.installmentPlan`, so the product page, the cart and the
 * checkout cannot disagree. The same for every shopper of a channel and language.
 */
@Injectable()
export class PurchaseTermsService {
  constructor(
    private readonly configService: ConfigService,
    private readonly paymentMethods: PaymentMethodService,
    private readonly shippingMethods: ShippingMethodService,
    private readonly requestCache: RequestContextCacheService,
  ) {}

  installmentPlans(ctx: RequestContext): Promise<InstallmentPlan[]> {
    return this.requestCache.get(ctx, 'purchase-terms:installment-plans', async () => {
      const methods = await this.paymentMethods.getActivePaymentMethods(ctx);
      return methods.flatMap((m) => this.planOf(m) ?? []).sort((a, b) => a.methodCode.localeCompare(b.methodCode));
    });
  }

  async installmentPlan(ctx: RequestContext, methodCode: string): Promise<InstallmentPlan | null> {
    return (await this.installmentPlans(ctx)).find((p) => p.methodCode === methodCode) ?? null;
  }

  /** Methods with both custom fields set and 0 ≤ min ≤ max; the others say nothing. */
  async deliveryTimes(ctx: RequestContext): Promise<DeliveryTime[]> {
    const methods = await this.shippingMethods.getActiveShippingMethods(ctx);
    return methods.flatMap((m) => {
      const { minDeliveryDays: min, maxDeliveryDays: max } = (m.customFields ?? {}) as {
        minDeliveryDays?: number | null;
        maxDeliveryDays?: number | null;
      };
      if (min == null || max == null || min < 0 || max < min) return [];
      return [{ methodCode: m.code, name: m.name, minDays: min, maxDays: max }];
    });
  }

  private planOf(method: PaymentMethod & { name?: string }): InstallmentPlan | null {
    const handler = this.configService.paymentOptions.paymentMethodHandlers.find((h) => h.code === method.handler.code);
    const defs = handler?.args as Record<string, { defaultValue?: unknown }> | undefined;
    if (!defs?.installments) return null;
    const installments = intArg(method.handler.args, 'installments', defs.installments.defaultValue as number);
    if (installments == null || installments < 2) return null;
    const interestFreeRaw = argOf(method.handler.args, 'interestFree');
    const interestFree = interestFreeRaw == null ? defs.interestFree?.defaultValue !== false : interestFreeRaw === 'true';
    const limits = method.checker?.code === installmentEligibilityChecker.code ? method.checker.args : undefined;
    const checkerDefs = installmentEligibilityChecker.args;
    return {
      methodCode: method.code,
      name: method.name ?? method.code,
      installments,
      interestFree,
      minTotal: limits ? intArg(limits, 'minTotal', checkerDefs.minTotal.defaultValue ?? null) : null,
      maxTotal: limits ? intArg(limits, 'maxTotal', checkerDefs.maxTotal.defaultValue ?? null) : null,
    };
  }
}
