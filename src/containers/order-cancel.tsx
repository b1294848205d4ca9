import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { Actor } from 'xstate';
import type { PageMachines } from './app-actors.types';
import { useActorSelector } from './use-actor-selector';
import { usePageActor } from './use-page-actor';

type CancelActor = Actor<PageMachines['orderCancel']>;
type CancelSnapshot = ReturnType<CancelActor['getSnapshot']>;

export interface OrderCancelProps {
  orderCode: string;
  orderState: string;
  /** From the loader (machines/order-cancel.machine.ts, read on the server: no xstate in this chunk). */
  cancellable: boolean;
  reasonMax: number;
  /** Called once the backend has cancelled the order (the page reloads its data). */
  onCancelled: () => void;
}

/** "Cancel order" with a confirmation step, for the states the backend lets a customer cancel. */
export function OrderCancel({ orderCode, orderState, cancellable, reasonMax, onCancelled }: OrderCancelProps) {
  const { t } = useLingui();
  const { actor, send } = usePageActor('orderCancel', { input: { orderCode, orderState }, eager: false });
  const snapshot = useActorSelector<CancelSnapshot, CancelSnapshot | null>(actor, (s) => s, null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const confirming = snapshot?.matches('confirming') ?? false;
  const cancelling = snapshot?.matches('cancelling') ?? false;
  const cancelled = snapshot?.matches('cancelled') ?? false;
  const refusal = snapshot?.context.refusal ?? null;

  useEffect(() => {
    if (confirming) reasonRef.current?.focus();
  }, [confirming]);
  useEffect(() => {
    if (cancelled) onCancelled();
  }, [cancelled, onCancelled]);

  if (!cancellable && !cancelled) return null;
  const refusalText =
    refusal === 'cancel.notCancellable'
      ? t`This order can no longer be cancelled.`
      : refusal === 'cancel.notFound'
        ? t`This order could not be found.`
        : refusal === 'cancel.failed'
          ? t`The order could not be cancelled. Check your connection and try again.`
          : refusal === 'store.unavailable'
            ? t`The store is briefly unavailable. Try again in a moment; nothing you entered is lost.`
            : null;

  return (
    <div className="order-cancel">
      {refusalText && (
        <p className="notice notice--error" role="alert">
          {refusalText}
        </p>
      )}
      {cancelled ? (
        <p className="notice notice--success" role="status">{t`Your order has been cancelled.`}</p>
      ) : confirming || cancelling ? (
        <form
          className="order-cancel__form"
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'cancel.confirm' });
          }}
        >
          <div className="field">
            <label className="field__label" htmlFor="cancel-reason">
              {t`Why are you cancelling? (optional)`}
            </label>
            <textarea
              id="cancel-reason"
              ref={reasonRef}
              className="field__input"
              rows={3}
              maxLength={reasonMax}
              value={snapshot?.context.reason ?? ''}
              disabled={cancelling}
              onChange={(e) => send({ type: 'cancel.changeReason', value: e.target.value })}
            />
          </div>
          <div className="order-cancel__actions">
            <button type="submit" className="button button--primary" disabled={!snapshot?.can({ type: 'cancel.confirm' })}>
              {cancelling ? t`Cancelling…` : t`Yes, cancel this order`}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={cancelling}
              onClick={() => send({ type: 'cancel.dismiss' })}
            >
              {t`Keep the order`}
            </button>
          </div>
        </form>
      ) : (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            if (refusal) send({ type: 'cancel.dismiss' });
            send({ type: 'cancel.open' });
          }}
        >
          {t`Cancel order`}
        </button>
      )}
    </div>
  );
}
