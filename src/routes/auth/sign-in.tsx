import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Actor } from 'xstate';
import type { Route } from './+types/sign-in';
import type { AppActors } from '../../containers/app-actors';
import { useSessionSummary } from '../../containers/app-actors';
import { AUTH_MESSAGES, authFailureText } from '../../components/auth/auth-messages';
import { SignInForm } from '../../components/auth/sign-in-form';
import { signInTarget } from '../../components/auth/sign-in-target';
import { LocaleLink } from '../../components/locale-link/locale-link';
import { useActorSelector } from '../../containers/use-actor-selector';
import { useLocale } from '../../lib/use-locale';
import { usePageActor } from '../../containers/use-page-actor';
import { routeMeta } from '../../seo/route-meta';
import type { AuthFailure } from '../../../machines/auth.machine';
import type { SignInField, SignInInput } from '../../../machines/schemas/auth.schema';

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: msg`Sign in`,
    description: msg`Sign in to your Elegance Store account to check out, follow your orders and keep your wishlist.`,
    noindex: true,
  });

type AuthActor = Actor<AppActors['machines']['auth']>;
type AuthSnapshot = ReturnType<AuthActor['getSnapshot']>;

/** What was typed (and whether "sign in" was pressed) before the app's actors had loaded. */
interface EarlyInput {
  values: SignInInput;
  submitted: boolean;
}

/** /auth and /auth/login: sign in with email and password (decision 006). */
export default function SignInPage() {
  const { i18n } = useLingui();
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = signInTarget(params.get('redirect'), locale);
  // The auth machine comes with the app's actors (decision 007: after hydration; this page asks for
  // them at once). Until then the same form shows what is typed (`early`) while the events wait in
  // usePageActor's queue, so nothing typed or submitted is lost and focus stays in the one form.
  const { actor: auth, send } = usePageActor((machines) => machines.auth, { input: { start: 'signIn' } });
  const [early, setEarly] = useState<EarlyInput>({ values: { email: '', password: '' }, submitted: false });
  const snapshot = useActorSelector<AuthSnapshot, AuthSnapshot | null>(auth, (s) => s, null);
  const { loggedIn } = useSessionSummary();
  const succeeded = snapshot?.matches({ signedIn: 'settled' }) ?? false;
  // A sign-in whose address is not confirmed yet goes on to the e-mail code (a fresh one is sent).
  // The code step has no page yet: meanwhile this one says what it said before, and stays put.
  const verifying = snapshot?.matches('verifying') ?? false;

  // Signed in now, or already when the page opened: on to the target (replacing /auth in history).
  useEffect(() => {
    if (succeeded || loggedIn) void navigate(target, { replace: true });
  }, [succeeded, loggedIn, navigate, target]);

  const errors: Partial<Record<SignInField, string>> = {};
  for (const [field, id] of Object.entries(snapshot?.context.errors ?? {}) as [SignInField, keyof typeof AUTH_MESSAGES][]) {
    errors[field] = i18n._(AUTH_MESSAGES[id]);
  }
  const failure: AuthFailure | null = verifying ? { kind: 'notVerified' } : (snapshot?.context.failure ?? null);
  const status = !snapshot
    ? early.submitted
      ? 'submitting'
      : 'idle'
    : succeeded
      ? 'succeeded'
      : snapshot.matches({ forms: { signIn: 'submitting' } })
        ? 'submitting'
        : verifying || snapshot.matches({ forms: { signIn: 'failed' } })
          ? 'failed'
          : 'idle';

  return (
    <div className="auth-page">
      <h1 id="sign-in-title" className="auth-page__title">
        <Trans>Sign in</Trans>
      </h1>
      <p className="auth-page__lead">
        <Trans>Sign in with the email address and password of your account.</Trans>
      </p>
      <SignInForm
        values={snapshot?.context.values ?? early.values}
        errors={errors}
        status={status}
        failureText={failure ? authFailureText(failure, (m) => i18n._(m)) : null}
        canSubmit={snapshot ? snapshot.can({ type: 'auth.submit' }) : !early.submitted}
        canRetry={failure?.kind === 'network'}
        invalidSubmits={snapshot?.context.invalidSubmits ?? 0}
        onChange={(field, value) => {
          if (!auth) setEarly((e) => ({ ...e, values: { ...e.values, [field]: value } }));
          send({ type: 'auth.change', field, value });
        }}
        onSubmit={() => {
          if (!auth) setEarly((e) => ({ ...e, submitted: true }));
          send({ type: 'auth.submit' });
        }}
        onRetry={() => send({ type: 'auth.retry' })}
      />
      <p className="auth-page__back">
        <LocaleLink to="/">
          <Trans>Back to the shop</Trans>
        </LocaleLink>
      </p>
    </div>
  );
}
