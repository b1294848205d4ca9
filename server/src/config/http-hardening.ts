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
