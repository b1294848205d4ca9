import { data, redirect, type HeadersFunction } from 'react-router';
import { getCustomer } from '../../services/account.service';
import { createShopClient, ShopApiError, type ShopClient } from '../../services/client';
import type { Locale } from '../i18n/locales';
import { localeFromPath, localizePath } from '../i18n/paths';
import { readPendingVerification, readResetTicket } from '../lib/auth-cookies';
import { config } from '../lib/config.server';
import { acceptReturnPath } from '../lib/return-path';
import { readCookie } from '../lib/cookies';
import { TOKEN_COOKIE } from '../lib/token-store';

// Route guards for the account, checkout and auth pages (docs/decisions/012). Each guarded page's
// own loader calls one: loaders run on the server for the document request and for every client
// navigation (`.data`), so one check covers both. A layout loader would not do: React Router
// does not re-run a parent's loader when moving between its children.

/** Personal answers: never kept by the storefront's HTML cache, a CDN or a proxy. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/** The `headers` export of every guarded page: `export { privatePageHeaders as headers }`. */
export const privatePageHeaders: HeadersFunction = () => ({ 'Cache-Control': PRIVATE_CACHE_CONTROL });

/** How long the customer check may take before the page answers 503 instead. */
export const CUSTOMER_CHECK_TIMEOUT_MS = 3000;

export interface GuardedCustomer {
  id: string;
  title: string | null;
  firstName: string;
  lastName: string;
  emailAddress: string;
  phoneNumber: string | null;
  customFields?: { avatar: { preview: string } | null } | null;
}

export interface GuardOptions {
  /** The Shop API transport (tests pass a fake). */
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
}

/** The path (and query) of the page a request is for: `.data` navigations name their page too. */
export function pageOf(request: Request): { pathname: string; search: string } {
  const url = new URL(request.url);
  const pathname = url.pathname.endsWith('/_.data') ? url.pathname.slice(0, -'_.data'.length) : url.pathname.replace(/\.data$/, '');
  if (!url.searchParams.has('_routes')) return { pathname, search: url.search };
  url.searchParams.delete('_routes');
  const search = url.searchParams.toString();
  return { pathname, search: search ? `?${search}` : '' };
}

/**
 * The locale-neutral return path kept in `?redirect=`, or null when it is not a plain path of
 * this site or leads back into /auth: acceptReturnPath, the one check of return paths.
 */
export function returnPath(target: string | null | undefined): string | null {
  return acceptReturnPath(target);
}

function withReturn(path: string, locale: Locale, back: string | null): string {
  const href = localizePath(path, locale);
  return back ? `${href}?redirect=${encodeURIComponent(back)}` : href;
}

function privateRedirect(location: string): Response {
  return redirect(location, { status: 302, headers: { 'Cache-Control': PRIVATE_CACHE_CONTROL } });
}

/** The visitor's Vendure token (the `vendure_token` cookie the browser keeps), or null. */
export function requestToken(request: Request): string | null {
  return readCookie(request.headers.get('cookie'), TOKEN_COOKIE) || null;
}

/**
 * A Shop API client acting as this visitor, for the loaders of guarded pages. One per request:
 * it carries the visitor's token, so it is never shared and never goes through `cachedRead`.
 */
export function personalShopClient(request: Request, locale: Locale, options: GuardOptions = {}): ShopClient {
  const token = requestToken(request);
  return createShopClient({
    endpoint: config.shopApiUrl,
    languageCode: locale,
    name: 'ssr-personal',
    getToken: () => token,
    fetch: options.fetch,
    // the token stays out of the log
    recorder: {
      record(call) {
        console.warn(`[ssr-personal] ${call.operationType} ${call.operationName} failed (${call.status ?? 'network'}): ${call.message}`);
      },
    },
  });
}

type CustomerCheck = { kind: 'customer'; customer: GuardedCustomer } | { kind: 'guest' } | { kind: 'unavailable' };

/** Who the request's token belongs to. No token: a guest, without asking the backend. */
async function checkCustomer(request: Request, locale: Locale, options: GuardOptions): Promise<CustomerCheck> {
  if (!requestToken(request)) return { kind: 'guest' };
  const signal = AbortSignal.any([request.signal, AbortSignal.timeout(options.timeoutMs ?? CUSTOMER_CHECK_TIMEOUT_MS)]);
  try {
    const customer = await getCustomer(personalShopClient(request, locale, options), { signal });
    return customer ? { kind: 'customer', customer } : { kind: 'guest' };
  } catch (error) {
    // Vendure refuses an expired or foreign session with FORBIDDEN: that visitor is not signed in.
    if (error instanceof ShopApiError && error.code === 'FORBIDDEN') return { kind: 'guest' };
    return { kind: 'unavailable' };
  }
}

/**
 * For /profile…, /checkout/:code and /checkout-success: the signed-in customer, or a 302 to the
 * locale's /auth with this page (locale-neutral, query kept) as `redirect`. When the backend
 * cannot say who this is (down, slow, 5xx) the page answers 503 (the error page): never treated
 * as signed in, and not sent to /auth either, where a signed-in shopper would sign in again.
 */
export async function requireCustomer(request: Request, locale: Locale, options: GuardOptions = {}): Promise<GuardedCustomer> {
  const check = await checkCustomer(request, locale, options);
  if (check.kind === 'customer') return check.customer;
  if (check.kind === 'unavailable') {
    throw data('The account service is unavailable', {
      status: 503,
      headers: { 'Cache-Control': PRIVATE_CACHE_CONTROL, 'Retry-After': '10' },
    });
  }
  const page = pageOf(request);
  throw privateRedirect(withReturn('/auth', locale, returnPath(page.pathname + page.search)));
}

/**
 * For /auth and /auth/login (and the other auth pages a signed-in shopper has no use for): a
 * signed-in customer goes on to the safe `redirect` path, else /profile. When the backend cannot
 * answer, the page renders for a guest: a sign-in form is harmless, and the browser's session
 * sends a signed-in shopper on once it knows.
 */
export async function requireGuest(request: Request, locale: Locale, options: GuardOptions = {}): Promise<void> {
  const check = await checkCustomer(request, locale, options);
  if (check.kind !== 'customer') return;
  const back = returnPath(new URL(request.url).searchParams.get('redirect'));
  throw privateRedirect(localizePath(back ?? '/profile', locale));
}

/**
 * For /auth/otp: only while a verification is pending (the `auth_pending` cookie the browser
 * writes when the auth machine enters verification, holding the e-mail). Returns that e-mail for
 * the page ("we sent a code to …"); otherwise 302 to /auth, keeping a safe `redirect`.
 */
export function requirePendingVerification(request: Request, locale?: Locale): { email: string } {
  const email = readPendingVerification(request.headers.get('cookie'));
  if (email) return { email };
  throw privateRedirect(withReturn('/auth', locale ?? localeFromPath(pageOf(request).pathname), returnOf(request)));
}

/**
 * For /auth/reset-password: only with the reset ticket `verifyForgetpasswordCode` gave (the
 * `reset_ticket` cookie); otherwise 302 to /auth/forget-password, keeping a safe `redirect`.
 * Having the cookie only opens the form: the backend checks the token when it is submitted.
 */
export function requireResetTicket(request: Request, locale?: Locale): { ticket: string } {
  const ticket = readResetTicket(request.headers.get('cookie'));
  if (ticket) return { ticket };
  throw privateRedirect(withReturn('/auth/forget-password', locale ?? localeFromPath(pageOf(request).pathname), returnOf(request)));
}

function returnOf(request: Request): string | null {
  return returnPath(new URL(request.url).searchParams.get('redirect'));
}
