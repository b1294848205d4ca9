import { Args, Mutation, Resolver } from '@nestjs/graphql';
import type { PaymentInput } from '@vendure/common/lib/generated-shop-types';
import {
  ACTIVE_ORDER_INPUT_FIELD_NAME,
  ActiveOrderService,
  Allow,
  CustomerService,
  Ctx,
  isGraphQlErrorResult,
  OrderService,
  Permission,
  RequestContext,
  SessionService,
  Transaction,
} from '@vendure/core';
import { NoActiveOrderError } from '@vendure/core/dist/common/error/generated-graphql-shop-errors';

import { MethodSurchargeService } from '../services/method-surcharge.service';
import { RedirectPaymentService } from '../services/redirect-payment.service';

type AddPaymentArgs = { input: PaymentInput } & Record<string, any>;

/**
 * Overrides the Shop API's `addPaymentToOrder` (a plugin resolver of the same name replaces the
 * built-in one) to cancel a redirect payment the shopper left unfinished and to apply the chosen
 * method's discount / fee to the order first, in the same transaction, so core computes the
 * payment amount from the whole adjusted total. The rest mirrors
 * core's ShopOrderResolver.addPaymentToOrder (Vendure 3.7).
 */
@Resolver()
export class AddPaymentResolver {
  constructor(
    private readonly activeOrderService: ActiveOrderService,
    private readonly orderService: OrderService,
    private readonly customerService: CustomerService,
    private readonly sessionService: SessionService,
    private readonly methodSurcharges: MethodSurchargeService,
    private readonly redirectPayments: RedirectPaymentService,
  ) {}

  @Transaction()
  @Mutation()
  @Allow(Permission.UpdateOrder, Permission.Owner)
  async addPaymentToOrder(@Ctx() ctx: RequestContext, @Args() args: AddPaymentArgs) {
    if (!ctx.authorizedAsOwnerOnly) return new NoActiveOrderError();
    const sessionOrder = await this.activeOrderService.getActiveOrder(ctx, args[ACTIVE_ORDER_INPUT_FIELD_NAME]);
    if (!sessionOrder) return new NoActiveOrderError();
    if (sessionOrder.state === 'ArrangingPayment') {
      // back from a gateway unfinished: the waiting payment gives way to the new choice
      await this.redirectPayments.supersedePending(ctx, sessionOrder.id, args.input.method);
      await this.methodSurcharges.applyForMethod(ctx, sessionOrder.id, args.input.method);
    }
    const order = await this.orderService.addPaymentToOrder(ctx, sessionOrder.id, args.input);
    if (isGraphQlErrorResult(order)) {
      // Refused or failed: the shopper has not paid with this method, so its discount / fee must not stay.
      await this.methodSurcharges.removeUnlessPaying(ctx, sessionOrder.id);
      return order;
    }
    if (order.active === false) await this.customerService.createAddressesForNewCustomer(ctx, order);
    if (order.active === false && ctx.session?.activeOrderId === sessionOrder.id) {
      await this.sessionService.unsetActiveOrder(ctx, ctx.session);
    }
    return order;
  }
}
