import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, type FormEvent } from 'react';
import type { ContactField, ContactFormInput } from '../../../machines/schemas/contact.schema';
import { PhoneInput, type PhoneValue } from '../phone-input/phone-input';

export type ContactTextField = Exclude<ContactField, 'phone'>;

export interface ContactFormProps {
  locale: 'ar' | 'en';
  values: ContactFormInput;
  /** Translated messages per field (validation or the server's field error). */
  errors: Partial<Record<ContactField, string>>;
  status: 'editing' | 'submitting' | 'sent' | 'failed';
  /** Translated failure text for the failed state. */
  failureText: string | null;
  /** Whether the machine takes a submit (or, after a failure, a retry) now. */
  canSubmit: boolean;
  /** How many times the form was submitted with errors: focus moves to the first error each time. */
  invalidSubmits: number;
  onChange: (field: ContactTextField, value: string) => void;
  onPhoneChange: (value: PhoneValue) => void;
  onSubmit: () => void;
  onRetry: () => void;
  onReset: () => void;
}

const ORDER: ContactField[] = ['name', 'emailAddress', 'phone', 'subject', 'message'];

/** The contact form view: fields, inline errors, sending/sent/failed states. Driven by the contact machine. */
export function ContactForm(props: ContactFormProps) {
  const { t } = useLingui();
  const formRef = useRef<HTMLFormElement>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  const { values, errors, status } = props;
  const busy = status === 'submitting';

  // After an invalid submit, take keyboard and screen-reader users to the first problem.
  useEffect(() => {
    if (props.invalidSubmits === 0) return;
    const first = ORDER.find((f) => errors[f]);
    if (!first) return;
    const field = formRef.current?.querySelector<HTMLElement>(first === 'phone' ? 'input[type="tel"]' : `[name="${first}"]`);
    field?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on a new invalid submit
  }, [props.invalidSubmits]);

  useEffect(() => {
    if (status === 'sent') sentRef.current?.focus();
  }, [status]);

  if (status === 'sent') {
    return (
      <div className="contact-form notice notice--success" role="status" tabIndex={-1} ref={sentRef}>
        <h2 className="contact-form__title">{t`Thank you, your message has been sent`}</h2>
        <p>{t`Our customer care team will reply to your email as soon as possible, usually within two working days.`}</p>
        <button type="button" className="button button--secondary" onClick={props.onReset}>
          {t`Send another message`}
        </button>
      </div>
    );
  }

  const field = (name: ContactTextField) => ({
    id: `contact-${name}`,
    name,
    className: 'field__input',
    value: values[name],
    disabled: busy,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `contact-${name}-error` : undefined,
    onChange: (event: { target: { value: string } }) => props.onChange(name, event.target.value),
  });
  const error = (name: ContactTextField) =>
    errors[name] ? (
      <p id={`contact-${name}-error`} className="field__error">
        {errors[name]}
      </p>
    ) : null;

  return (
    <form
      ref={formRef}
      className="contact-form"
      noValidate
      aria-busy={busy}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        if (status === 'failed') props.onRetry();
        else props.onSubmit();
      }}
    >
      <h2 className="contact-form__title">{t`Send us a message`}</h2>
      <p className="contact-form__hint">{t`Fields marked with an asterisk (*) are required.`}</p>
      {status === 'failed' && props.failureText && (
        <div className="notice notice--error" role="alert">
          {props.failureText}
        </div>
      )}
      <div className="contact-form__row">
        <div className="field">
          <label className="field__label" htmlFor="contact-name">
            {t`Full name`} *
          </label>
          <input {...field('name')} autoComplete="name" required />
          {error('name')}
        </div>
        <div className="field">
          <label className="field__label" htmlFor="contact-emailAddress">
            {t`Email address`} *
          </label>
          <input {...field('emailAddress')} type="email" autoComplete="email" inputMode="email" dir="ltr" required />
          {error('emailAddress')}
        </div>
      </div>
      <div className="contact-form__row">
        <div className="field">
          <PhoneInput
            label={t`Mobile number (optional)`}
            name="phone"
            locale={props.locale}
            disabled={busy}
            error={errors.phone ?? null}
            onChange={props.onPhoneChange}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="contact-subject">
            {t`Subject`} <span className="field__optional">{t`(optional)`}</span>
          </label>
          <input {...field('subject')} />
          {error('subject')}
        </div>
      </div>
      <div className="field">
        <label className="field__label" htmlFor="contact-message">
          {t`Message`} *
        </label>
        <textarea {...field('message')} rows={6} required />
        {error('message')}
      </div>
      <button type="submit" className="button button--primary" disabled={!props.canSubmit}>
        {busy ? t`Sending…` : status === 'failed' ? t`Try again` : t`Send message`}
      </button>
    </form>
  );
}
