import { Inject, Injectable } from '@nestjs/common';
import { Order, Payment } from '@vendure/core';
import { randomBytes } from 'crypto';

import { loadJose } from '../../common';
import { PAYMENTS_OPTIONS, PaymentsOptions } from '../constants';
import { payfortSignature } from './payfort-signature';
import { RedirectMetadata } from './redirect-payment.service';
import { tabbySignature } from './callback-verifiers';

export type SandboxDecision = 'approve' | 'decline' | 'cancel';

/**
 * Plays the provider: turns the tester's decision into the callback parameters the real
 * provider would send, signed with the (sandbox) secret the callback verifies.
 */
@Injectable()
export class SandboxGatewayService {
  constructor(@Inject(PAYMENTS_OPTIONS) private readonly options: PaymentsOptions) {}

  async callbackParams(payment: Payment, order: Order, decision: SandboxDecision): Promise<Record<string, string>> {
    const md = payment.metadata as RedirectMetadata;
    const decimal = (payment.amount / 100).toFixed(2);
    switch (md.provider) {
      case 'payfort': {
        const outcome = {
          approve: { status: '14', response_code: '14000', response_message: 'Success' },
          decline: { status: '13', response_code: '13003', response_message: 'Transaction declined' },
          cancel: { status: '00', response_code: '00072', response_message: 'Transaction cancelled by the customer' },
        }[decision];
        const params: Record<string, string> = {
          command: 'PURCHASE',
          access_code: this.options.payfort.accessCode,
          merchant_identifier: this.options.payfort.merchantIdentifier,
          merchant_reference: md.reference,
          amount: String(payment.amount),
          currency: order.currencyCode,
          language: md.language,
          fort_id: `sbx${Date.now()}${randomBytes(3).toString('hex')}`,
          payment_option: 'VISA',
          eci: 'ECOMMERCE',
          ...outcome,
        };
        return { ...params, signature: payfortSignature(params, this.options.payfort.responsePhrase) };
      }
      case 'tamara': {
        const jose = await loadJose();
        const payment_status = { approve: 'approved', decline: 'declined', cancel: 'canceled' }[decision];
        const tamaraToken = await new jose.SignJWT({
          order_reference_id: md.reference,
          order_id: `tmr-${randomBytes(6).toString('hex')}`,
          payment_status,
          amount: decimal,
          currency: order.currencyCode,
        })
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuer('Tamara')
          .setIssuedAt()
          .setExpirationTime('10m')
          .sign(new TextEncoder().encode(this.options.tamaraNotificationToken));
        return { tamaraToken, paymentStatus: payment_status };
      }
      case 'tabby': {
        const fields = {
          payment_id: `tby-${randomBytes(6).toString('hex')}`,
          reference_id: md.reference,
          status: { approve: 'AUTHORIZED', decline: 'REJECTED', cancel: 'CLOSED' }[decision],
          amount: decimal,
          currency: order.currencyCode,
        };
        return { ...fields, signature: tabbySignature(fields, this.options.tabbySecret) };
      }
    }
  }
}
