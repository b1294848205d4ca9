import crypto from 'crypto';
import fs from 'fs';
import path from 'path';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { latinDigitsIn } from '../tools/latin-digits.mjs';

import { createStoreTestEnv, StoreTestEnv } from './helpers/test-env';

/** Issue 13 item 8: one mail per registration (the code); an order confirmation in the shopper's language first. */
const PORT = 3502;
type Lang = 'ar' | 'en';
type Mail = { subject: string; body: string; recipient: string };

describe('mails', () => {
  let env: StoreTestEnv;

  beforeAll(async () => {
    env = await createStoreTestEnv({ port: PORT });
  });
  afterAll(async () => {
    await env?.destroy();
  });

  async function shop(query: string, variables: Record<string, unknown> = {}, opts: { lang?: Lang; token?: string } = {}) {
    const res = await fetch(`${env.baseUrl}/shop-api?languageCode=${opts.lang ?? 'en'}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    const json = (await res.json()) as { data: any; errors?: unknown[] };
    expect(json.errors).toBeUndefined();
    return json.data;
  }

  /** Dev-mailbox mails to `to`; files still being written are skipped until complete. */
  function mailsTo(to: string): Mail[] {
    const dir = path.join(env.dataDir, 'mail');
    return fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .flatMap((f) => {
        try {
          return [JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Mail];
        } catch {
          return [];
        }
      })
      .filter((m) => m.recipient === to);
  }

  /** Waits for the first mail to `to`, then for the queue to go idle, and returns all mails to `to`. */
  async function settledMailsTo(to: string): Promise<Mail[]> {
    const until = Date.now() + 10_000;
    while (!mailsTo(to).length) {
      if (Date.now() > until) throw new Error(`no mail for ${to}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    await env.waitForJobs();
    await new Promise((r) => setTimeout(r, 500));
    await env.waitForJobs();
    return mailsTo(to);
  }

  const email = (tag: string) => `${tag}-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

  it.each([
    ['en', /^Your account verification code \| /],
    ['ar', /^رمز تفعيل حسابك \| /],
  ] as const)('registration (%s) sends one mail: the verification code', async (lang, subject) => {
    const to = email(`reg-${lang}`);
    const r = await shop(
      'mutation($input: RegisterCustomerInput!) { registerCustomerAccount(input: $input) { __typename } }',
      { input: { emailAddress: to, password: 'secret123', firstName: 'Sara', lastName: 'Test' } },
      { lang },
    );
    expect(r.registerCustomerAccount.__typename).toBe('Success');
    const mails = await settledMailsTo(to);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(subject);
    expect(mails[0].body).toMatch(/data-testid="code"[^>]*>\d{6}</);
  });

  /** A guest order in ArrangingPayment for `to`. */
  async function checkout(lang: Lang, to: string) {
    const { createSession } = await shop('mutation { createSession { token } }');
    const token = createSession.token as string;
    const q = (query: string, variables: Record<string, unknown> = {}) => shop(query, variables, { token, lang });
    const variantId = String(Object.values(env.seed.variantIdBySku)[0]);
    await q('mutation($id: ID!) { addItemToOrder(productVariantId: $id, quantity: 1) { __typename } }', { id: variantId });
    await q('mutation($i: CreateCustomerInput!) { setCustomerForOrder(input: $i) { __typename } }', {
      i: { emailAddress: to, firstName: 'Sara', lastName: 'Buyer' },
    });
    await q('mutation($i: CreateAddressInput!) { setOrderShippingAddress(input: $i) { __typename } }', {
      i: { fullName: 'Sara Buyer', streetLine1: 'Olaya St 12', city: 'Riyadh', countryCode: 'SA', phoneNumber: '+966500000000' },
    });
    const { eligibleShippingMethods } = await q('query { eligibleShippingMethods { id } }');
    await q('mutation($id: [ID!]!) { setOrderShippingMethod(shippingMethodId: $id) { __typename } }', {
      id: [eligibleShippingMethods[0].id],
    });
    const t = await q('mutation { transitionOrderToState(state: "ArrangingPayment") { ... on Order { code state } } }');
    expect(t.transitionOrderToState.state).toBe('ArrangingPayment');
    return { q, code: t.transitionOrderToState.code as string };
  }

  const ADD_PAYMENT = `mutation($method: String!) { addPaymentToOrder(input: { method: $method, metadata: {} }) {
        __typename ... on Order { state totalWithTax shippingWithTax paymentUrl payments { id } } } }`;

  it('a sandbox-approved Tamara order (Arabic shopper) gets one confirmation, Arabic first then English', async () => {
    const to = email('order-ar');
    const { q, code } = await checkout('ar', to);
    const order = (await q(ADD_PAYMENT, { method: 'tamara' })).addPaymentToOrder;
    expect(order.__typename).toBe('Order');
    const decided = await fetch(`${order.paymentUrl}/decision`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=approve',
      redirect: 'manual',
    });
    // the provider callback runs without the shopper's language: the mail still follows it
    const back = await fetch(`${env.baseUrl}${decided.headers.get('location')}`, { redirect: 'manual' });
    expect(back.headers.get('location')).toBe(`http://127.0.0.1:8080/checkout-success?order=${code}`);

    const mails = await settledMailsTo(to);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`تأكيد طلبك رقم ${code} | Order confirmation ${code}`);
    const body = text(mails[0].body);
    expect(body.indexOf('شكراً لطلبك')).toBeGreaterThan(-1);
    expect(body.indexOf('شكراً لطلبك')).toBeLessThan(body.indexOf('Thank you for your order'));
    expect(mails[0].body).toContain(`data-testid="order-code-ar">${code}<`);
    expect(mails[0].body).toContain(`data-testid="order-code-en">${code}<`);
    expect(body).toContain('طريقة الدفع: تمارا');
    expect(body).toContain('Payment method: Tamara');
    expect(body).toContain('Olaya St 12');
    const total = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'SAR' }).format(order.totalWithTax / 100);
    expect(mails[0].body).toContain(`data-testid="order-total-en">${total}<`);
    expect(mails[0].body).toContain(`href="http://127.0.0.1:8080/profile/orders/${code}"`);
    expect(mails[0].body).toContain(`href="http://127.0.0.1:8080/en/profile/orders/${code}"`);
  });

  it('with a coupon the mail lists the items before it, the coupon once, shipping and the fee: the rows add up (issue 32 §4)', async () => {
    const to = email('order-coupon');
    const { q } = await checkout('en', to);
    const applied = (
      await q(`mutation { applyCouponCode(couponCode: "WELCOME10") { __typename ... on Order { lines { linePriceWithTax } } } }`)
    ).applyCouponCode;
    expect(applied.__typename).toBe('Order');
    const items = applied.lines[0].linePriceWithTax as number;
    const order = (await q(ADD_PAYMENT, { method: 'cash-on-delivery' })).addPaymentToOrder;
    expect(order.state).toBe('PaymentAuthorized');
    const discount = -Math.round(items / 10);
    // the test's own sum: items, 10 % off the items, shipping, the whole 15 SAR fee
    expect(order.totalWithTax).toBe(items + discount + order.shippingWithTax + 1500);
    const sar = (halalas: number) => text(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'SAR' }).format(halalas / 100));
    const body = text((await settledMailsTo(to))[0].body);
    expect(body).toContain(
      `Subtotal ${sar(items)} Discount (WELCOME10) ${sar(discount)} Shipping ${sar(order.shippingWithTax)} Cash on delivery fee (SAR 15.00) SAR 15.00 Total incl. VAT ${sar(order.totalWithTax)}`,
    );
  });

  /** Texts of a mail's Arabic parts (lang="ar") with Latin digits outside identifiers (decision 015). */
  function latinDigitsInArabic(html: string): string[] {
    const window = new Window();
    window.document.body.innerHTML = html;
    const found = latinDigitsIn(window.document.body as unknown as Element);
    void window.happyDOM.close();
    return found;
  }

  it('the Arabic text of the code and order mails writes numbers in Arabic-Indic digits, identifiers in Latin (decision 015)', async () => {
    const to = email('digits-ar');
    const r = await shop(
      'mutation($input: RegisterCustomerInput!) { registerCustomerAccount(input: $input) { __typename } }',
      { input: { emailAddress: to, password: 'secret123', firstName: 'Sara', lastName: 'Test' } },
      { lang: 'ar' },
    );
    expect(r.registerCustomerAccount.__typename).toBe('Success');
    const [codeMail] = await settledMailsTo(to);
    expect(latinDigitsInArabic(codeMail.body)).toEqual([]);
    expect(text(codeMail.body)).toMatch(/لمدة [٠-٩]+ دقيقة/);
    expect(codeMail.body).toMatch(/data-testid="code"[^>]*>\d{6}</);

    const buyer = email('digits-order-ar');
    const { q, code } = await checkout('ar', buyer);
    expect((await q(ADD_PAYMENT, { method: 'cash-on-delivery' })).addPaymentToOrder.state).toBe('PaymentAuthorized');
    const [orderMail] = await settledMailsTo(buyer);
    expect(latinDigitsInArabic(orderMail.body)).toEqual([]);
    const arabic = text(orderMail.body);
    expect(arabic).toContain('رسوم الدفع عند الاستلام (١٥٫٠٠ ر.س)');
    expect(arabic).toMatch(/[٠-٩] × /); // the quantity
    // identifiers keep their Latin digits, marked left to right
    expect(orderMail.body).toContain(`<bdi dir="ltr" data-testid="order-code-ar">${code}</bdi>`);
    expect(orderMail.body).toContain('<bdi dir="ltr">+966500000000</bdi>');
  });

  it('a cash-on-delivery order (English shopper) gets its confirmation in English first, and settling does not send another', async () => {
    const to = email('order-en');
    const { q, code } = await checkout('en', to);
    const order = (await q(ADD_PAYMENT, { method: 'cash-on-delivery' })).addPaymentToOrder;
    expect(order.state).toBe('PaymentAuthorized');
    const mails = await settledMailsTo(to);
    expect(mails.map((m) => m.subject)).toEqual([`Order confirmation ${code} | تأكيد طلبك رقم ${code}`]);
    const body = text(mails[0].body);
    expect(body.indexOf('Thank you for your order')).toBeLessThan(body.indexOf('شكراً لطلبك'));
    // the cash-on-delivery fee is listed in each language
    const sar = (halalas: number) => text(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'SAR' }).format(halalas / 100));
    const lines = order.totalWithTax - order.shippingWithTax - 1500;
    expect(body).toContain(
      `Subtotal ${sar(lines)} Shipping ${sar(order.shippingWithTax)} Cash on delivery fee (SAR 15.00) SAR 15.00 Total incl. VAT ${sar(order.totalWithTax)}`,
    );
    expect(body).toContain('رسوم الدفع عند الاستلام (١٥٫٠٠ ر.س)');

    const login = await fetch(`${env.baseUrl}/admin-api`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'mutation { login(username: "superadmin", password: "superadmin") { __typename } }' }),
    });
    const adminToken = login.headers.get('vendure-auth-token')!;
    const settled = await fetch(`${env.baseUrl}/admin-api`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({
        query: 'mutation($id: ID!) { settlePayment(id: $id) { ... on Payment { state } } }',
        variables: { id: order.payments[0].id },
      }),
    });
    expect(((await settled.json()) as any).data.settlePayment.state).toBe('Settled');
    await env.waitForJobs();
    await new Promise((r) => setTimeout(r, 500));
    expect(mailsTo(to)).toHaveLength(1);
  });
});
