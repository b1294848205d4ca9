import { Inject, Injectable } from '@nestjs/common';
import {
  CreatePaymentErrorResult,
  CreatePaymentResult,
  HistoryService,
  ID,
  LanguageCode,
  Logger,
  Order,
  OrderService,
  Payment,
  PaymentMethodService,
  PaymentService,
  RequestContext,
  TransactionalConnection,
} from '@vendure/core';
import { HistoryEntryType } from '@vendure/common/lib/generated-types';
import { randomBytes } from 'crypto';

import { loggerCtx, PAYMENTS_OPTIONS, PaymentsOptions, RedirectProvider } from '../constants';
import { payfortSignature } from './payfort-signature';
import { PaymentOutcome, VerifiedCallback } from './callback-verifiers';

export const PENDING = 'Pending' as const;

export const HANDLER_PROVIDER: Record<string, RedirectProvider> = {
  'payfort-card': 'payfort',
  tamara: 'tamara',
  tabby: 'tabby',
};

export interface RedirectMetadata {
  provider: RedirectProvider;
  reference: string;
  language: 'ar' | 'en';
  paymentUrl: string;
  public: { paymentUrl?: string; provider: RedirectProvider; status?: string; message?: string };
  /** Set when the shopper chose another method while this payment waited: it was cancelled then. */
  supersededAt?: string;
  /** A provider approved this payment after it was superseded: the money must be returned. */
  lateApproval?: { outcome: PaymentOutcome; providerPaymentId?: string; at: string };
  [k: string]: unknown;
}

export interface CallbackResult {
  orderCode: string;
  language: 'ar' | 'en';
  outcome: PaymentOutcome | 'ignored';
}

/**
 * Redirect-style payments (PayFort hosted page, Tamara, Tabby): createPayment leaves the payment
 * `Pending` with a merchant reference and the URL the shopper must visit; the provider's signed
 * callback later settles, authorises, declines or cancels it. Core's default payment process
 * then moves the order to PaymentSettled / PaymentAuthorized when the total is covered.
 */
@Injectable()
export class RedirectPaymentService {
  constructor(
    private readonly connection: TransactionalConnection,
    private readonly paymentService: PaymentService,
    private readonly paymentMethodService: PaymentMethodService,
    private readonly orderService: OrderService,
    private readonly historyService: HistoryService,
    @Inject(PAYMENTS_OPTIONS) readonly options: PaymentsOptions,
  ) {}

  /**
   * The shopper came back from a gateway without finishing (the payment is still `Pending`) and now
   * pays with `method`: the waiting payments are cancelled first, so the new one is for the whole
   * total. Core would otherwise count a pending payment as covering the order and charge the new
   * method only the remainder (nothing). Only when `method` is eligible: a refused choice must not
   * take away the payment the shopper may still be completing. A provider approval that arrives
   * for a cancelled payment afterwards is recorded for a refund (see `complete`).
   */
  async supersedePending(ctx: RequestContext, orderId: ID, method: string): Promise<number> {
    const pending = await this.connection.getRepository(ctx, Payment).find({ where: { order: { id: orderId }, state: PENDING } });
    if (!pending.length) return 0;
    const order = await this.orderService.findOne(ctx, orderId);
    if (!order) return 0;
    const quotes = await this.paymentMethodService.getEligiblePaymentMethods(ctx, order);
    if (!quotes.some((q) => q.code === method && q.isEligible)) return 0;
    for (const payment of pending) {
      const md = payment.metadata as RedirectMetadata;
      payment.metadata = {
        ...md,
        supersededAt: new Date().toISOString(),
        public: { ...md.public, paymentUrl: undefined, status: 'cancelled', message: 'Replaced by another payment method' },
      };
      await this.connection.getRepository(ctx, Payment).save(payment, { reload: false });
      const result = await this.paymentService.transitionToState(ctx, payment.id, 'Cancelled');
      if ('errorCode' in result) throw new Error(`Payment ${payment.id} Pending -> Cancelled: ${result.message}`);
    }
    return pending.length;
  }

  createPending(
    ctx: RequestContext,
    order: Order,
    amount: number,
    provider: RedirectProvider,
  ): CreatePaymentResult | CreatePaymentErrorResult {
    const live =
      provider === 'payfort' ? this.options.payfort.live : provider === 'tamara' ? this.options.liveTamara : this.options.liveTabby;
    if (!live && !this.options.sandboxEnabled) {
      return { amount, state: 'Error', errorMessage: `${provider} is not configured` };
    }
    if (live && provider !== 'payfort') {
      // Tamara/Tabby live checkout sessions are not implemented in this build (see README).
      return { amount, state: 'Error', errorMessage: `${provider} live checkout is not available` };
    }
    const reference = `${order.code}-${randomBytes(5).toString('hex')}`.slice(0, 40);
    const paymentUrl =
      provider === 'payfort' && live
        ? `${this.options.publicUrl}/payments/payfort/redirect/${encodeURIComponent(reference)}`
        : `${this.options.publicUrl}/sandbox/pay/${encodeURIComponent(reference)}`;
    const language = ctx.languageCode === LanguageCode.en ? 'en' : 'ar';
    const metadata: RedirectMetadata = {
      provider,
      reference,
      language,
      paymentUrl,
      public: { paymentUrl, provider },
    };
    return { amount, state: PENDING as any, transactionId: reference, metadata };
  }

  async findByReference(ctx: RequestContext, reference: string): Promise<Payment | undefined> {
    if (!reference) return undefined;
    const payment = await this.connection.getRepository(ctx, Payment).findOne({
      where: { transactionId: reference },
      relations: ['order', 'order.customer'],
    });
    return payment && HANDLER_PROVIDER[payment.method] ? payment : undefined;
  }

  /** PayFort hosted-page form fields for a pending card payment, signed with the request phrase. */
  payfortRequest(payment: Payment, order: Order) {
    const md = payment.metadata as RedirectMetadata;
    const { payfort, publicUrl } = this.options;
    const params: Record<string, string> = {
      command: 'PURCHASE',
      access_code: payfort.accessCode,
      merchant_identifier: payfort.merchantIdentifier,
      merchant_reference: md.reference,
      amount: String(payment.amount),
      currency: order.currencyCode,
      language: md.language,
      customer_email: order.customer?.emailAddress ?? 'guest@example.invalid',
      order_description: `Order ${order.code}`,
      return_url: `${publicUrl}/payments/callback/payfort`,
    };
    const signature = payfortSignature(params, payfort.requestPhrase);
    return { params: { ...params, signature }, signature, merchantReference: md.reference, gatewayUrl: payfort.gatewayUrl };
  }

  /** Applies a verified provider callback. Idempotent: a settled/declined payment is left alone. */
  async complete(ctx: RequestContext, provider: RedirectProvider, cb: VerifiedCallback): Promise<CallbackResult | undefined> {
    return this.connection.withTransaction(ctx, async (tx) => {
      const payment = await this.findByReference(tx, cb.reference);
      if (!payment || (payment.metadata as RedirectMetadata).provider !== provider) return undefined;
      const md = payment.metadata as RedirectMetadata;
      const base = { orderCode: payment.order.code, language: md.language };
      if (payment.state === 'Cancelled' && md.supersededAt && (cb.outcome === 'settled' || cb.outcome === 'authorized')) {
        // The shopper finished at the gateway after choosing another method here: this money was
        // taken for a payment the order no longer counts. It is kept visible for the store to refund.
        if (!md.lateApproval) {
          payment.metadata = {
            ...md,
            lateApproval: { outcome: cb.outcome, providerPaymentId: cb.providerPaymentId, at: new Date().toISOString() },
          };
          await this.connection.getRepository(tx, Payment).save(payment, { reload: false });
          const note =
            `${provider} ${cb.outcome} payment ${md.reference} (${(cb.amount / 100).toFixed(2)} ${cb.currency}) after the shopper ` +
            `had switched to another method; the payment is cancelled in the shop: refund it at ${provider}.`;
          await this.historyService.createHistoryEntryForOrder(
            { ctx: tx, orderId: payment.order.id, type: HistoryEntryType.ORDER_NOTE, data: { note } },
            false,
          );
          Logger.warn(`Order ${payment.order.code}: ${note}`, loggerCtx);
        }
        return { ...base, outcome: 'cancelled' as const };
      }
      if (payment.state !== PENDING) {
        // Already handled (browser return after the notification, or a replay).
        const done: Record<string, PaymentOutcome> = {
          Settled: 'settled',
          Authorized: 'authorized',
          Declined: 'declined',
          Cancelled: 'cancelled',
        };
        return { ...base, outcome: done[payment.state] ?? ('ignored' as const) };
      }

      let outcome = cb.outcome;
      let message = cb.message;
      if (
        (outcome === 'settled' || outcome === 'authorized') &&
        (cb.amount !== payment.amount || cb.currency !== payment.order.currencyCode)
      ) {
        Logger.warn(`Payment ${payment.id}: provider amount ${cb.amount} ${cb.currency} does not match ${payment.amount}`, loggerCtx);
        outcome = 'declined';
        message = 'Amount mismatch';
      }
      payment.metadata = {
        ...md,
        providerPaymentId: cb.providerPaymentId,
        public: { ...md.public, paymentUrl: undefined, status: outcome, message },
      };
      if (outcome === 'declined') payment.errorMessage = message ?? 'Declined by the provider';
      await this.connection.getRepository(tx, Payment).save(payment, { reload: false });

      const target = { settled: 'Settled', authorized: 'Authorized', declined: 'Declined', cancelled: 'Cancelled' }[outcome];
      const result = await this.paymentService.transitionToState(tx, payment.id, target as any);
      if ('errorCode' in result) {
        Logger.error(`Payment ${payment.id} ${payment.state} -> ${target}: ${result.message}`, loggerCtx);
        throw new Error(result.message);
      }
      return { ...base, outcome };
    });
  }

  /** Where the shopper lands after the gateway: always our storefront (no redirect parameter is honoured). */
  storefrontRedirect(result: CallbackResult | undefined, fallbackLanguage: 'ar' | 'en' = 'ar') {
    const base = this.options.storefrontUrl + ((result?.language ?? fallbackLanguage) === 'en' ? '/en' : '');
    if (!result) return `${base}/cart`;
    const code = encodeURIComponent(result.orderCode);
    switch (result.outcome) {
      case 'settled':
      case 'authorized':
        return `${base}/checkout-success?order=${code}`;
      case 'cancelled':
        return `${base}/checkout/${code}?payment=cancelled`;
      case 'declined':
        return `${base}/checkout/${code}?payment=declined`;
      default:
        return `${base}/checkout/${code}`;
    }
  }
}
