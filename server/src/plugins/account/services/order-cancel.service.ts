import { Injectable } from '@nestjs/common';
import { CustomerService, Logger, OrderService, RequestContext } from '@vendure/core';

import { CancelOrderError } from '../api/account-errors';
import { loggerCtx } from '../constants';
import { requireActiveCustomer } from './customer-context';

/**
 * States in which a customer may cancel: checkout in progress (e.g. after a declined
 * payment) or paid but nothing fulfilled yet. Once a fulfilment exists (packed, shipped...),
 * only the store can.
 */
export const CUSTOMER_CANCELLABLE_STATES = ['ArrangingPayment', 'PaymentAuthorized', 'PaymentSettled'];

@Injectable()
export class OrderCancelService {
  constructor(
    private readonly orderService: OrderService,
    private readonly customerService: CustomerService,
  ) {}

  async cancel(ctx: RequestContext, input: { orderCode: string; reason?: string | null }) {
    const customer = await requireActiveCustomer(ctx, this.customerService);
    const order = await this.orderService.findOneByCode(ctx, input.orderCode, ['customer', 'payments']);
    // Someone else's order is reported exactly like a missing one.
    if (!order || String(order.customer?.id) !== String(customer.id)) {
      return new CancelOrderError('CANCEL_ORDER_NOT_FOUND');
    }
    if (!CUSTOMER_CANCELLABLE_STATES.includes(order.state)) {
      return new CancelOrderError('CANCEL_ORDER_NOT_CANCELLABLE', order.state);
    }
    // A paid order may already be packed/shipped (fulfilment created) before its own state moves.
    const fulfillments = await this.orderService.getOrderFulfillments(ctx, order);
    if (fulfillments.some((f) => f.state !== 'Cancelled')) {
      return new CancelOrderError('CANCEL_ORDER_NOT_CANCELLABLE', order.state);
    }
    const result = await this.orderService.cancelOrder(ctx, {
      orderId: order.id,
      reason: (input.reason ?? '').slice(0, 500) || 'Cancelled by the customer',
      cancelShipping: true,
    });
    if ('errorCode' in result) {
      Logger.warn(`cancelOrder ${order.code}: ${(result as any).errorCode}`, loggerCtx);
      return new CancelOrderError('CANCEL_ORDER_NOT_CANCELLABLE', order.state);
    }
    // Authorisations and open redirects are released by the cancellation itself (payments plugin,
    // cancelledOrderProcess). Settled payments need a refund, which stays with the store (Admin
    // API refundOrder) because it moves real money.
    return this.orderService.findOne(ctx, order.id);
  }
}
