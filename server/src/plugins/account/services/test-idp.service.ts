import { Injectable } from '@nestjs/common';
import { randomUUID } from 'crypto';

import { Jose, loadJose } from '../../common';

export const TEST_IDP_ISSUER_DEFAULT = 'urn:elegance:test-idp';
export const TEST_IDP_AUDIENCE_DEFAULT = 'elegance-storefront';

export interface TestIdpTokenRequest {
  email: string;
  emailVerified?: boolean;
  name?: string;
  givenName?: string;
  familyName?: string;
  sub?: string;
  audience?: string;
  /** The authorization request's nonce, returned as the `nonce` claim (OpenID Connect). */
  nonce?: string;
  expiresInSeconds?: number;
}

/**
 * A local OpenID identity provider for development and tests: it signs ID tokens (RS256)
 * with a key pair created at boot and publishes the public half as a JWKS. The social login
 * strategy verifies its tokens exactly like Google's or Apple's (remote JWKS, iss, aud, exp).
 * Each process has its own key unless TEST_IDP_PRIVATE_JWK (a private RSA JWK, JSON) is set,
 * which several instances need to accept each other's test tokens.
 */
@Injectable()
export class TestIdpService {
  readonly issuer = process.env.TEST_IDP_ISSUER || TEST_IDP_ISSUER_DEFAULT;
  readonly audience = process.env.TEST_IDP_CLIENT_ID || TEST_IDP_AUDIENCE_DEFAULT;
  private keys?: Promise<{ privateKey: Jose.CryptoKey | Jose.KeyObject | Uint8Array; publicJwk: Jose.JWK }>;

  private loadKeys() {
    this.keys ??= (async () => {
      const jose = await loadJose();
      const configured = process.env.TEST_IDP_PRIVATE_JWK;
      if (configured) {
        const jwk = JSON.parse(configured) as Jose.JWK;
        const privateKey = await jose.importJWK(jwk, 'RS256');
        const { d, p, q, dp, dq, qi, ...publicJwk } = jwk;
        return { privateKey, publicJwk: { ...publicJwk, kid: jwk.kid ?? 'test-idp-1', alg: 'RS256', use: 'sig' } };
      }
      const { privateKey, publicKey } = await jose.generateKeyPair('RS256', { extractable: true });
      const publicJwk = await jose.exportJWK(publicKey);
      return { privateKey, publicJwk: { ...publicJwk, kid: randomUUID(), alg: 'RS256', use: 'sig' } };
    })();
    return this.keys;
  }

  async jwks(): Promise<{ keys: Jose.JWK[] }> {
    const { publicJwk } = await this.loadKeys();
    return { keys: [publicJwk] };
  }

  async issueIdToken(req: TestIdpTokenRequest): Promise<string> {
    const jose = await loadJose();
    const { privateKey, publicJwk } = await this.loadKeys();
    const email = req.email.trim().toLowerCase();
    return new jose.SignJWT({
      email,
      email_verified: req.emailVerified ?? true,
      name: req.name,
      given_name: req.givenName,
      family_name: req.familyName,
      ...(req.nonce ? { nonce: req.nonce } : {}),
    })
      .setProtectedHeader({ alg: 'RS256', kid: publicJwk.kid, typ: 'JWT' })
      .setIssuer(this.issuer)
      .setAudience(req.audience ?? this.audience)
      .setSubject(req.sub ?? `test|${email}`)
      .setIssuedAt()
      .setExpirationTime(`${req.expiresInSeconds ?? 600}s`)
      .sign(privateKey);
  }
}
