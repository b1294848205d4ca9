import { Customer, CustomerService, ForbiddenError, RequestContext } from '@vendure/core';

/** The logged-in customer of the request, or ForbiddenError (guests and administrators). */
export async function requireActiveCustomer(ctx: RequestContext, customerService: CustomerService): Promise<Customer> {
  const userId = ctx.activeUserId;
  const customer = userId ? await customerService.findOneByUserId(ctx, userId) : undefined;
  if (!customer) throw new ForbiddenError();
  return customer;
}
