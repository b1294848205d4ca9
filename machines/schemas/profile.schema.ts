import * as v from 'valibot';
import { PROFILE_LIMITS } from './limits';
import { validateFields } from './field-errors';
import { optionalPhone } from './phone.schema';
import { allowedCharacters } from './text-rules';

export type ProfileMessageId =
  | 'profile.firstName.required'
  | 'profile.firstName.tooLong'
  | 'profile.lastName.required'
  | 'profile.lastName.tooLong'
  | 'profile.phone.invalid'
  | 'profile.email.required'
  | 'profile.email.invalid'
  | 'profile.email.unchanged'
  | 'profile.email.taken'
  | 'profile.password.required'
  | 'profile.password.wrong'
  | 'profile.text.invalidCharacters';

export { PROFILE_LIMITS };

const id = (m: ProfileMessageId) => m;
const invalidText = allowedCharacters(id('profile.text.invalidCharacters'));

export const profileDetailsSchema = v.object({
  firstName: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(id('profile.firstName.required')),
    v.maxLength(PROFILE_LIMITS.nameMax, id('profile.firstName.tooLong')),
    invalidText,
  ),
  lastName: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(id('profile.lastName.required')),
    v.maxLength(PROFILE_LIMITS.nameMax, id('profile.lastName.tooLong')),
    invalidText,
  ),
  phone: optionalPhone(id('profile.phone.invalid')),
});

export type ProfileDetailsInput = v.InferInput<typeof profileDetailsSchema>;
export type ProfileDetailsField = keyof ProfileDetailsInput;
export type ProfileDetailsErrors = Partial<Record<ProfileDetailsField, ProfileMessageId>>;

export const validateProfileDetails = (input: ProfileDetailsInput) =>
  validateFields<typeof profileDetailsSchema, ProfileMessageId>(profileDetailsSchema, input);

/** Changing the e-mail needs the current password (Vendure's requestUpdateCustomerEmailAddress). */
export const emailChangeSchema = (currentEmail: string) =>
  v.object({
    newEmailAddress: v.pipe(
      v.string(),
      v.trim(),
      v.nonEmpty(id('profile.email.required')),
      v.maxLength(PROFILE_LIMITS.emailMax, id('profile.email.invalid')),
      v.email(id('profile.email.invalid')),
      v.check((e) => e.toLowerCase() !== currentEmail.toLowerCase(), id('profile.email.unchanged')),
    ),
    password: v.pipe(
      v.string(),
      v.nonEmpty(id('profile.password.required')),
      v.maxLength(PROFILE_LIMITS.currentPasswordMax, id('profile.password.wrong')),
    ),
  });

export type EmailChangeInput = v.InferInput<ReturnType<typeof emailChangeSchema>>;
export type EmailChangeField = keyof EmailChangeInput;
export type EmailChangeErrors = Partial<Record<EmailChangeField, ProfileMessageId>>;

export const validateEmailChange = (input: EmailChangeInput, currentEmail: string) =>
  validateFields<ReturnType<typeof emailChangeSchema>, ProfileMessageId>(emailChangeSchema(currentEmail), input);

// ---------- avatar: checked before upload, with the limits of the backend's image-upload service ----------

export type AvatarMessageId =
  | 'avatar.type.unsupported'
  | 'avatar.size.tooLarge'
  | 'avatar.size.empty'
  | 'avatar.image.unreadable'
  | 'avatar.upload.rateLimited'
  | 'avatar.upload.failed';

/** server/src/plugins/account/constants.ts (maxUploadBytes) and image-upload.service.ts (sniffImage). */
export const AVATAR_LIMITS = {
  maxBytes: 2 * 1024 * 1024,
  types: ['image/jpeg', 'image/png', 'image/webp'] as readonly string[],
} as const;

/** The browser's declared type is only a first filter: the server sniffs the bytes again. */
export function checkAvatarFile(file: { type: string; size: number }): AvatarMessageId | null {
  if (!AVATAR_LIMITS.types.includes(file.type)) return 'avatar.type.unsupported';
  if (file.size === 0) return 'avatar.size.empty';
  if (file.size > AVATAR_LIMITS.maxBytes) return 'avatar.size.tooLarge';
  return null;
}

/**
 * UploadImageError.reason, the server's reason as a code (its `message` is already translated
 * text, so a map keyed by it never matched: every refusal read "check your connection").
 */
export const AVATAR_SERVER_REASONS: Record<string, AvatarMessageId> = {
  UPLOAD_IMAGE_TOO_LARGE: 'avatar.size.tooLarge',
  UPLOAD_IMAGE_UNSUPPORTED_TYPE: 'avatar.type.unsupported',
  UPLOAD_IMAGE_EMPTY: 'avatar.size.empty',
  UPLOAD_IMAGE_UNREADABLE: 'avatar.image.unreadable',
};
