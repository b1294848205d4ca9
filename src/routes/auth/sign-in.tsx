import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/sign-in';
import { useAppActors, useSessionSummary } from '../../app/app-actors';
import { AUTH_MESSAGES, authFailureText } from '../../components/auth/auth-messages';
import { SignInForm } from '../../components/auth/sign-in-form';
import { signInTarget } from '../../components/auth/sign-in-target';
import { LocaleLink } from '../../components/locale-link/locale-link';
import { useLocale } from '../../hooks/use-locale';
import { routeMeta } from '../../seo/route-meta';
import type { SignInField } from '../../../machines/schemas/auth.schema';

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: msg`Sign in`,
    description: msg`Sign in to your Elegance Store account to check out, follow your orders and keep your wishlist.`,
    noindex: true,
  });

/** /auth and /auth/login: sign in with email and password (decision 006). */
export default function SignInPage() {
  const { i18n } = useLingui();
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = signInTarget(params.get('redirect'), locale);
  const { machines } = useAppActors();
  const { loggedIn } = useSessionSummary();
  const [state, send] = useMachine(machines.auth);
  const succeeded = state.matches('succeeded');

  // Signed in now, or already when the page opened: on to the target (replacing /auth in history).
  useEffect(() => {
    if (succeeded || loggedIn) void navigate(target, { replace: true });
  }, [succeeded, loggedIn, navigate, target]);

  const errors: Partial<Record<SignInField, string>> = {};
  for (const [field, id] of Object.entries(state.context.errors) as [SignInField, keyof typeof AUTH_MESSAGES][]) {
    errors[field] = i18n._(AUTH_MESSAGES[id]);
  }
  const failure = state.context.failure;
  const status = succeeded ? 'succeeded' : state.matches('submitting') ? 'submitting' : state.matches('failed') ? 'failed' : 'idle';

  return (
    <div className="auth-page">
      <h1 id="sign-in-title" className="auth-page__title">
        <Trans>Sign in</Trans>
      </h1>
      <p className="auth-page__lead">
        <Trans>Sign in with the email address and password of your account.</Trans>
      </p>
      <SignInForm
        values={state.context.values}
        errors={errors}
        status={status}
        failureText={failure ? authFailureText(failure, (m) => i18n._(m)) : null}
        canRetry={failure?.kind === 'network'}
        invalidSubmits={state.context.invalidSubmits}
        onChange={(field, value) => send({ type: 'auth.change', field, value })}
        onSubmit={() => send({ type: 'auth.submit' })}
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
