import type { Failure } from '../../services/result';

/**
 * Why the last auth call failed (the view translates each kind; spec §8):
 * - invalidCredentials: wrong email or password (the server never says which);
 * - notVerified: the account's e-mail address is not confirmed (a password reset refuses it);
 * - nativeAuthUnavailable: e-mail and password sign-in is switched off on the server;
 * - rateLimited: too many attempts; the server's wait when it said one;
 * - passwordRejected: the password policy (PasswordValidationError), its translated message;
 * - wrongCode: a wrong 6-digit code, with the attempts this code has left;
 * - tooManyAttempts: the code has no attempts left (or was used or replaced): only a new code helps;
 * - codeExpired: the code's 15 minutes are over: only a new code helps;
 * - resetTokenInvalid / resetTokenExpired: the reset ticket is no longer accepted;
 * - network: no answer or an unexpected one; the same values can be sent again (retry); `unavailable`
 *   when the store answered 502/503/504 (machines/lib/network-failure.ts), not the connection;
 * - refused: any other error result, and every social sign-in failure: the server's own message.
 */
export type AuthFailure =
  | { kind: 'invalidCredentials' }
  | { kind: 'notVerified' }
  | { kind: 'nativeAuthUnavailable' }
  | { kind: 'rateLimited'; retryAfterSeconds: number | null }
  | { kind: 'passwordRejected'; message: string }
  | { kind: 'wrongCode'; attemptsLeft: number }
  | { kind: 'tooManyAttempts' }
  | { kind: 'codeExpired' }
  | { kind: 'resetTokenInvalid' }
  | { kind: 'resetTokenExpired' }
  | { kind: 'network'; unavailable?: true }
  | { kind: 'refused'; message: string };

/**
 * The failure a service reports when the backend answered HTTP 429 (operations whose result type
 * cannot carry a RateLimitError) or a RateLimitError.
 */
export type RateLimited = Failure<'RATE_LIMIT_ERROR', { retryAfterSeconds: number | null }>;

/** Any tagged failure of the auth services, with the extra fields some codes carry. */
export type AnyAuthFailure = Failure & { attemptsLeft?: number; validationErrorMessage?: string; retryAfterSeconds?: number | null };

/** Spec §9: after a social sign-in in a popup, the page reloads after 1 second. */
export const SOCIAL_RELOAD_DELAY_MS = 1000;

/**
 * Seconds before another code may be requested. The backend allows 3 codes per address in
 * 15 minutes (HTTP 429 beyond); waiting a minute between them keeps a shopper inside that budget
 * while the mail arrives, and a 429 replaces this wait with the server's.
 */
export const RESEND_COOLDOWN_SECONDS = 60;

export function toAuthFailure(result: AnyAuthFailure): AuthFailure {
  switch (result.code) {
    case 'INVALID_CREDENTIALS_ERROR':
      return { kind: 'invalidCredentials' };
    case 'NOT_VERIFIED_ERROR':
      return { kind: 'notVerified' };
    case 'NATIVE_AUTH_STRATEGY_ERROR':
      return { kind: 'nativeAuthUnavailable' };
    case 'RATE_LIMIT_ERROR':
      return { kind: 'rateLimited', retryAfterSeconds: result.retryAfterSeconds ?? null };
    case 'PASSWORD_VALIDATION_ERROR':
      return { kind: 'passwordRejected', message: result.validationErrorMessage ?? result.message };
    case 'VERIFICATION_CODE_INVALID_ERROR':
      return (result.attemptsLeft ?? 0) > 0 ? { kind: 'wrongCode', attemptsLeft: result.attemptsLeft ?? 0 } : { kind: 'tooManyAttempts' };
    case 'VERIFICATION_TOKEN_EXPIRED_ERROR':
      return { kind: 'codeExpired' };
    case 'PASSWORD_RESET_TOKEN_INVALID_ERROR':
      return { kind: 'resetTokenInvalid' };
    case 'PASSWORD_RESET_TOKEN_EXPIRED_ERROR':
      return { kind: 'resetTokenExpired' };
    default:
      return { kind: 'refused', message: result.message };
  }
}

/** A code the server will never accept again: the shopper needs a new one, not another try. */
export function isCodeSpent(result: AnyAuthFailure): boolean {
  const failure = toAuthFailure(result);
  return failure.kind === 'tooManyAttempts' || failure.kind === 'codeExpired';
}
