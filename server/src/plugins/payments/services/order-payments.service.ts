import { Injectable } from '@nestjs/common';
import { ForbiddenError, Order, OrderService, Payment, RequestContext, TransactionalConnection, UserInputError } from '@vendure/core';

import { canReadOrder, viewerOf } from '../../common';
import { PENDING, RedirectMetadata, RedirectPaymentService } from './redirect-payment.service';

@Injectable()
export class OrderPaymentsService {
  constructor(
    private readonly connection: TransactionalConnection,
    private readonly orderService: OrderService,
    private readonly redirects: RedirectPaymentService,
  ) {}

  /** URL of the newest pending redirect payment of the order. */
  async paymentUrl(ctx: RequestContext, order: Order): Promise<string | null> {
    const payments = order.payments ?? (await this.connection.getRepository(ctx, Payment).find({ where: { order: { id: order.id } } }));
    const pending = payments
      .filter((p) => p.state === PENDING && (p.metadata as RedirectMetadata)?.paymentUrl)
      .sort((a, b) => +new Date(b.createdAt) - +new Date(a.createdAt))[0];
    return pending ? (pending.metadata as RedirectMetadata).paymentUrl : null;
  }

  async payfortSignature(ctx: RequestContext, orderCode: string) {
    const order = await this.orderService.findOneByCode(ctx, orderCode, ['customer', 'customer.user', 'payments']);
    // Same answer for someone else's order and a missing one (no probing for valid codes).
    if (!order || !canReadOrder(viewerOf(ctx), order)) throw new ForbiddenError();
    const payment = (order.payments ?? [])
      .filter((p) => p.method === 'payfort-card' && p.state === PENDING)
      .sort((a, b) => +new Date(b.createdAt) - +new Date(a.createdAt))[0];
    if (!payment) throw new UserInputError('error.no-pending-card-payment');
    return this.redirects.payfortRequest(payment, order);
  }
}
