import * as v from 'valibot';
import { allowedCharacters } from './text-rules';

// Messages are IDs; the view translates them (src/app/form-messages.ts) so machines stay
// free of i18n runtime code.
export type ContactMessageId =
  | 'contact.name.required'
  | 'contact.name.tooLong'
  | 'contact.email.required'
  | 'contact.email.invalid'
  | 'contact.phone.invalid'
  | 'contact.subject.tooLong'
  | 'contact.message.tooShort'
  | 'contact.message.tooLong'
  | 'contact.text.invalidCharacters';

/** The content plugin's own rules (CONTACT_US_LIMITS of server/src/plugins/content/services/contact-us-input.ts). */
export const CONTACT_LIMITS = {
  nameMax: 80,
  emailMax: 254,
  subjectMax: 150,
  messageMin: 10,
  messageMax: 2000,
} as const;

const id = (m: ContactMessageId) => m;
const invalidText = allowedCharacters(id('contact.text.invalidCharacters'));

export const contactSchema = v.object({
  name: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(id('contact.name.required')),
    v.maxLength(CONTACT_LIMITS.nameMax, id('contact.name.tooLong')),
    invalidText,
  ),
  emailAddress: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(id('contact.email.required')),
    v.maxLength(CONTACT_LIMITS.emailMax, id('contact.email.invalid')),
    v.email(id('contact.email.invalid')),
  ),
  // Optional; when given, the phone input has already judged it against the country metadata
  // (libphonenumber-js is lazy-loaded by the view), so the schema only checks that verdict.
  phone: v.pipe(
    v.object({ value: v.pipe(v.string(), v.trim()), valid: v.boolean() }),
    v.check((p) => p.value === '' || p.valid, id('contact.phone.invalid')),
    v.transform((p) => p.value),
  ),
  subject: v.pipe(v.string(), v.trim(), v.maxLength(CONTACT_LIMITS.subjectMax, id('contact.subject.tooLong')), invalidText),
  message: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(CONTACT_LIMITS.messageMin, id('contact.message.tooShort')),
    v.maxLength(CONTACT_LIMITS.messageMax, id('contact.message.tooLong')),
    invalidText,
  ),
});

export type ContactFormInput = v.InferInput<typeof contactSchema>;
export type ContactFormOutput = v.InferOutput<typeof contactSchema>;
export type ContactField = keyof ContactFormInput;
export type ContactErrors = Partial<Record<ContactField, ContactMessageId>>;

export function validateContact(input: ContactFormInput): { ok: true; value: ContactFormOutput } | { ok: false; errors: ContactErrors } {
  const result = v.safeParse(contactSchema, input);
  if (result.success) return { ok: true, value: result.output };
  const errors: ContactErrors = {};
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key as ContactField | undefined;
    if (key && !errors[key]) errors[key] = issue.message as ContactMessageId;
  }
  return { ok: false, errors };
}
