import { print } from 'graphql';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_CUSTOMER } from '../../server/src/seed/steps/demo-customer';
import { getOrderByCodeDocument } from '../../services/orders.service';
import { orderSettlement } from '../../src/lib/order-settlement';
import { orderSummary } from '../../src/lib/order-summary';
import { latinDigitsIn } from '../tools/latin-digits.mjs';

import { adminApi, type Lang, shopOk } from './helpers/shop-api';
import { createStoreTestEnv, type DevMail, StoreTestEnv } from './helpers/test-env';

/**
 * Issue 35 §5: after the confirmation, the owner's work on an order (fulfil, deliver, cancel,
 * refund) sends the shopper a mail in their language (bilingual, theirs first), and a cancelled
 * cash-on-delivery order has nothing due and its payment cancelled.
 */
const PORT = 3561;

describe('order mails after the confirmation', () => {
  let env: StoreTestEnv;
  let admin: Awaited<ReturnType<typeof adminApi>>;
  let token: string;

  beforeAll(async () => {
    env = await createStoreTestEnv({ port: PORT });
    admin = await adminApi(env);
    const login = await shopOk(env, 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { __typename } }', {
      u: DEMO_CUSTOMER.emailAddress,
      p: DEMO_CUSTOMER.password,
    });
    token = login.token!;
  });
  afterAll(async () => {
    await env?.destroy();
  });

  const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

  /** Waits for the mail to the demo customer whose subject starts with `subject`. */
  async function mailStartingWith(subject: string): Promise<DevMail> {
    const until = Date.now() + 15_000;
    for (;;) {
      const found = env.readMails({ to: DEMO_CUSTOMER.emailAddress }).filter((m) => m.subject.startsWith(subject));
      if (found.length) {
        expect(found).toHaveLength(1);
        return found[0];
      }
      if (Date.now() > until) throw new Error(`no mail "${subject}"`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  let placed = 0;
  /** A cash-on-delivery order of the demo customer, placed in `lang`; its admin id and lines. */
  async function placeCodOrder(lang: Lang) {
    const q = (query: string, variables: Record<string, unknown> = {}) => shopOk(env, query, variables, { token, lang });
    // a variant of its own per order: the seed's stock is small
    const variantId = String(Object.values(env.seed.variantIdBySku)[++placed]);
    const added = await q(
      'mutation($id: ID!) { addItemToOrder(productVariantId: $id, quantity: 2) { __typename ... on ErrorResult { message } } }',
      {
        id: variantId,
      },
    );
    expect(added.data.addItemToOrder).toEqual({ __typename: 'Order' });
    await q('mutation($i: CreateAddressInput!) { setOrderShippingAddress(input: $i) { __typename } }', {
      i: { fullName: 'Sara Buyer', streetLine1: 'Olaya St 12', city: 'Riyadh', countryCode: 'SA', phoneNumber: '+966500000000' },
    });
    const methods = await q('query { eligibleShippingMethods { id } }');
    await q('mutation($id: [ID!]!) { setOrderShippingMethod(shippingMethodId: $id) { __typename } }', {
      id: [methods.data.eligibleShippingMethods[0].id],
    });
    const arranging = await q(
      'mutation { transitionOrderToState(state: "ArrangingPayment") { ... on Order { state } ... on ErrorResult { errorCode message } } }',
    );
    expect(arranging.data.transitionOrderToState).toEqual({ state: 'ArrangingPayment' });
    const paid = await q(
      'mutation { addPaymentToOrder(input: { method: "cash-on-delivery", metadata: {} }) { ... on Order { code state totalWithTax } ... on ErrorResult { errorCode message } } }',
    );
    expect(paid.data.addPaymentToOrder).toMatchObject({ state: 'PaymentAuthorized' });
    const code = paid.data.addPaymentToOrder.code as string;
    const found = await admin(
      'query($code: String!) { orders(options: { filter: { code: { eq: $code } } }) { items { id lines { id quantity } payments { id } } } }',
      { code },
    );
    const order = found.orders.items[0];
    // the confirmation is out before the next mail is looked for
    await env.waitForJobs();
    return {
      code,
      id: order.id as string,
      lines: order.lines as { id: string; quantity: number }[],
      paymentId: order.payments[0].id as string,
    };
  }

  async function fulfil(lines: { id: string; quantity: number }[], method: string, trackingCode: string) {
    const r = await admin(
      'mutation($input: FulfillOrderInput!) { addFulfillmentToOrder(input: $input) { ... on Fulfillment { id } ... on ErrorResult { errorCode message } } }',
      {
        input: {
          lines: lines.map((l) => ({ orderLineId: l.id, quantity: l.quantity })),
          handler: {
            code: 'manual-fulfillment',
            arguments: [
              { name: 'method', value: method },
              { name: 'trackingCode', value: trackingCode },
            ],
          },
        },
      },
    );
    expect(r.addFulfillmentToOrder.id).toBeTruthy();
    return r.addFulfillmentToOrder.id as string;
  }

  async function transitionFulfillment(id: string, state: string) {
    const r = await admin(
      'mutation($id: ID!, $s: String!) { transitionFulfillmentToState(id: $id, state: $s) { ... on Fulfillment { state } ... on ErrorResult { message } } }',
      { id, s: state },
    );
    expect(r.transitionFulfillmentToState).toEqual({ state });
  }

  function latinDigitsInArabic(html: string): string[] {
    const window = new Window();
    window.document.body.innerHTML = html;
    const found = latinDigitsIn(window.document.body as unknown as Element);
    void window.happyDOM.close();
    return found;
  }

  it('an Arabic shopper gets "shipped" with the carrier and tracking code, then "delivered", Arabic first, linking to the order', async () => {
    const { code, lines } = await placeCodOrder('ar');
    const fulfilment = await fulfil(lines, 'SMSA Express', 'SMSA-778812');
    await transitionFulfillment(fulfilment, 'Shipped');

    const shipped = await mailStartingWith(`تم شحن طلبك رقم ${code}`);
    expect(shipped.subject).toBe(`تم شحن طلبك رقم ${code} | Your order ${code} has shipped`);
    const body = text(shipped.body);
    expect(body.indexOf('طلبك في الطريق إليك')).toBeGreaterThan(-1);
    expect(body.indexOf('طلبك في الطريق إليك')).toBeLessThan(body.indexOf('Your order is on its way'));
    expect(body).toContain('الشحن عبر: SMSA Express');
    expect(body).toContain('Shipped with: SMSA Express');
    expect(shipped.body).toContain('<bdi dir="ltr" data-testid="tracking-ar">SMSA-778812</bdi>');
    expect(shipped.body).toContain('<bdi dir="ltr" data-testid="tracking-en">SMSA-778812</bdi>');
    expect(shipped.body).toContain(`href="http://127.0.0.1:8080/profile/orders/${code}"`);
    expect(shipped.body).toContain(`href="http://127.0.0.1:8080/en/profile/orders/${code}"`);
    expect(latinDigitsInArabic(shipped.body)).toEqual([]);

    await transitionFulfillment(fulfilment, 'Delivered');
    const delivered = await mailStartingWith(`تم توصيل طلبك رقم ${code}`);
    expect(delivered.subject).toBe(`تم توصيل طلبك رقم ${code} | Your order ${code} has been delivered`);
    expect(text(delivered.body)).toContain('سُلِّم طلبك. شكراً لتسوقك معنا.');
    expect(delivered.body).toContain(`href="http://127.0.0.1:8080/profile/orders/${code}"`);
  });

  it('an English shopper gets "shipped" in English first, whatever the owner’s language', async () => {
    const { code, lines } = await placeCodOrder('en');
    await transitionFulfillment(await fulfil(lines, 'Aramex', 'ARX 55102'), 'Shipped');
    const shipped = await mailStartingWith(`Your order ${code} has shipped`);
    expect(shipped.subject).toBe(`Your order ${code} has shipped | تم شحن طلبك رقم ${code}`);
    const body = text(shipped.body);
    expect(body.indexOf('Your order is on its way')).toBeLessThan(body.indexOf('طلبك في الطريق إليك'));
    expect(body).toContain('Tracking number: ARX 55102');
    expect(shipped.body).toContain(`href="http://127.0.0.1:8080/en/profile/orders/${code}"`);
  });

  const CANCEL = `mutation($input: CancelOrderInput!) { cancelOrder(input: $input) {
    ... on Order { state totalWithTax payments { state } } ... on ErrorResult { errorCode message } } }`;

  it('the owner cancels a cash-on-delivery order: nothing is due, its payment is cancelled, the shopper is told', async () => {
    const { code, id, lines } = await placeCodOrder('en');
    const cancelled = await admin(CANCEL, {
      input: {
        orderId: id,
        lines: lines.map((l) => ({ orderLineId: l.id, quantity: l.quantity })),
        cancelShipping: true,
        reason: 'Out of stock',
      },
    });
    expect(cancelled.cancelOrder).toMatchObject({ state: 'Cancelled', totalWithTax: 0, payments: [{ state: 'Cancelled' }] });

    // as the storefront's order page reads it (its own document, within the Shop API's limits)
    const read = await shopOk(env, print(getOrderByCodeDocument), { code }, { token });
    const seen = read.data.orderByCode;
    expect(seen.state).toBe('Cancelled');
    expect(seen.payments.map((p: { method: string; state: string }) => [p.method, p.state])).toEqual([['cash-on-delivery', 'Cancelled']]);
    expect(seen.surcharges).toEqual([]);
    expect(orderSummary(seen).total).toBe(0);
    expect(orderSettlement(seen)).toMatchObject({ cancelled: true, paid: 0, toRefund: 0 });

    const mail = await mailStartingWith(`Your order ${code} has been cancelled`);
    expect(mail.subject).toBe(`Your order ${code} has been cancelled | تم إلغاء طلبك رقم ${code}`);
    const body = text(mail.body);
    expect(body).toContain('Your order has been cancelled; these items were cancelled:');
    expect(body).toMatch(/ 2 × \S/);
    expect(body).toContain('Nothing is due for this order.');
    expect(body).toContain('لا يوجد عليك أي مبلغ مستحق لهذا الطلب.');
    expect(mail.body).toContain(`href="http://127.0.0.1:8080/en/profile/orders/${code}"`);
  });

  it('a paid order: cancelling says the amount is being refunded, the settled refund sends its amount and method', async () => {
    const { code, id, lines, paymentId } = await placeCodOrder('ar');
    const settled = await admin('mutation($id: ID!) { settlePayment(id: $id) { ... on Payment { state amount } } }', { id: paymentId });
    expect(settled.settlePayment.state).toBe('Settled');
    const amount = settled.settlePayment.amount as number;

    const cancelled = await admin(CANCEL, {
      input: { orderId: id, lines: lines.map((l) => ({ orderLineId: l.id, quantity: l.quantity })), cancelShipping: true },
    });
    expect(cancelled.cancelOrder).toMatchObject({ state: 'Cancelled', payments: [{ state: 'Settled' }] });
    const sar = (lang: Lang) =>
      new Intl.NumberFormat(lang === 'ar' ? 'ar-SA' : 'en-US', { style: 'currency', currency: 'SAR' }).format(amount / 100);
    const cancelMail = await mailStartingWith(`تم إلغاء طلبك رقم ${code}`);
    expect(text(cancelMail.body)).toContain(`The amount you paid (${text(sar('en'))}) is being refunded to your Cash on delivery.`);
    expect(text(cancelMail.body)).toContain(`المبلغ الذي دفعته (${text(sar('ar'))}) يُعاد إليك عبر الدفع عند الاستلام.`);
    expect(text(cancelMail.body)).not.toContain('Nothing is due');

    const refund = await admin(
      'mutation($input: RefundOrderInput!) { refundOrder(input: $input) { ... on Refund { id state total } ... on ErrorResult { errorCode message } } }',
      { input: { paymentId, lines: [], shipping: 0, adjustment: 0, amount: 5000, reason: 'Cancelled order' } },
    );
    expect(refund.refundOrder).toMatchObject({ state: 'Pending', total: 5000 });
    const done = await admin(
      'mutation($input: SettleRefundInput!) { settleRefund(input: $input) { ... on Refund { state } ... on ErrorResult { message } } }',
      { input: { id: refund.refundOrder.id, transactionId: 'cash-back-1' } },
    );
    expect(done.settleRefund.state).toBe('Settled');
    const refundMail = await mailStartingWith(`استرداد مبلغ من طلبك رقم ${code}`);
    expect(refundMail.subject).toBe(`استرداد مبلغ من طلبك رقم ${code} | A refund on your order ${code}`);
    expect(refundMail.body).toContain('data-testid="refund-amount-en">SAR\u00a050.00<');
    expect(text(refundMail.body)).toContain('المبلغ المسترد: \u200f٥٠٫٠٠ ر.س.\u200f');
    expect(text(refundMail.body)).toContain('To: Cash on delivery');
    expect(latinDigitsInArabic(refundMail.body)).toEqual([]);

    // the shopper's order page reads the settled refund with the payment
    const read = await shopOk(
      env,
      'query($c: String!) { orderByCode(code: $c) { state payments { state refunds { total state } } } }',
      { c: code },
      { token },
    );
    expect(read.data.orderByCode).toEqual({
      state: 'Cancelled',
      payments: [{ state: 'Settled', refunds: [{ total: 5000, state: 'Settled' }] }],
    });
  });
});
