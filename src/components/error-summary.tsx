import { Trans } from '@lingui/react/macro';
import { useEffect, useId, useRef } from 'react';

/**
 * A form- or step-level failure, with its retry. It takes focus when it appears (or its text
 * changes), so keyboard users land on it and screen readers read it: focus is its one channel.
 * It is deliberately not `role="alert"` (a live region that also took focus would be read twice);
 * it is a group named by its message. docs/accessibility.md "Focus and announcements".
 */
export function ErrorSummary({
  text,
  onRetry,
  retryLabel,
  className,
}: {
  text: string;
  onRetry?: (() => void) | null;
  retryLabel?: string;
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();
  useEffect(() => {
    ref.current?.focus();
  }, [text]);
  return (
    <div
      ref={ref}
      className={`notice notice--error${className ? ` ${className}` : ''}`}
      role="group"
      aria-labelledby={`${id}-text`}
      tabIndex={-1}
      data-error-summary=""
    >
      <p id={`${id}-text`}>{text}</p>
      {onRetry && (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          {retryLabel ?? <Trans>Try again</Trans>}
        </button>
      )}
    </div>
  );
}
