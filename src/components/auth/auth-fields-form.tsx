import { ErrorSummary } from '../error-summary';
import { useEffect, useRef, useState, type FormEvent, type HTMLAttributes, type ReactNode } from 'react';

export interface AuthFieldSpec {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  dir?: 'ltr' | 'auto';
  maxLength?: number;
  /** A hint under the label (kept in the accessible description with the error). */
  hint?: string;
}

export interface AuthFieldsFormProps {
  /** Prefix of the element ids (unique per page). */
  id: string;
  /** The id of the heading that names the form. */
  labelledBy: string;
  fields: AuthFieldSpec[];
  values: Record<string, string>;
  /** Translated messages per field. */
  errors: Record<string, string | undefined>;
  status: 'idle' | 'submitting' | 'failed' | 'succeeded';
  failureText: string | null;
  /** What the machine says: not while a call is out, nor once done. */
  canSubmit: boolean;
  canRetry: boolean;
  /** Submits stopped by validation: each moves focus to the first invalid field. */
  invalidSubmits: number;
  submitLabel: string;
  busyLabel: string;
  onChange: (field: string, value: string) => void;
  onSubmit: () => void;
  onRetry: () => void;
  /** Rendered after the fields, before the submit button (e.g. the resend control). */
  children?: ReactNode;
}

/**
 * The auth pages' forms (registration, code, e-mail, new password) as one presentational piece:
 * labelled fields, per-field errors in the accessible description, a failure summary that takes
 * focus (and is read as it does), focus on the first invalid field after a stopped submit.
 */
export function AuthFieldsForm(props: AuthFieldsFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const { values, errors, status, failureText, id } = props;
  const busy = status === 'submitting' || status === 'succeeded';
  // The server's HTML cannot submit: the button waits for React.
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);

  useEffect(() => {
    if (props.invalidSubmits === 0) return;
    const first = props.fields.find((f) => errors[f.name]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first.name}"]`)?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on a new invalid submit
  }, [props.invalidSubmits]);

  return (
    <form
      ref={formRef}
      className="auth-form"
      method="post"
      noValidate
      data-interactive={interactive || undefined}
      aria-busy={busy}
      aria-labelledby={props.labelledBy}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        if (props.canSubmit) props.onSubmit();
      }}
    >
      {status === 'failed' && failureText && (
        <ErrorSummary text={failureText} onRetry={props.canRetry ? props.onRetry : null} className="auth-form__summary" />
      )}
      {props.fields.map((f) => {
        const fieldId = `${id}-${f.name}`;
        const described = [f.hint ? `${fieldId}-hint` : null, errors[f.name] ? `${fieldId}-error` : null].filter(Boolean).join(' ');
        return (
          <div className="field" key={f.name}>
            <label className="field__label" htmlFor={fieldId}>
              {f.label}
            </label>
            {f.hint && (
              <p id={`${fieldId}-hint`} className="field__hint">
                {f.hint}
              </p>
            )}
            <input
              id={fieldId}
              name={f.name}
              className="field__input"
              type={f.type ?? 'text'}
              autoComplete={f.autoComplete}
              inputMode={f.inputMode}
              dir={f.dir}
              maxLength={f.maxLength}
              value={values[f.name] ?? ''}
              readOnly={busy}
              required
              aria-invalid={errors[f.name] ? true : undefined}
              aria-describedby={described || undefined}
              onChange={(event) => props.onChange(f.name, event.target.value)}
            />
            {errors[f.name] && (
              <p id={`${fieldId}-error`} className="field__error">
                {errors[f.name]}
              </p>
            )}
          </div>
        );
      })}
      {props.children}
      <button
        type="submit"
        className="button button--primary auth-form__submit"
        disabled={!interactive}
        aria-disabled={!props.canSubmit || undefined}
      >
        {busy ? props.busyLabel : props.submitLabel}
      </button>
    </form>
  );
}
