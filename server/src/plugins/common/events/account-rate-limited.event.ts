import { VendureEvent } from '@vendure/core';

/** Which per-account limit was reached (one notification per family and window). */
export type AccountLimitFamily = 'sign-in' | 'verification-code' | 'password-reset';

/**
 * Published (once per account, family and window) when a per-account limit first refuses a
 * request. It carries the identifier as typed, whether or not an account has it: the account
 * plugin looks the account up after the response, so the request itself never reveals it.
 */
export class AccountRateLimitedEvent extends VendureEvent {
  constructor(
    public readonly input: {
      family: AccountLimitFamily;
      /** normalized (trimmed, lower-case) e-mail address */
      identifier: string;
      /** the request's language (`ar` unless `en`) */
      languageCode: string;
      retryAfterSeconds: number;
    },
  ) {
    super();
  }
}
