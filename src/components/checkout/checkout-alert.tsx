import { ErrorSummary } from '../error-summary';

/** A failure with its retry (which repeats the request with what the shopper chose). */
export function CheckoutAlert({ text, onRetry, retryLabel }: { text: string; onRetry?: (() => void) | null; retryLabel?: string }) {
  return <ErrorSummary text={text} onRetry={onRetry} retryLabel={retryLabel} className="checkout-alert" />;
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
