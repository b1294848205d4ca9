import { ContactUsField, ContactUsInputError } from './contact-us.errors';

export interface ContactUsInput {
  name: string;
  emailAddress: string;
  phoneNumber?: string | null;
  subject?: string | null;
  message: string;
}

export interface CleanContactUsInput {
  name: string;
  emailAddress: string;
  phoneNumber: string | null;
  subject: string | null;
  message: string;
}

export const CONTACT_US_LIMITS = {
  name: { min: 2, max: 80 },
  subject: { max: 150 },
  message: { min: 10, max: 2000 },
  email: { max: 254 },
};

// C0/C1 controls and the bidi embedding/override/isolate marks (used for text spoofing).
// LRM/RLM stay: Arabic text legitimately uses them.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_EXCEPT_NEWLINE_TAB = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;

function singleLine(value: string | null | undefined): string {
  return (value ?? '').replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
}

function multiLine(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL_EXCEPT_NEWLINE_TAB, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Counts user-perceived characters closely enough (code points, not UTF-16 units). */
function length(value: string): number {
  return [...value].length;
}

/** Arabic-Indic and Persian digits are what an Arabic keyboard types. */
function latinDigits(value: string): string {
  return value
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
}

/** E.164-ish: optional + (or 00), 7 to 15 digits; spaces, dashes, dots and brackets ignored. */
export function normalisePhone(raw: string): string | null {
  const compact = latinDigits(raw).replace(/[\s\-.()\u200E\u200F]/g, '');
  const withPlus = compact.startsWith('00') ? `+${compact.slice(2)}` : compact;
  return /^\+?[0-9]{7,15}$/.test(withPlus) && !/^\+?0+$/.test(withPlus) ? withPlus : null;
}

/** Cleans the input or returns the first field error (in form order). */
export function validateContactUsInput(input: ContactUsInput): CleanContactUsInput | ContactUsInputError {
  const error = (field: ContactUsField, messageKey: string, min?: number, max?: number) =>
    new ContactUsInputError({ field, messageKey, min, max });

  const name = singleLine(input.name);
  const { min: nameMin, max: nameMax } = CONTACT_US_LIMITS.name;
  if (length(name) < nameMin || length(name) > nameMax) {
    return error('name', 'CONTACT_US_NAME_LENGTH', nameMin, nameMax);
  }

  const emailAddress = singleLine(input.emailAddress);
  if (emailAddress.length > CONTACT_US_LIMITS.email.max || !EMAIL.test(emailAddress)) {
    return error('emailAddress', 'CONTACT_US_EMAIL_INVALID');
  }

  let phoneNumber: string | null = null;
  const rawPhone = singleLine(input.phoneNumber);
  if (rawPhone) {
    phoneNumber = normalisePhone(rawPhone);
    if (!phoneNumber) return error('phoneNumber', 'CONTACT_US_PHONE_INVALID');
  }

  const subject = singleLine(input.subject) || null;
  if (subject && length(subject) > CONTACT_US_LIMITS.subject.max) {
    return error('subject', 'CONTACT_US_SUBJECT_LENGTH', undefined, CONTACT_US_LIMITS.subject.max);
  }

  const message = multiLine(input.message ?? '');
  const { min: msgMin, max: msgMax } = CONTACT_US_LIMITS.message;
  if (length(message) < msgMin || length(message) > msgMax) {
    return error('message', 'CONTACT_US_MESSAGE_LENGTH', msgMin, msgMax);
  }

  return { name, emailAddress, phoneNumber, subject, message };
}
