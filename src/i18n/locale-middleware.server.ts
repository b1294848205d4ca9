import { isbot } from 'isbot';
import { createContext, redirect, type MiddlewareFunction } from 'react-router';
import { config, secureCookiesFor } from '../lib/config.server';
import { loadI18n } from './i18n';
import { negotiateLocale } from './locale-negotiation';
import type { Locale } from './locales';

/** The locale of the current request, for loaders below the root. */
export const localeContext = createContext<Locale>('ar');

/**
 * Root server middleware: applies the first-visit locale rules (302 to the /en twin), makes sure
 * the request's catalog is loaded before anything renders, and refreshes the locale cookie.
 */
export const localeMiddleware: MiddlewareFunction<Response> = async ({ request, url, context }, next) => {
  const decision = negotiateLocale(
    {
      url,
      method: request.method,
      cookie: request.headers.get('cookie'),
      acceptLanguage: request.headers.get('accept-language'),
      referer: request.headers.get('referer'),
      isBot: isbot(request.headers.get('user-agent') ?? ''),
    },
    { cookieEnabled: config.cookieLocale, secureCookie: secureCookiesFor(url) },
  );
  if (decision.redirectTo) {
    const headers = new Headers({ Vary: 'Cookie, Accept-Language' });
    if (decision.setCookie) headers.append('Set-Cookie', decision.setCookie);
    throw redirect(decision.redirectTo, { status: 302, headers });
  }
  context.set(localeContext, decision.locale);
  await loadI18n(decision.locale);
  const response = await next();
  if (decision.setCookie) response.headers.append('Set-Cookie', decision.setCookie);
  // The unprefixed pages answer differently per cookie and language for first visits.
  if (decision.locale === 'ar') response.headers.append('Vary', 'Cookie, Accept-Language');
  return response;
};
