import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AuthFailure } from '../../../machines/auth.machine';
import { AUTH_LIMITS, type AuthMessageId } from '../../../machines/schemas/auth.schema';

const { passwordMax } = AUTH_LIMITS;

/** The sign-in schema reports message ids; these are their translations. */
export const AUTH_MESSAGES: Record<AuthMessageId, MessageDescriptor> = {
  'auth.email.required': msg`Please enter your email address.`,
  'auth.email.invalid': msg`Please enter a valid email address, for example name@example.com.`,
  'auth.password.required': msg`Please enter your password.`,
  'auth.password.tooLong': msg`A password has at most ${passwordMax} characters.`,
};

/** The summary text of a failed sign-in. `refused` carries the server's own (translated) message. */
export function authFailureText(failure: AuthFailure, translate: (m: MessageDescriptor) => string): string {
  switch (failure.kind) {
    case 'invalidCredentials':
      return translate(msg`The email address or password is incorrect. Please check them and try again.`);
    case 'notVerified':
      return translate(
        msg`This account's email address is not confirmed yet. Confirm it with the code we emailed you when you registered, then sign in.`,
      );
    case 'rateLimited':
      return translate(msg`Too many sign-in attempts. For your security, please wait a few minutes before trying again.`);
    case 'network':
      return translate(msg`We could not reach the store to sign you in. Check your connection and try again.`);
    case 'refused':
      return failure.message;
  }
}
