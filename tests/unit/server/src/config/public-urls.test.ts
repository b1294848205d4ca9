// @vitest-environment node
// Issue 32 §1: a shop started on other ports (`PORT=8730 SERVER_PORT=3730 npm start`, which hands
// both ports to Vendure) sends the shopper home to its own storefront: the payment returns, the
// sandbox's links, the mails' links and the CORS origin all carry PORT, not the default 8080.
import { describe, expect, it } from 'vitest';
import { emailTemplateVars } from '../../../../../server/src/config/email';
import { corsOrigins, serverPublicUrl, storefrontUrl } from '../../../../../server/src/config/public-urls';
import { paymentsOptionsFromEnv } from '../../../../../server/src/plugins/payments/constants';
import { buildConfig } from '../../../../../server/src/vendure-config';

const ports = { PORT: '8730', SERVER_PORT: '3730' };

describe('the public addresses on other ports', () => {
  it('the payment callbacks return to the storefront on PORT, the sandbox is served on SERVER_PORT', () => {
    const options = paymentsOptionsFromEnv(ports);
    expect(options.storefrontUrl).toBe('http://127.0.0.1:8730');
    expect(options.publicUrl).toBe('http://127.0.0.1:3730');
    expect(options.payfort.gatewayUrl).toBe('http://127.0.0.1:3730/sandbox/payfort/paymentPage');
  });

  it('the mails link to the storefront on PORT', () => {
    const vars = emailTemplateVars(ports);
    expect(vars.storefrontUrl).toBe('http://127.0.0.1:8730');
    expect(vars.passwordResetUrl).toBe('http://127.0.0.1:8730/auth/reset-password');
  });

  it('CORS allows the storefront on PORT under both local names', () => {
    const cors = buildConfig({ ...ports, DATA_DIR: '/tmp/public-urls-test' }).apiOptions.cors as { origin: string[] };
    expect(cors.origin).toEqual(['http://127.0.0.1:8730', 'http://localhost:8730']);
  });
});

describe('what is set wins over the ports', () => {
  it('STOREFRONT_URL, else PUBLIC_URL, else the local storefront (8080 without PORT)', () => {
    expect(storefrontUrl({})).toBe('http://127.0.0.1:8080');
    expect(storefrontUrl({ ...ports, STOREFRONT_URL: 'https://shop.example.sa/' })).toBe('https://shop.example.sa');
    expect(storefrontUrl({ ...ports, PUBLIC_URL: 'https://shop.example.sa' })).toBe('https://shop.example.sa');
    expect(storefrontUrl({ ...ports, STOREFRONT_URL: 'https://a.example.sa', PUBLIC_URL: 'https://b.example.sa' })).toBe(
      'https://a.example.sa',
    );
  });

  it('PAYMENTS_PUBLIC_URL, else PUBLIC_SERVER_URL, else the local server (3000 without SERVER_PORT)', () => {
    expect(serverPublicUrl({})).toBe('http://127.0.0.1:3000');
    expect(serverPublicUrl({ ...ports, PAYMENTS_PUBLIC_URL: 'https://pay.example.sa/' })).toBe('https://pay.example.sa');
    expect(serverPublicUrl({ ...ports, PUBLIC_SERVER_URL: 'https://api.example.sa' })).toBe('https://api.example.sa');
  });

  it('CORS_ORIGINS, else the configured storefront alone', () => {
    expect(corsOrigins({ ...ports, CORS_ORIGINS: 'https://a.example.sa, https://b.example.sa' })).toEqual([
      'https://a.example.sa',
      'https://b.example.sa',
    ]);
    expect(corsOrigins({ ...ports, STOREFRONT_URL: 'https://shop.example.sa' })).toEqual(['https://shop.example.sa']);
  });
});
