import { useLingui } from '@lingui/react/macro';
import type { AddressChange, City } from '../../../machines/addresses.machine';
import type { AddressErrors, AddressField, AddressFormValues } from '../../../machines/schemas/address.schema';
import { PhoneInput, type PhoneValue as PhoneInputValue } from '../phone-input/phone-input';
import { ADDRESS_MESSAGES } from '../profile/profile-messages';

/** What the phone input shows, as the schema's phone value (libphonenumber's E.164 when valid). */
function phoneOf(p: PhoneInputValue) {
  if (p.text.trim() === '') return { e164: '', country: p.selectedCountry };
  return { e164: p.valid && p.e164 ? p.e164 : p.text.trim(), country: p.valid && p.country ? p.country : p.selectedCountry };
}

export interface AddressFieldsProps {
  values: AddressFormValues;
  errors: AddressErrors;
  /** `cities(countryCode)` of the address's country. */
  cities: readonly City[];
  citiesStatus: 'loading' | 'failed' | 'ready';
  disabled: boolean;
  locale: 'ar' | 'en';
  /** Prefix of the fields' ids: two forms on one page must not share them. */
  idPrefix: string;
  /** Changes when another address is opened: the phone inputs start again from its values. */
  formKey: string;
  onChange: (change: AddressChange) => void;
  onRetryCities?: () => void;
}

/**
 * The fields of an address, one set for the profile and the checkout (issue 32 §3): the spec's
 * phone input (libphonenumber, Saudi Arabia first, a country picker), the city chosen from
 * `cities(countryCode)`, district, delivery instructions and the gift receiver. Values and errors
 * come from `machines/schemas/address.schema.ts`; required fields are exposed as required.
 */
export function AddressFields({
  values,
  errors,
  cities,
  citiesStatus,
  disabled,
  locale,
  idPrefix,
  formKey,
  onChange,
  onRetryCities,
}: AddressFieldsProps) {
  const { i18n, t } = useLingui();
  const id = (field: AddressField) => `${idPrefix}-${field}`;
  const error = (field: AddressField) => {
    const message = errors[field];
    return message ? i18n._(ADDRESS_MESSAGES[message]) : null;
  };
  const describedBy = (field: AddressField) => (errors[field] ? `${id(field)}-error` : undefined);
  const errorText = (field: AddressField) => {
    const message = error(field);
    return message ? (
      <p id={`${id(field)}-error`} className="field__error">
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
      <label className="field__label" htmlFor={id(field)}>
        {label} {optional && <span className="field__optional">{t`(optional)`}</span>}
      </label>
      <input
        id={id(field)}
        name={field}
        className="field__input"
        autoComplete={autoComplete}
        inputMode={field === 'postalCode' ? 'numeric' : undefined}
        dir={field === 'postalCode' ? 'ltr' : undefined}
        required={!optional}
        value={values[field]}
        disabled={disabled}
        aria-invalid={error(field) ? true : undefined}
        aria-describedby={describedBy(field)}
        onChange={(e) => onChange({ type: 'address.change', field, value: e.target.value })}
      />
      {errorText(field)}
    </div>
  );
  const citiesLoading = citiesStatus === 'loading';
  // An address saved before cities were chosen from the list keeps its own city until one is picked.
  const keptCity = values.cityCode === '' && values.cityName ? values.cityName : null;

  return (
    <>
      {text('firstName', t`First name`, 'given-name')}
      {text('lastName', t`Last name`, 'family-name', true)}
      {text('streetLine1', t`Street and building`, 'address-line1')}
      {text('streetLine2', t`District, floor, apartment`, 'address-line2', true)}
      <div className="field">
        <label className="field__label" htmlFor={id('cityCode')}>
          {t`City`}
        </label>
        <select
          id={id('cityCode')}
          name="cityCode"
          className="field__input"
          required
          value={values.cityCode}
          disabled={disabled || citiesLoading}
          aria-invalid={error('cityCode') ? true : undefined}
          aria-describedby={describedBy('cityCode')}
          onChange={(e) => onChange({ type: 'address.change', field: 'cityCode', value: e.target.value })}
        >
          <option value="">{keptCity ?? (citiesLoading ? t`Loading cities…` : t`Choose a city`)}</option>
          {cities.map((c) => (
            <option key={c.code} value={c.code}>
              {c.translations.find((tr) => tr.languageCode === locale)?.name ?? c.name}
            </option>
          ))}
        </select>
        {errorText('cityCode')}
        {citiesStatus === 'failed' && (
          <p role="alert" className="field__error">
            {t`The cities could not be loaded.`}{' '}
            {onRetryCities && (
              <button type="button" className="button button--ghost" onClick={onRetryCities}>
                {t`Try again`}
              </button>
            )}
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
          disabled={disabled}
          error={error('phone')}
          onChange={(p) => onChange({ type: 'address.change', field: 'phone', value: phoneOf(p) })}
        />
      </div>
      <fieldset className="field address-form__type">
        <legend className="field__label">{t`Address type`}</legend>
        {(['home', 'work', 'other'] as const).map((type) => (
          <label key={type} className="address-form__choice">
            <input
              type="radio"
              name={`${idPrefix}-type`}
              value={type}
              checked={values.type === type}
              disabled={disabled}
              onChange={() => onChange({ type: 'address.change', field: 'type', value: type })}
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
          disabled={disabled}
          onChange={(e) => onChange({ type: 'address.change', field: 'isGiftCart', value: e.target.checked })}
        />{' '}
        {t`This is a gift for someone else`}
      </label>
      <div className="field">
        <PhoneInput
          key={`receiver-${formKey}`}
          label={values.isGiftCart ? t`Receiver's mobile number` : t`Receiver's mobile number (optional)`}
          name="receiverPhone"
          locale={locale}
          required={values.isGiftCart}
          defaultValue={values.receiverPhone.e164}
          disabled={disabled}
          error={error('receiverPhone')}
          onChange={(p) => onChange({ type: 'address.change', field: 'receiverPhone', value: phoneOf(p) })}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={id('instructions')}>
          {t`Delivery instructions`} <span className="field__optional">{t`(optional)`}</span>
        </label>
        <textarea
          id={id('instructions')}
          name="instructions"
          className="field__input"
          rows={3}
          value={values.instructions}
          disabled={disabled}
          aria-invalid={error('instructions') ? true : undefined}
          aria-describedby={describedBy('instructions')}
          onChange={(e) => onChange({ type: 'address.change', field: 'instructions', value: e.target.value })}
        />
        {errorText('instructions')}
      </div>
      <label className="address-form__choice">
        <input
          type="checkbox"
          name="defaultShippingAddress"
          checked={values.defaultShippingAddress}
          disabled={disabled}
          onChange={(e) => onChange({ type: 'address.change', field: 'defaultShippingAddress', value: e.target.checked })}
        />{' '}
        {t`Use as my default address`}
      </label>
    </>
  );
}
