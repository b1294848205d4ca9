import { describe, expect, it } from 'vitest';
import { rememberResendAt, resendSecondsLeft } from '../../../../src/lib/resend-clock';

/** A Storage of our own: the tests do not depend on the environment having sessionStorage. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, String(v)),
  };
}

describe('resend clock', () => {
  const t0 = 1_800_000_000_000;

  it('carries a cooldown over a reload: what is left, rounded up to the second', () => {
    const storage = memoryStorage();
    rememberResendAt('Shopper@Example.com', 60, t0, storage);
    expect(resendSecondsLeft('shopper@example.com', t0, storage)).toBe(60);
    expect(resendSecondsLeft('shopper@example.com', t0 + 15_400, storage)).toBe(45);
    expect(resendSecondsLeft(' SHOPPER@example.com ', t0 + 59_001, storage)).toBe(1);
  });

  it('is over once the time has passed', () => {
    const storage = memoryStorage();
    rememberResendAt('a@example.com', 60, t0, storage);
    expect(resendSecondsLeft('a@example.com', t0 + 60_000, storage)).toBe(0);
    expect(resendSecondsLeft('a@example.com', t0 + 3_600_000, storage)).toBe(0);
  });

  it('belongs to one address: another account starts without a wait', () => {
    const storage = memoryStorage();
    rememberResendAt('a@example.com', 60, t0, storage);
    expect(resendSecondsLeft('b@example.com', t0 + 1000, storage)).toBe(0);
  });

  it('a new code replaces the previous wait', () => {
    const storage = memoryStorage();
    rememberResendAt('a@example.com', 60, t0, storage);
    rememberResendAt('a@example.com', 120, t0 + 70_000, storage);
    expect(resendSecondsLeft('a@example.com', t0 + 70_000, storage)).toBe(120);
  });

  it('no storage (server render, blocked storage) or a damaged entry: no wait, no error', () => {
    expect(resendSecondsLeft('a@example.com', t0, null)).toBe(0);
    expect(() => rememberResendAt('a@example.com', 60, t0, null)).not.toThrow();
    const storage = memoryStorage();
    storage.setItem('auth.resendAt', '{not json');
    expect(resendSecondsLeft('a@example.com', t0, storage)).toBe(0);
    const blocked = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    } as Storage;
    expect(() => rememberResendAt('a@example.com', 60, t0, blocked)).not.toThrow();
  });
});
