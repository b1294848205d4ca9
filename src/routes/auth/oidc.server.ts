import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Locale } from '../../i18n/locales';
import { localizePath } from '../../i18n/paths';
import { readCookie } from '../../lib/cookies';

// Social sign-in with OpenID Connect in a popup (docs/decisions/018-social-sign-in.md): the shop
// sends the window to the provider's authorization endpoint asking for an ID token, the provider
// sends it back to our callback with the state we gave it, and the callback checks state and
// nonce against the cookie the start set before the token goes to `authenticate`. Google answers
// in the fragment; Apple posts a form (it requires form_post when asking for the e-mail).

export type SocialProviderId = 'google' | 'apple';
export const SOCIAL_PROVIDERS: readonly SocialProviderId[] = ['google', 'apple'];

export interface OidcProvider {
  id: SocialProviderId;
  /** The OAuth client ID (Google: the web client; Apple: the Services ID); the token's `aud`. */
  clientId: string;
  /** The authorization endpoint: absolute, or a path of this shop (the local test provider). */
  authorizeUrl: string;
  responseType: string;
  responseMode: 'fragment' | 'form_post';
  scope: string;
  /** The provider name `authenticate` is told (the backend verifies the token with its keys). */
  backendProvider: 'google' | 'apple' | 'test';
}

export const GOOGLE_AUTHORIZE_URL = 'https://accounts.google.com/o/oauth2/v2/auth';
export const APPLE_AUTHORIZE_URL = 'https://appleid.apple.com/auth/authorize';
/** The local test identity provider's audience (server: TEST_IDP_AUDIENCE_DEFAULT). */
export const TEST_IDP_CLIENT_ID = 'elegance-storefront';

type Env = Record<string, string | undefined>;

const shape = {
  google: { responseType: 'id_token', responseMode: 'fragment', scope: 'openid email profile' },
  // Apple: an ID token only comes with a code ("id_token" alone is refused), and asking for the
  // e-mail requires form_post.
  apple: { responseType: 'code id_token', responseMode: 'form_post', scope: 'name email' },
} as const;

/**
 * The provider `id` as configured: GOOGLE_CLIENT_ID / APPLE_CLIENT_ID (with GOOGLE_AUTHORIZE_URL
 * / APPLE_AUTHORIZE_URL to point it elsewhere, e.g. at the local test provider in a test), else —
 * when the backend serves its local test identity provider — that provider playing it in the
 * same flow, else null (no button).
 */
export function oidcProvider(id: SocialProviderId, env: Env, testIdpAvailable: boolean): OidcProvider | null {
  const key = id.toUpperCase();
  const clientId = env[`${key}_CLIENT_ID`]?.split(',')[0]?.trim();
  if (clientId) {
    const authorizeUrl = env[`${key}_AUTHORIZE_URL`]?.trim() || (id === 'google' ? GOOGLE_AUTHORIZE_URL : APPLE_AUTHORIZE_URL);
    return { id, clientId, authorizeUrl, ...shape[id], backendProvider: id };
  }
  if (!testIdpAvailable) return null;
  return {
    id,
    clientId: env.TEST_IDP_CLIENT_ID?.trim() || TEST_IDP_CLIENT_ID,
    authorizeUrl: `/auth/test-idp/${id}`,
    ...shape[id],
    backendProvider: 'test',
  };
}

export interface AuthorizationFlow {
  state: string;
  nonce: string;
}

/** A fresh state (binds the answer to this window) and nonce (binds the token to this request). */
export function newFlow(): AuthorizationFlow {
  return { state: randomBytes(16).toString('base64url'), nonce: randomBytes(16).toString('base64url') };
}

/** Where the provider sends the shopper back: one URI per provider and locale, to register. */
export function redirectUri(origin: string, id: SocialProviderId, locale: Locale): string {
  return `${origin}${localizePath(`/auth/social/${id}/callback`, locale)}`;
}

/** The authorization request the sign-in window is sent to. */
export function authorizationUrl(provider: OidcProvider, opts: { origin: string; locale: Locale; flow: AuthorizationFlow }): string {
  const base = provider.authorizeUrl.startsWith('/')
    ? `${opts.origin}${localizePath(provider.authorizeUrl, opts.locale)}`
    : provider.authorizeUrl;
  const url = new URL(base);
  url.searchParams.set('client_id', provider.clientId);
  url.searchParams.set('redirect_uri', redirectUri(opts.origin, provider.id, opts.locale));
  url.searchParams.set('response_type', provider.responseType);
  url.searchParams.set('response_mode', provider.responseMode);
  url.searchParams.set('scope', provider.scope);
  url.searchParams.set('state', opts.flow.state);
  url.searchParams.set('nonce', opts.flow.nonce);
  url.searchParams.set('ui_locales', opts.locale);
  if (provider.id === 'google') {
    url.searchParams.set('hl', opts.locale);
    url.searchParams.set('prompt', 'select_account');
  }
  return url.toString();
}

/** 10 minutes to sign in at the provider. */
export const FLOW_MAX_AGE = 10 * 60;
export const flowCookieName = (id: SocialProviderId) => `oidc_${id}`;
/** Start and callback of one locale: `/auth/social` or `/en/auth/social` (and their `.data`). */
const flowCookiePath = (locale: Locale) => localizePath('/auth/social', locale);

/**
 * The cookie that keeps state and nonce until the callback (HttpOnly). Apple's form_post is a
 * cross-site POST, which a SameSite=Lax cookie does not accompany: on https it is SameSite=None
 * (which needs Secure); on plain http (development, the local provider on this same site) Lax.
 */
export function flowCookie(id: SocialProviderId, flow: AuthorizationFlow | null, opts: { locale: Locale; secure: boolean }): string {
  const value = flow ? `${flow.state}.${flow.nonce}` : '';
  const sameSite = opts.secure ? 'SameSite=None; Secure' : 'SameSite=Lax';
  return `${flowCookieName(id)}=${value}; Path=${flowCookiePath(opts.locale)}; Max-Age=${flow ? FLOW_MAX_AGE : 0}; HttpOnly; ${sameSite}`;
}

const PART = /^[A-Za-z0-9_-]{16,64}$/;

export function readFlow(cookieHeader: string | null | undefined, id: SocialProviderId): AuthorizationFlow | null {
  const [state = '', nonce = '', ...rest] = (readCookie(cookieHeader, flowCookieName(id)) ?? '').split('.');
  return rest.length === 0 && PART.test(state) && PART.test(nonce) ? { state, nonce } : null;
}

/** The claims of a JWT, unverified (the backend verifies the signature): null when not a JWT. */
export function jwtClaims(token: string): Record<string, unknown> | null {
  const [, payload, ...rest] = token.split('.');
  if (payload === undefined || rest.length !== 1) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return claims && typeof claims === 'object' && !Array.isArray(claims) ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Why a callback is refused: each has its own message in the window (social-callback.tsx). */
export type CallbackFailure = 'cancelled' | 'provider' | 'expired' | 'state' | 'nonce' | 'token';

export type CallbackResult = { ok: true; token: string } | { ok: false; reason: CallbackFailure };

/**
 * The provider's answer (fragment or form fields: `id_token`, `state`, or `error`) checked
 * against the flow this window started: the state must be ours, the token's nonce the one we
 * asked for. The token's signature, issuer, audience and expiry are the backend's to check.
 */
export function checkCallback(answer: URLSearchParams | FormData, flow: AuthorizationFlow | null): CallbackResult {
  const field = (name: string) => {
    const v = answer.get(name);
    return typeof v === 'string' ? v : '';
  };
  if (!flow) return { ok: false, reason: 'expired' };
  if (!same(field('state'), flow.state)) return { ok: false, reason: 'state' };
  const error = field('error');
  if (error) return { ok: false, reason: error === 'access_denied' || error === 'user_cancelled_authorize' ? 'cancelled' : 'provider' };
  const token = field('id_token');
  const claims = token ? jwtClaims(token) : null;
  if (!claims) return { ok: false, reason: 'token' };
  if (typeof claims.nonce !== 'string' || !same(claims.nonce, flow.nonce)) return { ok: false, reason: 'nonce' };
  return { ok: true, token };
}

// The local test identity provider's side (src/routes/auth/test-idp.tsx).

const CALLBACK = /^(\/en)?\/auth\/social\/(google|apple)\/callback$/;

export interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  state: string;
  nonce: string;
  responseMode: 'fragment' | 'form_post';
}

/** The request's parameters, or null when a provider would refuse it (unknown redirect URI, no nonce, no id_token asked). */
export function authorizationRequest(query: URLSearchParams, shopOrigin: string): AuthorizationRequest | null {
  const get = (k: string) => (query.get(k) ?? '').trim();
  const [clientId, redirectUri, state, nonce] = [get('client_id'), get('redirect_uri'), get('state'), get('nonce')];
  const responseMode = get('response_mode') || 'fragment';
  if (!clientId || !state || !nonce || !get('response_type').split(' ').includes('id_token')) return null;
  if (responseMode !== 'fragment' && responseMode !== 'form_post') return null;
  let target: URL;
  try {
    target = new URL(redirectUri);
  } catch {
    return null;
  }
  // Registered redirect URIs only: the callbacks of this shop.
  if (target.origin !== shopOrigin || !CALLBACK.test(target.pathname) || target.search || target.hash) return null;
  return { clientId, redirectUri, state, nonce, responseMode };
}
