import * as v from 'valibot';
import { allowedCharacters } from './text-rules';
import { AUTH_LIMITS } from './limits';

// Message ids; the view translates them (src/components/auth/auth-messages.ts), so machines stay
// free of i18n runtime code.
export type AuthMessageId =
  | 'auth.email.required'
  | 'auth.email.invalid'
  | 'auth.password.required'
  | 'auth.password.tooLong'
  | 'auth.password.tooShort'
  | 'auth.password.needsLetter'
  | 'auth.password.needsDigit'
  | 'auth.firstName.required'
  | 'auth.firstName.tooLong'
  | 'auth.lastName.required'
  | 'auth.lastName.tooLong'
  | 'auth.code.required'
  | 'auth.code.invalid'
  | 'auth.text.invalidCharacters';

export { AUTH_LIMITS };

const id = (m: AuthMessageId) => m;

const email = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(id('auth.email.required')),
  v.maxLength(AUTH_LIMITS.emailMax, id('auth.email.invalid')),
  v.email(id('auth.email.invalid')),
);

/**
 * A new password, judged exactly like the backend does: at least 8 characters counted as code
 * points, at most 128 UTF-16 units, a letter and a digit of any script (Arabic letters and
 * Arabic-Indic digits count). Not trimmed: spaces may be part of a password.
 */
const newPassword = v.pipe(
  v.string(),
  v.nonEmpty(id('auth.password.required')),
  v.check((p) => [...p].length >= AUTH_LIMITS.newPasswordMin, id('auth.password.tooShort')),
  v.maxLength(AUTH_LIMITS.newPasswordMax, id('auth.password.tooLong')),
  v.regex(/\p{L}/u, id('auth.password.needsLetter')),
  v.regex(/\p{Nd}/u, id('auth.password.needsDigit')),
);

const name = (required: AuthMessageId, tooLong: AuthMessageId) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(required),
    v.maxLength(AUTH_LIMITS.nameMax, tooLong),
    allowedCharacters(id('auth.text.invalidCharacters')),
  );

/** Arabic-Indic and Persian digits as typed on an Arabic keyboard; the backend only accepts 0-9. */
export function normalizeDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String((d.charCodeAt(0) & 0xf) % 10));
}

const code = v.pipe(
  v.string(),
  v.transform((c) => normalizeDigits(c).replace(/[\s-]/g, '')),
  v.nonEmpty(id('auth.code.required')),
  v.regex(/^\d{6}$/, id('auth.code.invalid')),
);

/**
 * Sign-in with email and password. The server judges the password itself; the client only
 * refuses what cannot be right: empty or absurdly long (older accounts may predate the policy).
 */
export const signInSchema = v.object({
  email,
  password: v.pipe(v.string(), v.nonEmpty(id('auth.password.required')), v.maxLength(AUTH_LIMITS.passwordMax, id('auth.password.tooLong'))),
});

export const registrationSchema = v.object({
  firstName: name('auth.firstName.required', 'auth.firstName.tooLong'),
  lastName: name('auth.lastName.required', 'auth.lastName.tooLong'),
  email,
  password: newPassword,
});

export const codeSchema = v.object({ code });
export const emailSchema = v.object({ email });
export const newPasswordSchema = v.object({ password: newPassword });

/** Every field an auth form has; each form validates its own subset. */
export interface AuthValues {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  code: string;
}

export type AuthField = keyof AuthValues;
export type AuthErrors = Partial<Record<AuthField, AuthMessageId>>;

export type SignInInput = v.InferInput<typeof signInSchema>;
export type SignInOutput = v.InferOutput<typeof signInSchema>;
export type SignInField = keyof SignInInput;
export type SignInErrors = Partial<Record<SignInField, AuthMessageId>>;
export type RegistrationOutput = v.InferOutput<typeof registrationSchema>;

/** The forms of the auth machines and the schema each one is checked with. */
export const AUTH_FORMS = {
  signIn: signInSchema,
  registration: registrationSchema,
  code: codeSchema,
  email: emailSchema,
  newPassword: newPasswordSchema,
} as const;

export type AuthForm = keyof typeof AUTH_FORMS;
export type AuthFormOutput<F extends AuthForm> = v.InferOutput<(typeof AUTH_FORMS)[F]>;
export type Validation<T> = { ok: true; value: T } | { ok: false; errors: AuthErrors };

/** Checks one form's fields of `values`; the first message per field is kept. */
export function validateForm<F extends AuthForm>(form: F, values: AuthValues): Validation<AuthFormOutput<F>> {
  const result = v.safeParse(AUTH_FORMS[form], values);
  if (result.success) return { ok: true, value: result.output as AuthFormOutput<F> };
  const errors: AuthErrors = {};
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key as AuthField | undefined;
    if (key && !errors[key]) errors[key] = issue.message as AuthMessageId;
  }
  return { ok: false, errors };
}

export function validateSignIn(input: SignInInput): { ok: true; value: SignInOutput } | { ok: false; errors: SignInErrors } {
  return validateForm('signIn', { firstName: '', lastName: '', code: '', ...input }) as Validation<SignInOutput>;
}
