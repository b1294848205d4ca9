import { All, Controller, Get, Inject, Logger, NotFoundException, Param, Req, Res } from '@nestjs/common';
import { RequestContextService } from '@vendure/core';
import type { Request, Response } from 'express';

import { PAYMENTS_OPTIONS, PaymentsOptions, RedirectProvider } from '../constants';
import { InvalidCallbackError, verifyCallback } from '../services/callback-verifiers';
import { RedirectMetadata, RedirectPaymentService } from '../services/redirect-payment.service';
import { esc, page } from './html';

const PROVIDERS: RedirectProvider[] = ['payfort', 'tamara', 'tabby'];

/**
 * Provider callbacks. GET = the shopper's browser returning from the gateway (answered with a
 * 303 to our storefront); POST = browser form post or server notification (JSON answer when the
 * caller sent JSON). The outcome is read only from signed data; the redirect target is never
 * taken from the request (no open redirect).
 */
@Controller('payments')
export class PaymentCallbackController {
  constructor(
    private readonly payments: RedirectPaymentService,
    private readonly requestContextService: RequestContextService,
    @Inject(PAYMENTS_OPTIONS) private readonly options: PaymentsOptions,
  ) {}

  @All('callback/:provider')
  async callback(@Param('provider') provider: string, @Req() req: Request, @Res() res: Response) {
    if (!PROVIDERS.includes(provider as RedirectProvider) || !['GET', 'POST'].includes(req.method)) {
      throw new NotFoundException();
    }
    const params = { ...(req.query as Record<string, unknown>), ...(typeof req.body === 'object' ? req.body : {}) };
    const wantsJson = req.method === 'POST' && !!req.is('application/json');
    try {
      const verified = await verifyCallback(provider as RedirectProvider, params, this.options);
      const ctx = await this.requestContextService.create({ apiType: 'shop' });
      const result = await this.payments.complete(ctx, provider as RedirectProvider, verified);
      if (wantsJson) {
        res.status(result ? 200 : 404).json({ ok: !!result, outcome: result?.outcome });
        return;
      }
      res.redirect(303, this.payments.storefrontRedirect(result));
    } catch (e) {
      if (e instanceof InvalidCallbackError) {
        res.status(400).type('text').send('Invalid callback signature');
        return;
      }
      Logger.error(`Payment callback failed: ${(e as Error).message}`, 'PaymentsPlugin');
      throw e;
    }
  }

  /** Live PayFort: the page behind Order.paymentUrl posts the signed form to PayFort. */
  @Get('payfort/redirect/:reference')
  async payfortRedirect(@Param('reference') reference: string, @Res() res: Response) {
    if (!this.options.payfort.live) throw new NotFoundException();
    const ctx = await this.requestContextService.create({ apiType: 'shop' });
    const payment = await this.payments.findByReference(ctx, reference);
    if (!payment || payment.state !== 'Pending' || (payment.metadata as RedirectMetadata).provider !== 'payfort') {
      throw new NotFoundException();
    }
    const { params, gatewayUrl } = this.payments.payfortRequest(payment, payment.order);
    const lang = (payment.metadata as RedirectMetadata).language;
    const inputs = Object.entries(params)
      .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
      .join('');
    const label = lang === 'ar' ? 'المتابعة إلى الدفع' : 'Continue to payment';
    const body = `<form id="pf" method="post" action="${esc(gatewayUrl)}">${inputs}<button type="submit">${esc(label)}</button></form>
<script>document.getElementById('pf').submit()</script>`;
    res
      .status(200)
      .type('html')
      .send(page(lang, label, body));
  }
}
