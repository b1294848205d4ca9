import { PasswordValidationStrategy, RequestContext } from '@vendure/core';

export const PASSWORD_MIN_LENGTH = 8;
const MAX_LENGTH = 128;

/**
 * Password policy: 8-128 characters with at least one letter (any script, so Arabic letters
 * count) and one digit (Western or Arabic-Indic). The returned string becomes
 * PasswordValidationError.validationErrorMessage, translated to the request language.
 */
export class StorePasswordValidationStrategy implements PasswordValidationStrategy {
  validate(ctx: RequestContext, password: string): boolean | string {
    const ok =
      typeof password === 'string' &&
      [...password].length >= PASSWORD_MIN_LENGTH &&
      password.length <= MAX_LENGTH &&
      /\p{L}/u.test(password) &&
      /\p{Nd}/u.test(password);
    if (ok) return true;
    return translate(ctx, 'account.passwordPolicy', { min: PASSWORD_MIN_LENGTH });
  }
}

/** ctx.translate only exists on a request; fall back to English for jobs/CLI. */
export function translate(ctx: RequestContext, key: string, vars: Record<string, unknown> = {}): string {
  try {
    const t = ctx.translate(key, vars as any);
    if (t && t !== key) return t;
  } catch {
    /* no request attached */
  }
  return key === 'account.passwordPolicy'
    ? `The password must have at least ${String(vars.min ?? PASSWORD_MIN_LENGTH)} characters, including a letter and a digit.`
    : key;
}
