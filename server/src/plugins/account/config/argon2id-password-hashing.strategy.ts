import { Algorithm, hash, verify } from '@node-rs/argon2';
import { BcryptPasswordHashingStrategy, PasswordHashingStrategy } from '@vendure/core';

/**
 * Argon2id at OWASP's first recommended configuration (Password Storage Cheat Sheet: m = 19 MiB,
 * t = 2, p = 1), decision 023. Memory-hard where bcrypt is not, and ~16 ms of CPU per check on
 * this project's machines against ~230 ms for Vendure's default bcrypt at 12 rounds: the sign-in
 * was most of the backend's CPU per placed order. Hashing and checking run on libuv's thread pool.
 */
export const ARGON2ID_OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The PHC prefix of a hash made with ARGON2ID_OPTIONS (what `needsRehash` compares against). */
export const CURRENT_HASH_PREFIX = `$argon2id$v=19$m=${ARGON2ID_OPTIONS.memoryCost},t=${ARGON2ID_OPTIONS.timeCost},p=${ARGON2ID_OPTIONS.parallelism}$`;

const BCRYPT_HASH = /^\$2[aby]\$\d{2}\$/;

/**
 * New passwords are hashed with Argon2id; hashes made before (Vendure's bcrypt) still verify and
 * are replaced at the next successful sign-in (RehashingNativeAuthenticationStrategy).
 */
export class Argon2idPasswordHashingStrategy implements PasswordHashingStrategy {
  private readonly legacy = new BcryptPasswordHashingStrategy();

  hash(plaintext: string): Promise<string> {
    return hash(plaintext, ARGON2ID_OPTIONS);
  }

  async check(plaintext: string, stored: string): Promise<boolean> {
    if (typeof stored !== 'string' || !stored) return false;
    if (stored.startsWith('$argon2')) {
      try {
        return await verify(stored, plaintext);
      } catch {
        return false; // a malformed hash matches nothing
      }
    }
    if (BCRYPT_HASH.test(stored)) return this.legacy.check(plaintext, stored);
    return false;
  }

  /** Whether a stored hash was made otherwise than the current configuration (bcrypt, other costs). */
  needsRehash(stored: string | undefined | null): boolean {
    return !!stored && !stored.startsWith(CURRENT_HASH_PREFIX);
  }
}
