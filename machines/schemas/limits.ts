// The limits of the customer's forms, shared by their schemas and the views' hints and messages.
// In a module without valibot: the views show them at first paint (decision 009), the schemas (and
// valibot) come with the machines after hydration. Each schema re-exports its own.

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

/**
 * Core columns are varchar(255); instructions is a text custom field, bounded by the store. Each
 * stays within the Shop API's input boundary (CreateAddressInput: fullName = first + space + last
 * ≤ 201, streets ≤ 300, custom fields ≤ 1000), which tests/unit/machines/schemas/text-rules.test.ts
 * holds it to.
 */
export const ADDRESS_LIMITS = { nameMax: 100, streetMax: 255, instructionsMax: 500 } as const;

/** server/src/plugins/account/config/store-password-validation.strategy.ts */
export const PASSWORD_POLICY = { minLength: 8, maxLength: 128 } as const;

/**
 * Vendure stores names and e-mail in varchar(255) columns; 100 is the store's own bound for names.
 * `currentPasswordMax`: the Shop API's bound for a typed existing password; longer cannot be right.
 */
export const PROFILE_LIMITS = { nameMax: 100, emailMax: 254, currentPasswordMax: 256 } as const;
