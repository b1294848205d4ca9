import { msg } from '@lingui/core/macro';
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { accountFailureMessage } from '../../../../../src/components/profile/profile-messages';

const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
const own = msg`Your details could not be saved. Check your connection and try again.`;

describe('account failure text: the store, not the connection, when the shop answered but its backend did not', () => {
  it('the store-unavailable failure gets the store text', () => {
    expect(i18n._(accountFailureMessage('store.unavailable', own))).toBe(
      'The store is briefly unavailable. Try again in a moment; nothing you entered is lost.',
    );
  });

  it('any other failure keeps the flow own text', () => {
    expect(i18n._(accountFailureMessage('profile.save.failed', own))).toBe(
      'Your details could not be saved. Check your connection and try again.',
    );
  });
});
