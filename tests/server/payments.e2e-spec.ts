import crypto from 'crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { payfortSignature, tabbySignature } from '../../server/src/plugins/payments';
import { adminApi, Lang, shop } from './helpers/shop-api';
import { createStoreTestEnv, StoreTestEnv } from './helpers/test-env';

const PORT = 3302;
const STOREFRONT = 'http://127.0.0.1:8080'; // STOREFRONT_URL of createStoreTestEnv
const SANDBOX_RESPONSE_PHRASE = 'sandbox-response-phrase';
const SANDBOX_REQUEST_PHRASE = 'sandbox-request-phrase';

const ORDER_FIELDS = 'code state active totalWithTax paymentUrl payments { id state method amount errorMessage metadata }';
const ADD_PAYMENT = /* GraphQL */ `
    mutation AddPayment($method: String!) {
        addPaymentToOrder(input: { method: $method, metadata: {} }) {
            __typename
            ... on Order { ${ORDER_FIELDS} }
            ... on ErrorResult { errorCode message }
            ... on IneligiblePaymentMethodError { eligibilityCheckerMessage }
        }
    }
`;
const PAYMENT_METHODS = /* GraphQL */ `
  query GetPaymentMethods {
    eligiblePaymentMethods {
      id
      code
      name
      description
      isEligible
      eligibilityMessage
      customFields {
        discount
        increment
        asset {
          id
          preview
        }
      }
    }
  }
`;
const SIGNATURE = /* GraphQL */ `
  mutation GetPayFortSignature($code: String!) {
    getPayFortSignature(orderCode: $code) {
      signature
      merchantReference
      params
      gatewayUrl
    }
  }
`;

describe('payments plugin', () => {
  let env: StoreTestEnv;

  beforeAll(async () => {
    env = await createStoreTestEnv({ port: PORT });
  });
  afterAll(async () => {
    await env?.destroy();
  });

  const variant = (i = 0) => String(Object.values(env.seed.variantIdBySku)[i]);

  /** A guest order in ArrangingPayment; returns its session token. */
  async function checkout(lang: Lang = 'ar', quantity = 1) {
    const s = await shop(env, 'mutation createSession { createSession { token } }');
    const token = s.data.createSession.token as string;
    const q = (query: string, variables: Record<string, unknown> = {}) => shop(env, query, variables, { token, lang });
    const add = await q(
      'mutation addToCart($id: ID!, $q: Int!) { addItemToOrder(productVariantId: $id, quantity: $q) { __typename ... on Order { code } ... on ErrorResult { message } } }',
      { id: variant(0), q: quantity },
    );
    expect(add.data.addItemToOrder.__typename).toBe('Order');
    await q('mutation($i: CreateCustomerInput!) { setCustomerForOrder(input: $i) { __typename } }', {
      i: { emailAddress: `guest-${crypto.randomBytes(4).toString('hex')}@example.com`, firstName: 'Guest', lastName: 'Shopper' },
    });
    await q('mutation SetShippingAddress($i: CreateAddressInput!) { setOrderShippingAddress(input: $i) { __typename } }', {
      i: { streetLine1: 'Olaya St', city: 'Riyadh', countryCode: 'SA', phoneNumber: '+966500000000' },
    });
    const methods = await q('query GetShippingMethods { eligibleShippingMethods { id } }');
    await q('mutation setOrderShippingMethod($id: [ID!]!) { setOrderShippingMethod(shippingMethodId: $id) { __typename } }', {
      id: [methods.data.eligibleShippingMethods[0].id],
    });
    const t = await q(
      'mutation TransitionOrder { transitionOrderToState(state: "ArrangingPayment") { ... on Order { state code totalWithTax } } }',
    );
    expect(t.data.transitionOrderToState.state).toBe('ArrangingPayment');
    return { token, code: t.data.transitionOrderToState.code as string, total: t.data.transitionOrderToState.totalWithTax as number, q };
  }

  async function activeOrder(token: string) {
    return (await shop(env, `query getOrders { activeOrder { ${ORDER_FIELDS} } }`, {}, { token })).data.activeOrder;
  }
  async function orderByCode(token: string, code: string) {
    return (await shop(env, `query GetOrderByCode($c: String!) { orderByCode(code: $c) { ${ORDER_FIELDS} } }`, { c: code }, { token })).data
      .orderByCode;
  }

  const noRedirect = { redirect: 'manual' as const };

  /** Tester clicks a sandbox button; returns the provider's callback URL (relative). */
  async function decide(paymentUrl: string, decision: 'approve' | 'decline' | 'cancel') {
    const res = await fetch(`${paymentUrl}/decision`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `decision=${decision}`,
      ...noRedirect,
    });
    expect(res.status).toBe(303);
    return res.headers.get('location')!;
  }
  async function followCallback(callbackPath: string) {
    const res = await fetch(`${env.baseUrl}${callbackPath}`, noRedirect);
    return { status: res.status, location: res.headers.get('location'), text: res.status === 303 ? '' : await res.text() };
  }

  describe('payment methods', () => {
    it('seeds four methods with names in both languages and the COD custom fields', async () => {
      const { token } = await checkout();
      const en = await shop(env, PAYMENT_METHODS, {}, { token, lang: 'en' });
      const ar = await shop(env, PAYMENT_METHODS, {}, { token, lang: 'ar' });
      expect(en.data.eligiblePaymentMethods.map((m: any) => m.code)).toEqual(['payfort-card', 'tamara', 'tabby', 'cash-on-delivery']);
      const cod = en.data.eligiblePaymentMethods.find((m: any) => m.code === 'cash-on-delivery');
      expect(cod).toMatchObject({ name: 'Cash on delivery', isEligible: true, customFields: { discount: 0, increment: 1500 } });
      expect(cod.customFields.asset.preview).toBeTruthy();
      expect(ar.data.eligiblePaymentMethods.find((m: any) => m.code === 'cash-on-delivery').name).toBe('الدفع عند الاستلام');
      expect(ar.data.eligiblePaymentMethods.find((m: any) => m.code === 'tamara').name).toMatch(/^تمارا/);
    });

    it('explains ineligibility in the request language and refuses the payment', async () => {
      const admin = await adminApi(env);
      const methods = await admin('{ paymentMethods { items { id code } } }');
      const id = (code: string) => methods.paymentMethods.items.find((m: any) => m.code === code).id;
      const { token, total } = await checkout();
      const limit = (code: string, args: Array<{ name: string; value: string }>) =>
        admin('mutation($input: UpdatePaymentMethodInput!) { updatePaymentMethod(input: $input) { id } }', {
          input: {
            id: id(code),
            checker: { code: code === 'cash-on-delivery' ? 'cod-eligibility' : 'installment-eligibility', arguments: args },
          },
        });
      try {
        await limit('cash-on-delivery', [{ name: 'maxTotal', value: String(total) }]);
        await limit('tamara', [
          { name: 'minTotal', value: String(total + 100) },
          { name: 'maxTotal', value: String(total + 100000) },
        ]);
        const en = await shop(env, PAYMENT_METHODS, {}, { token, lang: 'en' });
        const ar = await shop(env, PAYMENT_METHODS, {}, { token, lang: 'ar' });
        const pick = (r: any, code: string) => r.data.eligiblePaymentMethods.find((m: any) => m.code === code);
        expect(pick(en, 'cash-on-delivery')).toMatchObject({ isEligible: false });
        expect(pick(en, 'cash-on-delivery').eligibilityMessage).toMatch(/^Cash on delivery is available for orders below SAR/);
        expect(pick(ar, 'cash-on-delivery').eligibilityMessage).toMatch(/^الدفع عند الاستلام متاح للطلبات الأقل من /);
        expect(pick(en, 'tamara').eligibilityMessage).toMatch(/^Available for orders from SAR.+ to SAR/);
        expect(pick(ar, 'tamara').eligibilityMessage).toMatch(/^متاح للطلبات من .+ إلى /);
        expect(pick(en, 'tabby').isEligible).toBe(true);

        const refused = await shop(env, ADD_PAYMENT, { method: 'cash-on-delivery' }, { token, lang: 'ar' });
        expect(refused.data.addPaymentToOrder).toMatchObject({
          __typename: 'IneligiblePaymentMethodError',
          errorCode: 'INELIGIBLE_PAYMENT_METHOD_ERROR',
          eligibilityCheckerMessage: pick(ar, 'cash-on-delivery').eligibilityMessage,
        });
      } finally {
        await limit('cash-on-delivery', [{ name: 'maxTotal', value: '100000' }]);
        await limit('tamara', [
          { name: 'minTotal', value: '10000' },
          { name: 'maxTotal', value: '500000' },
        ]);
      }
    });

    it('cash on delivery authorises at once and the store settles it later', async () => {
      const { token, code } = await checkout();
      const r = await shop(env, ADD_PAYMENT, { method: 'cash-on-delivery' }, { token });
      expect(r.data.addPaymentToOrder).toMatchObject({ state: 'PaymentAuthorized', paymentUrl: null, payments: [{ state: 'Authorized' }] });
      const admin = await adminApi(env);
      const settled = await admin(
        'mutation($id: ID!) { settlePayment(id: $id) { ... on Payment { state } ... on ErrorResult { message } } }',
        {
          id: r.data.addPaymentToOrder.payments[0].id,
        },
      );
      expect(settled.settlePayment.state).toBe('Settled');
      expect((await orderByCode(token, code)).state).toBe('PaymentSettled');
    });
  });

  describe('PayFort card (sandbox)', () => {
    it('creates a pending payment with a paymentUrl and a correctly signed hosted-page form (own order only)', async () => {
      const { token, code } = await checkout('en');
      const r = await shop(env, ADD_PAYMENT, { method: 'payfort-card' }, { token });
      const order = r.data.addPaymentToOrder;
      expect(order).toMatchObject({ state: 'ArrangingPayment', active: true, payments: [{ state: 'Pending', method: 'payfort-card' }] });
      expect(order.paymentUrl).toMatch(new RegExp(`^${env.baseUrl}/sandbox/pay/${code}-[0-9a-f]{10}$`));
      expect((await activeOrder(token)).paymentUrl).toBe(order.paymentUrl);

      const sig = (await shop(env, SIGNATURE, { code }, { token })).data.getPayFortSignature;
      expect(sig.gatewayUrl).toBe(`${env.baseUrl}/sandbox/payfort/paymentPage`);
      expect(sig.params).toMatchObject({
        command: 'PURCHASE',
        merchant_reference: sig.merchantReference,
        amount: String(order.totalWithTax),
        currency: 'SAR',
        language: 'en',
        return_url: `${env.baseUrl}/payments/callback/payfort`,
      });
      // independent recomputation: SHA-256(phrase + sorted k=v + phrase)
      const { signature, ...unsigned } = sig.params;
      const body = Object.keys(unsigned)
        .sort()
        .map((k) => `${k}=${unsigned[k]}`)
        .join('');
      const expected = crypto.createHash('sha256').update(`${SANDBOX_REQUEST_PHRASE}${body}${SANDBOX_REQUEST_PHRASE}`).digest('hex');
      expect(sig.signature).toBe(expected);
      expect(signature).toBe(expected);

      const stranger = await shop(env, 'mutation createSession { createSession { token } }');
      const foreign = await shop(env, SIGNATURE, { code }, { token: stranger.data.createSession.token });
      expect(foreign.errors?.[0].extensions.code).toBe('FORBIDDEN');

      // the sandbox checks the request signature like PayFort does
      const post = (params: Record<string, string>) =>
        fetch(sig.gatewayUrl, { method: 'POST', body: new URLSearchParams(params), ...noRedirect });
      const ok = await post(sig.params);
      expect(ok.status).toBe(303);
      expect(ok.headers.get('location')).toBe(`/sandbox/pay/${sig.merchantReference}?lang=en`);
      const tampered = await post({ ...sig.params, amount: '100' });
      expect(tampered.status).toBe(400);
    });

    it('approve → signed callback → PaymentSettled, shopper sent to checkout-success in their language', async () => {
      const { token, code } = await checkout('en');
      const order = (await shop(env, ADD_PAYMENT, { method: 'payfort-card' }, { token, lang: 'en' })).data.addPaymentToOrder;

      const pageEn = await fetch(order.paymentUrl);
      const html = await pageEn.text();
      expect(html).toContain('<html lang="en" dir="ltr">');
      expect(html).toContain('Approve payment');
      expect(html).toContain(code);
      const pageAr = await (await fetch(`${order.paymentUrl}?lang=ar`)).text();
      expect(pageAr).toContain('<html lang="ar" dir="rtl">');
      expect(pageAr).toContain('قبول الدفع');
      expect(pageAr).toContain('رفض الدفع');

      const callback = await decide(order.paymentUrl, 'approve');
      expect(callback).toMatch(/^\/payments\/callback\/payfort\?/);
      const params = Object.fromEntries(new URLSearchParams(callback.split('?')[1]));
      expect(payfortSignature(params, SANDBOX_RESPONSE_PHRASE)).toBe(params.signature);
      expect(params).toMatchObject({
        status: '14',
        amount: String(order.totalWithTax),
        merchant_reference: order.paymentUrl.split('/').pop(),
      });

      const back = await followCallback(callback);
      expect(back).toMatchObject({ status: 303, location: `${STOREFRONT}/en/checkout-success?order=${code}` });
      const placed = await orderByCode(token, code);
      expect(placed).toMatchObject({ state: 'PaymentSettled', active: false, paymentUrl: null, payments: [{ state: 'Settled' }] });
      expect(await activeOrder(token)).toBeNull();

      // the browser return and the notification may both arrive: replays change nothing
      const replay = await followCallback(callback);
      expect(replay.location).toBe(`${STOREFRONT}/en/checkout-success?order=${code}`);
      expect((await orderByCode(token, code)).payments).toHaveLength(1);
      // the sandbox page no longer offers the buttons
      expect(await (await fetch(order.paymentUrl)).text()).not.toContain('Approve payment');
    });

    it('decline → payment Declined, order stays ArrangingPayment, another method can be used', async () => {
      const { token, code } = await checkout('ar');
      const order = (await shop(env, ADD_PAYMENT, { method: 'payfort-card' }, { token, lang: 'ar' })).data.addPaymentToOrder;
      const back = await followCallback(await decide(order.paymentUrl, 'decline'));
      expect(back).toMatchObject({ status: 303, location: `${STOREFRONT}/checkout/${code}?payment=declined` });
      const after = await activeOrder(token);
      expect(after).toMatchObject({ code, state: 'ArrangingPayment', paymentUrl: null });
      expect(after.payments).toMatchObject([{ state: 'Declined', errorMessage: 'Transaction declined' }]);

      const retry = await shop(env, ADD_PAYMENT, { method: 'cash-on-delivery' }, { token });
      expect(retry.data.addPaymentToOrder.state).toBe('PaymentAuthorized');
    });

    it('rejects forged callbacks and never redirects off the storefront', async () => {
      const { token, code } = await checkout('en');
      const order = (await shop(env, ADD_PAYMENT, { method: 'payfort-card' }, { token })).data.addPaymentToOrder;
      const callback = await decide(order.paymentUrl, 'decline');
      const params = Object.fromEntries(new URLSearchParams(callback.split('?')[1]));
      // flipping the status breaks the signature
      const forged = new URLSearchParams({ ...params, status: '14', response_code: '14000' });
      const r = await followCallback(`/payments/callback/payfort?${forged}`);
      expect(r.status).toBe(400);
      expect((await activeOrder(token)).payments[0].state).toBe('Pending');

      // extra (unsigned-by-us but signed-by-attacker) redirect parameters are ignored
      const withRedirect = { ...params, return_url: 'https://evil.example/steal', redirect: 'https://evil.example' };
      const signed = { ...withRedirect, signature: payfortSignature(withRedirect, SANDBOX_RESPONSE_PHRASE) };
      const ok = await followCallback(`/payments/callback/payfort?${new URLSearchParams(signed)}`);
      expect(ok.location).toBe(`${STOREFRONT}/en/checkout/${code}?payment=declined`);
    });

    it('declines a signed success whose amount does not match the payment', async () => {
      const { token, code } = await checkout('en');
      const order = (await shop(env, ADD_PAYMENT, { method: 'payfort-card' }, { token })).data.addPaymentToOrder;
      const params = Object.fromEntries(new URLSearchParams((await decide(order.paymentUrl, 'approve')).split('?')[1]));
      const cheap = { ...params, amount: '100' };
      const signed = { ...cheap, signature: payfortSignature(cheap, SANDBOX_RESPONSE_PHRASE) };
      const r = await followCallback(`/payments/callback/payfort?${new URLSearchParams(signed)}`);
      expect(r.location).toBe(`${STOREFRONT}/en/checkout/${code}?payment=declined`);
      expect((await activeOrder(token)).payments[0]).toMatchObject({ state: 'Declined', errorMessage: 'Amount mismatch' });
    });

    it('accepts server-to-server notifications (JSON POST)', async () => {
      const { token, code } = await checkout('en');
      const order = (await shop(env, ADD_PAYMENT, { method: 'payfort-card' }, { token })).data.addPaymentToOrder;
      const params = Object.fromEntries(new URLSearchParams((await decide(order.paymentUrl, 'approve')).split('?')[1]));
      const res = await fetch(`${env.baseUrl}/payments/callback/payfort`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(params),
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true, outcome: 'settled' });
      expect((await orderByCode(token, code)).state).toBe('PaymentSettled');
    });
  });

  describe('installments (sandbox)', () => {
    it('Tamara approve → PaymentAuthorized via an HS256-signed notification token', async () => {
      const { token, code } = await checkout('ar');
      const order = (await shop(env, ADD_PAYMENT, { method: 'tamara' }, { token, lang: 'ar' })).data.addPaymentToOrder;
      expect(order.payments[0]).toMatchObject({ state: 'Pending', method: 'tamara' });
      const page = await (await fetch(order.paymentUrl)).text();
      expect(page).toContain('تمارا');
      const callback = await decide(order.paymentUrl, 'approve');
      const tamaraToken = new URLSearchParams(callback.split('?')[1]).get('tamaraToken')!;
      expect(tamaraToken.split('.')).toHaveLength(3);

      // a token signed with another secret is refused
      const [h, p] = tamaraToken.split('.');
      const badSig = crypto.createHmac('sha256', 'not-the-secret').update(`${h}.${p}`).digest('base64url');
      expect((await followCallback(`/payments/callback/tamara?tamaraToken=${h}.${p}.${badSig}`)).status).toBe(400);

      const back = await followCallback(callback);
      expect(back.location).toBe(`${STOREFRONT}/checkout-success?order=${code}`);
      expect(await orderByCode(token, code)).toMatchObject({ state: 'PaymentAuthorized', payments: [{ state: 'Authorized' }] });
    });

    it('Tabby cancel → payment Cancelled, shopper back at checkout; forged signature refused', async () => {
      const { token, code } = await checkout('en');
      const order = (await shop(env, ADD_PAYMENT, { method: 'tabby' }, { token, lang: 'en' })).data.addPaymentToOrder;
      const callback = await decide(order.paymentUrl, 'cancel');
      const params = Object.fromEntries(new URLSearchParams(callback.split('?')[1]));
      expect(params.status).toBe('CLOSED');
      expect(tabbySignature(params as any, 'sandbox-tabby-webhook-secret')).toBe(params.signature);
      const forged = new URLSearchParams({ ...params, status: 'AUTHORIZED' });
      expect((await followCallback(`/payments/callback/tabby?${forged}`)).status).toBe(400);

      const back = await followCallback(callback);
      expect(back.location).toBe(`${STOREFRONT}/en/checkout/${code}?payment=cancelled`);
      expect(await activeOrder(token)).toMatchObject({ state: 'ArrangingPayment', payments: [{ state: 'Cancelled' }] });
    });

    it('Tabby approve → PaymentAuthorized', async () => {
      const { token, code } = await checkout('en');
      const order = (await shop(env, ADD_PAYMENT, { method: 'tabby' }, { token })).data.addPaymentToOrder;
      const back = await followCallback(await decide(order.paymentUrl, 'approve'));
      expect(back.location).toBe(`${STOREFRONT}/en/checkout-success?order=${code}`);
      expect((await orderByCode(token, code)).state).toBe('PaymentAuthorized');
    });
  });

  it('serves no sandbox page for unknown references', async () => {
    expect((await fetch(`${env.baseUrl}/sandbox/pay/NOPE-0000000000`)).status).toBe(404);
    expect((await fetch(`${env.baseUrl}/payments/callback/paypal`)).status).toBe(404);
  });
});
