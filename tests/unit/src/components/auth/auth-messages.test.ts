import { setupI18n, type MessageDescriptor } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { authFailureText } from '../../../../../src/components/auth/auth-messages';

const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
const translate = (m: MessageDescriptor) => i18n._(m);

describe('auth failure text: the store, not the connection, when the shop answered but its backend did not', () => {
  it('an unavailable store gets the store text', () => {
    expect(authFailureText({ kind: 'network', unavailable: true }, translate)).toBe(
      'The store is briefly unavailable. Try again in a moment; nothing you entered is lost.',
    );
  });

  it('no answer keeps the connection text', () => {
    expect(authFailureText({ kind: 'network' }, translate)).toBe(
      'We could not reach the store to sign you in. Check your connection and try again.',
    );
  });
});
