import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { CONTACT_LIMITS, type ContactMessageId } from '../../../machines/schemas/contact.schema';

const { nameMax, subjectMax, messageMin, messageMax } = CONTACT_LIMITS;

/** The contact schema reports message ids; these are their translations. */
export const CONTACT_MESSAGES: Record<ContactMessageId, MessageDescriptor> = {
  'contact.name.required': msg`Please enter your name.`,
  'contact.name.tooLong': msg`Please keep your name under ${nameMax} characters.`,
  'contact.email.required': msg`Please enter your email address.`,
  'contact.email.invalid': msg`Please enter a valid email address, for example name@example.com.`,
  'contact.phone.invalid': msg`This mobile number is not valid for the selected country.`,
  'contact.subject.tooLong': msg`Please keep the subject under ${subjectMax} characters.`,
  'contact.message.tooShort': msg`Please write at least ${messageMin} characters so we can help you.`,
  'contact.message.tooLong': msg`Please keep your message under ${messageMax} characters.`,
  'contact.text.invalidCharacters': msg`This text contains hidden or broken characters (often from pasted text). Please retype it.`,
};
