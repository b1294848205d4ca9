import { useLingui } from '@lingui/react/macro';
import { ErrorSummary } from '../error-summary';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { SignInField, SignInInput } from '../../../machines/schemas/auth.schema';

export interface SignInFormProps {
  values: SignInInput;
  /** Translated messages per field. */
  errors: Partial<Record<SignInField, string>>;
  status: 'idle' | 'submitting' | 'failed' | 'succeeded';
  /** Translated text of a failed sign-in (shown in the summary above the fields). */
  failureText: string | null;
  /** Whether the machine takes a submit now (not while one is out, nor once signed in). */
  canSubmit: boolean;
  /** Whether the failure is worth sending again unchanged (network): shows a retry button. */
  canRetry: boolean;
  /** Submits stopped by validation: each one moves focus to the first invalid field. */
  invalidSubmits: number;
  onChange: (field: SignInField, value: string) => void;
  onSubmit: () => void;
  onRetry: () => void;
}

const ORDER: SignInField[] = ['email', 'password'];

/** Email + password sign-in form. Driven by the auth machine (src/routes/auth/sign-in.tsx). */
export function SignInForm(props: SignInFormProps) {
  const { t } = useLingui();
  const formRef = useRef<HTMLFormElement>(null);
  const { values, errors, status, failureText } = props;
  const busy = status === 'submitting' || status === 'succeeded';
  // The server's HTML cannot sign in: the button waits for React (and the form posts, so that a
  // password never lands in a URL even then).
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);

  // After an invalid submit, take keyboard and screen-reader users to the first problem.
  useEffect(() => {
    if (props.invalidSubmits === 0) return;
    const first = ORDER.find((f) => errors[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on a new invalid submit
  }, [props.invalidSubmits]);

  const field = (name: SignInField) => ({
    id: `sign-in-${name}`,
    name,
    className: 'field__input',
    value: values[name],
    readOnly: busy,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `sign-in-${name}-error` : undefined,
    onChange: (event: { target: { value: string } }) => props.onChange(name, event.target.value),
  });
  const error = (name: SignInField) =>
    errors[name] ? (
      <p id={`sign-in-${name}-error`} className="field__error">
        {errors[name]}
      </p>
    ) : null;

  return (
    <form
      ref={formRef}
      className="auth-form"
      method="post"
      noValidate
      data-interactive={interactive || undefined}
      aria-busy={busy}
      aria-labelledby="sign-in-title"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        if (props.canSubmit) props.onSubmit();
      }}
    >
      {status === 'failed' && failureText && (
        <ErrorSummary text={failureText} onRetry={props.canRetry ? props.onRetry : null} className="auth-form__summary" />
      )}
      <div className="field">
        <label className="field__label" htmlFor="sign-in-email">
          {t`Email address`}
        </label>
        <input {...field('email')} type="email" autoComplete="username" inputMode="email" dir="ltr" required />
        {error('email')}
      </div>
      <div className="field">
        <label className="field__label" htmlFor="sign-in-password">
          {t`Password`}
        </label>
        <input {...field('password')} type="password" autoComplete="current-password" dir="ltr" required />
        {error('password')}
      </div>
      <button
        type="submit"
        className="button button--primary auth-form__submit"
        disabled={!interactive}
        aria-disabled={!props.canSubmit || undefined}
      >
        {busy ? t`Signing in…` : t`Sign in`}
      </button>
    </form>
  );
}
