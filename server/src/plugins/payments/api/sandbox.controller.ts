import { Body, Controller, Get, Inject, NotFoundException, Param, Post, Query, Res } from '@nestjs/common';
import { Order, RequestContextService } from '@vendure/core';
import type { Response } from 'express';

import { PAYMENTS_OPTIONS, PaymentsOptions } from '../constants';
import { verifyPayfortSignature } from '../services/payfort-signature';
import { PENDING, RedirectMetadata, RedirectPaymentService } from '../services/redirect-payment.service';
import { SandboxDecision, SandboxGatewayService } from '../services/sandbox-gateway.service';
import { esc, page } from './html';

const TEXT = {
  ar: {
    title: 'بوابة الدفع التجريبية',
    note: 'هذه بيئة تجريبية: لن يتم خصم أي مبلغ.',
    provider: 'مزوّد الدفع',
    order: 'رقم الطلب',
    amount: 'المبلغ',
    approve: 'قبول الدفع',
    decline: 'رفض الدفع',
    cancel: 'إلغاء',
    done: 'تمت معالجة هذا الدفع مسبقًا.',
    other: 'English',
  },
  en: {
    title: 'Payment sandbox',
    note: 'This is a test gateway: no money is moved.',
    provider: 'Provider',
    order: 'Order',
    amount: 'Amount',
    approve: 'Approve payment',
    decline: 'Decline payment',
    cancel: 'Cancel',
    done: 'This payment has already been processed.',
    other: 'العربية',
  },
};
const PROVIDER_NAMES = {
  ar: { payfort: 'بطاقة (PayFort)', tamara: 'تمارا', tabby: 'تابي' },
  en: { payfort: 'Card (PayFort)', tamara: 'Tamara', tabby: 'Tabby' },
};

/**
 * Local stand-in for the providers' hosted pages (/sandbox/*), on when PAYMENTS_SANDBOX allows
 * (default: not in production). Works without JavaScript: plain forms and 303 redirects.
 */
@Controller('sandbox')
export class SandboxController {
  constructor(
    private readonly payments: RedirectPaymentService,
    private readonly gateway: SandboxGatewayService,
    private readonly requestContextService: RequestContextService,
    @Inject(PAYMENTS_OPTIONS) private readonly options: PaymentsOptions,
  ) {}

  /**
   * Developer index (/sandbox/): what the sandbox plays. It names no payment: it is public (also
   * through the storefront's proxy), and a list of pending payments would show every shopper's
   * order code and amount, with a link to approve or cancel it, to anyone (issue 33 §4). A
   * payment's page is reached from its checkout (`Order.paymentUrl`, only for that order's owner).
   */
  @Get()
  async index(@Res() res: Response) {
    this.assertEnabled();
    const body = `
<h1>Payment sandbox <span lang="ar">بوابة الدفع التجريبية</span></h1>
<p class="note">A local stand-in for the payment providers: no money is moved. It is off in production unless PAYMENTS_SANDBOX=true.</p>
<h2>What it does</h2>
<ul>
<li><strong>Card (PayFort)</strong>${this.options.payfort.live ? ' — live PayFort credentials are set, so card payments go to PayFort, not here' : ''}: <code>addPaymentToOrder(method: "payfort-card")</code> leaves the payment Pending with <code>Order.paymentUrl</code> pointing to <code>/sandbox/pay/:reference</code>; <code>POST /sandbox/payfort/paymentPage</code> accepts the signed hosted-page form from <code>getPayFortSignature</code> and checks its signature and amount like PayFort.</li>
<li><strong>Tamara</strong> and <strong>Tabby</strong>: the same page plays the installment provider.</li>
<li>Each payment page offers <em>Approve</em>, <em>Decline</em> and <em>Cancel</em> (no JavaScript) and returns through the provider-style signed callback <code>/payments/callback/:provider</code> (PayFort SHA-256, Tamara JWT, Tabby HMAC), which redirects to the storefront: <code>/checkout-success?order=CODE</code> or <code>/checkout/CODE?payment=declined|cancelled</code>.</li>
<li>Payment-method discounts and fees (PaymentMethod custom fields <code>discount</code>, <code>increment</code>) are applied to the order as a surcharge, so the amount shown here is what the shopper pays.</li>
</ul>
<h2>Payments waiting for a decision</h2>
<p>Not listed here, as a real gateway lists none: each payment's page opens from its checkout (<code>Order.paymentUrl</code>).</p>
<h2>Links</h2>
<ul>
<li><a href="${esc(this.options.storefrontUrl)}/">Storefront</a> (<a href="${esc(this.options.storefrontUrl)}/en">English</a>)</li>
<li><a href="/mailbox">Development mailbox</a> (verification codes, order confirmations)</li>
<li><a href="/shop-api">Shop API</a> and <a href="/admin-api">Admin API</a> (GraphQL playgrounds in development)</li>
<li><a href="/admin">Admin</a> (when the admin UI is enabled)</li>
</ul>`;
    res
      .status(200)
      .type('html')
      .send(page('en', 'Payment sandbox', body));
  }

  @Get('pay/:reference')
  async show(@Param('reference') reference: string, @Query('lang') lang: string | undefined, @Res() res: Response) {
    const { payment } = await this.load(reference);
    const md = payment.metadata as RedirectMetadata;
    const l: 'ar' | 'en' = lang === 'en' || lang === 'ar' ? lang : md.language;
    const t = TEXT[l];
    const order = payment.order as Order;
    const amount = new Intl.NumberFormat(l === 'ar' ? 'ar-SA' : 'en-US', { style: 'currency', currency: order.currencyCode }).format(
      payment.amount / 100,
    );
    const action = `/sandbox/pay/${encodeURIComponent(reference)}/decision`;
    const button = (d: SandboxDecision) =>
      `<form method="post" action="${esc(action)}"><input type="hidden" name="decision" value="${d}"><button type="submit" class="${d}">${esc(t[d])}</button></form>`;
    const other = l === 'ar' ? 'en' : 'ar';
    const header = `<p><a href="?lang=${other}" lang="${other}" hreflang="${other}">${esc(t.other)}</a></p>`;
    const body = `
<h1>${esc(t.title)}</h1>
<p class="note">${esc(t.note)}</p>
<dl>
<dt>${esc(t.provider)}</dt><dd>${esc(PROVIDER_NAMES[l][md.provider])}</dd>
<dt>${esc(t.order)}</dt><dd><bdi>${esc(order.code)}</bdi></dd>
<dt>${esc(t.amount)}</dt><dd><bdi>${esc(amount)}</bdi></dd>
</dl>
${payment.state === PENDING ? `<div class="actions">${button('approve')}${button('decline')}${button('cancel')}</div>` : `<p>${esc(t.done)}</p>`}`;
    res
      .status(200)
      .type('html')
      .send(page(l, t.title, body, header));
  }

  @Post('pay/:reference/decision')
  async decide(@Param('reference') reference: string, @Body() body: Record<string, unknown>, @Res() res: Response) {
    const { payment } = await this.load(reference);
    const decision = String(body?.decision ?? '') as SandboxDecision;
    if (!['approve', 'decline', 'cancel'].includes(decision)) {
      res.status(400).type('text').send('decision must be approve, decline or cancel');
      return;
    }
    const md = payment.metadata as RedirectMetadata;
    const params = await this.gateway.callbackParams(payment, payment.order, decision);
    // Like the providers: the browser returns to our callback carrying the signed result.
    res.redirect(303, `/payments/callback/${md.provider}?${new URLSearchParams(params).toString()}`);
  }

  /** PayFort's hosted payment page stand-in: accepts the signed form built by getPayFortSignature. */
  @Post('payfort/paymentPage')
  async payfortPage(@Body() body: Record<string, unknown>, @Res() res: Response) {
    this.assertEnabled();
    if (!verifyPayfortSignature(body ?? {}, this.options.payfort.requestPhrase)) {
      res.status(400).type('text').send('Signature mismatch');
      return;
    }
    const { payment } = await this.load(String(body.merchant_reference ?? ''));
    if (String(body.amount) !== String(payment.amount) || body.currency !== payment.order.currencyCode) {
      res.status(400).type('text').send('Amount mismatch');
      return;
    }
    const lang = body.language === 'en' ? 'en' : 'ar';
    res.redirect(303, `/sandbox/pay/${encodeURIComponent(String(body.merchant_reference))}?lang=${lang}`);
  }

  private async load(reference: string) {
    this.assertEnabled();
    const ctx = await this.requestContextService.create({ apiType: 'shop' });
    const payment = await this.payments.findByReference(ctx, reference);
    const md = payment?.metadata as RedirectMetadata | undefined;
    // Live PayFort payments never go through the sandbox.
    if (!payment || !md?.provider || (md.provider === 'payfort' && this.options.payfort.live)) {
      throw new NotFoundException();
    }
    return { payment };
  }

  private assertEnabled() {
    if (!this.options.sandboxEnabled) throw new NotFoundException();
  }
}
