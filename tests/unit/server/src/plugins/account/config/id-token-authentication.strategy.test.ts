// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { idTokenProvidersFromEnv } from '../../../../../../../server/src/plugins/account/config/id-token-authentication.strategy';

const opts = { testIdpEnabled: false, selfBaseUrl: 'http://127.0.0.1:3000' };

describe('idTokenProvidersFromEnv', () => {
  it('Google and Apple verify against their own issuers and keys by default', () => {
    const providers = idTokenProvidersFromEnv({ GOOGLE_CLIENT_ID: 'a, b', APPLE_CLIENT_ID: 'com.example.web' }, opts);
    expect(providers).toEqual([
      {
        name: 'google',
        issuer: ['https://accounts.google.com', 'accounts.google.com'],
        audience: ['a', 'b'],
        jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
      },
      { name: 'apple', issuer: 'https://appleid.apple.com', audience: ['com.example.web'], jwksUrl: 'https://appleid.apple.com/auth/keys' },
    ]);
  });

  it('GOOGLE_ISSUER / GOOGLE_JWKS_URL (and Apple’s) point a provider elsewhere, e.g. at the local test provider', () => {
    const [google, apple] = idTokenProvidersFromEnv(
      {
        GOOGLE_CLIENT_ID: 'e2e-google-client',
        GOOGLE_ISSUER: 'urn:elegance:test-idp',
        GOOGLE_JWKS_URL: 'http://127.0.0.1:3900/test-idp/.well-known/jwks.json',
        APPLE_CLIENT_ID: 'x',
        APPLE_ISSUER: 'https://idp.example',
        APPLE_JWKS_URL: 'https://idp.example/keys',
      },
      opts,
    );
    expect(google).toMatchObject({ issuer: 'urn:elegance:test-idp', jwksUrl: 'http://127.0.0.1:3900/test-idp/.well-known/jwks.json' });
    expect(apple).toMatchObject({ issuer: 'https://idp.example', jwksUrl: 'https://idp.example/keys' });
  });

  it('no client ID, no provider; the test provider only when enabled', () => {
    expect(idTokenProvidersFromEnv({ GOOGLE_ISSUER: 'urn:x' }, opts)).toEqual([]);
    expect(idTokenProvidersFromEnv({}, { ...opts, testIdpEnabled: true }).map((p) => p.name)).toEqual(['test']);
  });
});
