import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { useLoaderData, useNavigate, useSearchParams } from 'react-router';
import type { Actor } from 'xstate';
import type { Route } from './+types/sign-in';
import type { PageMachines } from '../../containers/app-actors.types';
import { useSessionSummary } from '../../containers/app-actors';
import { AUTH_MESSAGES, authFailureText } from '../../components/auth/auth-messages';
import { AuthFieldsForm } from '../../components/auth/auth-fields-form';
import { SignInForm } from '../../components/auth/sign-in-form';
import { signInTarget } from '../../components/auth/sign-in-target';
import { SocialButtons, type SocialProvider } from '../../components/auth/social-buttons';
import { LocaleLink } from '../../components/locale-link/locale-link';
import { useActorSelector } from '../../containers/use-actor-selector';
import { usePageActor } from '../../containers/use-page-actor';
import { localeContext } from '../../i18n/locale-middleware.server';
import { localizePath } from '../../i18n/paths';
import { rememberResendAt } from '../../lib/resend-clock';
import { isIdTokenMessage, SOCIAL_CHANNEL } from '../../lib/social-channel';
import { useLocale } from '../../lib/use-locale';
import { routeMeta, SITE_NAME } from '../../seo/route-meta';
import { requireGuest } from '../guards.server';
import { socialProviders } from './social.server';
import type { AuthFailure } from '../../../machines/auth.machine';
import type { AuthField, AuthValues, SignInField } from '../../../machines/schemas/auth.schema';
import { acceptReturnPath } from '../../lib/return-path';

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: msg`Sign in`,
    description: msg`Sign in to your Elegance Store account to check out, follow your orders and keep your wishlist.`,
    noindex: true,
  });

/** /auth and /auth/login are for guests (decision 012): a signed-in customer goes on. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireGuest(request, context.get(localeContext));
  const entry = !/\/login\/?$/.test(new URL(request.url).pathname.replace(/\.data$/, ''));
  return { entry, providers: entry ? await socialProviders() : [] };
}

type AuthActor = Actor<PageMachines['auth']>;
type AuthSnapshot = ReturnType<AuthActor['getSnapshot']>;

/** What was typed (and which form, whether submitted) before the app's actors had loaded. */
interface EarlyInput {
  values: AuthValues;
  form: 'signIn' | 'register';
  submitted: boolean;
}

const POPUP_FEATURES = 'popup=yes,width=480,height=640';

/**
 * /auth (entry: sign in, or create an account, or a provider) and /auth/login (sign in only).
 * A registration, or a sign-in whose address is not confirmed yet, goes on to /auth/otp.
 */
export default function SignInPage() {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const navigate = useNavigate();
  const { entry, providers } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  // only an accepted return path is passed on to the next auth page
  const redirectParam = acceptReturnPath(params.get('redirect'));
  const target = signInTarget(redirectParam, locale);
  // The auth machine comes with the app's actors (decision 007: once the page is loaded and idle,
  // like the catalogue pages; at once on the first keystroke or click). Until then the same form
  // shows what is typed (`early`) while the events wait in usePageActor's queue, so nothing typed
  // or submitted is lost and focus stays in the one form.
  const { actor: auth, send } = usePageActor('auth', { input: { start: 'signIn' }, eager: false });
  const [early, setEarly] = useState<EarlyInput>({
    values: { email: '', password: '', firstName: '', lastName: '', code: '' },
    form: 'signIn',
    submitted: false,
  });
  const [confirm, setConfirm] = useState('');
  const [confirmError, setConfirmError] = useState(false);
  const [confirmSubmits, setConfirmSubmits] = useState(0);
  const snapshot = useActorSelector<AuthSnapshot, AuthSnapshot | null>(auth, (s) => s, null);
  const { loggedIn } = useSessionSummary();
  const succeeded = snapshot?.matches({ signedIn: 'settled' }) ?? false;
  const socialBusy = snapshot?.matches('social') ?? false;
  const registering = snapshot ? snapshot.matches({ forms: 'register' }) : early.form === 'register';
  // The code step is its own page: once the code is on its way (the registration mailed it, or the
  // resend after a not-verified sign-in answered), hand over the address and the cooldown.
  const codeSent = (snapshot?.matches('verifying') ?? false) && !(snapshot?.matches({ verifying: { resend: 'sending' } }) ?? false);
  const pendingEmail = snapshot?.context.pending?.email ?? null;
  const resendIn = snapshot?.context.resendIn ?? 0;

  // A sign-in from the provider's window reloads the whole page after 1 s (spec §4, the machine's
  // reloadPage), and the server then sends the signed-in customer on to the target: a client
  // navigation first would stop this page's machine, and with it that reload.
  const popupSignIn = snapshot?.context.popupSignIn ?? false;
  useEffect(() => {
    if (popupSignIn) return;
    if (succeeded || loggedIn) void navigate(target, { replace: true });
  }, [succeeded, loggedIn, popupSignIn, navigate, target]);

  useEffect(() => {
    if (!codeSent || !pendingEmail) return;
    let current = true;
    // The cookie writers come only now: no first paint of this page needs them (bench:bundle).
    // The code page's server guard reads the cookie, so it is written before going there.
    void Promise.all([import('../../lib/auth-cookies'), import('../../lib/document-cookies')]).then(
      ([{ pendingVerificationCookies }, { browserCookieOptions, setDocumentCookies }]) => {
        if (!current) return;
        setDocumentCookies(pendingVerificationCookies(pendingEmail, browserCookieOptions()));
        const query = redirectParam ? `?redirect=${encodeURIComponent(redirectParam)}` : '';
        // the cooldown goes through the tab's storage, not history state, which a reload would replay from the start
        rememberResendAt(pendingEmail, resendIn);
        void navigate(localizePath(`/auth/otp${query}`, locale));
      },
      // A chunk that fails to load: the build check offers a refresh (vite:preloadError); the form stays as it is.
      () => undefined,
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the code step begins
  }, [codeSent, pendingEmail]);

  // The provider's window hands its ID token back (same origin only; lib/social-channel.ts):
  // taken while a window this page opened is out, once.
  const popup = useRef<Window | null>(null);
  useEffect(() => {
    function receive(data: unknown) {
      if (!popup.current || !isIdTokenMessage(data)) return;
      popup.current = null;
      send({ type: 'auth.social', provider: data.provider, token: data.token, popup: true });
    }
    function onMessage(event: MessageEvent) {
      if (event.origin === window.location.origin && event.source === popup.current) receive(event.data);
    }
    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(SOCIAL_CHANNEL) : null;
    if (channel) channel.onmessage = (event: MessageEvent) => receive(event.data);
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      channel?.close();
    };
  }, [send]);

  const translateErrors = (fields: AuthField[]) => {
    const errors: Record<string, string | undefined> = {};
    const source = snapshot?.context.errors ?? {};
    for (const field of fields) {
      const id = source[field];
      if (id) errors[field] = i18n._(AUTH_MESSAGES[id]);
    }
    return errors;
  };
  const failure: AuthFailure | null = snapshot?.context.failure ?? null;
  const failureText = failure ? authFailureText(failure, (m) => i18n._(m)) : null;
  const values = snapshot?.context.values ?? early.values;
  const formState = (form: 'signIn' | 'register') =>
    !snapshot
      ? early.submitted
        ? 'submitting'
        : 'idle'
      : succeeded || codeSent
        ? 'succeeded'
        : snapshot.matches({ forms: { [form]: 'submitting' } }) || snapshot.matches('verifying')
          ? 'submitting'
          : snapshot.matches({ forms: { [form]: 'failed' } }) || (failure && snapshot.matches({ forms: { [form]: 'editing' } }))
            ? 'failed'
            : 'idle';
  const canSubmit = snapshot ? snapshot.can({ type: 'auth.submit' }) : !early.submitted;
  const change = (field: AuthField, value: string) => {
    if (!auth) setEarly((e) => ({ ...e, values: { ...e.values, [field]: value } }));
    send({ type: 'auth.change', field, value });
  };
  const submit = () => {
    if (!auth) setEarly((e) => ({ ...e, submitted: true }));
    send({ type: 'auth.submit' });
  };
  const show = (form: 'signIn' | 'register') => {
    if (!auth) setEarly((e) => ({ ...e, form }));
    switched.current = true;
    send({ type: form === 'register' ? 'auth.showRegister' : 'auth.showSignIn' });
  };
  const openProvider = (provider: SocialProvider) => {
    popup.current = window.open(localizePath(`/auth/social/${provider}`, locale), 'social-sign-in', POPUP_FEATURES);
    popup.current?.focus();
  };

  // Switching between the two forms replaces the heading and the form under the focus (issue 39):
  // the new form's heading takes it, so it is read out and the next Tab is the form's first field.
  const heading = useRef<HTMLHeadingElement>(null);
  const switched = useRef(false);
  useEffect(() => {
    if (!switched.current) return;
    switched.current = false;
    heading.current?.focus();
  }, [registering]);
  // The register view is the same route as sign-in, so the route's meta says "Sign in": the
  // document's title follows the view (WCAG 2.4.2), and goes back when the view or page changes.
  const registerTitle = `${t`Create an account`} | ${i18n._(SITE_NAME)}`;
  useEffect(() => {
    if (!registering) return;
    const previous = document.title;
    document.title = registerTitle;
    return () => {
      // a new page has written its own title by now: keep it
      if (document.title === registerTitle) document.title = previous;
    };
  }, [registering, registerTitle]);

  const confirmMessage = confirmError ? t`The two passwords do not match.` : undefined;
  const registrationErrors = { ...translateErrors(['firstName', 'lastName', 'email', 'password']), confirm: confirmMessage };

  return (
    <div className="auth-page">
      {registering ? (
        <>
          <h1 id="sign-in-title" className="auth-page__title" ref={heading} tabIndex={-1}>
            <Trans>Create an account</Trans>
          </h1>
          <p className="auth-page__lead">
            <Trans>We will email you a 6-digit code to confirm your address.</Trans>
          </p>
          <AuthFieldsForm
            id="register"
            labelledBy="sign-in-title"
            fields={[
              { name: 'firstName', label: t`First name`, autoComplete: 'given-name', dir: 'auto' },
              { name: 'lastName', label: t`Last name`, autoComplete: 'family-name', dir: 'auto' },
              { name: 'email', label: t`Email address`, type: 'email', autoComplete: 'email', inputMode: 'email', dir: 'ltr' },
              {
                name: 'password',
                label: t`Password`,
                type: 'password',
                autoComplete: 'new-password',
                dir: 'ltr',
                hint: t`At least 8 characters, with a letter and a digit.`,
              },
              { name: 'confirm', label: t`Confirm password`, type: 'password', autoComplete: 'new-password', dir: 'ltr' },
            ]}
            values={{ ...values, confirm }}
            errors={registrationErrors}
            status={formState('register')}
            failureText={failureText}
            canSubmit={canSubmit}
            canRetry={failure?.kind === 'network'}
            invalidSubmits={(snapshot?.context.invalidSubmits ?? 0) + confirmSubmits}
            submitLabel={t`Create account`}
            busyLabel={t`Creating your account…`}
            onChange={(field, value) => {
              if (field === 'confirm') {
                setConfirm(value);
                setConfirmError(false);
              } else change(field as AuthField, value);
            }}
            onSubmit={() => {
              // The confirmation is the view's own check: the machine never sees it.
              if (confirm !== values.password) {
                setConfirmError(true);
                setConfirmSubmits((n) => n + 1);
                return;
              }
              submit();
            }}
            onRetry={() => send({ type: 'auth.retry' })}
          />
          <p className="auth-page__switch">
            <Trans>Already have an account?</Trans>{' '}
            <button type="button" className="link-button" onClick={() => show('signIn')}>
              <Trans>Sign in instead</Trans>
            </button>
          </p>
        </>
      ) : (
        <>
          <h1 id="sign-in-title" className="auth-page__title" ref={heading} tabIndex={-1}>
            <Trans>Sign in</Trans>
          </h1>
          <p className="auth-page__lead">
            <Trans>Sign in with the email address and password of your account.</Trans>
          </p>
          <SignInForm
            values={{ email: values.email, password: values.password }}
            errors={translateErrors(['email', 'password']) as Partial<Record<SignInField, string>>}
            status={formState('signIn')}
            failureText={failureText}
            canSubmit={canSubmit}
            canRetry={failure?.kind === 'network'}
            invalidSubmits={snapshot?.context.invalidSubmits ?? 0}
            onChange={change}
            onSubmit={submit}
            onRetry={() => send({ type: 'auth.retry' })}
          />
          <p className="auth-page__switch">
            <LocaleLink
              to={redirectParam ? `/auth/forget-password?redirect=${encodeURIComponent(redirectParam)}` : '/auth/forget-password'}
            >
              <Trans>Forgot your password?</Trans>
            </LocaleLink>
          </p>
          <p className="auth-page__switch">
            <Trans>New to Elegance Store?</Trans>{' '}
            {entry ? (
              <button type="button" className="link-button" onClick={() => show('register')}>
                <Trans>Create an account</Trans>
              </button>
            ) : (
              <LocaleLink to="/auth">
                <Trans>Create an account</Trans>
              </LocaleLink>
            )}
          </p>
        </>
      )}
      <SocialButtons providers={providers} busy={socialBusy} onSignIn={openProvider} />
      <p className="auth-page__back">
        <LocaleLink to="/">
          <Trans>Back to the shop</Trans>
        </LocaleLink>
      </p>
    </div>
  );
}
