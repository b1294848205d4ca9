import * as libphonenumber from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import {
  acceptPhoneText,
  countDigits,
  EMPTY_TYPE_AHEAD,
  findCountry,
  flagOf,
  judgePhone,
  nationalDigits,
  sanitizePhoneText,
  toAsciiDigits,
  typeAhead,
  type CountryOption,
  type PhoneLib,
} from '../../../../../src/components/phone-input/phone-rules';

const lib: PhoneLib = {
  parsePhoneNumberFromString: (text, country) => libphonenumber.parsePhoneNumberFromString(text, country as libphonenumber.CountryCode),
  getCountries: () => libphonenumber.getCountries(),
  getCountryCallingCode: (c) => libphonenumber.getCountryCallingCode(c as libphonenumber.CountryCode),
};

describe('phone text', () => {
  it('keeps only digits, spaces, +, - and brackets when restricted', () => {
    expect(sanitizePhoneText('+966 (50) 123-45ab67#*')).toBe('+966 (50) 123-4567');
  });

  it('keeps any character when not restricted', () => {
    expect(sanitizePhoneText('050 ext. 12', { restricted: false })).toBe('050 ext. 12');
  });

  it('turns Arabic-Indic and Persian digits into ASCII digits', () => {
    expect(toAsciiDigits('٠٥٠١٢٣۴۵۶')).toBe('050123456');
    expect(sanitizePhoneText('٠٥٠ ١٢٣ ٤٥٦٧')).toBe('050 123 4567');
  });

  it('applies the default text limit of 25', () => {
    expect(sanitizePhoneText('1'.repeat(40))).toHaveLength(25);
  });

  it('never keeps more than 250 characters, whatever the limit', () => {
    expect(sanitizePhoneText('x'.repeat(300), { restricted: false, limit: 1000 })).toHaveLength(250);
    expect(sanitizePhoneText('1'.repeat(300), { limit: 400 })).toHaveLength(250);
  });

  it('cuts at 250 before filtering, as the spec orders', () => {
    const text = 'a'.repeat(249) + '123';
    expect(sanitizePhoneText(text, { limit: 250 })).toBe('1');
  });

  it('counts digits', () => {
    expect(countDigits('+966 (50)')).toBe(5);
  });
});

describe('national number length', () => {
  it('strips the international prefix and the selected calling code', () => {
    expect(nationalDigits('+966 50 123 4567', '966')).toBe('501234567');
    expect(nationalDigits('00966501234567', '966')).toBe('501234567');
    expect(nationalDigits('0501234567', '966')).toBe('501234567');
  });

  it('rejects a change that makes the national number longer than 17 digits', () => {
    const seventeen = '1'.repeat(17);
    expect(acceptPhoneText('', seventeen, '966', { limit: 250 })).toBe(seventeen);
    expect(acceptPhoneText(seventeen, seventeen + '1', '966', { limit: 250 })).toBe(seventeen);
    expect(acceptPhoneText('', `+966${seventeen}`, '966', { limit: 250 })).toBe(`+966${seventeen}`);
  });
});

describe('judgePhone', () => {
  it('is empty without digits and too short with one digit', () => {
    expect(judgePhone('', 'SA', lib)).toMatchObject({ status: 'empty', valid: false });
    expect(judgePhone('5', 'SA', lib)).toMatchObject({ status: 'tooShort', valid: false });
  });

  it('is pending until the library is loaded', () => {
    expect(judgePhone('0501234567', 'SA', null)).toMatchObject({ status: 'pending', valid: false });
  });

  it('accepts a valid Saudi mobile number in national and international form', () => {
    expect(judgePhone('050 123 4567', 'SA', lib)).toEqual({ status: 'valid', valid: true, e164: '+966501234567', country: 'SA' });
    expect(judgePhone('+966501234567', 'US', lib)).toMatchObject({ valid: true, country: 'SA' });
  });

  it('rejects numbers that break the country metadata', () => {
    expect(judgePhone('050 123', 'SA', lib)).toMatchObject({ status: 'invalid', valid: false });
    expect(judgePhone('0901234567', 'SA', lib)).toMatchObject({ valid: false });
  });

  it('uses the selected country for national numbers', () => {
    expect(judgePhone('050 123 4567', 'AE', lib)).toMatchObject({ valid: true, e164: '+971501234567' });
  });
});

describe('type-to-find', () => {
  const options: CountryOption[] = [
    { code: 'SA', name: 'Saudi Arabia', callingCode: '966' },
    { code: 'BH', name: 'Bahrain', callingCode: '973' },
    { code: 'EG', name: 'Egypt', callingCode: '20' },
    { code: 'SE', name: 'Sweden', callingCode: '46' },
    { code: 'SG', name: 'Singapore', callingCode: '65' },
    { code: 'AE', name: 'الإمارات', callingCode: '971' },
  ];

  it('collects letters typed within 700 ms and starts over after', () => {
    let state = typeAhead(EMPTY_TYPE_AHEAD, 's', 1000);
    state = typeAhead(state, 'w', 1500);
    expect(state.buffer).toBe('sw');
    state = typeAhead(state, 'e', 2200); // exactly 700 ms later: still the same word
    expect(state.buffer).toBe('swe');
    state = typeAhead(state, 'e', 2901); // 701 ms later: a new search
    expect(state.buffer).toBe('e');
  });

  it('finds the first name starting with the typed text', () => {
    expect(findCountry(options, 'sw', 0)).toBe(3);
    expect(findCountry(options, 'egy', 0)).toBe(2);
    expect(findCountry(options, 'x', 0)).toBe(-1);
  });

  it('cycles through names with the same initial when one letter repeats', () => {
    expect(findCountry(options, 's', 0)).toBe(3);
    expect(findCountry(options, 'ss', 3)).toBe(4);
    expect(findCountry(options, 'sss', 4)).toBe(0);
  });

  it('matches Arabic names however the hamza is typed', () => {
    expect(findCountry(options, 'الاما', 0)).toBe(5);
  });

  it('draws flags from the country code', () => {
    expect(flagOf('SA')).toBe('🇸🇦');
  });
});
