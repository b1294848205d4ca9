import { describe, expect, it } from 'vitest';
import { normalizeDigits, validateForm, validateSignIn, type AuthValues } from '../../../../machines/schemas/auth.schema';

const blank: AuthValues = { email: '', password: '', firstName: '', lastName: '', code: '' };

describe('sign-in schema', () => {
  it('reports message ids per field', () => {
    expect(validateSignIn({ email: ' ', password: '' })).toEqual({
      ok: false,
      errors: { email: 'auth.email.required', password: 'auth.password.required' },
    });
    expect(validateSignIn({ email: 'sara@', password: 'x'.repeat(201) })).toEqual({
      ok: false,
      errors: { email: 'auth.email.invalid', password: 'auth.password.tooLong' },
    });
  });

  it('trims the email but keeps the password as typed, even one the new policy would refuse', () => {
    expect(validateSignIn({ email: ' a@b.co ', password: ' p ' })).toEqual({ ok: true, value: { email: 'a@b.co', password: ' p ' } });
  });
});

describe('registration schema: the backend password policy', () => {
  const register = (password: string) =>
    validateForm('registration', { ...blank, firstName: 'Sara', lastName: 'Q', email: 's@e.co', password });

  it.each([
    ['', 'auth.password.required'],
    ['abc1', 'auth.password.tooShort'],
    // 7 code points (one outside the BMP, 2 UTF-16 units) is still too short, as on the server.
    ['abcde1😀', 'auth.password.tooShort'],
    ['abcdefgh', 'auth.password.needsDigit'],
    ['12345678', 'auth.password.needsLetter'],
    ['a1'.repeat(64) + 'x', 'auth.password.tooLong'],
  ])('%j is refused with %s', (password, message) => {
    expect(register(password)).toEqual({ ok: false, errors: { password: message } });
  });

  it.each(['abcdefg1', 'كلمةسر١٢', ' spaced 1 ', 'a1'.repeat(64)])('%j is accepted as typed', (password) => {
    expect(register(password)).toEqual({ ok: true, value: { firstName: 'Sara', lastName: 'Q', email: 's@e.co', password } });
  });

  it('requires both names, trimmed, at most 100 characters', () => {
    expect(validateForm('registration', { ...blank, firstName: ' ', lastName: 'x'.repeat(101), email: 'x', password: 'abcdefg1' })).toEqual(
      {
        ok: false,
        errors: { firstName: 'auth.firstName.required', lastName: 'auth.lastName.tooLong', email: 'auth.email.invalid' },
      },
    );
    expect(validateForm('registration', { ...blank, firstName: ' ', lastName: ' ', email: 's@e.co', password: 'abcdefg1' })).toEqual({
      ok: false,
      errors: { firstName: 'auth.firstName.required', lastName: 'auth.lastName.required' },
    });
    expect(
      validateForm('registration', {
        ...blank,
        firstName: 'x'.repeat(101),
        lastName: 'y'.repeat(100),
        email: 's@e.co',
        password: 'abcdefg1',
      }),
    ).toEqual({
      ok: false,
      errors: { firstName: 'auth.firstName.tooLong' },
    });
  });

  it.each([
    ['firstName', 'Sa\u0000ra'],
    ['lastName', 'Qahtani\uD800'],
  ] as const)('%s with %j → auth.text.invalidCharacters (the Shop API refuses it)', (field, text) => {
    const values = { ...blank, firstName: 'سارة', lastName: 'Q 😀', email: 's@e.co', password: 'abcdefg1' };
    expect(validateForm('registration', values).ok).toBe(true);
    expect(validateForm('registration', { ...values, [field]: text })).toEqual({
      ok: false,
      errors: { [field]: 'auth.text.invalidCharacters' },
    });
  });

  it('e-mail: 254 characters pass, 255 are refused (the Shop API’s limit)', () => {
    const at = (n: number) => `${'a'.repeat(n - '@example.com'.length)}@example.com`;
    expect(validateForm('email', { ...blank, email: at(254) }).ok).toBe(true);
    expect(validateForm('email', { ...blank, email: at(255) })).toEqual({ ok: false, errors: { email: 'auth.email.invalid' } });
  });
});

describe('code schema', () => {
  it.each([
    ['123456', '123456'],
    [' 123 456 ', '123456'],
    ['123-456', '123456'],
    ['١٢٣٤٥٦', '123456'],
    ['۱۲۳۴۵۶', '123456'],
  ])('%j is read as %s', (code, expected) => {
    expect(validateForm('code', { ...blank, code })).toEqual({ ok: true, value: { code: expected } });
  });

  it.each([
    ['', 'auth.code.required'],
    ['12345', 'auth.code.invalid'],
    ['1234567', 'auth.code.invalid'],
    ['12a456', 'auth.code.invalid'],
  ])('%j is refused with %s', (code, message) => {
    expect(validateForm('code', { ...blank, code })).toEqual({ ok: false, errors: { code: message } });
  });

  it('maps every Arabic-Indic and Persian digit', () => {
    expect(normalizeDigits('٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹ x')).toBe('0123456789 0123456789 x');
  });
});

describe('e-mail and new-password schemas', () => {
  it('check only their own field', () => {
    expect(validateForm('email', { ...blank, email: ' s@e.co ' })).toEqual({ ok: true, value: { email: 's@e.co' } });
    expect(validateForm('email', blank)).toEqual({ ok: false, errors: { email: 'auth.email.required' } });
    expect(validateForm('newPassword', { ...blank, password: 'abcdefgh' })).toEqual({
      ok: false,
      errors: { password: 'auth.password.needsDigit' },
    });
    expect(validateForm('newPassword', { ...blank, password: 'abcdefg1' })).toEqual({ ok: true, value: { password: 'abcdefg1' } });
  });
});
