import { Trans } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';

/** A failure with its retry (which repeats the request with what the shopper chose). */
export function CheckoutAlert({ text, onRetry, retryLabel }: { text: string; onRetry?: (() => void) | null; retryLabel?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [text]);
  return (
    <div className="notice notice--error checkout-alert" role="alert" tabIndex={-1} ref={ref}>
      <p>{text}</p>
      {onRetry && (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          {retryLabel ?? <Trans>Try again</Trans>}
        </button>
      )}
    </div>
  );
}

/** A busy placeholder for a step while its data loads. */
export function StepLoading({ label }: { label: string }) {
  return (
    <div className="checkout-loading" role="status" aria-live="polite">
      <span className="checkout-loading__spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
