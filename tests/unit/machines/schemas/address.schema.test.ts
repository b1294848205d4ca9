import { describe, expect, it } from 'vitest';
import {
  addressInputOf,
  addressToValues,
  emptyAddressValues,
  validateAddress,
  type AddressFormValues,
} from '../../../../machines/schemas/address.schema';

const valid = (): AddressFormValues => ({
  ...emptyAddressValues(),
  firstName: 'Sara',
  lastName: 'Qahtani',
  streetLine1: 'King Fahd Road 12',
  cityCode: 'RUH',
  postalCode: '12211',
  phone: { e164: '+966501234567', country: 'SA' },
});
const errorsOf = (patch: Partial<AddressFormValues>) => {
  const r = validateAddress({ ...valid(), ...patch });
  return r.ok ? {} : r.errors;
};

// Limits of the form (the Shop API allows fullName 201 = 100 + space + 100, streets 300, custom
// fields 1000: tests/unit/machines/schemas/text-rules.test.ts).
describe('address schema: lengths', () => {
  it.each([
    ['firstName', 100, 'address.name.tooLong'],
    ['lastName', 100, 'address.name.tooLong'],
    ['streetLine1', 255, 'address.street.tooLong'],
    ['streetLine2', 255, 'address.street.tooLong'],
    ['instructions', 500, 'address.instructions.tooLong'],
  ] as const)('%s: %i characters pass, one more is refused with %s', (field, limit, message) => {
    expect(errorsOf({ [field]: 'ب'.repeat(limit) })).toEqual({});
    expect(errorsOf({ [field]: 'ب'.repeat(limit + 1) })).toEqual({ [field]: message });
  });

  it('two names at their limit make a full name the Shop API accepts (201 characters)', () => {
    const r = validateAddress({ ...valid(), firstName: 'a'.repeat(100), lastName: 'b'.repeat(100) });
    expect(r.ok).toBe(true);
  });
});

describe('address schema: characters the Shop API refuses', () => {
  it.each([
    ['firstName', 'Sa\u0000ra'],
    ['lastName', 'Qahtani\uD800'],
    ['streetLine1', 'King Fahd\u0007 Road'],
    ['streetLine2', '\uDC00Floor 2'],
    ['instructions', 'Call\u0000 on arrival'],
  ] as const)('%s with %j → address.text.invalidCharacters', (field, text) => {
    expect(errorsOf({ [field]: text })).toEqual({ [field]: 'address.text.invalidCharacters' });
  });

  it('accepts Arabic, emoji and line breaks', () => {
    expect(errorsOf({ firstName: 'سارة', streetLine1: 'طريق الملك فهد ١٢ 🏠', instructions: 'اتصل\nعند الوصول' })).toEqual({});
  });
});

// Issue 32 §3: one schema for the checkout and the profile; addresses saved before it (one full
// name, a city typed as text, no custom fields) still open and save.
describe('address schema: addresses saved before the shared form', () => {
  const legacy = (patch: Record<string, unknown> = {}) =>
    ({
      id: 'a1',
      fullName: 'Omar',
      company: null,
      streetLine1: 'Tahlia Street 4',
      streetLine2: null,
      city: 'Jeddah',
      province: null,
      postalCode: null,
      phoneNumber: '+966551234567',
      defaultShippingAddress: false,
      defaultBillingAddress: false,
      country: { id: '1', code: 'SA', name: 'Saudi Arabia' },
      cityDetails: null,
      customFields: null,
      ...patch,
    }) as unknown as Parameters<typeof addressToValues>[0];

  it('one full name opens as the first name and saves as that name', () => {
    const values = addressToValues(legacy());
    expect(values).toMatchObject({ firstName: 'Omar', lastName: '', cityCode: '', cityName: 'Jeddah' });

    const saved = addressInputOf(values, []);
    expect(saved.ok && saved.input).toMatchObject({ fullName: 'Omar', city: 'Jeddah', phoneNumber: '+966551234567' });
  });

  it('a full name of several words splits at the first space', () => {
    expect(addressToValues(legacy({ fullName: ' Omar  bin Hassan ' }))).toMatchObject({ firstName: 'Omar', lastName: 'bin Hassan' });
  });

  it('a city picked from the list replaces the typed one', () => {
    const values = { ...addressToValues(legacy()), cityCode: 'RUH' };
    const saved = addressInputOf(values, [{ code: 'RUH', name: 'Riyadh' }]);
    expect(saved.ok && saved.input).toMatchObject({ city: 'Riyadh', customFields: { cityCode: 'RUH' } });
  });

  it('a new address still needs a city from the list', () => {
    expect(errorsOf({ cityCode: '', cityName: '' })).toEqual({ cityCode: 'address.city.required' });
  });

  it('refuses the phone "123" (the checkout form used to send it)', () => {
    expect(errorsOf({ phone: { e164: '123', country: 'SA' } })).toEqual({ phone: 'address.phone.invalid' });
  });
});
