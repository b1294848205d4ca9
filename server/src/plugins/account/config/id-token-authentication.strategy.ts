import {
  AuthenticationStrategy,
  ConfigService,
  ExternalAuthenticationService,
  Injector,
  Logger,
  RequestContext,
  TransactionalConnection,
  User,
} from '@vendure/core';
import { DocumentNode } from 'graphql';
import gql from 'graphql-tag';

import { loggerCtx } from '../constants';
import { TEST_IDP_AUDIENCE_DEFAULT, TEST_IDP_ISSUER_DEFAULT } from '../services/test-idp.service';
import { Jose, loadJose } from '../../common';
import { translate } from './store-password-validation.strategy';

export const ID_TOKEN_STRATEGY_NAME = 'idtoken';

export interface IdTokenAuthData {
  token: string;
  provider?: string | null;
}

export interface IdTokenProvider {
  name: string;
  issuer: string | string[];
  audience: string | string[];
  jwksUrl: string;
}

/**
 * Providers from env: `test` (our /test-idp, dev/test only), `google`, `apple`. GOOGLE_ISSUER /
 * GOOGLE_JWKS_URL and APPLE_ISSUER / APPLE_JWKS_URL replace the real providers' issuer and keys
 * (default: Google's and Apple's own): a test points them at the local test identity provider to
 * drive the real providers' whole path (docs/decisions/018-social-sign-in.md).
 */
export function idTokenProvidersFromEnv(env: NodeJS.ProcessEnv, opts: { testIdpEnabled: boolean; selfBaseUrl: string }): IdTokenProvider[] {
  const providers: IdTokenProvider[] = [];
  if (opts.testIdpEnabled) {
    providers.push({
      name: 'test',
      issuer: env.TEST_IDP_ISSUER || TEST_IDP_ISSUER_DEFAULT,
      audience: env.TEST_IDP_CLIENT_ID || TEST_IDP_AUDIENCE_DEFAULT,
      jwksUrl: env.TEST_IDP_JWKS_URL || `${opts.selfBaseUrl}/test-idp/.well-known/jwks.json`,
    });
  }
  if (env.GOOGLE_CLIENT_ID) {
    providers.push({
      name: 'google',
      issuer: env.GOOGLE_ISSUER ? env.GOOGLE_ISSUER.trim() : ['https://accounts.google.com', 'accounts.google.com'],
      audience: env.GOOGLE_CLIENT_ID.split(',').map((s) => s.trim()),
      jwksUrl: env.GOOGLE_JWKS_URL || 'https://www.googleapis.com/oauth2/v3/certs',
    });
  }
  if (env.APPLE_CLIENT_ID) {
    providers.push({
      name: 'apple',
      issuer: env.APPLE_ISSUER?.trim() || 'https://appleid.apple.com',
      audience: env.APPLE_CLIENT_ID.split(',').map((s) => s.trim()),
      jwksUrl: env.APPLE_JWKS_URL || 'https://appleid.apple.com/auth/keys',
    });
  }
  return providers;
}

/**
 * Social login: `authenticate(input: { idtoken: { token, provider } })`.
 *
 * The only thing the client sends is the provider's OpenID ID token. Its signature is
 * checked against the provider's JWKS, then iss, aud and exp; the e-mail must be marked
 * verified by the provider. Identity = (provider, sub); the e-mail is taken from the token,
 * never from the client. An existing account with the same (provider-verified) e-mail is
 * linked — core's ExternalAuthenticationService only links when `verified: true`.
 */
export class IdTokenAuthenticationStrategy implements AuthenticationStrategy<IdTokenAuthData> {
  readonly name = ID_TOKEN_STRATEGY_NAME;
  private externalAuth: ExternalAuthenticationService;
  private connection: TransactionalConnection;
  private providers: IdTokenProvider[] = [];
  private readonly jwks = new Map<string, ReturnType<typeof Jose.createRemoteJWKSet>>();

  constructor(private readonly providerFactory: (selfBaseUrl: string) => IdTokenProvider[]) {}

  init(injector: Injector) {
    this.externalAuth = injector.get(ExternalAuthenticationService);
    this.connection = injector.get(TransactionalConnection);
    const { hostname, port } = injector.get(ConfigService).apiOptions;
    const host = !hostname || hostname === '0.0.0.0' || hostname === '::' ? '127.0.0.1' : hostname;
    this.providers = this.providerFactory(`http://${host}:${port}`);
  }

  defineInputType(): DocumentNode {
    return gql`
      input IdTokenAuthInput {
        token: String!
        "test | google | apple; when omitted, chosen by the token's issuer"
        provider: String
      }
    `;
  }

  async authenticate(ctx: RequestContext, data: IdTokenAuthData): Promise<User | false | string> {
    const jose = await loadJose();
    const fail = (reason: string) => translate(ctx, `account.socialLogin.${reason}`);
    if (!data?.token || typeof data.token !== 'string') return fail('invalidToken');
    let provider: IdTokenProvider | undefined;
    if (data.provider) {
      provider = this.providers.find((p) => p.name === data.provider);
    } else {
      // Picking by the unverified issuer is safe: jwtVerify then requires that same issuer
      // and that provider's keys.
      let iss: string | undefined;
      try {
        iss = jose.decodeJwt(data.token).iss;
      } catch {
        return fail('invalidToken');
      }
      provider = this.providers.find((p) => [p.issuer].flat().includes(iss ?? ''));
    }
    if (!provider) return fail('unknownProvider');

    let payload: Jose.JWTPayload;
    try {
      ({ payload } = await jose.jwtVerify(data.token, this.keySet(provider, jose), {
        issuer: provider.issuer,
        audience: provider.audience,
        algorithms: ['RS256', 'ES256'],
        requiredClaims: ['sub', 'exp', 'iat'],
        clockTolerance: 30,
      }));
    } catch (e) {
      Logger.verbose(`ID token rejected (${provider.name}): ${(e as Error).message}`, loggerCtx);
      return fail('invalidToken');
    }
    const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
    // Apple sends "true" as a string.
    const emailVerified = payload.email_verified === true || payload.email_verified === 'true';
    if (!email || !emailVerified) return fail('emailNotVerified');

    const strategy = `${ID_TOKEN_STRATEGY_NAME}:${provider.name}`;
    const sub = String(payload.sub);
    const existing = await this.externalAuth.findCustomerUser(ctx, strategy, sub);
    if (existing) return existing;

    const { firstName, lastName } = names(payload, email);
    const user = await this.externalAuth.createCustomerAndUser(ctx, {
      strategy,
      externalIdentifier: sub,
      emailAddress: email,
      firstName,
      lastName,
      verified: true,
    });
    if (!user.verified) {
      // Linked to a native account that never confirmed its mail: the provider just did.
      user.verified = true;
      await this.connection.getRepository(ctx, User).update({ id: user.id }, { verified: true });
    }
    return user;
  }

  private keySet(provider: IdTokenProvider, jose: typeof Jose) {
    let set = this.jwks.get(provider.name);
    if (!set) {
      set = jose.createRemoteJWKSet(new URL(provider.jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
      this.jwks.set(provider.name, set);
    }
    return set;
  }
}

function names(payload: Jose.JWTPayload, email: string) {
  const given = typeof payload.given_name === 'string' ? payload.given_name : '';
  const family = typeof payload.family_name === 'string' ? payload.family_name : '';
  if (given || family) return { firstName: given, lastName: family };
  const full = typeof payload.name === 'string' ? payload.name.trim() : '';
  if (full) {
    const [first, ...rest] = full.split(/\s+/);
    return { firstName: first, lastName: rest.join(' ') };
  }
  return { firstName: email.split('@')[0], lastName: '' };
}
