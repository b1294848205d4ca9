import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Actor } from 'xstate';
import type { Route } from './+types/forget-password';
import type { PageMachines } from '../../containers/app-actors.types';
import { AUTH_MESSAGES, authFailureText } from '../../components/auth/auth-messages';
import { AuthFieldsForm } from '../../components/auth/auth-fields-form';
import { LocaleLink } from '../../components/locale-link/locale-link';
import { useActorSelector } from '../../containers/use-actor-selector';
import { usePageActor } from '../../containers/use-page-actor';
import { localeContext } from '../../i18n/locale-middleware.server';
import { localizePath } from '../../i18n/paths';
import { resetTicketCookies } from '../../lib/auth-cookies';
import { browserCookieOptions, setDocumentCookies } from '../../lib/document-cookies';
import { useLocale } from '../../lib/use-locale';
import { routeMeta } from '../../seo/route-meta';
import { requireGuest } from '../guards.server';
import { AUTH_LIMITS } from '../../../machines/schemas/limits';
import type { AuthField } from '../../../machines/schemas/auth.schema';
import { acceptReturnPath } from '../../lib/return-path';
import {
  readResetProgress,
  RESET_STEP_PARAM,
  resetInputOf,
  resetProgressOf,
  sessionStore,
  writeResetProgress,
} from '../../lib/reset-progress';

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: msg`Forgot your password?`,
    description: msg`Get a code by email to choose a new password for your Elegance Store account.`,
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireGuest(request, context.get(localeContext));
  return null;
}

// A step change only changes `?step=`: the guest check ran when the page opened, and the URL must
// say the step at once (a reload right after reads it).
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

type ResetActor = Actor<PageMachines['passwordReset']>;
type ResetSnapshot = ReturnType<ResetActor['getSnapshot']>;

/** /auth/forget-password: e-mail -> 6-digit code -> on to /auth/reset-password with the ticket. */
export default function ForgetPasswordPage() {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // only an accepted return path is passed on to the next auth page
  const redirectParam = acceptReturnPath(params.get('redirect'));
  // The step is in the URL (`?step=code`) and the address in this tab's sessionStorage, so a reload
  // comes back to the code step (src/lib/reset-progress.ts); read in the browser when the machine starts.
  const urlStep = params.get(RESET_STEP_PARAM);
  // The machine comes with the app's actors once the page is idle (decision 007), or at once on the
  // first keystroke; until then the form shows what is typed (`early`), the events wait in the queue.
  const { actor: reset, send } = usePageActor('passwordReset', {
    input: typeof document === 'undefined' ? {} : resetInputOf(readResetProgress(sessionStore()), urlStep),
    eager: false,
  });
  const [early, setEarly] = useState({ email: '', code: '', submitted: false });
  const snapshot = useActorSelector<ResetSnapshot, ResetSnapshot | null>(reset, (s) => s, null);
  const atCode = snapshot ? snapshot.matches('code') : urlStep === 'code';
  const ticket = snapshot?.matches('newPassword') ? snapshot.context.resetToken : null;
  const progress = snapshot ? resetProgressOf(snapshot) : undefined;

  // What a reload needs: the address in sessionStorage, the step in the URL (replaced, not pushed:
  // Back still leaves the page). Never the code or the password.
  useEffect(() => {
    if (progress === undefined) return;
    writeResetProgress(sessionStore(), progress);
    if (ticket) return;
    const inUrl = urlStep === 'code';
    if ((progress?.step === 'code') === inUrl) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (inUrl) next.delete(RESET_STEP_PARAM);
        else next.set(RESET_STEP_PARAM, 'code');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on a change of step or address
  }, [progress?.step, progress?.email, ticket]);

  // The ticket is the new-password page's key (decision 012: a short-lived, auth-scoped cookie).
  useEffect(() => {
    if (!ticket) return;
    writeResetProgress(sessionStore(), null);
    setDocumentCookies(resetTicketCookies(ticket, browserCookieOptions()));
    const query = redirectParam ? `?redirect=${encodeURIComponent(redirectParam)}` : '';
    void navigate(localizePath(`/auth/reset-password${query}`, locale), { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the code is accepted
  }, [ticket]);

  const failure = snapshot?.context.failure ?? null;
  const failureText = failure ? authFailureText(failure, (m) => i18n._(m)) : null;
  const errorsOf = (field: AuthField) => {
    const id = snapshot?.context.errors[field];
    return id ? i18n._(AUTH_MESSAGES[id]) : undefined;
  };
  const status = (busy: boolean) =>
    !snapshot ? (early.submitted ? 'submitting' : 'idle') : ticket ? 'succeeded' : busy ? 'submitting' : failure ? 'failed' : 'idle';
  const canSubmit = snapshot ? snapshot.can({ type: 'reset.submit' }) : !early.submitted;

  return (
    <div className="auth-page">
      <h1 id="reset-title" className="auth-page__title">
        <Trans>Forgot your password?</Trans>
      </h1>
      {atCode || ticket ? (
        <>
          <p className="auth-page__lead">
            {snapshot?.context.email ? (
              <Trans>
                If an account uses <bdi dir="ltr">{snapshot.context.email}</bdi>, we emailed it a 6-digit code. Enter it below.
              </Trans>
            ) : (
              <Trans>If an account uses the address you entered, we emailed it a 6-digit code. Enter it below.</Trans>
            )}
          </p>
          <AuthFieldsForm
            id="reset-code"
            labelledBy="reset-title"
            fields={[
              {
                name: 'code',
                label: t`Verification code`,
                autoComplete: 'one-time-code',
                inputMode: 'numeric',
                dir: 'ltr',
                maxLength: AUTH_LIMITS.codeLength + 2,
              },
            ]}
            values={{ code: snapshot?.context.values.code ?? early.code }}
            errors={{ code: errorsOf('code') }}
            status={status(snapshot?.matches({ code: 'checking' }) ?? false)}
            failureText={failureText}
            canSubmit={canSubmit}
            canRetry={failure?.kind === 'network'}
            invalidSubmits={snapshot?.context.invalidSubmits ?? 0}
            submitLabel={t`Continue`}
            busyLabel={t`Checking…`}
            onChange={(_, value) => {
              if (!reset) setEarly((e) => ({ ...e, code: value }));
              send({ type: 'reset.change', field: 'code', value });
            }}
            onSubmit={() => {
              if (!reset) setEarly((e) => ({ ...e, submitted: true }));
              send({ type: 'reset.submit' });
            }}
            onRetry={() => send({ type: 'reset.retry' })}
          >
            <div className="auth-resend">
              <button
                type="button"
                className="button button--secondary"
                disabled={!snapshot?.can({ type: 'reset.requestCode' })}
                onClick={() => send({ type: 'reset.requestCode' })}
              >
                <Trans>Send a new code</Trans>
              </button>
              <button
                type="button"
                className="link-button"
                disabled={!snapshot?.can({ type: 'reset.changeEmail' })}
                onClick={() => send({ type: 'reset.changeEmail' })}
              >
                <Trans>Use another email address</Trans>
              </button>
            </div>
          </AuthFieldsForm>
        </>
      ) : (
        <>
          <p className="auth-page__lead">
            <Trans>Enter the email address of your account and we will email you a code to choose a new password.</Trans>
          </p>
          <AuthFieldsForm
            id="reset-email"
            labelledBy="reset-title"
            fields={[{ name: 'email', label: t`Email address`, type: 'email', autoComplete: 'email', inputMode: 'email', dir: 'ltr' }]}
            values={{ email: snapshot?.context.values.email ?? early.email }}
            errors={{ email: errorsOf('email') }}
            status={status(snapshot?.matches({ requesting: 'sending' }) ?? false)}
            failureText={failureText}
            canSubmit={canSubmit}
            canRetry={failure?.kind === 'network'}
            invalidSubmits={snapshot?.context.invalidSubmits ?? 0}
            submitLabel={t`Send the code`}
            busyLabel={t`Sending…`}
            onChange={(_, value) => {
              if (!reset) {
                setEarly((e) => ({ ...e, email: value }));
                // kept at once: a reload before the machine has loaded still finds it
                writeResetProgress(sessionStore(), { step: 'email', email: value });
              }
              send({ type: 'reset.change', field: 'email', value });
            }}
            onSubmit={() => {
              if (!reset) setEarly((e) => ({ ...e, submitted: true }));
              send({ type: 'reset.submit' });
            }}
            onRetry={() => send({ type: 'reset.retry' })}
          />
        </>
      )}
      <p className="auth-page__back">
        <LocaleLink to="/auth">
          <Trans>Back to sign in</Trans>
        </LocaleLink>
      </p>
    </div>
  );
}
