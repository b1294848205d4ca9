import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type FormEvent } from 'react';
import type { Address, CreateAddressInput } from '../../../machines/checkout.machine';
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
}

type DraftField = 'fullName' | 'phoneNumber' | 'streetLine1' | 'city' | 'postalCode';
const REQUIRED: DraftField[] = ['fullName', 'phoneNumber', 'streetLine1', 'city'];

/** Choose a saved address (the default preselected), add one, or confirm an address by code. */
export function AddressStep(props: AddressStepProps) {
  const { t } = useLingui();
  const busy = props.status === 'busy';
  const [adding, setAdding] = useState(props.addresses.length === 0);
  const [draft, setDraft] = useState<Record<DraftField, string>>({
    fullName: '',
    phoneNumber: '',
    streetLine1: '',
    city: '',
    postalCode: '',
  });
  const [errors, setErrors] = useState<Partial<Record<DraftField, string>>>({});
  const [code, setCode] = useState('');
  const formRef = useRef<HTMLFormElement>(null);

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

  const field = (name: DraftField, label: string, extra: Record<string, string> = {}) => (
    <div className="field" key={name}>
      <label className="field__label" htmlFor={`new-address-${name}`}>
        {label}
        {!REQUIRED.includes(name) && <span className="field__optional"> {t`(optional)`}</span>}
      </label>
      <input
        id={`new-address-${name}`}
        name={name}
        className="field__input"
        value={draft[name]}
        disabled={busy}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `new-address-${name}-error` : undefined}
        onChange={(e) => setDraft((d) => ({ ...d, [name]: e.target.value }))}
        {...extra}
      />
      {errors[name] && (
        <p id={`new-address-${name}-error`} className="field__error">
          {errors[name]}
        </p>
      )}
    </div>
  );

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
        <button type="button" className="link-button" onClick={() => setAdding(true)}>
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
            const missing: Partial<Record<DraftField, string>> = {};
            for (const f of REQUIRED) if (draft[f].trim() === '') missing[f] = t`This field is required.`;
            setErrors(missing);
            const first = REQUIRED.find((f) => missing[f]);
            if (first) {
              formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
              return;
            }
            props.onCreate({
              fullName: draft.fullName.trim(),
              phoneNumber: draft.phoneNumber.trim(),
              streetLine1: draft.streetLine1.trim(),
              city: draft.city.trim(),
              postalCode: draft.postalCode.trim() || undefined,
              countryCode: 'SA',
            });
          }}
        >
          <h3 id="new-address-title" className="checkout-card__subtitle">
            <Trans>New address</Trans>
          </h3>
          {field('fullName', t`Full name`, { autoComplete: 'name' })}
          {field('phoneNumber', t`Mobile number`, { autoComplete: 'tel', type: 'tel', dir: 'ltr' })}
          {field('streetLine1', t`Street and building`, { autoComplete: 'address-line1' })}
          {field('city', t`City`, { autoComplete: 'address-level2' })}
          {field('postalCode', t`Postal code`, { autoComplete: 'postal-code', dir: 'ltr' })}
          <div className="checkout-card__actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {t`Save and deliver here`}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
