import { serverPublicUrl, storefrontUrl } from '../../config/public-urls';

export const loggerCtx = 'PaymentsPlugin';
export const PAYMENTS_OPTIONS = Symbol('PAYMENTS_OPTIONS');

export type RedirectProvider = 'payfort' | 'tamara' | 'tabby';

export interface PayFortCredentials {
  merchantIdentifier: string;
  accessCode: string;
  requestPhrase: string;
  responsePhrase: string;
  /** Hosted payment page (form POST target). */
  gatewayUrl: string;
}

export interface PaymentsOptions {
  /** Base URL the shopper's browser uses to reach this server (sandbox pages, callbacks). */
  publicUrl: string;
  /** Storefront origin: the only place callbacks redirect to. */
  storefrontUrl: string;
  /** Sandbox gateway pages at /sandbox/* (default on unless NODE_ENV=production; PAYMENTS_SANDBOX=true forces). */
  sandboxEnabled: boolean;
  payfort: PayFortCredentials & { live: boolean };
  /** Secrets that sign the sandbox's Tamara / Tabby style callbacks. */
  tamaraNotificationToken: string;
  tabbySecret: string;
  liveTamara: boolean;
  liveTabby: boolean;
}

const SANDBOX_PAYFORT = {
  merchantIdentifier: 'sandbox-merchant',
  accessCode: 'sandbox-access-code',
  requestPhrase: 'sandbox-request-phrase',
  responsePhrase: 'sandbox-response-phrase',
};

export function paymentsOptionsFromEnv(env: NodeJS.ProcessEnv = process.env, serverPort?: number): PaymentsOptions {
  const publicUrl = serverPublicUrl(env, serverPort);
  const production = env.NODE_ENV === 'production';
  const sandboxEnabled = env.PAYMENTS_SANDBOX === 'true' || (!production && env.PAYMENTS_SANDBOX !== 'false');
  const payfortLive = !!(
    env.PAYFORT_MERCHANT_IDENTIFIER &&
    env.PAYFORT_ACCESS_CODE &&
    env.PAYFORT_REQUEST_PHRASE &&
    env.PAYFORT_RESPONSE_PHRASE
  );
  return {
    publicUrl,
    storefrontUrl: storefrontUrl(env),
    sandboxEnabled,
    payfort: payfortLive
      ? {
          live: true,
          merchantIdentifier: env.PAYFORT_MERCHANT_IDENTIFIER!,
          accessCode: env.PAYFORT_ACCESS_CODE!,
          requestPhrase: env.PAYFORT_REQUEST_PHRASE!,
          responsePhrase: env.PAYFORT_RESPONSE_PHRASE!,
          gatewayUrl:
            env.PAYFORT_GATEWAY_URL ||
            (env.PAYFORT_ENV === 'production'
              ? 'https://checkout.payfort.com/FortAPI/paymentPage'
              : 'https://sbcheckout.payfort.com/FortAPI/paymentPage'),
        }
      : { live: false, ...SANDBOX_PAYFORT, gatewayUrl: `${publicUrl}/sandbox/payfort/paymentPage` },
    tamaraNotificationToken: env.TAMARA_NOTIFICATION_TOKEN || 'sandbox-tamara-notification-token',
    tabbySecret: env.TABBY_WEBHOOK_SECRET || 'sandbox-tabby-webhook-secret',
    liveTamara: !!(env.TAMARA_API_TOKEN && env.TAMARA_NOTIFICATION_TOKEN),
    liveTabby: !!(env.TABBY_SECRET_KEY && env.TABBY_WEBHOOK_SECRET),
  };
}
