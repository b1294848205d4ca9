import { readCookie } from './cookies';

// The two short-lived cookies the browser writes during the auth flows so that the server-side
// guards of /auth/otp and /auth/reset-password know whether those pages make sense
// (docs/decisions/012-account-routes-and-guards.md). The server only reads them; neither grants
// anything by itself: the backend checks the code and the reset token when they are submitted.

/** The e-mail address waiting for its verification code (only the e-mail, nothing else). */
export const AUTH_PENDING_COOKIE = 'auth_pending';
/** The reset token `verifyForgetpasswordCode` returned, until the new password is submitted. */
export const RESET_TICKET_COOKIE = 'reset_ticket';

/** 30 minutes: two code lifetimes (15 min, server/src/plugins/account), a resend rewrites it. */
export const AUTH_PENDING_MAX_AGE = 30 * 60;
/** 15 minutes to choose a new password; the token itself is valid longer on the backend. */
export const RESET_TICKET_MAX_AGE = 15 * 60;

/**
 * Both cookies are scoped to the auth group of each locale. Not `/auth/otp` itself: a client
 * navigation fetches `/auth/otp.data`, which a cookie with Path=/auth/otp would not reach.
 */
export const AUTH_COOKIE_PATHS = ['/auth', '/en/auth'] as const;

export interface CookieOptions {
  /** Adds `Secure` (HTTPS deployments; `config.secureCookies` on the server side). */
  secure?: boolean;
}

const EMAIL = /^[^\s@<>"]{1,64}@[^\s@<>"]{1,190}$/;
// Vendure's reset tokens are `<base64 date>_<public id>`; anything else in the cookie is not ours.
const TICKET = /^[A-Za-z0-9+/=._~-]{8,512}$/;

function cookies(name: string, value: string, maxAge: number, sameSite: 'Lax' | 'Strict', options: CookieOptions): string[] {
  const tail = `Max-Age=${maxAge}; SameSite=${sameSite}${options.secure ? '; Secure' : ''}`;
  return AUTH_COOKIE_PATHS.map((path) => `${name}=${encodeURIComponent(value)}; Path=${path}; ${tail}`);
}

/** `document.cookie` assignments (one per path) when the auth machine enters verification. */
export function pendingVerificationCookies(email: string, options: CookieOptions = {}): string[] {
  return cookies(AUTH_PENDING_COOKIE, email.trim(), AUTH_PENDING_MAX_AGE, 'Lax', options);
}

/** The assignments that remove it (verified, signed in, or back to the entry). */
export function clearPendingVerificationCookies(options: CookieOptions = {}): string[] {
  return cookies(AUTH_PENDING_COOKIE, '', 0, 'Lax', options);
}

/** `document.cookie` assignments (one per path) after `verifyForgetpasswordCode` succeeded. */
export function resetTicketCookies(ticket: string, options: CookieOptions = {}): string[] {
  return cookies(RESET_TICKET_COOKIE, ticket, RESET_TICKET_MAX_AGE, 'Strict', options);
}

/** The assignments that remove it (password changed, or the flow abandoned). */
export function clearResetTicketCookies(options: CookieOptions = {}): string[] {
  return cookies(RESET_TICKET_COOKIE, '', 0, 'Strict', options);
}

/** The pending e-mail in a Cookie header, or null when absent or not an e-mail address. */
export function readPendingVerification(cookieHeader: string | null | undefined): string | null {
  const email = readCookie(cookieHeader, AUTH_PENDING_COOKIE)?.trim() ?? '';
  return EMAIL.test(email) ? email : null;
}

/** The reset ticket in a Cookie header, or null when absent or not shaped like a token. */
export function readResetTicket(cookieHeader: string | null | undefined): string | null {
  const ticket = readCookie(cookieHeader, RESET_TICKET_COOKIE) ?? '';
  return TICKET.test(ticket) ? ticket : null;
}
