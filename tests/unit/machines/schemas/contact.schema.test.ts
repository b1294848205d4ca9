import { describe, expect, it } from 'vitest';
import { validateContact, type ContactFormInput } from '../../../../machines/schemas/contact.schema';

const valid = (): ContactFormInput => ({
  name: 'Sara',
  emailAddress: 'sara@example.com',
  phone: { value: '', valid: false },
  subject: 'Order',
  message: 'Where is my order?',
});
const errorsOf = (patch: Partial<ContactFormInput>) => {
  const r = validateContact({ ...valid(), ...patch });
  return r.ok ? {} : r.errors;
};

// The content plugin's rules (name ≤ 80, subject ≤ 150, message 10–2000, e-mail ≤ 254).
describe('contact schema: lengths', () => {
  it.each([
    ['name', 80, 'contact.name.tooLong'],
    ['subject', 150, 'contact.subject.tooLong'],
    ['message', 2000, 'contact.message.tooLong'],
  ] as const)('%s: %i characters pass, one more is refused with %s', (field, limit, message) => {
    expect(errorsOf({ [field]: 'ع'.repeat(limit) })).toEqual({});
    expect(errorsOf({ [field]: 'ع'.repeat(limit + 1) })).toEqual({ [field]: message });
  });

  it('e-mail: 254 characters pass, 255 are refused', () => {
    const at = (n: number) => `${'a'.repeat(n - '@example.com'.length)}@example.com`;
    expect(errorsOf({ emailAddress: at(254) })).toEqual({});
    expect(errorsOf({ emailAddress: at(255) })).toEqual({ emailAddress: 'contact.email.invalid' });
  });
});

describe('contact schema: characters the Shop API refuses', () => {
  it.each([
    ['name', 'Sa\u0000ra'],
    ['subject', 'Order \uD83D'],
    ['message', 'Where is my\u0000 order?'],
  ] as const)('%s with %j → contact.text.invalidCharacters', (field, text) => {
    expect(errorsOf({ [field]: text })).toEqual({ [field]: 'contact.text.invalidCharacters' });
  });

  it('accepts Arabic, emoji and line breaks', () => {
    expect(errorsOf({ name: 'سارة', message: 'أين طلبي؟ 📦\nشكرًا' })).toEqual({});
  });
});
