import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AddressMessageId } from '../../../machines/schemas/address.schema';
// The limits without their schemas: valibot is not part of the first paint (decision 009).
import { ADDRESS_LIMITS, PASSWORD_POLICY, PROFILE_LIMITS } from '../../../machines/schemas/limits';
import type { PasswordMessageId } from '../../../machines/schemas/password.schema';
import type { AvatarMessageId, ProfileMessageId } from '../../../machines/schemas/profile.schema';

const { minLength, maxLength } = PASSWORD_POLICY;
const { nameMax } = PROFILE_LIMITS;
const { streetMax, instructionsMax } = ADDRESS_LIMITS;

/** The schemas report message ids; these are their translations. */
export const PASSWORD_MESSAGES: Record<PasswordMessageId, MessageDescriptor> = {
  'password.current.required': msg`Please enter your current password.`,
  'password.current.wrong': msg`Your current password is not correct.`,
  'password.new.tooShort': msg`Choose a password of at least ${minLength} characters.`,
  'password.new.tooLong': msg`A password has at most ${maxLength} characters.`,
  'password.new.needsLetter': msg`Your password needs at least one letter.`,
  'password.new.needsDigit': msg`Your password needs at least one digit.`,
  'password.new.sameAsCurrent': msg`Choose a password different from your current one.`,
  'password.confirm.mismatch': msg`The two passwords do not match.`,
};

export const PROFILE_MESSAGES: Record<ProfileMessageId, MessageDescriptor> = {
  'profile.firstName.required': msg`Please enter your first name.`,
  'profile.firstName.tooLong': msg`A first name has at most ${nameMax} characters.`,
  'profile.lastName.required': msg`Please enter your last name.`,
  'profile.lastName.tooLong': msg`A last name has at most ${nameMax} characters.`,
  'profile.phone.invalid': msg`Please enter a valid mobile number.`,
  'profile.email.required': msg`Please enter your new email address.`,
  'profile.email.invalid': msg`Please enter a valid email address, for example name@example.com.`,
  'profile.email.unchanged': msg`This is already your email address.`,
  'profile.email.taken': msg`Another account uses this email address.`,
  'profile.password.required': msg`Please enter your password.`,
  'profile.password.wrong': msg`The password is not correct.`,
  'profile.text.invalidCharacters': msg`This text contains hidden or broken characters (often from pasted text). Please retype it.`,
};

export const AVATAR_MESSAGES: Record<AvatarMessageId, MessageDescriptor> = {
  'avatar.type.unsupported': msg`Choose a JPEG, PNG or WebP image.`,
  'avatar.size.tooLarge': msg`The image is larger than 2 MB. Choose a smaller one.`,
  'avatar.size.empty': msg`The file is empty. Choose another image.`,
  'avatar.image.unreadable': msg`The image could not be read. It may be damaged; choose another image.`,
  'avatar.upload.rateLimited': msg`You have uploaded several images in a short time. Please try again later.`,
  'avatar.upload.failed': msg`The image could not be uploaded. Check your connection and try again.`,
};

export const ADDRESS_MESSAGES: Record<AddressMessageId, MessageDescriptor> = {
  'address.firstName.required': msg`Please enter the first name.`,
  'address.name.tooLong': msg`A name has at most ${nameMax} characters.`,
  'address.street.required': msg`Please enter the street and building.`,
  'address.street.tooLong': msg`This line has at most ${streetMax} characters.`,
  'address.city.required': msg`Please choose a city.`,
  'address.postalCode.invalid': msg`Please enter a valid postal code (5 digits in Saudi Arabia).`,
  'address.phone.required': msg`Please enter a mobile number.`,
  'address.phone.invalid': msg`Please enter a valid mobile number.`,
  'address.receiverPhone.required': msg`A gift needs the receiver's mobile number.`,
  'address.receiverPhone.invalid': msg`Please enter a valid mobile number for the receiver.`,
  'address.instructions.tooLong': msg`Instructions have at most ${instructionsMax} characters.`,
  'address.text.invalidCharacters': msg`This text contains hidden or broken characters (often from pasted text). Please retype it.`,
};

/**
 * A failure id the account machines store when the store answered 502/503/504
 * (machines/lib/network-failure.ts): its fault, not the shopper's connection.
 */
export const STORE_UNAVAILABLE = 'store.unavailable' as const;

/** The store-unavailable text: the cart's and checkout's source text, so it shares their translation. */
export const STORE_UNAVAILABLE_MESSAGE: MessageDescriptor = msg`The store is briefly unavailable. Try again in a moment; nothing you entered is lost.`;

/** The text of an account failure: the store-unavailable text for that id, else the flow's own. */
export function accountFailureMessage(failure: string, own: MessageDescriptor): MessageDescriptor {
  return failure === STORE_UNAVAILABLE ? STORE_UNAVAILABLE_MESSAGE : own;
}
