import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { orderCancelMachine } from '../../../machines/order-cancel.machine';
import type { CancelOrderResult } from '../../../services/orders.service';

type Order = Extract<CancelOrderResult, { ok: true }>['order'];
const cancelledOrder = { id: '7', code: 'ORD-7', state: 'Cancelled' } as Order;

function start(cancel: (input: { orderCode: string; reason?: string }) => Promise<CancelOrderResult>, orderState = 'PaymentSettled') {
  const spy = vi.fn(cancel);
  const actor = createActor(orderCancelMachine.provide({ actors: { cancelOrder: fromPromise(({ input }) => spy(input)) } }), {
    input: { orderCode: 'ORD-7', orderState },
  }).start();
  return { actor, spy };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('order-cancel machine', () => {
  it.each(['ArrangingPayment', 'PaymentAuthorized', 'PaymentSettled'])('opens the confirmation for an order in %s', (state) => {
    const { actor } = start(async () => ({ ok: true, order: cancelledOrder }), state);
    actor.send({ type: 'cancel.open' });
    expect(actor.getSnapshot().value).toBe('confirming');
  });

  it.each(['Shipped', 'Delivered', 'Cancelled', 'PartiallyShipped'])('does not offer cancelling an order in %s', (state) => {
    const { actor } = start(async () => ({ ok: true, order: cancelledOrder }), state);
    actor.send({ type: 'cancel.open' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('dismissing the confirmation cancels nothing', () => {
    const { actor, spy } = start(async () => ({ ok: true, order: cancelledOrder }));
    actor.send({ type: 'cancel.open' });
    actor.send({ type: 'cancel.dismiss' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(spy).not.toHaveBeenCalled();
  });

  it('cancels with the trimmed reason (cut at 500 characters) and ends cancelled', async () => {
    const { actor, spy } = start(async () => ({ ok: true, order: cancelledOrder }));
    actor.send({ type: 'cancel.open' });
    actor.send({ type: 'cancel.changeReason', value: 'x'.repeat(600) });
    expect(actor.getSnapshot().context.reason).toHaveLength(500);
    actor.send({ type: 'cancel.changeReason', value: '  ordered twice  ' });
    actor.send({ type: 'cancel.confirm' });
    actor.send({ type: 'cancel.confirm' });
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy).toHaveBeenCalledWith({ orderCode: 'ORD-7', reason: 'ordered twice' });
    await flush();
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context).toMatchObject({ orderState: 'Cancelled', cancelledOrder: { code: 'ORD-7' } });
  });

  it('sends no reason when none was given', async () => {
    const { actor, spy } = start(async () => ({ ok: true, order: cancelledOrder }));
    actor.send({ type: 'cancel.open' });
    actor.send({ type: 'cancel.confirm' });
    await flush();
    expect(spy).toHaveBeenCalledWith({ orderCode: 'ORD-7', reason: undefined });
  });

  it('is refused as not cancellable with the state the server reports, and cannot be reopened', async () => {
    const { actor } = start(async () => ({
      ok: false,
      code: 'CANCEL_ORDER_ERROR',
      message: 'CANCEL_ORDER_NOT_CANCELLABLE',
      state: 'Shipped',
    }));
    actor.send({ type: 'cancel.open' });
    actor.send({ type: 'cancel.confirm' });
    await flush();
    expect(actor.getSnapshot().value).toBe('refused');
    expect(actor.getSnapshot().context).toMatchObject({
      refusal: 'cancel.notCancellable',
      refusedInState: 'Shipped',
      orderState: 'Shipped',
    });
    actor.send({ type: 'cancel.dismiss' });
    actor.send({ type: 'cancel.open' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('is refused as not found for an unknown order', async () => {
    const { actor } = start(async () => ({ ok: false, code: 'CANCEL_ORDER_ERROR', message: 'CANCEL_ORDER_NOT_FOUND', state: null }));
    actor.send({ type: 'cancel.open' });
    actor.send({ type: 'cancel.confirm' });
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ refusal: 'cancel.notFound', refusedInState: null, orderState: 'PaymentSettled' });
  });

  it('returns to the confirmation on a network error, keeping the reason', async () => {
    const { actor } = start(() => Promise.reject(new Error('offline')));
    actor.send({ type: 'cancel.open' });
    actor.send({ type: 'cancel.changeReason', value: 'late' });
    actor.send({ type: 'cancel.confirm' });
    await flush();
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context).toMatchObject({ refusal: 'cancel.failed', reason: 'late' });
  });

  it('says the store is unavailable on a 502, keeping the reason', async () => {
    const { actor } = start(() => Promise.reject({ status: 502 }));
    actor.send({ type: 'cancel.open' });
    actor.send({ type: 'cancel.changeReason', value: 'late' });
    actor.send({ type: 'cancel.confirm' });
    await flush();
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context).toMatchObject({ refusal: 'store.unavailable', reason: 'late' });
  });
});
