import { Args, Context, Mutation, Resolver } from '@nestjs/graphql';
import { Allow, Ctx, CustomerService, Permission, RequestContext, Transaction } from '@vendure/core';
import type { Request } from 'express';

import { clientIp, RateLimitService, rateLimitError } from '../../common';
import { accountRateLimits } from '../account.rate-limits';
import { requireActiveCustomer } from '../services/customer-context';
import { ImageUploadService } from '../services/image-upload.service';
import { OrderCancelService } from '../services/order-cancel.service';

@Resolver()
export class CustomerActionsResolver {
  constructor(
    private readonly uploads: ImageUploadService,
    private readonly cancels: OrderCancelService,
    private readonly customerService: CustomerService,
    private readonly rateLimit: RateLimitService,
  ) {}

  @Transaction()
  @Mutation()
  @Allow(Permission.Owner)
  async uploadImage(@Ctx() ctx: RequestContext, @Args() args: { file: any }, @Context('req') req: Request) {
    const customer = await requireActiveCustomer(ctx, this.customerService);
    const rules = accountRateLimits.uploadImage;
    const limited = await this.rateLimit.consumeAll([
      { key: `uploadImage:ip:${clientIp(req)}`, rule: rules.perIp },
      { key: `uploadImage:customer:${String(customer.id)}`, rule: rules.perCustomer },
    ]);
    if (!limited.ok) return rateLimitError(limited.retryAfterSeconds);
    return this.uploads.upload(ctx, customer, args.file);
  }

  @Transaction()
  @Mutation()
  @Allow(Permission.Owner)
  cancelOrder(@Ctx() ctx: RequestContext, @Args() args: { input: { orderCode: string; reason?: string | null } }) {
    return this.cancels.cancel(ctx, args.input);
  }
}
