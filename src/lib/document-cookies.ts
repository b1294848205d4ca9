import type { CookieOptions } from './auth-cookies';

/** Applies `document.cookie` assignments (the auth cookies' writers return one per path). */
export function setDocumentCookies(assignments: string[]): void {
  if (typeof document === 'undefined') return;
  for (const assignment of assignments) document.cookie = assignment;
}

/** `Secure` on HTTPS pages, as the token store does. */
export function browserCookieOptions(): CookieOptions {
  return { secure: typeof location !== 'undefined' && location.protocol === 'https:' };
}
