import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Actor } from 'xstate';
import type { Route } from './+types/reset-password';
import type { PageMachines } from '../../containers/app-actors.types';
import { AUTH_MESSAGES, authFailureText } from '../../components/auth/auth-messages';
import { AuthFieldsForm } from '../../components/auth/auth-fields-form';
import { signInTarget } from '../../components/auth/sign-in-target';
import { LocaleLink } from '../../components/locale-link/locale-link';
import { useActorSelector } from '../../containers/use-actor-selector';
import { usePageActor } from '../../containers/use-page-actor';
import { localeContext } from '../../i18n/locale-middleware.server';
import { clearResetTicketCookies, readResetTicket } from '../../lib/auth-cookies';
import { browserCookieOptions, setDocumentCookies } from '../../lib/document-cookies';
import { useLocale } from '../../lib/use-locale';
import { routeMeta } from '../../seo/route-meta';
import { privatePageHeaders, requireResetTicket } from '../guards.server';

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: msg`Choose a new password`, description: msg`Choose a new password for your account.`, noindex: true });

export const headers = privatePageHeaders;

/** Only with a reset ticket (decision 012); the ticket itself stays out of the loader's data. */
export function loader({ request, context }: Route.LoaderArgs) {
  requireResetTicket(request, context.get(localeContext));
  return null;
}

type ResetActor = Actor<PageMachines['passwordReset']>;
type ResetSnapshot = ReturnType<ResetActor['getSnapshot']>;

const clearTicket = () => setDocumentCookies(clearResetTicketCookies(browserCookieOptions()));

/** /auth/reset-password: the new password (the backend's policy messages shown), then signed in. */
export default function ResetPasswordPage() {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = signInTarget(params.get('redirect'), locale);
  // The ticket is read in the browser when the machine starts (with the app's actors, once the page
  // is idle, decision 007, or at once on the first keystroke; typed text is kept until then).
  const { actor: reset, send } = usePageActor('passwordReset', {
    input: { resetToken: typeof document === 'undefined' ? undefined : (readResetTicket(document.cookie) ?? undefined) },
    eager: false,
  });
  const [early, setEarly] = useState({ password: '', submitted: false });
  const [shown, setShown] = useState(false);
  const snapshot = useActorSelector<ResetSnapshot, ResetSnapshot | null>(reset, (s) => s, null);
  const succeeded = snapshot?.matches({ signedIn: 'settled' }) ?? false;
  const rejected = snapshot?.matches({ newPassword: 'rejected' }) ?? false;
  const unverified = snapshot?.matches('unverified') ?? false;
  // Without a usable ticket the machine opens at the e-mail step: that is the other page's job.
  const noTicket = snapshot?.matches('requesting') ?? false;

  useEffect(() => {
    if (succeeded) {
      clearTicket();
      void navigate(target, { replace: true });
    } else if (rejected || unverified) clearTicket();
  }, [succeeded, rejected, unverified, navigate, target]);

  const failure = snapshot?.context.failure ?? null;
  const errorId = snapshot?.context.errors.password;
  const status = !snapshot
    ? early.submitted
      ? 'submitting'
      : 'idle'
    : succeeded || snapshot.matches('signedIn')
      ? 'succeeded'
      : snapshot.matches({ newPassword: 'saving' })
        ? 'submitting'
        : failure
          ? 'failed'
          : 'idle';

  return (
    <div className="auth-page">
      <h1 id="new-password-title" className="auth-page__title">
        <Trans>Choose a new password</Trans>
      </h1>
      {noTicket ? (
        <p className="notice notice--error" role="alert">
          <Trans>This password reset is no longer valid. Please start again.</Trans>
        </p>
      ) : (
        <AuthFieldsForm
          id="new-password"
          labelledBy="new-password-title"
          fields={[
            {
              name: 'password',
              label: t`New password`,
              type: shown ? 'text' : 'password',
              autoComplete: 'new-password',
              dir: 'ltr',
              hint: t`At least 8 characters, with a letter and a digit.`,
            },
          ]}
          values={{ password: snapshot?.context.values.password ?? early.password }}
          errors={{ password: errorId ? i18n._(AUTH_MESSAGES[errorId]) : undefined }}
          status={status}
          failureText={failure ? authFailureText(failure, (m) => i18n._(m)) : null}
          canSubmit={snapshot ? snapshot.can({ type: 'reset.submit' }) : !early.submitted}
          canRetry={failure?.kind === 'network'}
          invalidSubmits={snapshot?.context.invalidSubmits ?? 0}
          submitLabel={t`Save and sign in`}
          busyLabel={t`Saving…`}
          onChange={(_, value) => {
            if (!reset) setEarly((e) => ({ ...e, password: value }));
            send({ type: 'reset.change', field: 'password', value });
          }}
          onSubmit={() => {
            if (!reset) setEarly((e) => ({ ...e, submitted: true }));
            send({ type: 'reset.submit' });
          }}
          onRetry={() => send({ type: 'reset.retry' })}
        >
          <label className="auth-form__toggle">
            <input type="checkbox" checked={shown} onChange={(event) => setShown(event.target.checked)} /> <Trans>Show password</Trans>
          </label>
        </AuthFieldsForm>
      )}
      {(rejected || noTicket) && (
        <p className="auth-page__switch">
          <LocaleLink to="/auth/forget-password">
            <Trans>Start again</Trans>
          </LocaleLink>
        </p>
      )}
      {unverified && (
        <p className="auth-page__switch">
          <LocaleLink to="/auth/login">
            <Trans>Sign in to get a new confirmation code</Trans>
          </LocaleLink>
        </p>
      )}
      <p className="auth-page__back">
        <LocaleLink to="/auth">
          <Trans>Back to sign in</Trans>
        </LocaleLink>
      </p>
    </div>
  );
}
