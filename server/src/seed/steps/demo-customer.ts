import { CustomerService, ID, isGraphQlErrorResult, Order, OrderService, RequestContext, TransactionalConnection } from '@vendure/core';

import { ProductSpec } from '../catalogue/generate';
import { SeedContext, SeedStep } from '../types';

export const DEMO_CUSTOMER = {
  emailAddress: 'customer@example.com',
  password: 'Customer123!',
  firstName: 'Sara',
  lastName: 'Al-Qahtani',
  phoneNumber: '+966501234567',
} as const;

export const DEMO_ADDRESS = {
  fullName: 'Sara Al-Qahtani',
  streetLine1: 'King Fahd Road, Al Olaya',
  streetLine2: 'Building 12, Apartment 4',
  city: 'Riyadh',
  province: 'Riyadh Province',
  postalCode: '12211',
  countryCode: 'SA',
  phoneNumber: '+966501234567',
  defaultShippingAddress: true,
  defaultBillingAddress: true,
  customFields: {
    type: 'home',
    cityCode: 'RUH',
    instructions: 'Call on arrival / الاتصال عند الوصول',
    receiverPhoneNumber: '+966501234567',
    isGiftCart: false,
    firstName: 'Sara',
    lastName: 'Al-Qahtani',
  },
} as const;

type ErrorLike = { errorCode: string; message: string };
function check<T>(result: T, what: string): Exclude<T, ErrorLike> {
  if (isGraphQlErrorResult(result as any)) {
    throw new Error(`${what}: ${(result as any).errorCode} ${(result as any).message}`);
  }
  return result as Exclude<T, ErrorLike>;
}

/** Places a paid (PaymentSettled) order for the user through the normal order process. */
export async function placeSeedOrder(
  seed: SeedContext,
  userId: ID,
  lines: Array<{ variantId: ID; quantity: number }>,
  couponCode?: string,
): Promise<Order> {
  const connection = seed.injector.get(TransactionalConnection);
  const orderService = seed.injector.get(OrderService);
  return connection.withTransaction(seed.ctx, async (ctx: RequestContext) => {
    const order = await orderService.create(ctx, userId);
    for (const line of lines) {
      check(await orderService.addItemToOrder(ctx, order.id, line.variantId, line.quantity), 'addItemToOrder');
    }
    if (couponCode) check(await orderService.applyCouponCode(ctx, order.id, couponCode), `applyCouponCode ${couponCode}`);
    const { customFields, defaultBillingAddress, defaultShippingAddress, ...address } = DEMO_ADDRESS;
    await orderService.setShippingAddress(ctx, order.id, { ...address, customFields: { ...customFields } } as any);
    await orderService.setBillingAddress(ctx, order.id, { ...address } as any);
    const methods = await orderService.getEligibleShippingMethods(ctx, order.id);
    const standard = methods.find((m) => m.code === 'standard') ?? methods[0];
    check(await orderService.setShippingMethod(ctx, order.id, [standard.id]), 'setShippingMethod');
    check(await orderService.transitionToState(ctx, order.id, 'ArrangingPayment'), 'ArrangingPayment');
    check(
      await orderService.addManualPaymentToOrder(ctx, {
        orderId: order.id,
        method: 'seed-manual',
        transactionId: `SEED-${order.code}`,
        metadata: { note: 'Seeded demo order (manual payment)' },
      }),
      'addManualPaymentToOrder',
    );
    // The default payment process moves the order to PaymentSettled once settled payments cover it.
    const paid = (await orderService.findOne(ctx, order.id))!;
    if (paid.state !== 'PaymentSettled') {
      return check(await orderService.transitionToState(ctx, order.id, 'PaymentSettled'), 'PaymentSettled') as Order;
    }
    return paid;
  });
}

/** Picks in-stock variants (stock >= 10) of ordinary products, deterministically. */
function pickVariants(seed: SeedContext, count: number, offset: number): ID[] {
  const specs = (seed.generated.extra.catalogue as ProductSpec[] | undefined) ?? [];
  const bySku = (seed.generated.extra.variantIdBySku as Record<string, ID> | undefined) ?? {};
  const candidates = specs
    .filter((p) => p.index >= 6)
    .flatMap((p) => p.variants.filter((v) => v.stock >= 10).slice(0, 1))
    .map((v) => bySku[v.sku])
    .filter(Boolean);
  return Array.from({ length: count }, (_, k) => candidates[(offset + k) % candidates.length]);
}

/**
 * The verified demo customer customer@example.com / Customer123! with a Riyadh address (RUH),
 * and two placed orders: one used LIMITED5 (exhausting its usage limit of 1), one used VIP15
 * (the demo customer's per-customer use). Ids in seed.generated.demoCustomerId / demoOrderIds.
 */
export const demoCustomerStep: SeedStep = {
  name: 'demo-customer',
  async run(seed) {
    const customerService = seed.injector.get(CustomerService);
    const { ctx } = seed;
    const customer = check(
      await customerService.create(
        ctx,
        {
          emailAddress: DEMO_CUSTOMER.emailAddress,
          firstName: DEMO_CUSTOMER.firstName,
          lastName: DEMO_CUSTOMER.lastName,
          phoneNumber: DEMO_CUSTOMER.phoneNumber,
        },
        DEMO_CUSTOMER.password,
      ),
      'create demo customer',
    );
    await customerService.createAddress(ctx, customer.id, { ...DEMO_ADDRESS, customFields: { ...DEMO_ADDRESS.customFields } } as any);
    seed.generated.demoCustomerId = customer.id;
    seed.generated.customerIds.push(customer.id);
    const userId = customer.user!.id;

    const [a, b, c] = pickVariants(seed, 3, 0);
    const orderA = await placeSeedOrder(
      seed,
      userId,
      [
        { variantId: a, quantity: 1 },
        { variantId: b, quantity: 2 },
      ],
      'LIMITED5',
    );
    const orderB = await placeSeedOrder(seed, userId, [{ variantId: c, quantity: 1 }], 'VIP15');
    seed.generated.demoOrderIds.push(orderA.id, orderB.id);
    seed.log(`demo customer ${DEMO_CUSTOMER.emailAddress} with 2 placed orders (${orderA.code}, ${orderB.code})`);
  },
};
