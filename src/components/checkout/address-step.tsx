import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { AddressChange, City } from '../../../machines/addresses.machine';
import type { Address, CreateAddressInput } from '../../../machines/checkout.machine';
import { addressInputOf, emptyAddressValues, type AddressErrors, type AddressFormValues } from '../../../machines/schemas/address.schema';
import { AddressFields } from '../address-form/address-fields';
import { useLocale } from '../../lib/use-locale';
import { useFocusFirstError } from '../profile/use-focus-first-error';
import { AddressLines } from './order-lines';

export interface AddressStepProps {
  addresses: Address[];
  selectedId: string | null;
  /** choosing: the list; busy: a request is out; code: waiting for the address's verification code. */
  status: 'choosing' | 'busy' | 'code';
  canSubmit: boolean;
  onSelect: (addressId: string) => void;
  onSubmit: () => void;
  onCreate: (input: CreateAddressInput) => void;
  onVerify: (code: string) => void;
  onResend: () => void;
  onChangeAddress: () => void;
  /** `cities('SA')` for the new address's city (read by the page's loader). */
  cities: readonly City[];
  citiesStatus: 'loading' | 'failed' | 'ready';
}

/** Choose a saved address (the default preselected), add one, or confirm an address by code. */
export function AddressStep(props: AddressStepProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const busy = props.status === 'busy';
  const [adding, setAdding] = useState(props.addresses.length === 0);
  const [values, setValues] = useState<AddressFormValues>(() => emptyAddressValues());
  const [errors, setErrors] = useState<AddressErrors>({});
  const [code, setCode] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const newHeading = useRef<HTMLHeadingElement>(null);
  // Opened by "Add a new address" (issue 39 item 4): focus goes to the form's heading, which names
  // the form, instead of staying on a button that is gone (the page's <body>).
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (opened) newHeading.current?.focus();
  }, [opened]);
  const onSubmitted = useFocusFirstError(formRef, errors);
  const change = (c: AddressChange) => {
    setValues((v) => ({ ...v, [c.field]: c.value }));
    setErrors(({ [c.field]: _dropped, ...rest }) => rest);
  };

  if (props.status === 'code') {
    return (
      <form
        className="checkout-card"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          props.onVerify(code);
        }}
      >
        <h2 className="checkout-card__title">{t`Confirm this address`}</h2>
        <p>{t`We sent a code to the phone number of this address. Enter it to use the address.`}</p>
        <div className="field">
          <label className="field__label" htmlFor="address-code">
            {t`Verification code`}
          </label>
          <input
            id="address-code"
            className="field__input"
            inputMode="numeric"
            autoComplete="one-time-code"
            dir="ltr"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        </div>
        <div className="checkout-card__actions">
          <button type="submit" className="button button--primary" disabled={code.trim() === ''}>
            {t`Confirm`}
          </button>
          <button type="button" className="link-button" onClick={props.onResend}>
            {t`Send the code again`}
          </button>
          <button type="button" className="link-button" onClick={props.onChangeAddress}>
            {t`Use another address`}
          </button>
        </div>
      </form>
    );
  }

  return (
    <div className="checkout-card">
      <h2 className="checkout-card__title">{t`Shipping address`}</h2>
      {props.addresses.length > 0 && (
        <form
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            props.onSubmit();
          }}
        >
          <fieldset className="choice-list" disabled={busy}>
            <legend className="visually-hidden">{t`Choose a saved address`}</legend>
            {props.addresses.map((a) => (
              <label key={a.id} className="choice">
                <input type="radio" name="address" value={a.id} checked={props.selectedId === a.id} onChange={() => props.onSelect(a.id)} />
                <span className="choice__body">
                  <AddressLines address={{ ...a, country: a.country.name }} />
                  {a.defaultShippingAddress && <span className="choice__tag">{t`Default`}</span>}
                </span>
              </label>
            ))}
          </fieldset>
          <div className="checkout-card__actions">
            <button type="submit" className="button button--primary" disabled={!props.canSubmit} aria-busy={busy || undefined}>
              {t`Deliver to this address`}
            </button>
          </div>
        </form>
      )}
      {!adding && (
        <button
          type="button"
          className="link-button"
          // Not while the step is busy: also the server-rendered preview's, whose form would be lost
          // when the machine's view takes over.
          disabled={busy}
          onClick={() => {
            setAdding(true);
            setOpened(true);
          }}
        >
          {t`Add a new address`}
        </button>
      )}
      {adding && (
        <form
          ref={formRef}
          className="checkout-card__form"
          noValidate
          aria-labelledby="new-address-title"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            onSubmitted();
            const result = addressInputOf(values, props.cities);
            if (!result.ok) {
              setErrors(result.errors);
              return;
            }
            setErrors({});
            props.onCreate(result.input);
          }}
        >
          <h3 id="new-address-title" ref={newHeading} tabIndex={-1} className="checkout-card__subtitle">
            <Trans>New address</Trans>
          </h3>
          <div role="alert">
            {Object.keys(errors).length > 0 && <p className="notice notice--error">{t`Please correct the marked fields.`}</p>}
          </div>
          <AddressFields
            values={values}
            errors={errors}
            cities={props.cities}
            citiesStatus={props.citiesStatus}
            disabled={busy}
            locale={locale}
            idPrefix="new-address"
            formKey="new"
            onChange={change}
          />
          <div className="checkout-card__actions">
            <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined}>
              {t`Save and deliver here`}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
