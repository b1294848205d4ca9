import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Actor } from 'xstate';
import type { Route } from './+types/profile';
import type { ProfileEvent } from '../../../machines/profile.machine';
import type { EmailChangeErrors, ProfileDetailsErrors } from '../../../machines/schemas/profile.schema';
import { presetUrl } from '../../components/image/image-sources';
import { PhoneInput, type PhoneValue as PhoneInputValue } from '../../components/phone-input/phone-input';
import {
  accountFailureMessage,
  AVATAR_MESSAGES,
  PROFILE_MESSAGES,
  STORE_UNAVAILABLE,
  STORE_UNAVAILABLE_MESSAGE,
} from '../../components/profile/profile-messages';
import { ProfileFrame } from '../../containers/profile-frame';
import { useFocusFirstError } from '../../components/profile/use-focus-first-error';
import type { PageMachines } from '../../containers/app-actors.types';
import { useActorSelector } from '../../containers/use-actor-selector';
import { usePageActor } from '../../containers/use-page-actor';
import { localeContext } from '../../i18n/locale-middleware.server';
import { useLocale } from '../../lib/use-locale';
import { routeMeta } from '../../seo/route-meta';
import { privatePageHeaders, requireCustomer } from '../guards.server';

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: msg`My profile`, description: msg`Your Elegance Store account.`, noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = await requireCustomer(request, context.get(localeContext));
  return { customer };
}

type ProfileActor = Actor<PageMachines['profile']>;
type ProfileSnapshot = ReturnType<ProfileActor['getSnapshot']>;

const NO_DETAIL_ERRORS: ProfileDetailsErrors = {};
const NO_EMAIL_ERRORS: EmailChangeErrors = {};

/** What the phone input reports, as the machine's phone value (E.164 when valid, else what was typed). */
function phoneOf(p: PhoneInputValue) {
  if (p.text.trim() === '') return { e164: '', country: p.selectedCountry };
  return { e164: p.valid && p.e164 ? p.e164 : p.text.trim(), country: p.valid && p.country ? p.country : p.selectedCountry };
}

/** /profile: the customer's names, phone, e-mail and picture. */
export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { customer } = loaderData;
  // The customer is in the page (the loader's); the machine comes with the app's actors once the
  // page is idle (decision 007), like the catalogue pages.
  const { actor, send: sendToMachine } = usePageActor('profile', { eager: false });
  const snapshot = useActorSelector<ProfileSnapshot, ProfileSnapshot | null>(actor, (s) => s, null);
  const [early, setEarly] = useState({ firstName: customer.firstName, lastName: customer.lastName, newEmailAddress: '', password: '' });
  const ready = snapshot?.matches('ready') ?? false;
  // The machine loads the customer before it takes edits: until then the fields keep what is typed
  // here, and what was typed goes to the machine once it is ready.
  const typedEarly = useRef<ProfileEvent[]>([]);
  const send = (event: ProfileEvent) => {
    if (!ready) {
      if (event.type === 'details.change' || event.type === 'email.change') {
        setEarly((v) => ({ ...v, [event.field]: event.value }));
        typedEarly.current.push(event);
        return;
      }
      if (event.type === 'details.changePhone' || event.type === 'details.submit' || event.type === 'email.submit') {
        typedEarly.current.push(event);
        return;
      }
    }
    sendToMachine(event);
  };
  useEffect(() => {
    if (ready) typedEarly.current.splice(0).forEach((event) => sendToMachine(event));
  }, [ready, sendToMachine]);

  // The link of the e-mail change mail: /profile?token=…; the token leaves the address bar at once.
  const token = params.get('token');
  useEffect(() => {
    if (!token) return;
    sendToMachine({ type: 'email.confirm', token });
    void navigate('.', { replace: true });
  }, [token, sendToMachine, navigate]);

  const ctx = ready ? snapshot?.context : undefined;
  const shown = ctx?.customer ?? customer;
  const detailErrors = ctx?.details.errors ?? NO_DETAIL_ERRORS;
  const emailErrors = ctx?.email.errors ?? NO_EMAIL_ERRORS;
  const detailsForm = useRef<HTMLFormElement>(null);
  const emailForm = useRef<HTMLFormElement>(null);
  const onDetailsSubmitted = useFocusFirstError(detailsForm, detailErrors);
  const onEmailSubmitted = useFocusFirstError(emailForm, emailErrors);
  const saving = snapshot?.matches({ ready: { details: 'saving' } }) ?? false;
  const requesting = snapshot?.matches({ ready: { email: 'requesting' } }) ?? false;
  const emailRequested = snapshot?.matches({ ready: { email: 'requested' } }) ?? false;
  const emailConfirmed = snapshot?.matches({ ready: { email: 'confirmed' } }) ?? false;
  const uploading = snapshot?.matches({ ready: { avatar: 'uploading' } }) ?? false;
  const details = { firstName: ctx?.details.values.firstName ?? early.firstName, lastName: ctx?.details.values.lastName ?? early.lastName };
  const email = {
    newEmailAddress: ctx?.email.values.newEmailAddress ?? early.newEmailAddress,
    password: ctx?.email.values.password ?? early.password,
  };
  const avatar = ctx?.avatar ?? { image: null, progress: null, error: null };
  // This visit's upload, else the saved one (the loader's customer on first paint, then the machine's).
  const avatarPreview = avatar.image?.preview ?? shown.customFields?.avatar?.preview ?? null;
  const progressPercent =
    avatar.progress && avatar.progress.total > 0 ? Math.round((avatar.progress.loaded / avatar.progress.total) * 100) : null;

  const detailError = (field: keyof ProfileDetailsErrors) => {
    const id = detailErrors[field];
    return id ? i18n._(PROFILE_MESSAGES[id]) : null;
  };
  const emailError = (field: keyof EmailChangeErrors) => {
    const id = emailErrors[field];
    return id ? i18n._(PROFILE_MESSAGES[id]) : null;
  };
  const textField = (field: 'firstName' | 'lastName', label: string, autoComplete: string) => {
    const error = detailError(field);
    return (
      <div className="field">
        <label className="field__label" htmlFor={`profile-${field}`}>
          {label}
        </label>
        <input
          id={`profile-${field}`}
          name={field}
          className="field__input"
          autoComplete={autoComplete}
          value={details[field]}
          disabled={saving}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `profile-${field}-error` : undefined}
          onChange={(e) => send({ type: 'details.change', field, value: e.target.value })}
        />
        {error && (
          <p id={`profile-${field}-error`} className="field__error">
            {error}
          </p>
        )}
      </div>
    );
  };
  const emailFailure = ctx?.email.failure ?? null;

  return (
    <ProfileFrame title={<Trans>My profile</Trans>}>
      <div className="profile-home">
        <section className="profile-card" aria-labelledby="avatar-title">
          <h2 id="avatar-title">{t`Profile picture`}</h2>
          <div className="avatar">
            {avatarPreview ? (
              <img className="avatar__image" src={presetUrl(avatarPreview, 'thumb')} alt={t`Your profile picture`} width={96} height={96} />
            ) : (
              <span className="avatar__initials" aria-hidden="true">
                {(shown.firstName[0] ?? '') + (shown.lastName[0] ?? '')}
              </span>
            )}
            <div className="avatar__controls">
              <label className="button button--secondary avatar__pick">
                {t`Choose a picture`}
                <input
                  type="file"
                  className="visually-hidden"
                  accept="image/jpeg,image/png,image/webp"
                  disabled={uploading}
                  aria-describedby="avatar-hint"
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    if (file) send({ type: 'avatar.select', file });
                    e.target.value = '';
                  }}
                />
              </label>
              <p id="avatar-hint" className="field__hint">{t`JPEG, PNG or WebP, up to 2 MB.`}</p>
              {uploading && (
                <div className="avatar__progress">
                  <label htmlFor="avatar-progress">{t`Uploading…`}</label>
                  <progress id="avatar-progress" max={100} value={progressPercent ?? undefined}>
                    {progressPercent === null ? '' : `${progressPercent}%`}
                  </progress>
                  <button type="button" className="button button--ghost" onClick={() => send({ type: 'avatar.cancel' })}>
                    {t`Cancel upload`}
                  </button>
                </div>
              )}
              <div role="alert">{avatar.error && <p className="field__error">{i18n._(AVATAR_MESSAGES[avatar.error])}</p>}</div>
              <div role="status">{avatar.image && !uploading && <p>{t`Your picture has been uploaded.`}</p>}</div>
            </div>
          </div>
        </section>

        <section className="profile-card" aria-labelledby="details-title">
          <h2 id="details-title">{t`Personal details`}</h2>
          <form
            ref={detailsForm}
            className="profile-form"
            noValidate
            aria-busy={saving}
            onSubmit={(e) => {
              e.preventDefault();
              onDetailsSubmitted();
              send({ type: 'details.submit' });
            }}
          >
            <div role="alert">
              {ctx?.details.failure && (
                <p className="notice notice--error">
                  {i18n._(
                    accountFailureMessage(ctx.details.failure, msg`Your details could not be saved. Check your connection and try again.`),
                  )}
                </p>
              )}
            </div>
            <div role="status">{ctx?.details.saved && <p className="notice notice--success">{t`Your details have been saved.`}</p>}</div>
            {textField('firstName', t`First name`, 'given-name')}
            {textField('lastName', t`Last name`, 'family-name')}
            <div className="field">
              <PhoneInput
                label={t`Mobile number (optional)`}
                name="phone"
                locale={locale}
                defaultValue={customer.phoneNumber ?? ''}
                disabled={saving}
                error={detailError('phone')}
                onChange={(p) => send({ type: 'details.changePhone', phone: phoneOf(p) })}
              />
            </div>
            <button
              type="submit"
              className="button button--primary"
              disabled={snapshot ? !snapshot.can({ type: 'details.submit' }) : false}
            >
              {saving ? t`Saving…` : t`Save details`}
            </button>
          </form>
        </section>

        <section className="profile-card" aria-labelledby="email-title">
          <h2 id="email-title">{t`Email address`}</h2>
          <p>
            <Trans>
              Your email address: <bdi>{shown.emailAddress}</bdi>
            </Trans>
          </p>
          <div role="status">
            {emailRequested && (
              <div className="notice notice--success">
                <p>
                  <Trans>
                    We have sent a confirmation link to <bdi>{ctx?.email.requestedFor}</bdi>. Open it to finish the change.
                  </Trans>
                </p>
                <button type="button" className="button button--secondary" onClick={() => send({ type: 'email.edit' })}>
                  {t`Use another address`}
                </button>
              </div>
            )}
            {emailConfirmed && <p className="notice notice--success">{t`Your email address has been changed.`}</p>}
          </div>
          {!emailRequested && !emailConfirmed && (
            <form
              ref={emailForm}
              className="profile-form"
              noValidate
              aria-busy={requesting}
              onSubmit={(e) => {
                e.preventDefault();
                onEmailSubmitted();
                send({ type: 'email.submit' });
              }}
            >
              <div role="alert">
                {emailFailure && (
                  <p className="notice notice--error">
                    {emailFailure === STORE_UNAVAILABLE
                      ? i18n._(STORE_UNAVAILABLE_MESSAGE)
                      : emailFailure === 'profile.email.tokenExpired'
                        ? t`The confirmation link has expired. Please ask for a new one.`
                        : emailFailure === 'profile.email.tokenInvalid'
                          ? t`The confirmation link is not valid. Please ask for a new one.`
                          : emailFailure === 'profile.email.unsupported'
                            ? t`Your account signs in through Google or Apple; its email address cannot be changed here.`
                            : t`Your email address could not be changed. Check your connection and try again.`}
                  </p>
                )}
              </div>
              {(['newEmailAddress', 'password'] as const).map((field) => {
                const error = emailError(field);
                return (
                  <div className="field" key={field}>
                    <label className="field__label" htmlFor={`email-${field}`}>
                      {field === 'newEmailAddress' ? t`New email address` : t`Your password`}
                    </label>
                    <input
                      id={`email-${field}`}
                      name={field}
                      className="field__input"
                      type={field === 'password' ? 'password' : 'email'}
                      autoComplete={field === 'password' ? 'current-password' : 'email'}
                      dir="ltr"
                      value={email[field]}
                      disabled={requesting}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `email-${field}-error` : undefined}
                      onChange={(e) => send({ type: 'email.change', field, value: e.target.value })}
                    />
                    {error && (
                      <p id={`email-${field}-error`} className="field__error">
                        {error}
                      </p>
                    )}
                  </div>
                );
              })}
              <button
                type="submit"
                className="button button--primary"
                disabled={snapshot ? !snapshot.can({ type: 'email.submit' }) : false}
              >
                {requesting ? t`Sending…` : t`Change email address`}
              </button>
            </form>
          )}
        </section>
      </div>
    </ProfileFrame>
  );
}
