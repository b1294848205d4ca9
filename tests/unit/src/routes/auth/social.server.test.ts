import { afterEach, describe, expect, it, vi } from 'vitest';

// A fresh module per test: the answer is remembered per process.
async function load() {
  vi.resetModules();
  return import('../../../../../src/routes/auth/social.server');
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('testIdentityProviderAvailable', () => {
  it('asks the backend discovery document once and remembers a yes', async () => {
    const { testIdentityProviderAvailable } = await load();
    const fetch = vi.fn(async () => new Response('{}', { status: 200 }));
    expect(await testIdentityProviderAvailable(fetch)).toBe(true);
    expect(await testIdentityProviderAvailable(fetch)).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toMatch(/\/test-idp\/\.well-known\/openid-configuration$/);
  });

  it('a 404 (production backend) means no providers; a network failure is asked again after 30 s', async () => {
    const missing = await load();
    expect(await missing.testIdentityProviderAvailable(async () => new Response('', { status: 404 }))).toBe(false);

    vi.useFakeTimers();
    const { testIdentityProviderAvailable } = await load();
    const fetch = vi.fn(async (): Promise<Response> => {
      throw new TypeError('fetch failed');
    });
    expect(await testIdentityProviderAvailable(fetch)).toBe(false);
    expect(await testIdentityProviderAvailable(fetch)).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(30_001);
    expect(await testIdentityProviderAvailable(fetch)).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe('socialProviders', () => {
  it('offers a configured provider without asking the backend, the other one only when the local provider plays it', async () => {
    const { socialProviders } = await load();
    vi.stubGlobal('fetch', async () => new Response('', { status: 404 }));
    expect(await socialProviders({ GOOGLE_CLIENT_ID: 'cid' })).toEqual(['google']);
    expect(await socialProviders({})).toEqual([]);
    const withIdp = await load();
    vi.stubGlobal('fetch', async () => Response.json({}));
    expect(await withIdp.socialProviders({ APPLE_CLIENT_ID: 'com.example' })).toEqual(['google', 'apple']);
    expect((await withIdp.socialProvider('apple', { APPLE_CLIENT_ID: 'com.example' }))?.backendProvider).toBe('apple');
    expect((await withIdp.socialProvider('google', { APPLE_CLIENT_ID: 'com.example' }))?.backendProvider).toBe('test');
    expect(await withIdp.socialProvider('facebook', {})).toBeNull();
  });
});

describe('issueTestIdToken', () => {
  it('returns the id_token the local provider signs for the e-mail, the client ID and the nonce', async () => {
    const { issueTestIdToken } = await load();
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
      expect(JSON.parse(String(init?.body))).toEqual({ email: 'sara@example.com', name: 'Sara', audience: 'cid', nonce: 'n1' });
      return Response.json({ id_token: 'header.payload.sig' });
    });
    vi.stubGlobal('fetch', fetch);
    expect(await issueTestIdToken({ email: 'sara@example.com', name: 'Sara', audience: 'cid', nonce: 'n1' })).toEqual({
      ok: true,
      token: 'header.payload.sig',
    });
  });

  it('a refusal or an answer without a token is a failure', async () => {
    const { issueTestIdToken } = await load();
    vi.stubGlobal('fetch', async () => new Response('', { status: 400 }));
    const req = { email: 'x@example.com', name: '', audience: 'cid', nonce: 'n' };
    expect(await issueTestIdToken(req)).toEqual({ ok: false });
    vi.stubGlobal('fetch', async () => Response.json({}));
    expect(await issueTestIdToken(req)).toEqual({ ok: false });
  });
});
