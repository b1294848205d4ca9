import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { data, redirect, useActionData, useLoaderData, useLocation, useParams } from 'react-router';
import type { Route } from './+types/test-idp';
import { localeContext } from '../../i18n/locale-middleware.server';
import { isLocale } from '../../i18n/locales';
import { localizePath, stripLocalePrefix } from '../../i18n/paths';
import { config } from '../../lib/config.server';
import { routeMeta } from '../../seo/route-meta';
import { privatePageHeaders } from '../guards.server';
import { authorizationRequest } from './oidc.server';
import { issueTestIdToken, testIdentityProviderAvailable } from './social.server';

// The local test identity provider's authorization endpoint (decision 018): the sign-in window
// of Google or Apple while the shop has no credentials for them (development and tests), or when
// a test points GOOGLE_AUTHORIZE_URL / APPLE_AUTHORIZE_URL here. It answers an OpenID
// authorization request as they do: the shopper says who they are, the backend's test provider
// signs an ID token for the request's client ID with its nonce, and the window goes back to the
// redirect URI with the state — in the fragment, or as an auto-submitted form (form_post, as
// Apple does). Not served when the backend has no local provider (production without
// TEST_IDP=true): 404.

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: msg`Sign in with a provider`, description: msg`Test sign-in window.`, noindex: true });

export const headers = privatePageHeaders;

const PROVIDERS = new Set(['google', 'apple']);
async function assertServed(provider: string | undefined) {
  if (!provider || !PROVIDERS.has(provider) || !(await testIdentityProviderAvailable())) {
    throw data('Not found', { status: 404 });
  }
}

const shopOrigin = (request: Request) => config.publicUrl ?? new URL(request.url).origin;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await assertServed(params.provider);
  const url = new URL(request.url);
  // `ui_locales` as a provider honours it: the window in the shopper's language.
  const wanted = url.searchParams.get('ui_locales');
  if (isLocale(wanted) && wanted !== context.get(localeContext)) {
    throw redirect(`${localizePath(stripLocalePrefix(url.pathname), wanted)}${url.search}`);
  }
  return { valid: authorizationRequest(url.searchParams, shopOrigin(request)) !== null };
}

type FormPost = { action: string; fields: Record<string, string> };

export async function action({ request, params }: Route.ActionArgs) {
  await assertServed(params.provider);
  const req = authorizationRequest(new URL(request.url).searchParams, shopOrigin(request));
  if (!req) throw data('Bad request', { status: 400 });
  const form = await request.formData();
  const answer = (fields: Record<string, string>) => {
    const all = { ...fields, state: req.state };
    if (req.responseMode === 'fragment') return redirect(`${req.redirectUri}#${new URLSearchParams(all).toString()}`);
    return { ok: true as const, formPost: { action: req.redirectUri, fields: all } satisfies FormPost };
  };
  if (form.get('intent') === 'cancel') {
    return answer({ error: req.responseMode === 'form_post' ? 'user_cancelled_authorize' : 'access_denied' });
  }
  const email = String(form.get('email') ?? '').trim();
  const name = String(form.get('name') ?? '')
    .trim()
    .slice(0, 200);
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) return { ok: false as const, reason: 'email' as const };
  const issued = await issueTestIdToken({ email, name, audience: req.clientId, nonce: req.nonce });
  if (!issued.ok) return { ok: false as const, reason: 'unavailable' as const };
  return answer({ id_token: issued.token });
}

export default function TestIdentityProviderPage() {
  const { t } = useLingui();
  const { provider } = useParams();
  const { valid } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const location = useLocation();
  const name = provider === 'apple' ? 'Apple' : 'Google';
  const formPost = answer?.ok ? answer.formPost : null;
  const postRef = useRef<HTMLFormElement>(null);

  // form_post: the answer goes back as a form the page submits at once (as Apple's page does).
  useEffect(() => {
    if (formPost) postRef.current?.submit();
  }, [formPost]);

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
      {!valid ? (
        <p className="notice notice--error" role="alert">
          {t`This sign-in request is not valid. Close this window and choose the button again.`}
        </p>
      ) : formPost ? (
        <form ref={postRef} method="post" action={formPost.action} className="auth-form">
          {Object.entries(formPost.fields).map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          <button type="submit" className="button button--primary auth-form__submit">
            {t`Continue`}
          </button>
        </form>
      ) : (
        // a document post, as to a real provider: its answer is a redirect to the shop's callback
        <form method="post" action={`${location.pathname}${location.search}`} className="auth-form" aria-labelledby="social-title">
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
          <button type="submit" className="button button--primary auth-form__submit">
            {t`Continue`}
          </button>
          <button type="submit" name="intent" value="cancel" formNoValidate className="button button--secondary auth-form__submit">
            {t`Cancel`}
          </button>
        </form>
      )}
    </div>
  );
}
