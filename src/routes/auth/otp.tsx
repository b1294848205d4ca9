import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { useLoaderData, useNavigate, useSearchParams } from 'react-router';
import type { Actor } from 'xstate';
import type { Route } from './+types/otp';
import type { PageMachines } from '../../containers/app-actors.types';
import { AUTH_MESSAGES, authFailureText } from '../../components/auth/auth-messages';
import { AuthFieldsForm } from '../../components/auth/auth-fields-form';
import { signInTarget } from '../../components/auth/sign-in-target';
import { formatNumber } from '../../components/catalogue/format';
import { LocaleLink } from '../../components/locale-link/locale-link';
import { useActorSelector } from '../../containers/use-actor-selector';
import { usePageActor } from '../../containers/use-page-actor';
import { clearPendingVerificationCookies, pendingVerificationCookies } from '../../lib/auth-cookies';
import { rememberResendAt, resendSecondsLeft } from '../../lib/resend-clock';
import { browserCookieOptions, setDocumentCookies } from '../../lib/document-cookies';
import { useLocale } from '../../lib/use-locale';
import { routeMeta } from '../../seo/route-meta';
import { privatePageHeaders, requirePendingVerification } from '../guards.server';
import { localeContext } from '../../i18n/locale-middleware.server';
import { AUTH_LIMITS } from '../../../machines/schemas/limits';

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: msg`Confirm your email address`, description: msg`Enter the 6-digit code we emailed you.`, noindex: true });

export const headers = privatePageHeaders;

/** Only while a verification is pending (the `auth_pending` cookie, decision 012). */
export function loader({ request, context }: Route.LoaderArgs) {
  return requirePendingVerification(request, context.get(localeContext));
}

type AuthActor = Actor<PageMachines['auth']>;
type AuthSnapshot = ReturnType<AuthActor['getSnapshot']>;

function clock(seconds: number, locale: 'ar' | 'en'): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${formatNumber(m, locale)}:${formatNumber(Math.floor(s / 10), locale)}${formatNumber(s % 10, locale)}`;
}

/** /auth/otp: the 6-digit code from the e-mail, a resend with its cooldown, then signed in. */
export default function OtpPage() {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const navigate = useNavigate();
  const { email } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const target = signInTarget(params.get('redirect'), locale);
  const { actor: auth, send } = usePageActor('auth', {
    // The cooldown the form that sent the code began, or the one a reload of this page left running.
    input: { start: 'verify', email, resendIn: resendSecondsLeft(email) },
  });
  const [earlyCode, setEarlyCode] = useState('');
  const [earlySubmitted, setEarlySubmitted] = useState(false);
  const snapshot = useActorSelector<AuthSnapshot, AuthSnapshot | null>(auth, (s) => s, null);
  const succeeded = snapshot?.matches({ signedIn: 'settled' }) ?? false;
  const codesResent = snapshot?.context.codesResent ?? 0;
  const resendIn = snapshot?.context.resendIn ?? 0;
  const statusRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (!succeeded) return;
    setDocumentCookies(clearPendingVerificationCookies(browserCookieOptions()));
    void navigate(target, { replace: true });
  }, [succeeded, navigate, target]);

  // A new code: the pending cookie lives another 30 minutes.
  useEffect(() => {
    if (codesResent > 0) setDocumentCookies(pendingVerificationCookies(email, browserCookieOptions()));
  }, [codesResent, email]);

  // When the machine arrives and after each new code: remember when the next one may be asked for,
  // so a reload does not offer a resend early. Read through a ref: the clock ticking is not a new code.
  const resendInRef = useRef(resendIn);
  resendInRef.current = resendIn;
  const hasMachine = snapshot !== null;
  useEffect(() => {
    if (hasMachine) rememberResendAt(email, resendInRef.current);
  }, [hasMachine, codesResent, email]);

  const failure = snapshot?.context.failure ?? null;
  const errorId = snapshot?.context.errors.code;
  const code = snapshot?.context.values.code ?? earlyCode;
  const spent = snapshot?.matches({ verifying: { code: 'spent' } }) ?? false;
  const status = !snapshot
    ? earlySubmitted
      ? 'submitting'
      : 'idle'
    : succeeded || snapshot.matches('signedIn')
      ? 'succeeded'
      : snapshot.matches({ verifying: { code: 'checking' } })
        ? 'submitting'
        : failure
          ? 'failed'
          : 'idle';
  const canResend = snapshot ? snapshot.can({ type: 'auth.resend' }) : false;
  const sending = snapshot?.matches({ verifying: { resend: 'sending' } }) ?? false;

  return (
    <div className="auth-page">
      <h1 id="otp-title" className="auth-page__title">
        <Trans>Confirm your email address</Trans>
      </h1>
      <p className="auth-page__lead">
        <Trans>
          We emailed a 6-digit code to <bdi dir="ltr">{email}</bdi>. Enter it below; it is valid for 15 minutes.
        </Trans>
      </p>
      <AuthFieldsForm
        id="otp"
        labelledBy="otp-title"
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
        values={{ code }}
        errors={{ code: errorId ? i18n._(AUTH_MESSAGES[errorId]) : undefined }}
        status={status}
        failureText={failure ? authFailureText(failure, (m) => i18n._(m)) : null}
        canSubmit={snapshot ? snapshot.can({ type: 'auth.submit' }) : !earlySubmitted}
        canRetry={failure?.kind === 'network' && !spent}
        invalidSubmits={snapshot?.context.invalidSubmits ?? 0}
        submitLabel={t`Confirm`}
        busyLabel={t`Checking…`}
        onChange={(_, value) => {
          if (!auth) setEarlyCode(value);
          send({ type: 'auth.change', field: 'code', value });
        }}
        onSubmit={() => {
          if (!auth) setEarlySubmitted(true);
          send({ type: 'auth.submit' });
        }}
        onRetry={() => send({ type: 'auth.retry' })}
      >
        <div className="auth-resend">
          <p ref={statusRef} className="auth-resend__status" role="status">
            {codesResent > 0 && <Trans>We sent you a new code. The previous one no longer works.</Trans>}
          </p>
          <button
            type="button"
            className="button button--secondary auth-resend__button"
            disabled={!canResend}
            onClick={() => send({ type: 'auth.resend' })}
          >
            {sending ? (
              <Trans>Sending a new code…</Trans>
            ) : resendIn > 0 ? (
              <Trans>
                Send a new code in <bdi dir="ltr">{clock(resendIn, locale)}</bdi>
              </Trans>
            ) : (
              <Trans>Send a new code</Trans>
            )}
          </button>
        </div>
      </AuthFieldsForm>
      <p className="auth-page__switch">
        <LocaleLink to="/auth" onClick={() => setDocumentCookies(clearPendingVerificationCookies(browserCookieOptions()))}>
          <Trans>Use another email address</Trans>
        </LocaleLink>
      </p>
    </div>
  );
}
