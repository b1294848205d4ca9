import type { Middleware } from '@vendure/core';
import type { NextFunction, Request, Response } from 'express';

/**
 * Whether the shop is served over HTTPS (docs/decisions/013): SECURE_COOKIES when set
 * (true/false), else whether the storefront's public address (STOREFRONT_URL, PUBLIC_URL) is
 * https. Configuration, not a request header: behind proxies the backend cannot tell a trusted
 * X-Forwarded-Proto from a forged one unless its proxy hop is configured as trusted.
 */
export function servedOverHttps(env: NodeJS.ProcessEnv): boolean {
  const flag = env.SECURE_COOKIES?.trim();
  if (flag) return !/^(0|false|no|off)$/i.test(flag);
  return /^https:\/\//i.test(env.STOREFRONT_URL || env.PUBLIC_URL || '');
}

/**
 * Express announces itself in `X-Powered-By` on every response (Shop API, assets, admin, sandbox);
 * it says nothing a client needs. Registered before listen, ahead of every route, so it also
 * covers responses that Nest and the plugins write.
 */
export const noPoweredByHeader: Middleware = {
  route: '/',
  beforeListen: true,
  handler: (_req: Request, res: Response, next: NextFunction) => {
    res.removeHeader('X-Powered-By');
    next();
  },
};

/** Browser features no page of Vendure's (sandbox, mailbox, admin) uses: as the storefront's (src/server/security-headers.mjs). */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';

/** One year, this host only: as the storefront's. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/**
 * Issue 33 §4 on Vendure's own answers (Shop API, assets, sandbox, mailbox, admin): a
 * Permissions-Policy always, and HSTS only when the request came over https — `req.secure`,
 * which believes X-Forwarded-Proto only from TRUSTED_PROXIES (CommonPlugin sets `trust proxy`).
 */
export const browserSecurityHeaders: Middleware = {
  route: '/',
  beforeListen: true,
  handler: (req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    if (req.secure) res.setHeader('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    next();
  },
};
