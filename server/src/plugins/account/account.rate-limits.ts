import type { CoreOperationLimit, RateLimitRule } from '../common';

const min = 60;

/**
 * Limits of mutations that return RateLimitError (checked in the resolvers). `perEmail` is per
 * account across all addresses (docs/decisions/014-rate-limits.md); unknown addresses are
 * counted the same way, so the answer never tells whether an account exists.
 */
export const accountRateLimits = {
  verifyAccount: { perIp: { limit: 30, windowSeconds: 15 * min }, perEmail: { limit: 10, windowSeconds: 15 * min } },
  verifyForgetpasswordCode: {
    perIp: { limit: 30, windowSeconds: 15 * min },
    perEmail: { limit: 10, windowSeconds: 15 * min },
  },
  changeUserPassword: { perIp: { limit: 20, windowSeconds: 15 * min } },
  verifyTheShippingAddress: { perCustomer: { limit: 10, windowSeconds: 15 * min } },
  uploadImage: { perIp: { limit: 60, windowSeconds: 60 * min }, perCustomer: { limit: 20, windowSeconds: 60 * min } },
} satisfies Record<string, Record<string, RateLimitRule>>;

const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : undefined);

/**
 * Mutations whose contract result is `Success!`: no room for RateLimitError, so the common
 * plugin answers HTTP 429 before they run (they must also never reveal whether an address exists).
 */
export const accountHttpLimits: Record<string, CoreOperationLimit> = {
  refreshVerify: {
    perIp: { limit: 30, windowSeconds: 60 * min },
    perIdentifier: { limit: 3, windowSeconds: 15 * min },
    identifier: (a) => lower(a.emailAddress),
    notify: 'verification-code',
  },
  requestPasswordResetCode: {
    perIp: { limit: 30, windowSeconds: 60 * min },
    perIdentifier: { limit: 3, windowSeconds: 15 * min },
    identifier: (a) => lower(a.emailAddress),
    notify: 'password-reset',
  },
  assignVerificationToTheShippingAddress: {
    perIp: { limit: 30, windowSeconds: 60 * min },
    perIdentifier: { limit: 3, windowSeconds: 15 * min },
    identifier: (a) => (a.addressId != null ? String(a.addressId) : undefined),
  },
};
