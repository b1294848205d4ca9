import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { Actor } from 'xstate';
import { AddressFields } from '../../components/address-form/address-fields';
import { useFocusFirstError } from '../../components/profile/use-focus-first-error';
import type { PageMachines } from '../../containers/app-actors.types';

export type AddressesActor = Actor<PageMachines['addresses']>;
export type AddressesSnapshot = ReturnType<AddressesActor['getSnapshot']>;

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
  const { t } = useLingui();
  const { form, cities } = snapshot.context;
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const onSubmitted = useFocusFirstError(formRef, form.errors);
  // Opened: focus goes to its heading.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  const values = form.values;
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
      <AddressFields
        values={values}
        errors={form.errors}
        cities={cities}
        citiesStatus={
          snapshot.matches({ form: { cities: 'loading' } })
            ? 'loading'
            : snapshot.matches({ form: { cities: 'failed' } })
              ? 'failed'
              : 'ready'
        }
        disabled={saving}
        locale={locale}
        idPrefix="address"
        formKey={form.addressId ?? 'new'}
        onChange={send}
        onRetryCities={() => send({ type: 'cities.retry' })}
      />
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
