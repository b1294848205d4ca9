import * as v from 'valibot';
import { PASSWORD_POLICY } from './limits';
import { validateFields } from './field-errors';

export type PasswordMessageId =
  | 'password.current.required'
  | 'password.current.wrong'
  | 'password.new.tooShort'
  | 'password.new.tooLong'
  | 'password.new.needsLetter'
  | 'password.new.needsDigit'
  | 'password.new.sameAsCurrent'
  | 'password.confirm.mismatch';

export { PASSWORD_POLICY };

const id = (m: PasswordMessageId) => m;

/**
 * The store's policy, checked the way the server does: at least 8 code points (so an Arabic
 * letter counts once), at most 128 UTF-16 units, a letter of any script and a digit (Western or
 * Arabic-Indic). Not trimmed: spaces may be part of a password.
 */
export const newPasswordSchema = v.pipe(
  v.string(),
  v.check((p) => [...p].length >= PASSWORD_POLICY.minLength, id('password.new.tooShort')),
  v.maxLength(PASSWORD_POLICY.maxLength, id('password.new.tooLong')),
  v.regex(/\p{L}/u, id('password.new.needsLetter')),
  v.regex(/\p{Nd}/u, id('password.new.needsDigit')),
);

export const changePasswordSchema = v.pipe(
  v.object({
    currentPassword: v.pipe(
      v.string(),
      v.nonEmpty(id('password.current.required')),
      v.maxLength(PASSWORD_POLICY.maxLength * 2, id('password.current.wrong')),
    ),
    newPassword: newPasswordSchema,
    confirmPassword: v.string(),
  }),
  v.forward(
    v.partialCheck([['newPassword'], ['confirmPassword']], (p) => p.newPassword === p.confirmPassword, id('password.confirm.mismatch')),
    ['confirmPassword'],
  ),
  v.forward(
    v.partialCheck(
      [['currentPassword'], ['newPassword']],
      (p) => p.currentPassword === '' || p.currentPassword !== p.newPassword,
      id('password.new.sameAsCurrent'),
    ),
    ['newPassword'],
  ),
);

export type ChangePasswordInput = v.InferInput<typeof changePasswordSchema>;
export type ChangePasswordField = keyof ChangePasswordInput;
export type ChangePasswordErrors = Partial<Record<ChangePasswordField, PasswordMessageId>>;

export const validateChangePassword = (input: ChangePasswordInput) =>
  validateFields<typeof changePasswordSchema, PasswordMessageId>(changePasswordSchema, input);
