import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { Allow, Ctx, Permission, RequestContext, Transaction } from '@vendure/core';

import { RateLimitService, rateLimitError } from '../../common';
import { accountRateLimits } from '../account.rate-limits';
import { AddressService } from '../services/address.service';

@Resolver()
export class AddressResolver {
  constructor(
    private readonly addressService: AddressService,
    private readonly rateLimit: RateLimitService,
  ) {}

  @Transaction()
  @Mutation()
  @Allow(Permission.Owner)
  setDefaultAddress(@Ctx() ctx: RequestContext, @Args() args: { id: string }) {
    return this.addressService.setDefaultAddress(ctx, args.id);
  }

  @Transaction()
  @Mutation()
  @Allow(Permission.Owner)
  async setShippingAdd(@Ctx() ctx: RequestContext, @Args() args: { addressId: string }) {
    return (await this.addressService.setShippingAdd(ctx, args.addressId)) ?? null;
  }

  @Transaction()
  @Mutation()
  @Allow(Permission.Owner)
  async assignVerificationToTheShippingAddress(@Ctx() ctx: RequestContext, @Args() args: { addressId: string }) {
    await this.addressService.assignVerification(ctx, args.addressId);
    return { success: true };
  }

  @Transaction()
  @Mutation()
  @Allow(Permission.Owner)
  async verifyTheShippingAddress(@Ctx() ctx: RequestContext, @Args() args: { addressId: string; code: string }) {
    const limited = await this.rateLimit.consume(
      `verifyTheShippingAddress:user:${String(ctx.activeUserId)}`,
      accountRateLimits.verifyTheShippingAddress.perCustomer,
    );
    if (!limited.ok) return rateLimitError(limited.retryAfterSeconds);
    return this.addressService.verify(ctx, args.addressId, args.code);
  }
}
