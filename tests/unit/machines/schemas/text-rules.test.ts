import { describe, expect, it } from 'vitest';
import { REVIEW_RULES } from '../../../../server/src/plugins/catalogue/constants';
import {
  hasForbiddenCharacters as serverHasForbiddenCharacters,
  STRING_LIMITS,
} from '../../../../server/src/plugins/input-boundary/input-limits';
import { ADDRESS_LIMITS } from '../../../../machines/schemas/address.schema';
import { AUTH_LIMITS } from '../../../../machines/schemas/auth.schema';
import { CONTACT_LIMITS } from '../../../../machines/schemas/contact.schema';
import { PASSWORD_POLICY } from '../../../../machines/schemas/password.schema';
import { PROFILE_LIMITS } from '../../../../machines/schemas/profile.schema';
import { REVIEW_LIMITS } from '../../../../machines/schemas/review.schema';
import { hasForbiddenCharacters } from '../../../../machines/schemas/text-rules';

// The storefront may not import the server (nor the server the storefront), so the form rules
// repeat the Shop API input boundary's; these tests hold the two sides together.

describe('hasForbiddenCharacters: the same verdicts as the Shop API input boundary', () => {
  it.each([
    ['plain Latin', 'King Fahd Road 12', false],
    ['Arabic with Arabic-Indic digits', 'طريق الملك فهد ١٢', false],
    ['an emoji (a surrogate pair)', 'Gift 🎁 box', false],
    ['tab, line feed, carriage return', 'a\tb\nc\r\nd', false],
    ['right-to-left mark and zero-width joiner', 'a\u200Fb\u200Dc', false],
    ['NUL', 'Riy\u0000adh', true],
    ['another C0 control (bell)', 'a\u0007b', true],
    ['DEL', 'a\u007Fb', true],
    ['a C1 control', 'a\u0085b', true],
    ['a lone high surrogate', 'Sara \uD800', true],
    ['a lone low surrogate', '\uDC00Sara', true],
    ['two high surrogates', '\uD83D\uD83D', true],
  ])('%s → %s', (_name, text, forbidden) => {
    expect(hasForbiddenCharacters(text)).toBe(forbidden);
    expect(serverHasForbiddenCharacters(text)).toBe(forbidden);
  });
});

/**
 * Each form field's limit next to the Shop API's for the field it is sent as: the form's limit is
 * never above the API's (a value the form lets through is never refused by the API for its length).
 * Literal on both sides, so a change to either one fails here and gets looked at.
 */
const PAIRS: [field: string, storefront: number, api: number][] = [
  // address form → CreateAddressInput / UpdateAddressInput (fullName = first + ' ' + last)
  ['address.firstName + lastName → fullName', 2 * ADDRESS_LIMITS.nameMax + 1, STRING_LIMITS['CreateAddressInput.fullName']!.max],
  ['address.streetLine1', ADDRESS_LIMITS.streetMax, STRING_LIMITS['CreateAddressInput.streetLine1']!.max],
  ['address.streetLine2', ADDRESS_LIMITS.streetMax, STRING_LIMITS['UpdateAddressInput.streetLine2']!.max],
  // auth forms → login / RegisterCustomerInput / reset and verification
  ['auth.email → RegisterCustomerInput.emailAddress', AUTH_LIMITS.emailMax, STRING_LIMITS['RegisterCustomerInput.emailAddress']!.max],
  ['auth.email → login.username', AUTH_LIMITS.emailMax, STRING_LIMITS['Mutation.login.username']!.max],
  ['auth.email → requestPasswordResetCode', AUTH_LIMITS.emailMax, STRING_LIMITS['Mutation.requestPasswordResetCode.emailAddress']!.max],
  ['auth.password (sign-in) → login.password', AUTH_LIMITS.passwordMax, STRING_LIMITS['Mutation.login.password']!.max],
  [
    'auth.password (new) → RegisterCustomerInput.password',
    AUTH_LIMITS.newPasswordMax,
    STRING_LIMITS['RegisterCustomerInput.password']!.max,
  ],
  [
    'auth.password (new) → changeUserPassword.password',
    AUTH_LIMITS.newPasswordMax,
    STRING_LIMITS['Mutation.changeUserPassword.password']!.max,
  ],
  ['auth.firstName', AUTH_LIMITS.nameMax, STRING_LIMITS['RegisterCustomerInput.firstName']!.max],
  ['auth.lastName', AUTH_LIMITS.nameMax, STRING_LIMITS['RegisterCustomerInput.lastName']!.max],
  ['auth.code → verifyAccount.code', AUTH_LIMITS.codeLength, STRING_LIMITS['Mutation.verifyAccount.code']!.max],
  // profile → UpdateCustomerInput / requestUpdateCustomerEmailAddress
  ['profile.firstName', PROFILE_LIMITS.nameMax, STRING_LIMITS['UpdateCustomerInput.firstName']!.max],
  ['profile.lastName', PROFILE_LIMITS.nameMax, STRING_LIMITS['UpdateCustomerInput.lastName']!.max],
  ['profile.newEmailAddress', PROFILE_LIMITS.emailMax, STRING_LIMITS['Mutation.requestUpdateCustomerEmailAddress.newEmailAddress']!.max],
  ['profile.password', PROFILE_LIMITS.currentPasswordMax, STRING_LIMITS['Mutation.requestUpdateCustomerEmailAddress.password']!.max],
  // change password → updateCustomerPassword
  ['password.current', 2 * PASSWORD_POLICY.maxLength, STRING_LIMITS['Mutation.updateCustomerPassword.currentPassword']!.max],
  ['password.new', PASSWORD_POLICY.maxLength, STRING_LIMITS['Mutation.updateCustomerPassword.newPassword']!.max],
  // contact form → ContactUsInput (boundary; the content plugin's tighter rules are mirrored exactly below)
  ['contact.name', CONTACT_LIMITS.nameMax, STRING_LIMITS['ContactUsInput.name']!.max],
  ['contact.emailAddress', CONTACT_LIMITS.emailMax, STRING_LIMITS['ContactUsInput.emailAddress']!.max],
  ['contact.subject', CONTACT_LIMITS.subjectMax, STRING_LIMITS['ContactUsInput.subject']!.max],
  ['contact.message', CONTACT_LIMITS.messageMax, STRING_LIMITS['ContactUsInput.message']!.max],
  // review form → SubmitProductReviewInput (boundary; the catalogue plugin's rules below)
  ['review.summary', REVIEW_LIMITS.summaryMax, STRING_LIMITS['SubmitProductReviewInput.summary']!.max],
  ['review.body', REVIEW_LIMITS.bodyMax, STRING_LIMITS['SubmitProductReviewInput.body']!.max],
];

describe('form limits against the Shop API input boundary', () => {
  it('pins every pair (form, API)', () => {
    expect(PAIRS.map(([field, storefront, api]) => [field, storefront, api])).toEqual([
      ['address.firstName + lastName → fullName', 201, 201],
      ['address.streetLine1', 255, 300],
      ['address.streetLine2', 255, 300],
      ['auth.email → RegisterCustomerInput.emailAddress', 254, 254],
      ['auth.email → login.username', 254, 254],
      ['auth.email → requestPasswordResetCode', 254, 254],
      ['auth.password (sign-in) → login.password', 200, 256],
      ['auth.password (new) → RegisterCustomerInput.password', 128, 128],
      ['auth.password (new) → changeUserPassword.password', 128, 128],
      ['auth.firstName', 100, 100],
      ['auth.lastName', 100, 100],
      ['auth.code → verifyAccount.code', 6, 16],
      ['profile.firstName', 100, 100],
      ['profile.lastName', 100, 100],
      ['profile.newEmailAddress', 254, 254],
      ['profile.password', 256, 256],
      ['password.current', 256, 256],
      ['password.new', 128, 128],
      ['contact.name', 80, 200],
      ['contact.emailAddress', 254, 320],
      ['contact.subject', 150, 300],
      ['contact.message', 2000, 4000],
      ['review.summary', 100, 300],
      ['review.body', 1000, 3000],
    ]);
  });

  it.each(PAIRS)('%s: the form allows no more than the API (%i ≤ %i)', (_field, storefront, api) => {
    expect(storefront).toBeLessThanOrEqual(api);
  });

  it('the review form has exactly the catalogue plugin’s rules', () => {
    expect(REVIEW_LIMITS).toEqual(REVIEW_RULES);
  });
});

const CONTACT_PLUGIN = '../../../../server/src/plugins/content/services/contact-us-input';

describe('contact form against the content plugin', () => {
  it('has exactly its limits', async () => {
    // loaded by path at run time: the storefront's type check would otherwise take in server files
    // written for the server's compiler options
    const { CONTACT_US_LIMITS } = (await import(/* @vite-ignore */ CONTACT_PLUGIN)) as {
      CONTACT_US_LIMITS: Record<'name' | 'email' | 'subject' | 'message', { min?: number; max: number }>;
    };
    expect({
      nameMax: CONTACT_LIMITS.nameMax,
      emailMax: CONTACT_LIMITS.emailMax,
      subjectMax: CONTACT_LIMITS.subjectMax,
      messageMin: CONTACT_LIMITS.messageMin,
      messageMax: CONTACT_LIMITS.messageMax,
    }).toEqual({
      nameMax: CONTACT_US_LIMITS.name.max,
      emailMax: CONTACT_US_LIMITS.email.max,
      subjectMax: CONTACT_US_LIMITS.subject.max,
      messageMin: CONTACT_US_LIMITS.message.min,
      messageMax: CONTACT_US_LIMITS.message.max,
    });
  });
});
