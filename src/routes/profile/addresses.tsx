import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { Actor } from 'xstate';
import type { Route } from './+types/addresses';
import type { AddressFailure, VerificationMessageId } from '../../../machines/addresses.machine';
import type { AddressErrors, AddressField } from '../../../machines/schemas/address.schema';
import { getAddresses, type Address } from '../../../services/account.service';
import { PhoneInput, type PhoneValue as PhoneInputValue } from '../../components/phone-input/phone-input';
import { ADDRESS_MESSAGES } from '../../components/profile/profile-messages';
import { ProfileFrame } from '../../containers/profile-frame';
import { useFocusFirstError } from '../../components/profile/use-focus-first-error';
import type { AppActors } from '../../containers/app-actors.types';
import { useActorSelector } from '../../containers/use-actor-selector';
import { usePageActor } from '../../containers/use-page-actor';
import { localeContext } from '../../i18n/locale-middleware.server';
import { useLocale } from '../../lib/use-locale';
import { routeMeta } from '../../seo/route-meta';
import { personalShopClient, privatePageHeaders, requireCustomer } from '../guards.server';

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: msg`My addresses`, description: msg`Your delivery addresses at Elegance Store.`, noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = context.get(localeContext);
  await requireCustomer(request, locale);
  return { addresses: await getAddresses(personalShopClient(request, locale)) };
}

type AddressesActor = Actor<AppActors['machines']['addresses']>;
type AddressesSnapshot = ReturnType<AddressesActor['getSnapshot']>;

const NO_ERRORS: AddressErrors = {};

function phoneOf(p: PhoneInputValue) {
  if (p.text.trim() === '') return { e164: '', country: p.selectedCountry };
  return { e164: p.valid && p.e164 ? p.e164 : p.text.trim(), country: p.valid && p.country ? p.country : p.selectedCountry };
}

/** /profile/addresses: the address book, with delivery details and verification by a mailed code. */
export default function AddressesPage({ loaderData }: Route.ComponentProps) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  // The list is in the page (the loader's); the machine comes with the app's actors once the page is
  // idle (decision 007), or at once when a button is pressed (the event waits in the queue).
  const { actor, send } = usePageActor((m) => m.addresses, { input: { languageCode: locale }, eager: false });
  const snapshot = useActorSelector<AddressesSnapshot, AddressesSnapshot | null>(actor, (s) => s, null);
  const ctx = snapshot?.context;
  const loaded = snapshot && !snapshot.matches('loading') && !snapshot.matches('failed');
  const addresses: readonly Address[] = loaded && ctx ? ctx.addresses : loaderData.addresses;
  const inForm = snapshot?.matches('form') ?? false;
  const saving = snapshot ? snapshot.matches({ form: { entry: 'creating' } }) || snapshot.matches({ form: { entry: 'updating' } }) : false;
  const confirmingDelete = snapshot?.matches('confirmingDelete') ?? false;
  const verifying = snapshot?.matches('verification') ?? false;
  const formRef = useRef<HTMLFormElement>(null);
  const formErrors = ctx?.form.errors ?? NO_ERRORS;
  const onSubmitted = useFocusFirstError(formRef, formErrors);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  // The page's language follows a language switch (city names come in it). The machine starts in
  // the page's language (its input), so the first render sends nothing (nor asks for the actors).
  const sentLocale = useRef(locale);
  useEffect(() => {
    if (sentLocale.current === locale) return;
    sentLocale.current = locale;
    send({ type: 'addresses.language', languageCode: locale });
  }, [locale, send]);
  useEffect(() => {
    if (inForm) headingRef.current?.focus();
  }, [inForm]);
  useEffect(() => {
    if (confirmingDelete) confirmRef.current?.focus();
  }, [confirmingDelete]);
  const awaitingCode = snapshot?.matches({ verification: 'awaiting' }) ?? false;
  useEffect(() => {
    if (awaitingCode) codeRef.current?.focus();
  }, [awaitingCode]);

  const failureText = (failure: AddressFailure | null) => {
    switch (failure) {
      case 'address.load.failed':
        return t`Your addresses could not be loaded.`;
      case 'address.save.failed':
        return t`The address could not be saved. Check your connection and try again.`;
      case 'address.delete.failed':
        return t`The address could not be deleted. Please try again.`;
      case 'address.default.failed':
        return t`The default address could not be changed. Please try again.`;
      case 'address.verification.sendFailed':
        return t`The verification code could not be sent. Please try again.`;
      case 'address.verification.sendLimited':
        return t`Several codes were sent for this address recently. Please try again in 15 minutes.`;
      default:
        return null;
    }
  };
  const codeText = (id: VerificationMessageId | null, attemptsLeft: number | null, retryAfter: number | null) => {
    switch (id) {
      case 'address.code.format':
        return t`The code is 6 digits, for example 123456.`;
      case 'address.code.wrong':
        return t`This code is not correct. Attempts left: ${i18n.number(attemptsLeft ?? 0)}.`;
      case 'address.code.exhausted':
        return t`Too many wrong codes. Ask for a new code.`;
      case 'address.code.expired':
        return t`This code has expired. Ask for a new code.`;
      case 'address.code.rateLimited':
        return t`Too many attempts. Try again in ${i18n.number(retryAfter ?? 60)} seconds.`;
      case 'address.code.failed':
        return t`The code could not be checked. Check your connection and try again.`;
      default:
        return null;
    }
  };

  const failure = failureText(ctx?.failure ?? null);
  const target = ctx?.targetId ? addresses.find((a) => a.id === ctx.targetId) : undefined;

  return (
    <ProfileFrame title={<Trans>My addresses</Trans>}>
      <div role="alert">{failure && <p className="notice notice--error">{failure}</p>}</div>
      {snapshot?.matches('failed') && (
        <button type="button" className="button button--secondary" onClick={() => send({ type: 'addresses.retry' })}>
          {t`Try again`}
        </button>
      )}

      {inForm && ctx ? (
        <AddressForm
          snapshot={snapshot!}
          formRef={formRef}
          headingRef={headingRef}
          saving={saving}
          onSubmitted={onSubmitted}
          send={send}
          locale={locale}
        />
      ) : (
        <>
          {confirmingDelete && target && (
            <section className="notice address-confirm" role="alertdialog" aria-labelledby="delete-title" aria-describedby="delete-text">
              <h2 id="delete-title">{t`Delete this address?`}</h2>
              <p id="delete-text">
                {target.fullName}, {target.streetLine1}, {target.city}
              </p>
              <div className="order-cancel__actions">
                <button
                  ref={confirmRef}
                  type="button"
                  className="button button--primary"
                  onClick={() => send({ type: 'address.confirmDelete' })}
                >
                  {t`Yes, delete it`}
                </button>
                <button type="button" className="button button--secondary" onClick={() => send({ type: 'address.cancel' })}>
                  {t`Keep it`}
                </button>
              </div>
            </section>
          )}

          {verifying && target && ctx && (
            <section className="profile-card address-verify" aria-labelledby="verify-title">
              <h2 id="verify-title">{t`Verify this address`}</h2>
              {snapshot!.matches({ verification: 'sending' }) ? (
                <p role="status">{t`Sending a code…`}</p>
              ) : (
                <form
                  className="profile-form"
                  noValidate
                  onSubmit={(e) => {
                    e.preventDefault();
                    send({ type: 'verification.submit' });
                  }}
                >
                  <p>{t`We have sent a 6-digit code to your email address. Enter it to confirm this delivery address.`}</p>
                  <div className="field">
                    <label className="field__label" htmlFor="verification-code">
                      {t`Verification code`}
                    </label>
                    <input
                      ref={codeRef}
                      id="verification-code"
                      className="field__input"
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      dir="ltr"
                      maxLength={6}
                      value={ctx.verification.code}
                      aria-invalid={ctx.verification.error ? true : undefined}
                      aria-describedby={ctx.verification.error ? 'verification-code-error' : undefined}
                      onChange={(e) => send({ type: 'verification.change', code: e.target.value })}
                    />
                    <div role="alert">
                      {ctx.verification.error && (
                        <p id="verification-code-error" className="field__error">
                          {codeText(ctx.verification.error, ctx.verification.attemptsLeft, ctx.verification.retryAfterSeconds)}
                        </p>
                      )}
                    </div>
                  </div>
                  <div className="order-cancel__actions">
                    <button type="submit" className="button button--primary" disabled={!snapshot!.can({ type: 'verification.submit' })}>
                      {snapshot!.matches({ verification: { awaiting: { code: 'checking' } } }) ? t`Checking…` : t`Verify`}
                    </button>
                    <button
                      type="button"
                      className="button button--secondary"
                      disabled={!snapshot!.can({ type: 'verification.resend' })}
                      onClick={() => send({ type: 'verification.resend' })}
                    >
                      {ctx.verification.resendIn > 0
                        ? t`Send a new code (${i18n.number(ctx.verification.resendIn)} s)`
                        : t`Send a new code`}
                    </button>
                    <button type="button" className="button button--ghost" onClick={() => send({ type: 'verification.cancel' })}>
                      {t`Cancel`}
                    </button>
                  </div>
                  <div role="status">
                    {ctx.verification.resendError && <p className="field__error">{failureText(ctx.verification.resendError)}</p>}
                  </div>
                </form>
              )}
            </section>
          )}

          <button
            type="button"
            className="button button--primary address-add"
            disabled={snapshot ? !snapshot.can({ type: 'address.create' }) : true}
            onClick={() => send({ type: 'address.create' })}
          >
            {t`Add an address`}
          </button>
          {addresses.length === 0 ? (
            <p className="profile-empty">{t`You have no saved addresses yet.`}</p>
          ) : (
            <ul className="address-list">
              {addresses.map((a) => {
                const name = [a.customFields?.firstName, a.customFields?.lastName].filter(Boolean).join(' ') || a.fullName;
                const busy = snapshot ? !snapshot.matches('list') : true;
                return (
                  <li key={a.id} className="address-card">
                    <h2 className="address-card__name">{name}</h2>
                    <p className="address-card__badges">
                      {a.defaultShippingAddress && <span className="order-state">{t`Default address`}</span>}
                      {a.customFields?.verifiedShippingAddress ? (
                        <span className="order-state order-state--delivered">{t`Verified`}</span>
                      ) : (
                        <span className="order-state">{t`Not verified`}</span>
                      )}
                      {a.customFields?.isGiftCart && <span className="order-state">{t`Gift`}</span>}
                    </p>
                    <address className="order-address">
                      <span>{a.streetLine1}</span>
                      {a.streetLine2 && <span>{a.streetLine2}</span>}
                      <span>
                        {[locale === 'ar' ? a.cityDetails?.LocationAr : a.cityDetails?.LocationEn, a.postalCode]
                          .filter(Boolean)
                          .join('، ') || a.city}
                      </span>
                      {a.phoneNumber && (
                        <span>
                          <bdi dir="ltr">{a.phoneNumber}</bdi>
                        </span>
                      )}
                      {a.customFields?.receiverPhoneNumber && (
                        <span>
                          {t`Receiver:`} <bdi dir="ltr">{a.customFields.receiverPhoneNumber}</bdi>
                        </span>
                      )}
                      {a.customFields?.instructions && <span>{a.customFields.instructions}</span>}
                    </address>
                    <div className="address-card__actions">
                      <button
                        type="button"
                        className="button button--secondary"
                        disabled={busy}
                        aria-label={t`Edit the address of ${name}`}
                        onClick={() => send({ type: 'address.edit', id: a.id })}
                      >
                        {t`Edit`}
                      </button>
                      {!a.defaultShippingAddress && (
                        <button
                          type="button"
                          className="button button--secondary"
                          disabled={busy}
                          aria-label={t`Set as default: ${name}`}
                          onClick={() => send({ type: 'address.setDefault', id: a.id })}
                        >
                          {t`Set as default`}
                        </button>
                      )}
                      {!a.customFields?.verifiedShippingAddress && (
                        <button
                          type="button"
                          className="button button--secondary"
                          disabled={busy}
                          aria-label={t`Verify the address of ${name}`}
                          onClick={() => send({ type: 'address.verify', id: a.id })}
                        >
                          {t`Verify`}
                        </button>
                      )}
                      <button
                        type="button"
                        className="button button--ghost"
                        disabled={busy}
                        aria-label={t`Delete the address of ${name}`}
                        onClick={() => send({ type: 'address.delete', id: a.id })}
                      >
                        {t`Delete`}
                      </button>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </ProfileFrame>
  );
}

interface AddressFormProps {
  snapshot: AddressesSnapshot;
  formRef: React.RefObject<HTMLFormElement | null>;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  saving: boolean;
  onSubmitted: () => void;
  send: AddressesActor['send'];
  locale: 'ar' | 'en';
}

function AddressForm({ snapshot, formRef, headingRef, saving, onSubmitted, send, locale }: AddressFormProps) {
  const { i18n, t } = useLingui();
  const { form, cities } = snapshot.context;
  const values = form.values;
  const error = (field: AddressField) => {
    const id = form.errors[field];
    return id ? i18n._(ADDRESS_MESSAGES[id]) : null;
  };
  const describedBy = (field: AddressField) => (form.errors[field] ? `address-${field}-error` : undefined);
  const errorText = (field: AddressField) => {
    const message = error(field);
    return message ? (
      <p id={`address-${field}-error`} className="field__error">
        {message}
      </p>
    ) : null;
  };
  const text = (
    field: 'firstName' | 'lastName' | 'streetLine1' | 'streetLine2' | 'postalCode',
    label: string,
    autoComplete: string,
    optional = false,
  ) => (
    <div className="field">
      <label className="field__label" htmlFor={`address-${field}`}>
        {label} {optional && <span className="field__optional">{t`(optional)`}</span>}
      </label>
      <input
        id={`address-${field}`}
        name={field}
        className="field__input"
        autoComplete={autoComplete}
        inputMode={field === 'postalCode' ? 'numeric' : undefined}
        value={values[field]}
        disabled={saving}
        aria-invalid={error(field) ? true : undefined}
        aria-describedby={describedBy(field)}
        onChange={(e) => send({ type: 'address.change', field, value: e.target.value })}
      />
      {errorText(field)}
    </div>
  );
  const citiesLoading = snapshot.matches({ form: { cities: 'loading' } });
  const citiesFailed = snapshot.matches({ form: { cities: 'failed' } });
  const formKey = form.addressId ?? 'new';

  return (
    <form
      ref={formRef}
      className="profile-form address-form"
      noValidate
      aria-busy={saving}
      aria-labelledby="address-form-title"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmitted();
        send({ type: 'address.submit' });
      }}
    >
      <h2 id="address-form-title" ref={headingRef} tabIndex={-1}>
        {form.addressId ? t`Edit address` : t`New address`}
      </h2>
      <div role="alert">
        {Object.keys(form.errors).length > 0 && <p className="notice notice--error">{t`Please correct the marked fields.`}</p>}
      </div>
      {text('firstName', t`First name`, 'given-name')}
      {text('lastName', t`Last name`, 'family-name')}
      {text('streetLine1', t`Street and building`, 'address-line1')}
      {text('streetLine2', t`District, floor, apartment`, 'address-line2', true)}
      <div className="field">
        <label className="field__label" htmlFor="address-cityCode">
          {t`City`}
        </label>
        <select
          id="address-cityCode"
          name="cityCode"
          className="field__input"
          value={values.cityCode}
          disabled={saving || citiesLoading}
          aria-invalid={error('cityCode') ? true : undefined}
          aria-describedby={describedBy('cityCode')}
          onChange={(e) => send({ type: 'address.change', field: 'cityCode', value: e.target.value })}
        >
          <option value="">{citiesLoading ? t`Loading cities…` : t`Choose a city`}</option>
          {cities.map((c) => (
            <option key={c.code} value={c.code}>
              {c.translations.find((tr) => tr.languageCode === locale)?.name ?? c.name}
            </option>
          ))}
        </select>
        {errorText('cityCode')}
        {citiesFailed && (
          <p role="alert" className="field__error">
            {t`The cities could not be loaded.`}{' '}
            <button type="button" className="button button--ghost" onClick={() => send({ type: 'cities.retry' })}>
              {t`Try again`}
            </button>
          </p>
        )}
      </div>
      {text('postalCode', t`Postal code`, 'postal-code', true)}
      <div className="field">
        <PhoneInput
          key={`phone-${formKey}`}
          label={t`Mobile number`}
          name="phone"
          locale={locale}
          required
          defaultValue={values.phone.e164}
          disabled={saving}
          error={error('phone')}
          onChange={(p) => send({ type: 'address.change', field: 'phone', value: phoneOf(p) })}
        />
      </div>
      <fieldset className="field address-form__type">
        <legend className="field__label">{t`Address type`}</legend>
        {(['home', 'work', 'other'] as const).map((type) => (
          <label key={type} className="address-form__choice">
            <input
              type="radio"
              name="type"
              value={type}
              checked={values.type === type}
              disabled={saving}
              onChange={() => send({ type: 'address.change', field: 'type', value: type })}
            />{' '}
            {type === 'home' ? t`Home` : type === 'work' ? t`Work` : t`Other`}
          </label>
        ))}
      </fieldset>
      <label className="address-form__choice">
        <input
          type="checkbox"
          name="isGiftCart"
          checked={values.isGiftCart}
          disabled={saving}
          onChange={(e) => send({ type: 'address.change', field: 'isGiftCart', value: e.target.checked })}
        />{' '}
        {t`This is a gift for someone else`}
      </label>
      <div className="field">
        <PhoneInput
          key={`receiver-${formKey}`}
          label={values.isGiftCart ? t`Receiver's mobile number` : t`Receiver's mobile number (optional)`}
          name="receiverPhone"
          locale={locale}
          defaultValue={values.receiverPhone.e164}
          disabled={saving}
          error={error('receiverPhone')}
          onChange={(p) => send({ type: 'address.change', field: 'receiverPhone', value: phoneOf(p) })}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor="address-instructions">
          {t`Delivery instructions`} <span className="field__optional">{t`(optional)`}</span>
        </label>
        <textarea
          id="address-instructions"
          name="instructions"
          className="field__input"
          rows={3}
          value={values.instructions}
          disabled={saving}
          aria-invalid={error('instructions') ? true : undefined}
          aria-describedby={describedBy('instructions')}
          onChange={(e) => send({ type: 'address.change', field: 'instructions', value: e.target.value })}
        />
        {errorText('instructions')}
      </div>
      <label className="address-form__choice">
        <input
          type="checkbox"
          name="defaultShippingAddress"
          checked={values.defaultShippingAddress}
          disabled={saving}
          onChange={(e) => send({ type: 'address.change', field: 'defaultShippingAddress', value: e.target.checked })}
        />{' '}
        {t`Use as my default address`}
      </label>
      <div className="order-cancel__actions">
        <button type="submit" className="button button--primary" disabled={!snapshot.can({ type: 'address.submit' })}>
          {saving ? t`Saving…` : t`Save address`}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={!snapshot.can({ type: 'address.cancel' })}
          onClick={() => send({ type: 'address.cancel' })}
        >
          {t`Cancel`}
        </button>
      </div>
    </form>
  );
}
