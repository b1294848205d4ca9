import { config } from '../../lib/config.server';

// Social sign-in without provider credentials (issue 13): the backend's local test identity
// provider (server/src/plugins/account, `/test-idp`, served unless NODE_ENV=production without
// TEST_IDP=true) plays Google and Apple in a popup of this site (`/auth/social/:provider`).
// Whether it is there is asked once and remembered, so /auth stays one cheap render.

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

/** The providers /auth offers: Google and Apple, played by the local provider when it is there. */
export async function socialProviders(): Promise<Array<'google' | 'apple'>> {
  return (await testIdentityProviderAvailable()) ? ['google', 'apple'] : [];
}

/** An ID token for `email` from the local provider (what Google's or Apple's window would return). */
export async function issueTestIdToken(email: string, name: string): Promise<{ ok: true; token: string } | { ok: false }> {
  try {
    const res = await fetch(`${backendOrigin()}/test-idp/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, ...(name ? { name } : {}) }),
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) return { ok: false };
    const body = (await res.json()) as { id_token?: unknown };
    return typeof body.id_token === 'string' ? { ok: true, token: body.id_token } : { ok: false };
  } catch {
    return { ok: false };
  }
}

/** The provider name the backend knows the local provider's tokens by. */
export const TEST_PROVIDER = 'test';
