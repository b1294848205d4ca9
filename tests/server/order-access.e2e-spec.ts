import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_CUSTOMER } from '../../server/src/seed/steps/demo-customer';
import { adminApi, shop, shopOk } from './helpers/shop-api';
import { createStoreTestEnv, StoreTestEnv } from './helpers/test-env';

const PORT = 3304;

/** Who may read an order by its code (docs/decisions/011-order-access.md). */
const ORDER_BY_CODE = /* GraphQL */ `
  query GetOrderByCode($code: String!) {
    orderByCode(code: $code) {
      code
      state
      totalWithTax
      customer {
        emailAddress
        firstName
        lastName
        phoneNumber
      }
      shippingAddress {
        fullName
        streetLine1
        city
        phoneNumber
      }
    }
  }
`;
const SIGNATURE = 'mutation($code: String!) { getPayFortSignature(orderCode: $code) { merchantReference } }';

const SHIPPING = {
  fullName: 'Order Access Owner',
  streetLine1: 'Prince Sultan St 77',
  city: 'Jeddah',
  countryCode: 'SA',
  phoneNumber: '+966555000777',
};
const STRANGER = { emailAddress: 'stranger@example.com', firstName: 'Nosy', lastName: 'Neighbour', password: 'Stranger123!' };
const GUEST = { emailAddress: 'guest-buyer@example.com', firstName: 'Guest', lastName: 'Buyer' };

describe('order access by code (owner only)', () => {
  let env: StoreTestEnv;
  let ownerToken: string;
  let strangerToken: string;
  /** a registered customer's order, placed (cash on delivery) moments ago */
  let customerOrder: { code: string; totalWithTax: number };
  /** a guest order placed by one anonymous session */
  let guestOrder: { code: string; token: string };

  const newSession = async () =>
    (await shopOk(env, 'mutation createSession { createSession { token } }')).data.createSession.token as string;
  async function signIn(username: string, password: string) {
    const r = await shopOk(env, 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { __typename } }', {
      u: username,
      p: password,
    });
    expect(r.data.login.__typename).toBe('CurrentUser');
    return r.token!;
  }
  /** Cart → shipping → ArrangingPayment → cash on delivery (PaymentAuthorized: placed). */
  async function placeOrder(token: string, guest?: typeof GUEST) {
    const q = (query: string, variables: Record<string, unknown> = {}) => shopOk(env, query, variables, { token });
    const variantId = String(Object.values(env.seed.variantIdBySku)[0]);
    await q('mutation($id: ID!) { addItemToOrder(productVariantId: $id, quantity: 1) { __typename } }', { id: variantId });
    if (guest) await q('mutation($i: CreateCustomerInput!) { setCustomerForOrder(input: $i) { __typename } }', { i: guest });
    await q('mutation($i: CreateAddressInput!) { setOrderShippingAddress(input: $i) { __typename } }', { i: SHIPPING });
    const methods = await q('{ eligibleShippingMethods { id } }');
    await q('mutation($id: [ID!]!) { setOrderShippingMethod(shippingMethodId: $id) { __typename } }', {
      id: [methods.data.eligibleShippingMethods[0].id],
    });
    await q('mutation { transitionOrderToState(state: "ArrangingPayment") { __typename } }');
    const paid = await q(
      'mutation { addPaymentToOrder(input: { method: "cash-on-delivery", metadata: {} }) { ... on Order { code state totalWithTax } ... on ErrorResult { errorCode message } } }',
    );
    expect(paid.data.addPaymentToOrder.state).toBe('PaymentAuthorized');
    return paid.data.addPaymentToOrder as { code: string; totalWithTax: number };
  }
  const readAs = (code: string, token?: string) => shop(env, ORDER_BY_CODE, { code }, { token });

  /** FORBIDDEN, and nothing of the order in the whole response body. */
  function expectRefused(r: Awaited<ReturnType<typeof readAs>>, secrets: string[]) {
    expect(r.errors?.map((e) => e.extensions?.code)).toEqual(['FORBIDDEN']);
    expect(r.data).toEqual({ orderByCode: null });
    const body = JSON.stringify({ data: r.data, errors: r.errors });
    for (const secret of secrets) expect(body).not.toContain(secret);
  }

  beforeAll(async () => {
    env = await createStoreTestEnv({ port: PORT });
    const admin = await adminApi(env);
    const created = await admin(
      'mutation($i: CreateCustomerInput!, $p: String) { createCustomer(input: $i, password: $p) { __typename ... on ErrorResult { message } } }',
      { i: { emailAddress: STRANGER.emailAddress, firstName: STRANGER.firstName, lastName: STRANGER.lastName }, p: STRANGER.password },
    );
    expect(created.createCustomer.__typename).toBe('Customer');
    ownerToken = await signIn(DEMO_CUSTOMER.emailAddress, DEMO_CUSTOMER.password);
    strangerToken = await signIn(STRANGER.emailAddress, STRANGER.password);
    customerOrder = await placeOrder(ownerToken);
    const guestToken = await newSession();
    guestOrder = { code: (await placeOrder(guestToken, GUEST)).code, token: guestToken };
  });
  afterAll(async () => {
    await env?.destroy();
  });

  describe("a registered customer's order", () => {
    const secrets = () => [
      DEMO_CUSTOMER.emailAddress,
      DEMO_CUSTOMER.firstName,
      DEMO_CUSTOMER.lastName,
      DEMO_CUSTOMER.phoneNumber,
      SHIPPING.fullName,
      SHIPPING.streetLine1,
      SHIPPING.phoneNumber,
      String(customerOrder.totalWithTax),
    ];

    it('is refused to an anonymous visitor who knows the code (no token, or a fresh session)', async () => {
      expectRefused(await readAs(customerOrder.code), secrets());
      expectRefused(await readAs(customerOrder.code, await newSession()), secrets());
    });

    it('is refused to another signed-in customer', async () => {
      expectRefused(await readAs(customerOrder.code, strangerToken), secrets());
    });

    it('is returned to its owner, signed in (checkout-success page, links from mails)', async () => {
      const r = await readAs(customerOrder.code, ownerToken);
      expect(r.errors).toBeUndefined();
      expect(r.data.orderByCode).toEqual({
        code: customerOrder.code,
        state: 'PaymentAuthorized',
        totalWithTax: customerOrder.totalWithTax,
        customer: {
          emailAddress: DEMO_CUSTOMER.emailAddress,
          firstName: DEMO_CUSTOMER.firstName,
          lastName: DEMO_CUSTOMER.lastName,
          phoneNumber: DEMO_CUSTOMER.phoneNumber,
        },
        shippingAddress: {
          fullName: SHIPPING.fullName,
          streetLine1: SHIPPING.streetLine1,
          city: SHIPPING.city,
          phoneNumber: SHIPPING.phoneNumber,
        },
      });
      // the owner signing in again (a new session) still reads it
      const again = await readAs(customerOrder.code, await signIn(DEMO_CUSTOMER.emailAddress, DEMO_CUSTOMER.password));
      expect(again.data.orderByCode.code).toBe(customerOrder.code);
    });

    it('gives no card payment form to anyone but its owner (same rule as orderByCode)', async () => {
      for (const token of [undefined, await newSession(), strangerToken]) {
        const r = await shop(env, SIGNATURE, { code: customerOrder.code }, { token });
        expect(r.errors?.map((e) => e.extensions?.code)).toEqual(['FORBIDDEN']);
      }
    });
  });

  describe('a guest order', () => {
    const secrets = [GUEST.emailAddress, GUEST.firstName, GUEST.lastName, SHIPPING.fullName, SHIPPING.streetLine1, SHIPPING.phoneNumber];

    it('is returned to the session that placed it, also once it is no longer its active order', async () => {
      const first = await readAs(guestOrder.code, guestOrder.token);
      expect(first.data.orderByCode).toMatchObject({
        code: guestOrder.code,
        state: 'PaymentAuthorized',
        customer: { emailAddress: GUEST.emailAddress },
      });
      // Vendure drops a placed order from the session's active order; the session keeps access
      expect((await shopOk(env, '{ activeOrder { code } }', {}, { token: guestOrder.token })).data.activeOrder).toBeNull();
      expect((await readAs(guestOrder.code, guestOrder.token)).data.orderByCode.code).toBe(guestOrder.code);
    });

    it('is refused to every other session: anonymous, another anonymous session, a signed-in customer', async () => {
      expectRefused(await readAs(guestOrder.code), secrets);
      expectRefused(await readAs(guestOrder.code, await newSession()), secrets);
      expectRefused(await readAs(guestOrder.code, strangerToken), secrets);
    });
  });

  it('answers an unknown code exactly like a foreign one (no probing for valid codes)', async () => {
    expectRefused(await readAs('NO-SUCH-ORDER', ownerToken), []);
    const r = await shop(env, SIGNATURE, { code: 'NO-SUCH-ORDER' }, { token: ownerToken });
    expect(r.errors?.map((e) => e.extensions?.code)).toEqual(['FORBIDDEN']);
  });
});
