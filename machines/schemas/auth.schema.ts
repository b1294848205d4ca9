import * as v from 'valibot';

// Message ids; the view translates them (src/components/auth/auth-messages.ts), so machines stay
// free of i18n runtime code.
export type AuthMessageId =
  | 'auth.email.required'
  | 'auth.email.invalid'
  | 'auth.password.required'
  | 'auth.password.tooLong';

export const AUTH_LIMITS = {
  emailMax: 254,
  /** Vendure's native strategy stores a bcrypt hash; nothing longer is a real password. */
  passwordMax: 200,
} as const;

const id = (m: AuthMessageId) => m;

/**
 * Sign-in with email and password. The server judges the password itself (spec §5: "checked by
 * the server"); the client only refuses what cannot be right: empty or absurdly long.
 */
export const signInSchema = v.object({
  email: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(id('auth.email.required')),
    v.maxLength(AUTH_LIMITS.emailMax, id('auth.email.invalid')),
    v.email(id('auth.email.invalid')),
  ),
  // Not trimmed: spaces may be part of a password.
  password: v.pipe(v.string(), v.nonEmpty(id('auth.password.required')), v.maxLength(AUTH_LIMITS.passwordMax, id('auth.password.tooLong'))),
});

export type SignInInput = v.InferInput<typeof signInSchema>;
export type SignInOutput = v.InferOutput<typeof signInSchema>;
export type SignInField = keyof SignInInput;
export type SignInErrors = Partial<Record<SignInField, AuthMessageId>>;

export function validateSignIn(input: SignInInput): { ok: true; value: SignInOutput } | { ok: false; errors: SignInErrors } {
  const result = v.safeParse(signInSchema, input);
  if (result.success) return { ok: true, value: result.output };
  const errors: SignInErrors = {};
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key as SignInField | undefined;
    if (key && !errors[key]) errors[key] = issue.message as AuthMessageId;
  }
  return { ok: false, errors };
}
