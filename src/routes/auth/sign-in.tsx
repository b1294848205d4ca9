import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Actor } from 'xstate';
import type { Route } from './+types/sign-in';
import type { AppActors } from '../../app/actors';
import { useAppActorsHandle, useSessionSummary } from '../../app/app-actors';
import { AUTH_MESSAGES, authFailureText } from '../../components/auth/auth-messages';
import { SignInForm } from '../../components/auth/sign-in-form';
import { signInTarget } from '../../components/auth/sign-in-target';
import { LocaleLink } from '../../components/locale-link/locale-link';
import { useActorSelector } from '../../hooks/use-actor-selector';
import { useLocale } from '../../hooks/use-locale';
import { routeMeta } from '../../seo/route-meta';
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

/**
 * The auth machine, spawned from the app's actors once they are there (decision 007: they load
 * after hydration; this page asks for them at once). Until then the same form keeps what is typed
 * and a pending submit, and hands both over. One form element throughout: focus is never lost.
 */
function useAuthActor(earlyRef: { readonly current: EarlyInput }) {
  const { actors, load } = useAppActorsHandle();
  const [auth, setAuth] = useState<AuthActor | null>(null);
  // Set as soon as the actor exists, before React renders with it: a key typed in between goes to
  // the actor, not to the early state it has already read.
  const authRef = useRef<AuthActor | null>(null);

  useEffect(() => {
    if (!actors) void load();
  }, [actors, load]);

  useEffect(() => {
    if (!actors) return;
    const actor = actors.spawn(actors.machines.auth).start();
    const { values, submitted } = earlyRef.current;
    for (const field of ['email', 'password'] as const) {
      if (values[field]) actor.send({ type: 'auth.change', field, value: values[field] });
    }
    if (submitted) actor.send({ type: 'auth.submit' });
    authRef.current = actor;
    setAuth(actor);
    return () => {
      authRef.current = null;
      actor.stop();
    };
  }, [actors, earlyRef]);

  return { auth, authRef };
}

/** /auth and /auth/login: sign in with email and password (decision 006). */
export default function SignInPage() {
  const { i18n } = useLingui();
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = signInTarget(params.get('redirect'), locale);
  // What was typed before the actor existed: a ref (read by the actor when it starts, always
  // current) mirrored in state (what the form shows).
  const earlyRef = useRef<EarlyInput>({ values: { email: '', password: '' }, submitted: false });
  const [early, setEarlyState] = useState<EarlyInput>(earlyRef.current);
  const setEarly = (update: (e: EarlyInput) => EarlyInput) => {
    earlyRef.current = update(earlyRef.current);
    setEarlyState(earlyRef.current);
  };
  const { auth, authRef } = useAuthActor(earlyRef);
  const snapshot = useActorSelector<AuthSnapshot, AuthSnapshot | null>(auth, (s) => s, null);
  const { loggedIn } = useSessionSummary();
  const succeeded = snapshot?.matches('succeeded') ?? false;

  // Signed in now, or already when the page opened: on to the target (replacing /auth in history).
  useEffect(() => {
    if (succeeded || loggedIn) void navigate(target, { replace: true });
  }, [succeeded, loggedIn, navigate, target]);

  const errors: Partial<Record<SignInField, string>> = {};
  for (const [field, id] of Object.entries(snapshot?.context.errors ?? {}) as [SignInField, keyof typeof AUTH_MESSAGES][]) {
    errors[field] = i18n._(AUTH_MESSAGES[id]);
  }
  const failure = snapshot?.context.failure ?? null;
  const status = !snapshot
    ? early.submitted
      ? 'submitting'
      : 'idle'
    : succeeded
      ? 'succeeded'
      : snapshot.matches('submitting')
        ? 'submitting'
        : snapshot.matches('failed')
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
        canRetry={failure?.kind === 'network'}
        invalidSubmits={snapshot?.context.invalidSubmits ?? 0}
        onChange={(field, value) => {
          const actor = authRef.current;
          if (actor) actor.send({ type: 'auth.change', field, value });
          else setEarly((e) => ({ ...e, values: { ...e.values, [field]: value } }));
        }}
        onSubmit={() => {
          const actor = authRef.current;
          if (actor) actor.send({ type: 'auth.submit' });
          else setEarly((e) => ({ ...e, submitted: true }));
        }}
        onRetry={() => authRef.current?.send({ type: 'auth.retry' })}
      />
      <p className="auth-page__back">
        <LocaleLink to="/">
          <Trans>Back to the shop</Trans>
        </LocaleLink>
      </p>
    </div>
  );
}
