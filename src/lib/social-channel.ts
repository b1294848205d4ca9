// How the sign-in window hands the ID token to the /auth page that opened it (decision 018).
// Both ways, same origin only: `postMessage` to the opener, and a BroadcastChannel of this origin
// for when the provider's pages cut the window off from its opener (a Cross-Origin-Opener-Policy
// on the provider's side makes `window.opener` null after the window comes back). The page takes
// the first message while it has a window open and ignores the second.

export const SOCIAL_CHANNEL = 'auth.social';

export interface IdTokenMessage {
  type: 'auth.idToken';
  provider: string;
  token: string;
}

export function isIdTokenMessage(data: unknown): data is IdTokenMessage {
  const m = data as Partial<IdTokenMessage> | null;
  return m?.type === 'auth.idToken' && typeof m.provider === 'string' && typeof m.token === 'string';
}

/** From the sign-in window: hand the token over and close. */
export function deliverIdToken(provider: string, token: string): void {
  const message: IdTokenMessage = { type: 'auth.idToken', provider, token };
  const opener = window.opener as Window | null;
  if (opener && !opener.closed) opener.postMessage(message, window.location.origin);
  if (typeof BroadcastChannel === 'function') {
    const channel = new BroadcastChannel(SOCIAL_CHANNEL);
    channel.postMessage(message);
    channel.close();
  }
  window.close();
}
