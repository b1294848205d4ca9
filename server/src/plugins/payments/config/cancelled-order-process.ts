import { Injector, Logger, OrderProcess, OrderService, Payment, Surcharge, TransactionalConnection } from '@vendure/core';

import { loggerCtx } from '../constants';
import { METHOD_SURCHARGE_SKU_PREFIX } from '../services/method-surcharge.service';

/** Payment states that hold no money yet: a cancelled order releases them. */
const OPEN_PAYMENT_STATES = ['Created', 'Authorized'];

let orderService: OrderService;
let connection: TransactionalConnection;

/**
 * When an order is cancelled, whoever cancels it (the owner in the admin, or the shopper), nothing
 * is due any more (issue 35 §5): its payments that hold no money (cash on delivery, an authorised
 * card or instalment plan, an open redirect) are cancelled through their method's `cancelPayment`,
 * and the payment method's fee or discount (a Surcharge, MethodSurchargeService) is removed, so the
 * order's total is 0 once its lines and shipping are cancelled. A settled payment is left to the
 * owner's refund (Admin API refundOrder), which moves real money.
 *
 * An OrderProcess hook, not an event subscriber: it runs inside the cancellation's transaction, so
 * the cancelOrder response and the next read of the order already show it.
 */
export const cancelledOrderProcess: OrderProcess<'Cancelled'> = {
  init(injector: Injector) {
    orderService = injector.get(OrderService);
    connection = injector.get(TransactionalConnection);
  },
  async onTransitionEnd(fromState, toState, { ctx, order }) {
    if (toState !== 'Cancelled') return;
    const payments = await connection.getRepository(ctx, Payment).find({ where: { order: { id: order.id } } });
    for (const payment of payments.filter((p) => OPEN_PAYMENT_STATES.includes(p.state))) {
      const result = await orderService.cancelPayment(ctx, payment.id);
      if ('errorCode' in result) Logger.warn(`Cancelling payment ${payment.id} of ${order.code}: ${result.message}`, loggerCtx);
    }
    // Not OrderService.removeSurchargeFromOrder: it prices the order again, shipping included,
    // which would undo the cancellation of the shipping. The surcharges are part of the subtotal:
    // taking them out of it is all the totals need. `order` is saved by transitionToState after
    // this hook.
    const repo = connection.getRepository(ctx, Surcharge);
    const ours = (await repo.find({ where: { order: { id: order.id } } })).filter((s) => s.sku?.startsWith(METHOD_SURCHARGE_SKU_PREFIX));
    if (!ours.length) return;
    order.subTotal -= ours.reduce((sum, s) => sum + s.price, 0);
    order.subTotalWithTax -= ours.reduce((sum, s) => sum + s.priceWithTax, 0);
    if (order.surcharges) order.surcharges = order.surcharges.filter((s) => !ours.some((o) => String(o.id) === String(s.id)));
    await repo.remove(ours);
  },
};
