import { useLingui } from '@lingui/react/macro';
import type { StockState } from '../../../machines/lib/variant-selection';

export function StockStatus({ state }: { state: StockState }) {
  const { t } = useLingui();
  const text = state === 'in-stock' ? t`In stock` : state === 'low-stock' ? t`Only a few left` : t`Out of stock`;
  return (
    <p className={`stock-status stock-status--${state}`} data-testid="stock-status" data-state={state}>
      <span className="stock-status__dot" aria-hidden="true" />
      {text}
    </p>
  );
}
