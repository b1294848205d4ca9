// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';

async function load(env: Record<string, string | undefined>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value as string);
  return import('../../../../src/lib/config.server');
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('Secure cookies (decision 013)', () => {
  it('are off for a plain-http shop and on for requests that came over https', async () => {
    const { config, secureCookiesFor } = await load({ SECURE_COOKIES: '', PUBLIC_URL: '' });
    expect(config.secureCookies).toBe(false);
    expect(secureCookiesFor(new URL('http://127.0.0.1:8080/en'))).toBe(false);
    expect(secureCookiesFor(new URL('https://shop.example.sa/en'))).toBe(true);
  });

  it('are on for every request when PUBLIC_URL is https', async () => {
    const { config, secureCookiesFor } = await load({ SECURE_COOKIES: '', PUBLIC_URL: 'https://shop.example.sa' });
    expect(config.secureCookies).toBe(true);
    expect(secureCookiesFor(new URL('http://127.0.0.1:8080/'))).toBe(true);
  });

  it('follow SECURE_COOKIES when it is set', async () => {
    expect((await load({ SECURE_COOKIES: 'true', PUBLIC_URL: '' })).config.secureCookies).toBe(true);
    expect((await load({ SECURE_COOKIES: 'false', PUBLIC_URL: 'https://shop.example.sa' })).config.secureCookies).toBe(false);
  });
});
