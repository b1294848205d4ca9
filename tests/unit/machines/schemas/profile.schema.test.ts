import { describe, expect, it } from 'vitest';
import { validateEmailChange, validateProfileDetails, type ProfileDetailsInput } from '../../../../machines/schemas/profile.schema';

const valid = (): ProfileDetailsInput => ({ firstName: 'Sara', lastName: 'Qahtani', phone: { e164: '', country: 'SA' } });
const errorsOf = (patch: Partial<ProfileDetailsInput>) => {
  const r = validateProfileDetails({ ...valid(), ...patch });
  return r.ok ? {} : r.errors;
};

describe('profile details schema', () => {
  it.each([
    ['firstName', 'profile.firstName.tooLong'],
    ['lastName', 'profile.lastName.tooLong'],
  ] as const)('%s: 100 characters pass, 101 are refused with %s', (field, message) => {
    expect(errorsOf({ [field]: 'س'.repeat(100) })).toEqual({});
    expect(errorsOf({ [field]: 'س'.repeat(101) })).toEqual({ [field]: message });
  });

  it.each([
    ['firstName', 'Sa\u0000ra'],
    ['lastName', 'Qah\uD800tani'],
  ] as const)('%s with %j → profile.text.invalidCharacters', (field, text) => {
    expect(errorsOf({ [field]: text })).toEqual({ [field]: 'profile.text.invalidCharacters' });
  });
});

describe('e-mail change schema', () => {
  const change = (newEmailAddress: string, password = 'secret1') => validateEmailChange({ newEmailAddress, password }, 'old@example.com');
  const at = (n: number) => `${'a'.repeat(n - '@example.com'.length)}@example.com`;

  it('new e-mail: 254 characters pass, 255 are refused', () => {
    expect(change(at(254)).ok).toBe(true);
    expect(change(at(255))).toEqual({ ok: false, errors: { newEmailAddress: 'profile.email.invalid' } });
  });

  it('current password: 256 characters pass; longer cannot be right (the Shop API refuses it)', () => {
    expect(change(at(30), 'p'.repeat(256)).ok).toBe(true);
    expect(change(at(30), 'p'.repeat(257))).toEqual({ ok: false, errors: { password: 'profile.password.wrong' } });
  });
});
