/** The limits of the auth forms, shared by the schema (auth.schema.ts) and the views' hints and messages. */
export const AUTH_LIMITS = {
  emailMax: 254,
  /** Vendure's native strategy stores a bcrypt hash; nothing longer is a real password. */
  passwordMax: 200,
  /** The backend's policy for a new password (StorePasswordValidationStrategy): 8 to 128 characters. */
  newPasswordMin: 8,
  newPasswordMax: 128,
  nameMax: 100,
  /** The account plugin's codes are 6 digits. */
  codeLength: 6,
} as const;
