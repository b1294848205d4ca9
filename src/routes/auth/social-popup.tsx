import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { data, Form, useActionData, useNavigation, useParams } from 'react-router';
import type { Route } from './+types/social-popup';
import { routeMeta } from '../../seo/route-meta';
import { privatePageHeaders } from '../guards.server';
import { issueTestIdToken, TEST_PROVIDER, testIdentityProviderAvailable } from './social.server';

// The sign-in window of a provider, played by the backend's local test identity provider when
// the shop has no provider credentials (development and tests, issue 13). It behaves as Google's
// or Apple's window does for the opener: the shopper confirms who they are, the window posts an
// OpenID ID token to the page that opened it and closes. Not served when the backend has no
// local provider (production without TEST_IDP=true): 404.

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: msg`Sign in with a provider`, description: msg`Test sign-in window.`, noindex: true });

export const headers = privatePageHeaders;

const PROVIDERS = new Set(['google', 'apple']);

async function assertServed(provider: string | undefined) {
  if (!provider || !PROVIDERS.has(provider) || !(await testIdentityProviderAvailable())) {
    throw data('Not found', { status: 404 });
  }
}

export async function loader({ params }: Route.LoaderArgs) {
  await assertServed(params.provider);
  return null;
}

export async function action({ request, params }: Route.ActionArgs) {
  await assertServed(params.provider);
  const form = await request.formData();
  const email = String(form.get('email') ?? '').trim();
  const name = String(form.get('name') ?? '')
    .trim()
    .slice(0, 200);
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) return { ok: false as const, reason: 'email' as const };
  const issued = await issueTestIdToken(email, name);
  return issued.ok
    ? { ok: true as const, provider: TEST_PROVIDER, token: issued.token }
    : { ok: false as const, reason: 'unavailable' as const };
}

export default function SocialPopupPage() {
  const { t } = useLingui();
  const { provider } = useParams();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  const name = provider === 'apple' ? 'Apple' : 'Google';
  const token = answer?.ok ? answer.token : null;

  // Hand the token to the page that opened this window (same origin only), as the real one does.
  useEffect(() => {
    if (!token || !answer?.ok) return;
    if (window.opener) {
      (window.opener as Window).postMessage({ type: 'auth.idToken', provider: answer.provider, token }, window.location.origin);
      window.close();
    }
  }, [token, answer]);

  return (
    <div className="auth-page">
      <h1 id="social-title" className="auth-page__title">
        <Trans>Sign in with {name}</Trans>
      </h1>
      <p className="auth-page__lead">
        <Trans>
          Test sign-in: this window stands in for {name}&apos;s while the shop has no {name} credentials. Whoever you name here is signed
          in, so it is never offered on a public shop.
        </Trans>
      </p>
      {token ? (
        <p role="status">
          <Trans>Signed in with {name}. You can close this window.</Trans>
        </p>
      ) : (
        <Form method="post" className="auth-form" aria-labelledby="social-title">
          {answer && !answer.ok && (
            <p className="notice notice--error auth-form__summary" role="alert">
              {answer.reason === 'email'
                ? t`Please enter a valid email address, for example name@example.com.`
                : t`The test sign-in is not available right now.`}
            </p>
          )}
          <div className="field">
            <label className="field__label" htmlFor="social-email">
              {t`Email address`}
            </label>
            <input id="social-email" name="email" className="field__input" type="email" autoComplete="email" dir="ltr" required />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="social-name">
              {t`Full name`}
            </label>
            <input id="social-name" name="name" className="field__input" type="text" autoComplete="name" dir="auto" />
          </div>
          <button type="submit" className="button button--primary auth-form__submit" disabled={busy}>
            {t`Continue`}
          </button>
        </Form>
      )}
    </div>
  );
}
