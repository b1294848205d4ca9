import { createHmac, timingSafeEqual } from 'crypto';

import { loadJose } from '../../common';
import { PaymentsOptions, RedirectProvider } from '../constants';
import { verifyPayfortSignature } from './payfort-signature';

export type PaymentOutcome = 'settled' | 'authorized' | 'declined' | 'cancelled';

export interface VerifiedCallback {
  reference: string;
  outcome: PaymentOutcome;
  /** halalas, as reported by the provider */
  amount: number;
  currency: string;
  providerPaymentId?: string;
  message?: string;
}

/** Thrown for a callback whose signature or fields do not check out (answered with 400). */
export class InvalidCallbackError extends Error {}

const toHalalas = (v: unknown) => Math.round(parseFloat(String(v)) * 100);

/** Tabby-style webhook signature (sandbox): HMAC-SHA256 over the pipe-joined fields. */
export function tabbySignature(
  fields: { payment_id: string; reference_id: string; status: string; amount: string; currency: string },
  secret: string,
) {
  const body = [fields.payment_id, fields.reference_id, fields.status, fields.amount, fields.currency].join('|');
  return createHmac('sha256', secret).update(body, 'utf8').digest('hex');
}

/**
 * Verifies a provider callback (browser return or server notification) and maps it to an
 * outcome. Nothing in an unverified callback is trusted: the reference, status and amount all
 * come from signed data.
 */
export async function verifyCallback(
  provider: RedirectProvider,
  params: Record<string, unknown>,
  options: PaymentsOptions,
): Promise<VerifiedCallback> {
  switch (provider) {
    case 'payfort': {
      if (!verifyPayfortSignature(params, options.payfort.responsePhrase)) {
        throw new InvalidCallbackError('Bad PayFort signature');
      }
      const status = String(params.status ?? '');
      const responseCode = String(params.response_code ?? '');
      // 14 = purchase success, 02 = authorization success; 00072 = cancelled by the shopper.
      const outcome: PaymentOutcome =
        status === '14' ? 'settled' : status === '02' ? 'authorized' : responseCode === '00072' ? 'cancelled' : 'declined';
      return {
        reference: String(params.merchant_reference ?? ''),
        outcome,
        amount: Number(params.amount),
        currency: String(params.currency ?? ''),
        providerPaymentId: params.fort_id ? String(params.fort_id) : undefined,
        message: params.response_message ? String(params.response_message) : undefined,
      };
    }
    case 'tamara': {
      // Tamara signs notifications with a JWT (HS256, the merchant's notification token).
      const token = String(params.tamaraToken ?? '');
      let claims: Record<string, unknown>;
      try {
        const jose = await loadJose();
        const secret = new TextEncoder().encode(options.tamaraNotificationToken);
        ({ payload: claims } = await jose.jwtVerify(token, secret, { algorithms: ['HS256'], issuer: 'Tamara' }));
      } catch {
        throw new InvalidCallbackError('Bad Tamara token');
      }
      const status = String(claims.payment_status ?? '');
      const outcome: PaymentOutcome = status === 'approved' ? 'authorized' : status === 'canceled' ? 'cancelled' : 'declined';
      return {
        reference: String(claims.order_reference_id ?? ''),
        outcome,
        amount: toHalalas(claims.amount),
        currency: String(claims.currency ?? ''),
        providerPaymentId: claims.order_id ? String(claims.order_id) : undefined,
      };
    }
    case 'tabby': {
      const fields = {
        payment_id: String(params.payment_id ?? ''),
        reference_id: String(params.reference_id ?? ''),
        status: String(params.status ?? ''),
        amount: String(params.amount ?? ''),
        currency: String(params.currency ?? ''),
      };
      const given = String(params.signature ?? '');
      const expected = tabbySignature(fields, options.tabbySecret);
      if (!/^[0-9a-f]{64}$/i.test(given) || !timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(expected, 'hex'))) {
        throw new InvalidCallbackError('Bad Tabby signature');
      }
      const status = fields.status.toUpperCase();
      const outcome: PaymentOutcome =
        status === 'AUTHORIZED' ? 'authorized' : status === 'CLOSED' || status === 'EXPIRED' ? 'cancelled' : 'declined';
      return {
        reference: fields.reference_id,
        outcome,
        amount: toHalalas(fields.amount),
        currency: fields.currency,
        providerPaymentId: fields.payment_id,
      };
    }
  }
}
