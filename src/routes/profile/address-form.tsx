import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { Actor } from 'xstate';
import type { AddressField } from '../../../machines/schemas/address.schema';
import { PhoneInput, type PhoneValue as PhoneInputValue } from '../../components/phone-input/phone-input';
import { ADDRESS_MESSAGES } from '../../components/profile/profile-messages';
import { useFocusFirstError } from '../../components/profile/use-focus-first-error';
import type { PageMachines } from '../../containers/app-actors.types';

export type AddressesActor = Actor<PageMachines['addresses']>;
export type AddressesSnapshot = ReturnType<AddressesActor['getSnapshot']>;

function phoneOf(p: PhoneInputValue) {
  if (p.text.trim() === '') return { e164: '', country: p.selectedCountry };
  return { e164: p.valid && p.e164 ? p.e164 : p.text.trim(), country: p.valid && p.country ? p.country : p.selectedCountry };
}

interface AddressFormProps {
  snapshot: AddressesSnapshot;
  saving: boolean;
  send: AddressesActor['send'];
  locale: 'ar' | 'en';
}

/**
 * The address form of /profile/addresses. The machine opens it (the server never renders it), so
 * it is a chunk of its own, with the phone input: not part of the page's first paint.
 */
export default function AddressForm({ snapshot, saving, send, locale }: AddressFormProps) {
  const { i18n, t } = useLingui();
  const { form, cities } = snapshot.context;
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const onSubmitted = useFocusFirstError(formRef, form.errors);
  // Opened: focus goes to its heading.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
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
