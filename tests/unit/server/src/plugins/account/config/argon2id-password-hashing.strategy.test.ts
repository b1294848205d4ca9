// @vitest-environment node
import { BcryptPasswordHashingStrategy } from '@vendure/core';
import { describe, expect, it } from 'vitest';

import {
  Argon2idPasswordHashingStrategy,
  CURRENT_HASH_PREFIX,
} from '../../../../../../../server/src/plugins/account/config/argon2id-password-hashing.strategy';

describe('Argon2idPasswordHashingStrategy (decision 023)', () => {
  const strategy = new Argon2idPasswordHashingStrategy();

  it('hashes with Argon2id at m=19 MiB, t=2, p=1 and a fresh salt per hash', async () => {
    const a = await strategy.hash('secret123');
    const b = await strategy.hash('secret123');
    expect(a.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(CURRENT_HASH_PREFIX).toBe('$argon2id$v=19$m=19456,t=2,p=1$');
    expect(a).not.toBe(b);
    expect(a).not.toContain('secret123');
  });

  it('checks the right password, refuses a wrong one and a malformed or empty hash', async () => {
    const stored = await strategy.hash('secret123');
    expect(await strategy.check('secret123', stored)).toBe(true);
    expect(await strategy.check('secret124', stored)).toBe(false);
    expect(await strategy.check('secret123', '$argon2id$v=19$m=19456,t=2,p=1$broken')).toBe(false);
    expect(await strategy.check('secret123', '')).toBe(false);
    expect(await strategy.check('secret123', 'secret123')).toBe(false);
  });

  it("still verifies a bcrypt hash made by Vendure's default strategy, and says it needs replacing", async () => {
    const legacy = await new BcryptPasswordHashingStrategy().hash('secret123');
    expect(legacy.startsWith('$2')).toBe(true);
    expect(await strategy.check('secret123', legacy)).toBe(true);
    expect(await strategy.check('wrong-one', legacy)).toBe(false);
    expect(strategy.needsRehash(legacy)).toBe(true);
    expect(strategy.needsRehash(await strategy.hash('x'))).toBe(false);
    expect(strategy.needsRehash('$argon2id$v=19$m=4096,t=3,p=1$c2FsdHNhbHQ$aGFzaA')).toBe(true);
    expect(strategy.needsRehash(undefined)).toBe(false);
  });
});
