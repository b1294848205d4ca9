import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import type { Actor } from 'xstate';
import type { Route } from './+types/change-password';
import type { ChangePasswordErrors, ChangePasswordField } from '../../../machines/schemas/password.schema';
import { accountFailureMessage, PASSWORD_MESSAGES } from '../../components/profile/profile-messages';
import { ProfileFrame } from '../../containers/profile-frame';
import { useFocusFirstError } from '../../components/profile/use-focus-first-error';
import type { PageMachines } from '../../containers/app-actors.types';
import { useActorSelector } from '../../containers/use-actor-selector';
import { usePageActor } from '../../containers/use-page-actor';
import { localeContext } from '../../i18n/locale-middleware.server';
import { routeMeta } from '../../seo/route-meta';
import { privatePageHeaders, requireCustomer } from '../guards.server';

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: msg`Change password`, description: msg`Change the password of your Elegance Store account.`, noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCustomer(request, context.get(localeContext));
  return null;
}

type PasswordActor = Actor<PageMachines['changePassword']>;
type PasswordSnapshot = ReturnType<PasswordActor['getSnapshot']>;

const FIELDS: ChangePasswordField[] = ['currentPassword', 'newPassword', 'confirmPassword'];

/** /profile/change-password: current password, new one twice (updateCustomerPassword). */
export default function ChangePasswordPage() {
  const { i18n, t } = useLingui();
  // The machine comes with the app's actors once the page is idle (decision 007), or at once on the
  // first keystroke; typed before: shown as typed, the events wait in usePageActor's queue.
  const { actor, send } = usePageActor('changePassword', { eager: false });
  const snapshot = useActorSelector<PasswordSnapshot, PasswordSnapshot | null>(actor, (s) => s, null);
  const [early, setEarly] = useState({ currentPassword: '', newPassword: '', confirmPassword: '', submitted: false });
  const formRef = useRef<HTMLFormElement>(null);
  const errors = snapshot?.context.errors ?? NO_ERRORS;
  const onSubmitted = useFocusFirstError(formRef, errors);
  const values = snapshot?.context.values ?? early;
  const submitting = snapshot ? snapshot.matches('submitting') : early.submitted;
  const changed = snapshot?.matches('changed') ?? false;
  const failure = snapshot?.context.failure ?? null;
  const policyMessage = snapshot?.context.policyMessage ?? null;
  const canSubmit = snapshot ? snapshot.can({ type: 'password.submit' }) || snapshot.can({ type: 'password.retry' }) : !early.submitted;

  const error = (field: ChangePasswordField) => {
    const id = errors[field];
    if (id) return i18n._(PASSWORD_MESSAGES[id]);
    return field === 'newPassword' ? policyMessage : null;
  };
  const input = (field: ChangePasswordField, autoComplete: string) => {
    const message = error(field);
    return {
      id: `password-${field}`,
      name: field,
      type: 'password',
      className: 'field__input',
      autoComplete,
      dir: 'ltr' as const,
      value: values[field],
      disabled: submitting,
      'aria-invalid': message ? true : undefined,
      'aria-describedby': message ? `password-${field}-error` : undefined,
      onChange: (e: { target: { value: string } }) => {
        if (!snapshot) setEarly((v) => ({ ...v, [field]: e.target.value }));
        send({ type: 'password.change', field, value: e.target.value });
      },
    };
  };
  const errorText = (field: ChangePasswordField) => {
    const message = error(field);
    return message ? (
      <p id={`password-${field}-error`} className="field__error">
        {message}
      </p>
    ) : null;
  };
  const labels: Record<ChangePasswordField, string> = {
    currentPassword: t`Current password`,
    newPassword: t`New password`,
    confirmPassword: t`Repeat the new password`,
  };
  const autoCompletes: Record<ChangePasswordField, string> = {
    currentPassword: 'current-password',
    newPassword: 'new-password',
    confirmPassword: 'new-password',
  };

  return (
    <ProfileFrame title={<Trans>Change password</Trans>}>
      {changed ? (
        <div className="notice notice--success" role="status">
          <p>{t`Your password has been changed.`}</p>
          <button type="button" className="button button--secondary" onClick={() => send({ type: 'password.reset' })}>
            {t`Change it again`}
          </button>
        </div>
      ) : (
        <form
          ref={formRef}
          className="profile-form"
          noValidate
          aria-busy={submitting}
          onSubmit={(e) => {
            e.preventDefault();
            if (!snapshot) setEarly((v) => ({ ...v, submitted: true }));
            onSubmitted();
            send(failure ? { type: 'password.retry' } : { type: 'password.submit' });
          }}
        >
          <div role="alert" aria-live="assertive">
            {Object.keys(errors).length > 0 && <p className="notice notice--error">{t`Please correct the marked fields.`}</p>}
            {failure && (
              <p className="notice notice--error">
                {failure === 'password.unsupported'
                  ? t`Your account signs in through Google or Apple and has no password to change here.`
                  : i18n._(accountFailureMessage(failure, msg`Your password could not be changed. Check your connection and try again.`))}
              </p>
            )}
          </div>
          {FIELDS.map((field) => (
            <div className="field" key={field}>
              <label className="field__label" htmlFor={`password-${field}`}>
                {labels[field]}
              </label>
              <input {...input(field, autoCompletes[field])} />
              {field === 'newPassword' && <p className="field__hint">{t`At least 8 characters, with a letter and a digit.`}</p>}
              {errorText(field)}
            </div>
          ))}
          <button type="submit" className="button button--primary" disabled={!canSubmit}>
            {submitting ? t`Saving…` : t`Change password`}
          </button>
        </form>
      )}
    </ProfileFrame>
  );
}

const NO_ERRORS: ChangePasswordErrors = {};
