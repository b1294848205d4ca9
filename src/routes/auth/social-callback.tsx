import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { data, useActionData, useParams, useSubmit } from 'react-router';
import type { Route } from './+types/social-callback';
import { localeContext } from '../../i18n/locale-middleware.server';
import { secureCookiesFor } from '../../lib/config.server';
import { deliverIdToken } from '../../lib/social-channel';
import { routeMeta } from '../../seo/route-meta';
import { PRIVATE_CACHE_CONTROL, privatePageHeaders } from '../guards.server';
import { checkCallback, flowCookie, readFlow, type CallbackFailure } from './oidc.server';
import { socialProvider } from './social.server';

// `/auth/social/:provider/callback`: the redirect URI. Google answers in the fragment, which
// only this page's script can read: it posts it here. Apple posts its form here itself. The
// action checks state and nonce against the flow cookie (oidc.server.ts); a good token goes to
// the /auth page that opened the window, which signs in with `authenticate`.

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: msg`Signing you in`, description: msg`Sign-in window.`, noindex: true });

export const headers = privatePageHeaders;

async function providerOf(id: string | undefined) {
  const provider = await socialProvider(id);
  if (!provider) throw data('Not found', { status: 404 });
  return provider;
}

export async function loader({ params }: Route.LoaderArgs) {
  await providerOf(params.provider);
  return null;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const provider = await providerOf(params.provider);
  const answer = await request.formData();
  const result = checkCallback(answer, readFlow(request.headers.get('Cookie'), provider.id));
  const headers = new Headers({ 'Cache-Control': PRIVATE_CACHE_CONTROL });
  // A flow is answered once: the cookie goes unless the answer was not for it (another window's).
  if (result.ok || (result.reason !== 'state' && result.reason !== 'expired')) {
    headers.set(
      'Set-Cookie',
      flowCookie(provider.id, null, { locale: context.get(localeContext), secure: secureCookiesFor(new URL(request.url)) }),
    );
  }
  return data(result.ok ? { ok: true as const, provider: provider.backendProvider, token: result.token } : result, { headers });
}

const providerName = (id: string | undefined) => (id === 'apple' ? 'Apple' : 'Google');

export default function SocialCallbackPage() {
  const { t } = useLingui();
  const { provider } = useParams();
  const name = providerName(provider);
  const answer = useActionData<typeof action>();
  const submit = useSubmit();
  // No answer in the address and none posted: the window was opened here by hand, or reloaded.
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    if (answer) return;
    const fragment = new URLSearchParams(window.location.hash.slice(1));
    const query = new URLSearchParams(window.location.search);
    const found = fragment.has('state') ? fragment : query.has('state') ? query : null;
    if (!found) {
      setMissing(true);
      return;
    }
    // the token leaves the address bar (and history) before anything else happens
    window.history.replaceState(window.history.state, '', window.location.pathname);
    void submit(found, { method: 'post', replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, with what the provider returned
  }, []);

  useEffect(() => {
    if (answer?.ok) deliverIdToken(answer.provider, answer.token);
  }, [answer]);

  const failure: CallbackFailure | null = answer && !answer.ok ? answer.reason : missing ? 'expired' : null;
  const failureText = (reason: CallbackFailure) => {
    switch (reason) {
      case 'cancelled':
        return t`You cancelled the sign-in with ${name}. Close this window to choose another way to sign in.`;
      case 'expired':
        return t`This sign-in window has expired or was not opened by the shop. Close it and choose the button again.`;
      default:
        return t`The answer from ${name} could not be checked, so you were not signed in. Close this window and try again.`;
    }
  };

  return (
    <div className="auth-page">
      <h1 id="social-title" className="auth-page__title">
        <Trans>Sign in with {name}</Trans>
      </h1>
      {failure ? (
        <>
          <p className="notice notice--error auth-form__summary" role="alert">
            {failureText(failure)}
          </p>
          <button type="button" className="button button--primary auth-form__submit" onClick={() => window.close()}>
            {t`Close this window`}
          </button>
        </>
      ) : (
        <p role="status">{answer?.ok ? t`Signed in with ${name}. You can close this window.` : t`Signing you in…`}</p>
      )}
    </div>
  );
}
