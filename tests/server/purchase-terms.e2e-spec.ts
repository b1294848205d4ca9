import crypto from 'crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { adminApi, shopOk } from './helpers/shop-api';
import { createStoreTestEnv, StoreTestEnv } from './helpers/test-env';

const PORT = 3541;

const PLAN = 'methodCode name installments interestFree minTotal maxTotal';
const INSTALLMENT_PLANS = `query { installmentPlans { ${PLAN} } }`;
const DELIVERY_TIMES = 'query { deliveryTimes { methodCode name minDays maxDays } }';

/**
 * The terms a shopper reads before paying (issue 32 §7): the instalment plans of Tamara and Tabby
 * and the delivery times of the shipping methods, from the methods' own configuration, the same
 * through the order-free queries (product page, cart) and the checkout's quotes.
 */
describe('purchase terms', () => {
  let env: StoreTestEnv;

  beforeAll(async () => {
    env = await createStoreTestEnv({ port: PORT });
  });
  afterAll(async () => {
    await env?.destroy();
  });

  /** A guest's active order with one line and an address: its token. */
  async function guestOrder() {
    const token = (await shopOk(env, 'mutation { createSession { token } }')).data.createSession.token as string;
    const variantId = String(Object.values(env.seed.variantIdBySku)[0]);
    await shopOk(
      env,
      'mutation($id: ID!) { addItemToOrder(productVariantId: $id, quantity: 1) { __typename } }',
      { id: variantId },
      { token },
    );
    await shopOk(
      env,
      'mutation($i: CreateCustomerInput!) { setCustomerForOrder(input: $i) { __typename } }',
      {
        i: { emailAddress: `terms-${crypto.randomBytes(4).toString('hex')}@example.com`, firstName: 'Guest', lastName: 'Shopper' },
      },
      { token },
    );
    await shopOk(
      env,
      'mutation($i: CreateAddressInput!) { setOrderShippingAddress(input: $i) { __typename } }',
      {
        i: { streetLine1: 'Olaya St', city: 'Riyadh', countryCode: 'SA', phoneNumber: '+966500000000' },
      },
      { token },
    );
    return token;
  }

  it('lists the instalment plans of Tamara and Tabby without an order, named in the request language', async () => {
    const en = await shopOk(env, INSTALLMENT_PLANS, {}, { lang: 'en' });
    const ar = await shopOk(env, INSTALLMENT_PLANS, {}, { lang: 'ar' });
    expect(en.data.installmentPlans).toEqual([
      { methodCode: 'tabby', name: 'Tabby — pay in installments', installments: 4, interestFree: true, minTotal: 5000, maxTotal: 300000 },
      {
        methodCode: 'tamara',
        name: 'Tamara — pay in installments',
        installments: 3,
        interestFree: true,
        minTotal: 10000,
        maxTotal: 500000,
      },
    ]);
    expect(ar.data.installmentPlans.map((p: { name: string }) => p.name)).toEqual(['تابي — الدفع بالتقسيط', 'تمارا — الدفع بالتقسيط']);
  });

  it('takes the plan from the method’s handler arguments and limits from its checker, the same on the checkout’s quotes', async () => {
    const admin = await adminApi(env);
    const methods = await admin('{ paymentMethods { items { id code } } }');
    const tabbyId = methods.paymentMethods.items.find((m: { code: string }) => m.code === 'tabby').id;
    const update = (installments: string, interestFree: string, min: string, max: string) =>
      admin('mutation($input: UpdatePaymentMethodInput!) { updatePaymentMethod(input: $input) { id } }', {
        input: {
          id: tabbyId,
          handler: {
            code: 'tabby',
            arguments: [
              { name: 'installments', value: installments },
              { name: 'interestFree', value: interestFree },
            ],
          },
          checker: {
            code: 'installment-eligibility',
            arguments: [
              { name: 'minTotal', value: min },
              { name: 'maxTotal', value: max },
            ],
          },
        },
      });
    try {
      await update('6', 'false', '20000', '900000');
      const plans = await shopOk(env, INSTALLMENT_PLANS);
      const tabby = plans.data.installmentPlans.find((p: { methodCode: string }) => p.methodCode === 'tabby');
      expect(tabby).toMatchObject({ installments: 6, interestFree: false, minTotal: 20000, maxTotal: 900000 });

      const token = await guestOrder();
      const quotes = await shopOk(env, `query { eligiblePaymentMethods { code installmentPlan { ${PLAN} } } }`, {}, { token });
      const byCode = Object.fromEntries(
        quotes.data.eligiblePaymentMethods.map((m: { code: string; installmentPlan: unknown }) => [m.code, m.installmentPlan]),
      );
      expect(byCode.tabby).toEqual(tabby);
      expect(byCode.tamara).toMatchObject({ installments: 3, interestFree: true });
      expect(byCode['payfort-card']).toBeNull();
      expect(byCode['cash-on-delivery']).toBeNull();
    } finally {
      await update('4', 'true', '5000', '300000');
    }
  });

  it('lists the delivery times of the shipping methods, and the checkout’s shipping quotes carry them', async () => {
    const en = await shopOk(env, DELIVERY_TIMES, {}, { lang: 'en' });
    expect(en.data.deliveryTimes).toEqual(
      expect.arrayContaining([
        { methodCode: 'standard', name: 'Standard delivery', minDays: 3, maxDays: 5 },
        { methodCode: 'express', name: 'Express delivery', minDays: 1, maxDays: 2 },
        { methodCode: 'free-over-300', name: 'Free delivery', minDays: 3, maxDays: 5 },
      ]),
    );
    const ar = await shopOk(env, DELIVERY_TIMES, {}, { lang: 'ar' });
    expect(ar.data.deliveryTimes.find((t: { methodCode: string }) => t.methodCode === 'express').name).toBe('التوصيل السريع');

    const token = await guestOrder();
    const quotes = await shopOk(
      env,
      'query { eligibleShippingMethods { code customFields { minDeliveryDays maxDeliveryDays } } }',
      {},
      { token },
    );
    expect(quotes.data.eligibleShippingMethods.find((m: { code: string }) => m.code === 'express').customFields).toMatchObject({
      minDeliveryDays: 1,
      maxDeliveryDays: 2,
    });
  });

  it('leaves out a shipping method whose delivery time is unset or inverted', async () => {
    const admin = await adminApi(env);
    const list = await admin('{ shippingMethods { items { id code } } }');
    const expressId = list.shippingMethods.items.find((m: { code: string }) => m.code === 'express').id;
    const set = (min: number | null, max: number | null) =>
      admin('mutation($input: UpdateShippingMethodInput!) { updateShippingMethod(input: $input) { id } }', {
        input: { id: expressId, translations: [], customFields: { minDeliveryDays: min, maxDeliveryDays: max } },
      });
    try {
      await set(4, 2);
      let codes = (await shopOk(env, DELIVERY_TIMES)).data.deliveryTimes.map((t: { methodCode: string }) => t.methodCode);
      expect(codes).not.toContain('express');
      await set(null, 2);
      codes = (await shopOk(env, DELIVERY_TIMES)).data.deliveryTimes.map((t: { methodCode: string }) => t.methodCode);
      expect(codes).not.toContain('express');
      expect(codes).toContain('standard');
    } finally {
      await set(1, 2);
    }
  });
});
