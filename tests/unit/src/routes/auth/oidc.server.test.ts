import { describe, expect, it } from 'vitest';
import {
  APPLE_AUTHORIZE_URL,
  authorizationRequest,
  authorizationUrl,
  checkCallback,
  flowCookie,
  GOOGLE_AUTHORIZE_URL,
  newFlow,
  oidcProvider,
  readFlow,
} from '../../../../../src/routes/auth/oidc.server';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const jwt = (claims: object) => `${b64({ alg: 'RS256' })}.${b64(claims)}.c2ln`;
const flow = { state: 'S'.repeat(22), nonce: 'N'.repeat(22) };

describe('oidcProvider', () => {
  it('a client ID makes the real provider, at its own endpoint unless told otherwise', () => {
    expect(oidcProvider('google', { GOOGLE_CLIENT_ID: 'web.apps.googleusercontent.com' }, true)).toMatchObject({
      clientId: 'web.apps.googleusercontent.com',
      authorizeUrl: GOOGLE_AUTHORIZE_URL,
      responseType: 'id_token',
      responseMode: 'fragment',
      backendProvider: 'google',
    });
    expect(oidcProvider('apple', { APPLE_CLIENT_ID: 'com.example.web', APPLE_AUTHORIZE_URL: 'http://127.0.0.1:1/x' }, false)).toMatchObject(
      {
        authorizeUrl: 'http://127.0.0.1:1/x',
        responseType: 'code id_token',
        responseMode: 'form_post',
        scope: 'name email',
        backendProvider: 'apple',
      },
    );
  });

  it('without one, the local test provider plays it when the backend serves it; otherwise no provider', () => {
    expect(oidcProvider('apple', {}, true)).toMatchObject({
      authorizeUrl: '/auth/test-idp/apple',
      backendProvider: 'test',
      responseMode: 'form_post',
    });
    expect(oidcProvider('google', {}, false)).toBeNull();
  });
});

describe('authorizationUrl', () => {
  it('Google: an ID token in the fragment, with state, nonce, the locale’s redirect URI and language', () => {
    const google = oidcProvider('google', { GOOGLE_CLIENT_ID: 'cid' }, false)!;
    const url = new URL(authorizationUrl(google, { origin: 'https://shop.example', locale: 'en', flow }));
    expect(`${url.origin}${url.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'cid',
      redirect_uri: 'https://shop.example/en/auth/social/google/callback',
      response_type: 'id_token',
      scope: 'openid email profile',
      state: flow.state,
      nonce: flow.nonce,
      hl: 'en',
    });
  });

  it('Apple: code and ID token posted back (form_post); the local provider is a page of the shop in its locale', () => {
    const apple = oidcProvider('apple', { APPLE_CLIENT_ID: 'com.example.web' }, false)!;
    const url = new URL(authorizationUrl(apple, { origin: 'https://shop.example', locale: 'ar', flow }));
    expect(url.href.startsWith(`${APPLE_AUTHORIZE_URL}?`)).toBe(true);
    expect(url.searchParams.get('response_mode')).toBe('form_post');
    expect(url.searchParams.get('response_type')).toBe('code id_token');
    expect(url.searchParams.get('redirect_uri')).toBe('https://shop.example/auth/social/apple/callback');

    const local = new URL(authorizationUrl(oidcProvider('apple', {}, true)!, { origin: 'http://127.0.0.1:8080', locale: 'en', flow }));
    expect(local.pathname).toBe('/en/auth/test-idp/apple');
    expect(local.searchParams.get('client_id')).toBe('elegance-storefront');
  });

  it('every flow gets its own state and nonce', () => {
    const a = newFlow();
    const b = newFlow();
    expect(a.state).not.toBe(b.state);
    expect(a.nonce).not.toBe(a.state);
    expect(readFlow(`oidc_google=${a.state}.${a.nonce}`, 'google')).toEqual(a);
  });
});

describe('the flow cookie', () => {
  it('is HttpOnly on the locale’s social paths; SameSite=None with Secure on https (Apple posts cross-site), Lax on http', () => {
    expect(flowCookie('apple', flow, { locale: 'en', secure: true })).toBe(
      `oidc_apple=${flow.state}.${flow.nonce}; Path=/en/auth/social; Max-Age=600; HttpOnly; SameSite=None; Secure`,
    );
    expect(flowCookie('google', null, { locale: 'ar', secure: false })).toBe(
      'oidc_google=; Path=/auth/social; Max-Age=0; HttpOnly; SameSite=Lax',
    );
  });

  it('reads only a well-formed value of its own provider', () => {
    expect(readFlow(`oidc_apple=${flow.state}.${flow.nonce}`, 'google')).toBeNull();
    expect(readFlow('oidc_google=short.x', 'google')).toBeNull();
    expect(readFlow(`oidc_google=${flow.state}.${flow.nonce}.extra`, 'google')).toBeNull();
  });
});

describe('checkCallback', () => {
  const answer = (fields: Record<string, string>) => new URLSearchParams(fields);

  it('accepts the token when the state is ours and its nonce the one asked for', () => {
    const token = jwt({ nonce: flow.nonce, sub: '1' });
    expect(checkCallback(answer({ id_token: token, state: flow.state }), flow)).toEqual({ ok: true, token });
  });

  it('refuses another window’s state, a token for another request, a missing flow and a non-token', () => {
    const token = jwt({ nonce: flow.nonce });
    expect(checkCallback(answer({ id_token: token, state: 'T'.repeat(22) }), flow)).toEqual({ ok: false, reason: 'state' });
    expect(checkCallback(answer({ id_token: jwt({ nonce: 'other' }), state: flow.state }), flow)).toEqual({ ok: false, reason: 'nonce' });
    expect(checkCallback(answer({ id_token: jwt({}), state: flow.state }), flow)).toEqual({ ok: false, reason: 'nonce' });
    expect(checkCallback(answer({ id_token: token, state: flow.state }), null)).toEqual({ ok: false, reason: 'expired' });
    expect(checkCallback(answer({ id_token: 'not-a-jwt', state: flow.state }), flow)).toEqual({ ok: false, reason: 'token' });
  });

  it('tells a cancelled sign-in from a provider error (form fields work as the fragment does)', () => {
    const form = new FormData();
    form.set('state', flow.state);
    form.set('error', 'user_cancelled_authorize');
    expect(checkCallback(form, flow)).toEqual({ ok: false, reason: 'cancelled' });
    expect(checkCallback(answer({ state: flow.state, error: 'access_denied' }), flow)).toEqual({ ok: false, reason: 'cancelled' });
    expect(checkCallback(answer({ state: flow.state, error: 'server_error' }), flow)).toEqual({ ok: false, reason: 'provider' });
  });
});

describe('authorizationRequest (the local provider)', () => {
  const shop = 'http://127.0.0.1:8080';
  const query = (over: Record<string, string> = {}) =>
    new URLSearchParams({
      client_id: 'cid',
      redirect_uri: `${shop}/en/auth/social/google/callback`,
      response_type: 'id_token',
      state: 's',
      nonce: 'n',
      ...over,
    });

  it('answers a request for an ID token to one of the shop’s callbacks', () => {
    expect(authorizationRequest(query(), shop)).toEqual({
      clientId: 'cid',
      redirectUri: `${shop}/en/auth/social/google/callback`,
      state: 's',
      nonce: 'n',
      responseMode: 'fragment',
    });
    expect(authorizationRequest(query({ response_type: 'code id_token', response_mode: 'form_post' }), shop)?.responseMode).toBe(
      'form_post',
    );
  });

  it('refuses other redirect URIs, a missing nonce or state, and requests without an ID token', () => {
    expect(authorizationRequest(query({ redirect_uri: 'https://evil.example/en/auth/social/google/callback' }), shop)).toBeNull();
    expect(authorizationRequest(query({ redirect_uri: `${shop}/profile` }), shop)).toBeNull();
    expect(authorizationRequest(query({ nonce: '' }), shop)).toBeNull();
    expect(authorizationRequest(query({ state: '' }), shop)).toBeNull();
    expect(authorizationRequest(query({ response_type: 'code' }), shop)).toBeNull();
    expect(authorizationRequest(query({ response_mode: 'query' }), shop)).toBeNull();
  });
});
