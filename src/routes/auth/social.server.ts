import { config } from '../../lib/config.server';
import { oidcProvider, SOCIAL_PROVIDERS, type OidcProvider, type SocialProviderId } from './oidc.server';

// Social sign-in (issue 13, docs/decisions/018-social-sign-in.md): Google and Apple through
// OpenID Connect in a popup when their client IDs are configured; without them, the backend's
// local test identity provider (server/src/plugins/account, `/test-idp`, served unless
// NODE_ENV=production without TEST_IDP=true) plays them in the same flow, its sign-in window a
// page of this site (`/auth/test-idp/:provider`). Whether it is there is asked once and
// remembered, so /auth stays one cheap render.

const backendOrigin = () => new URL(config.shopApiUrl).origin;
const REMEMBER_MS = 5 * 60_000;
const RETRY_MS = 30_000;
let known: { available: boolean; until: number } | null = null;

/** Whether the backend serves the local test identity provider (its discovery document answers). */
export async function testIdentityProviderAvailable(fetchImpl: typeof fetch = fetch): Promise<boolean> {
  if (known && known.until > Date.now()) return known.available;
  try {
    const res = await fetchImpl(`${backendOrigin()}/test-idp/.well-known/openid-configuration`, { signal: AbortSignal.timeout(2000) });
    known = { available: res.ok, until: Date.now() + REMEMBER_MS };
  } catch {
    known = { available: false, until: Date.now() + RETRY_MS };
  }
  return known.available;
}

/** How provider `id` signs in here (configured, or played by the local provider), or null. */
export async function socialProvider(
  id: string | undefined,
  env: Record<string, string | undefined> = process.env,
): Promise<OidcProvider | null> {
  if (!SOCIAL_PROVIDERS.includes(id as SocialProviderId)) return null;
  const configured = oidcProvider(id as SocialProviderId, env, false);
  return configured ?? oidcProvider(id as SocialProviderId, env, await testIdentityProviderAvailable());
}

/** The providers /auth offers: Google and Apple when configured, else played by the local provider when it is there. */
export async function socialProviders(env: Record<string, string | undefined> = process.env): Promise<SocialProviderId[]> {
  const found = await Promise.all(SOCIAL_PROVIDERS.map((id) => socialProvider(id, env)));
  return found.filter((p): p is OidcProvider => p !== null).map((p) => p.id);
}

export interface TestTokenRequest {
  email: string;
  name: string;
  /** The authorization request's client ID: the token's audience. */
  audience: string;
  nonce: string;
}

/** An ID token from the local provider, as Google's or Apple's window would return it. */
export async function issueTestIdToken(req: TestTokenRequest): Promise<{ ok: true; token: string } | { ok: false }> {
  try {
    const res = await fetch(`${backendOrigin()}/test-idp/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: req.email, audience: req.audience, nonce: req.nonce, ...(req.name ? { name: req.name } : {}) }),
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) return { ok: false };
    const body = (await res.json()) as { id_token?: unknown };
    return typeof body.id_token === 'string' ? { ok: true, token: body.id_token } : { ok: false };
  } catch {
    return { ok: false };
  }
}
