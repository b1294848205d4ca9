import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AuthFailure } from '../../../machines/auth.machine';
import { AUTH_LIMITS } from '../../../machines/schemas/limits';
import type { AuthMessageId } from '../../../machines/schemas/auth.schema';

const { passwordMax, newPasswordMin, nameMax, codeLength } = AUTH_LIMITS;

/** The sign-in schema reports message ids; these are their translations. */
export const AUTH_MESSAGES: Record<AuthMessageId, MessageDescriptor> = {
  'auth.email.required': msg`Please enter your email address.`,
  'auth.email.invalid': msg`Please enter a valid email address, for example name@example.com.`,
  'auth.password.required': msg`Please enter your password.`,
  'auth.password.tooLong': msg`A password has at most ${passwordMax} characters.`,
  'auth.password.tooShort': msg`Choose a password of at least ${newPasswordMin} characters.`,
  'auth.password.needsLetter': msg`Your password needs at least one letter.`,
  'auth.password.needsDigit': msg`Your password needs at least one digit.`,
  'auth.firstName.required': msg`Please enter your first name.`,
  'auth.firstName.tooLong': msg`A first name has at most ${nameMax} characters.`,
  'auth.lastName.required': msg`Please enter your last name.`,
  'auth.lastName.tooLong': msg`A last name has at most ${nameMax} characters.`,
  'auth.code.required': msg`Please enter the ${codeLength}-digit code from the email.`,
  'auth.code.invalid': msg`The code is ${codeLength} digits, for example 123456.`,
  'auth.text.invalidCharacters': msg`This text contains hidden or broken characters (often from pasted text). Please retype it.`,
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
    case 'nativeAuthUnavailable':
      return translate(msg`Signing in with an email address and password is not available right now. Please use another way to sign in.`);
    case 'passwordRejected':
      return failure.message;
    case 'wrongCode': {
      const { attemptsLeft } = failure;
      return translate(
        attemptsLeft === 1
          ? msg`That code is not right. You have one more try with this code.`
          : msg`That code is not right. You have ${attemptsLeft} more tries with this code.`,
      );
    }
    case 'tooManyAttempts':
      return translate(msg`This code can no longer be used. Ask for a new code and try again.`);
    case 'codeExpired':
      return translate(msg`This code has expired. Ask for a new code and try again.`);
    case 'resetTokenInvalid':
      return translate(msg`This password reset is no longer valid. Please start again.`);
    case 'resetTokenExpired':
      return translate(msg`This password reset has expired. Please start again.`);
    case 'network':
      // The store answered 502/503/504: its fault, not the connection (machines/lib/network-failure.ts).
      // The same source text as the cart's and checkout's, so it shares their translation.
      if (failure.unavailable) return translate(msg`The store is briefly unavailable. Try again in a moment; nothing you entered is lost.`);
      return translate(msg`We could not reach the store to sign you in. Check your connection and try again.`);
    case 'refused':
      return failure.message;
  }
}
