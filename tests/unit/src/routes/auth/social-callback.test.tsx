import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SocialCallbackPage from '../../../../../src/routes/auth/social-callback';

// The redirect URI's page with a fake action (the real one: oidc.server.test.ts): it posts what
// the provider put in the fragment, shows a refused answer and hands a good token over.

function renderCallback(entry: string, action: (fields: Record<string, string>) => unknown) {
  const posted: Array<Record<string, string>> = [];
  const router = createMemoryRouter(
    [
      {
        path: '/en/auth/social/:provider/callback',
        Component: SocialCallbackPage,
        action: async ({ request }) => {
          const fields = Object.fromEntries(new URLSearchParams(await request.text()));
          posted.push(fields);
          return action(fields);
        },
      },
    ],
    { initialEntries: [entry] },
  );
  window.history.replaceState(null, '', entry);
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return { posted };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the sign-in window’s callback page', () => {
  it('posts the fragment, drops it from the address bar, and shows the refusal it gets back', async () => {
    const { posted } = renderCallback('/en/auth/social/google/callback#state=s1&error=access_denied', () => ({
      ok: false,
      reason: 'cancelled',
    }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'You cancelled the sign-in with Google. Close this window to choose another way to sign in.',
    );
    expect(posted).toEqual([{ state: 's1', error: 'access_denied' }]);
    expect(window.location.hash).toBe('');
    expect(screen.getByRole('button', { name: 'Close this window' })).toBeTruthy();
  });

  it('a state or nonce that does not match says the answer could not be checked', async () => {
    renderCallback('/en/auth/social/apple/callback#state=s2&id_token=a.b.c', () => ({ ok: false, reason: 'nonce' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The answer from Apple could not be checked, so you were not signed in. Close this window and try again.',
    );
  });

  it('opened without an answer: expired, nothing posted', async () => {
    const { posted } = renderCallback('/en/auth/social/google/callback', () => ({ ok: true, provider: 'google', token: 't' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This sign-in window has expired or was not opened by the shop.');
    expect(posted).toEqual([]);
  });

  it('a checked token goes to the page that opened the window, which closes', async () => {
    const sent: unknown[] = [];
    class Channel {
      constructor(readonly name: string) {}
      postMessage(m: unknown) {
        sent.push([this.name, m]);
      }
      close() {}
    }
    vi.stubGlobal('BroadcastChannel', Channel);
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    renderCallback('/en/auth/social/google/callback#state=s3&id_token=h.p.s', () => ({ ok: true, provider: 'google', token: 'h.p.s' }));
    expect((await screen.findByRole('status')).textContent).toContain('Signed in with Google. You can close this window.');
    await vi.waitFor(() => expect(sent).toEqual([['auth.social', { type: 'auth.idToken', provider: 'google', token: 'h.p.s' }]]));
    expect(close).toHaveBeenCalled();
  });
});
