import { useSelector } from '@xstate/react';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, type EventObject } from 'xstate';
import { checkoutCouponMachine, checkoutMachine, checkoutStep, type CheckoutEvent } from '../../../machines/checkout.machine';
import CheckoutFlowView from '../../../src/containers/checkout-flow-view';
import { CHECKOUT_STEPS } from '../../../src/components/checkout/checkout-steps';
import { formatMoneyPlain } from '../../../src/lib/money';
import { renderWithApp } from '../helpers/render';
import { INPUTS } from './checkout.graph';
import { coveringPaths, model, modelPaths, type ModelPath, type ModelStep } from './checkout.model';
import { describeEvent, stateKey } from './checkout.paths-kit';

// The checkout machine as a test model of the real checkout view (issue 34). The system under test
// is the view (React, happy-dom) on the real machine, whose actors are a fake backend: each request
// waits until the path's step says how the backend answers (the answers are checkout.graph.ts's
// table). Each event of a path is done as a shopper does it (a click, a typed code) or as the
// backend does it (an answer, a failure, a live update); after each step the state's assertion
// checks what the shopper sees. Those assertions are written from the spec and from the shopper's
// record (`Shopper` below: what they chose, what the backend last answered), never from the
// machine's snapshot: a machine that goes wrong shows the wrong screen and fails here.

afterEach(cleanup);

type Answer = { resolve: (v: unknown) => void; reject: (e: unknown) => void; input: unknown };

/** The fake backend: every request waits for its answer; what the shop did is recorded. */
class Backend {
  pending = new Map<string, Answer>();
  sendBack: ((e: EventObject) => void) | null = null;
  redirects: { paymentUrl: string | null; payFort: unknown }[] = [];
  cartResets = 0;
  request = (id: string, input: unknown) =>
    new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, input });
    });
  take(id: string): Answer {
    const answer = this.pending.get(id);
    if (!answer) throw new Error(`The shop sent no ${id} request`);
    this.pending.delete(id);
    return answer;
  }
}

/** The cities the checkout page's loader reads (`cities('SA')`): the new address form picks one. */
const CITIES = [
  { id: '1', code: 'RUH', name: 'Riyadh', countryCode: 'SA', translations: [{ languageCode: 'en', name: 'Riyadh' }] },
  { id: '2', code: 'JED', name: 'Jeddah', countryCode: 'SA', translations: [{ languageCode: 'en', name: 'Jeddah' }] },
] as unknown as React.ComponentProps<typeof CheckoutFlowView>['cities'];

const IDS = [
  'fetchCheckoutOrders',
  'fetchAddresses',
  'createAddress',
  'requestAddressVerification',
  'verifyShippingAddress',
  'setOrderAddress',
  'fetchShippingMethods',
  'setShippingMethod',
  'fetchPaymentMethods',
  'addPayment',
  'fetchPayFortSignature',
  'fetchOrderState',
] as const;

function startShop(start: keyof typeof INPUTS) {
  const backend = new Backend();
  const clock = new SimulatedClock();
  const actors: Record<string, unknown> = Object.fromEntries(IDS.map((id) => [id, fromPromise(({ input }) => backend.request(id, input))]));
  // transitionOrder is invoked as itself (review) and as reopenOrder (back from payment).
  actors.transitionOrder = fromPromise(({ input, self }) => backend.request(self.id, input));
  actors.watchOrderState = fromCallback(({ sendBack }) => {
    backend.sendBack = sendBack;
    return () => {
      backend.sendBack = null;
    };
  });
  actors.coupon = checkoutCouponMachine.provide({
    actors: { applyCoupon: fromPromise(({ input }) => backend.request('applyCoupon', input)) as never },
  });
  const logic = checkoutMachine.provide({
    actors: actors as never,
    actions: {
      redirectToPayment: (_, params) => void backend.redirects.push(params),
      resetCartCount: () => void backend.cartResets++,
    },
  });
  const actor = createActor(logic, { input: INPUTS[start], clock });
  function Shop() {
    const snapshot = useSelector(actor, (s) => s);
    const step = checkoutStep(snapshot);
    return (
      <CheckoutFlowView
        snapshot={snapshot}
        send={(e: CheckoutEvent) => actor.send(e)}
        step={step && CHECKOUT_STEPS.includes(step as never) ? (step as never) : null}
        page="checkout"
        cities={CITIES}
      />
    );
  }
  actor.start();
  renderWithApp(<Shop />, { path: '/en/checkout/ORD1' });
  return { actor, backend, clock };
}

// ——— The shopper's record: the oracle the screens are checked against ———

const NETWORK = 'We could not reach the store. Check your connection and try again; your choices are kept.';
const money = (halalas: number) => formatMoneyPlain(halalas, 'en');

/** What a backend answer shows: the alert's text and whether the shopper may repeat the request. */
const ANSWERS: Record<string, { text: string; retry: boolean } | undefined> = {
  'done:requestAddressVerification(not sent)': {
    text: 'We could not send the verification code for this address. Try again.',
    retry: true,
  },
  // A wrong code is not sent again as it is: the shopper types another.
  'done:verifyShippingAddress(invalid)': { text: 'That code is not right. Attempts left: 2.', retry: false },
  'done:setShippingMethod(ineligible)': { text: 'This delivery option is not available for this order. Choose another.', retry: true },
  'done:transitionOrder(refused)': { text: 'No shipping', retry: true },
  'done:transitionOrder(no active order)': { text: 'Your cart is empty.', retry: false },
  'done:addPayment(ineligible)': { text: 'Too much', retry: true },
  'done:reopenOrder(refused)': { text: 'Has payments', retry: true },
  'order.stateChanged(declined)': {
    text: 'Your payment was declined. Nothing was charged; you can pay again with any method.',
    retry: false,
  },
  'order.stateChanged(cancelled)': {
    text: 'The payment was cancelled. Your cart is as it was; you can pay again with any method.',
    retry: false,
  },
  'order.stateChanged(no payment)': {
    text: 'The payment was cancelled. Your cart is as it was; you can pay again with any method.',
    retry: false,
  },
  'done:fetchOrderState(declined)': {
    text: 'Your payment was declined. Nothing was charged; you can pay again with any method.',
    retry: false,
  },
};
/** Failures the shopper never sees: the live socket falls back to polling, polling tries again. */
const SILENT = new Set(['error:watchOrderState', 'order.watchFailed', 'error:fetchOrderState']);
const SHOPPER = /^(address|shipping|review|payment|checkout)\./;

interface Shopper {
  alert: { text: string; retry: boolean } | null;
  address: string | null;
  addressReloaded: boolean;
  shipping: string | null;
  payment: string | null;
  total: number;
  polls: number;
  /** The provider's page the last payment answered with, and whether the card form was signed. */
  paymentUrl: string | null;
  signed: boolean;
  placed: boolean;
}

function record(s: Shopper, event: EventObject & { output?: unknown; order?: { totalWithTax: number } | null }, start: string): Shopper {
  const d = describeEvent(event as never);
  const next = { ...s };
  if (SHOPPER.test(event.type)) next.alert = null;
  if (d.startsWith('error:') && !SILENT.has(d)) next.alert = { text: NETWORK, retry: true };
  if (ANSWERS[d]) next.alert = ANSWERS[d]!;
  type Total = { totalWithTax: number };
  const out = event.output as
    | (Partial<Total> & { ok?: boolean; order?: Total | null; active?: Total | null; byCode?: Total | null; paymentUrl?: string | null })
    | undefined;
  // The order an answer carries: a result's, the active one (else the one by code), or the order itself.
  const order =
    typeof out?.totalWithTax === 'number'
      ? (out as Total)
      : (out?.order ?? out?.active ?? out?.byCode ?? (event.type === 'checkout.orderChanged' ? event.order : undefined));
  if (order && out?.ok !== false) next.total = order.totalWithTax;
  switch (event.type) {
    case 'address.select':
      next.address = (event as never as { addressId: string }).addressId;
      break;
    case 'xstate.done.actor.createAddress':
      next.address = (event.output as { id: string }).id;
      break;
    case 'xstate.done.actor.fetchAddresses':
      next.addressReloaded = true;
      break;
    case 'shipping.select':
      next.shipping = (event as never as { shippingMethodId: string }).shippingMethodId;
      break;
    case 'payment.select':
      next.payment = (event as never as { method: string }).method;
      break;
    case 'xstate.done.actor.fetchPaymentMethods':
      // A method that is no longer eligible is no longer the choice.
      if (!(event.output as { code: string; isEligible: boolean }[]).some((m) => m.code === next.payment && m.isEligible))
        next.payment = null;
      break;
    case 'xstate.done.actor.addPayment':
      next.paymentUrl = out?.ok ? (out.paymentUrl ?? null) : next.paymentUrl;
      next.signed = false;
      next.placed = !!out?.ok && !out.paymentUrl;
      break;
    case 'xstate.done.actor.fetchPayFortSignature':
      next.signed = true;
      break;
    case 'xstate.error.actor.fetchOrderState':
    case 'xstate.done.actor.fetchOrderState':
      next.polls++;
      break;
  }
  if (d === 'order.stateChanged(settled)' || d === 'done:fetchOrderState(authorized)') next.placed = true;
  if (d === 'done:fetchCheckoutOrders(paid)' && start === 'returning') next.placed = true;
  return next;
}

const FIRST: Shopper = {
  alert: null,
  address: null,
  addressReloaded: false,
  shipping: null,
  payment: null,
  total: 0,
  polls: 0,
  paymentUrl: null,
  signed: false,
  placed: false,
};

// ——— What each state must show ———

const heading = (name: string) => expect(screen.getByRole('heading', { name, level: 2 })).toBeTruthy();
const status = (text: string) =>
  expect(
    screen.getAllByRole('status').some((s) => s.textContent?.includes(text)),
    `a status "${text}"`,
  ).toBe(true);
const button = (name: string) => screen.getByRole('button', { name });

function expectAlert(s: Shopper, { retryHere = true }: { retryHere?: boolean } = {}) {
  const group = screen.queryByRole('group', { name: s.alert?.text ?? /./ });
  if (!s.alert) {
    expect(document.querySelector('[data-error-summary]'), 'no failure is shown').toBeNull();
    return;
  }
  expect(group, `the alert "${s.alert.text}"`).toBeTruthy();
  const retry = within(group!).queryByRole('button', { name: 'Try again' });
  expect(!!retry, `a retry ${s.alert.retry && retryHere ? 'is' : 'is not'} offered`).toBe(s.alert.retry && retryHere);
}

function expectTotal(s: Shopper) {
  const summary = screen.getByRole('region', { name: 'Order summary' });
  expect(within(summary).getByTestId('order-total').textContent).toBe(money(s.total));
}

function checked(group: string): string | null {
  const radios = within(screen.getByRole('group', { name: group })).getAllByRole('radio') as HTMLInputElement[];
  return radios.find((r) => r.checked)?.value ?? null;
}

const METHOD_NAMES: Record<string, string> = {
  'payfort-card': 'Credit or debit card',
  tamara: 'Tamara: pay in instalments',
  tabby: 'Tabby: pay in instalments',
  'cash-on-delivery': 'Cash on delivery',
};
const STEP_NAMES: Record<string, string> = { address: 'Address', shipping: 'Delivery', review: 'Review', payment: 'Payment' };
/** What each seeded method charges (spec fixtures): Tamara 5 % off, cash on delivery SAR 15 more. */
const payable = (method: string, total: number) =>
  method === 'tamara' ? total - Math.round(total * 0.05) : method === 'cash-on-delivery' ? total + 1500 : total;

/** A `…Failed` state: the request that failed may be sent again from the alert; elsewhere it may not. */
const offersRetry = () => expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
const noRetry = () => expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();

function assertions(shopper: () => Shopper, backend: () => Backend) {
  const failed = () => {
    expectAlert(shopper());
    expect(screen.queryByRole('heading', { level: 2, name: /Shipping address|Delivery|Review your order|Payment$/ })).toBeNull();
  };
  return {
    loading: () =>
      expect(screen.queryByRole('heading', { level: 2, name: /Shipping address|Delivery|Review your order|Payment$/ })).toBeNull(),
    loadFailed: failed,
    empty: () => {
      expect(screen.getByText('Your cart is empty, so there is nothing to check out.')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Go to your cart' }).getAttribute('href')).toBe('/en/cart');
      expectAlert(shopper(), { retryHere: false });
    },
    'address.fetching': () => {
      status('Loading your addresses');
      expectAlert(shopper(), { retryHere: false });
    },
    'address.fetchFailed': failed,
    'address.choosing': () => {
      const s = shopper();
      heading('Shipping address');
      // The shopper's choice; else the default (a1, whose copy the order has after a reload).
      expect(checked('Choose a saved address')).toBe(s.address ?? 'a1');
      expect((button('Deliver to this address') as HTMLButtonElement).disabled).toBe(false);
      expectAlert(s);
      expectTotal(s);
    },
    'address.choosing.ready': noRetry,
    'address.choosing.createFailed': offersRetry,
    'address.choosing.requestCodeFailed': offersRetry,
    'address.choosing.saveFailed': offersRetry,
    // The new address form's own button says it is saving (the saved list is hidden while adding).
    'address.creating': () => expect(button('Save and deliver here').getAttribute('aria-busy')).toBe('true'),
    'address.requestingCode': () => expect(button('Deliver to this address').getAttribute('aria-busy')).toBe('true'),
    'address.verifyingCode': () => expect(button('Deliver to this address').getAttribute('aria-busy')).toBe('true'),
    'address.saving': () => expect(button('Deliver to this address').getAttribute('aria-busy')).toBe('true'),
    'address.awaitingCode': () => {
      heading('Confirm this address');
      expect(screen.getByLabelText('Verification code')).toBeTruthy();
      expectAlert(shopper());
    },
    'address.awaitingCode.ready': noRetry,
    'address.awaitingCode.verifyFailed': offersRetry,
    'shipping.fetching': () => {
      status('Loading delivery options');
      expectAlert(shopper(), { retryHere: false });
    },
    'shipping.fetchFailed': failed,
    'shipping.choosing': () => {
      const s = shopper();
      heading('Delivery');
      // The shopper's choice; else the method the order already has (standard in every answer).
      expect(checked('Choose a delivery option')).toBe(s.shipping ?? (s.total === 22500 ? 'sm-std' : null));
      expectAlert(s);
      expectTotal(s);
    },
    'shipping.choosing.ready': noRetry,
    'shipping.choosing.saveFailed': offersRetry,
    'shipping.saving': () => expect(button('Continue to review').getAttribute('aria-busy')).toBe('true'),
    'review.idle': () => {
      const s = shopper();
      heading('Review your order');
      expect((button('Continue to payment') as HTMLButtonElement).disabled).toBe(false);
      expectAlert(s);
      expectTotal(s);
    },
    'review.idle.ready': noRetry,
    'review.idle.transitionFailed': offersRetry,
    'review.transitioning': () => {
      heading('Review your order');
      expect(button('Continue to payment').getAttribute('aria-busy')).toBe('true');
    },
    'payment.fetching': () => {
      status('Loading payment methods');
      expectAlert(shopper(), { retryHere: false });
    },
    reopening: () => status('Loading payment methods'),
    'payment.fetchFailed': failed,
    'payment.choosing': () => {
      const s = shopper();
      heading('Payment');
      expect(checked('Choose how to pay')).toBe(s.payment);
      // Tabby is offered but cannot be chosen for this total.
      expect((screen.getByRole('radio', { name: /^Tabby/ }) as HTMLInputElement).disabled).toBe(true);
      const pay = s.payment ? `Pay ${money(payable(s.payment, s.total))}` : 'Pay now';
      // Pay stays reachable by Tab without a method (issue 39 item 6): aria-disabled, not disabled.
      expect(button(pay).getAttribute('aria-disabled') === 'true').toBe(s.payment === null);
      // A refused payment may be repeated only with a method chosen.
      expectAlert(s, { retryHere: s.payment !== null || s.alert?.text === 'Has payments' || s.alert?.text === NETWORK });
    },
    'payment.choosing.ready': noRetry,
    'payment.choosing.payFailed': offersRetry,
    'payment.choosing.reopenFailed': offersRetry,
    'payment.paying': () => heading('Payment'),
    'payment.signing': () => heading('Payment'),
    'payment.redirecting': () => {
      const s = shopper();
      status('Taking you to the payment page');
      // The shopper's browser leaves for the provider's page (a card form is signed when it can be).
      expect(backend().redirects.at(-1)?.paymentUrl).toBe(s.paymentUrl);
      expect(!!backend().redirects.at(-1)?.payFort).toBe(s.signed);
    },
    'confirming.watching': () => heading('Confirming your payment…'),
    'confirming.polling.waiting': () => heading('Confirming your payment…'),
    'confirming.polling.fetching': () => heading('Confirming your payment…'),
    unconfirmed: () => {
      const group = screen.getByRole('group', {
        name: "We have not received your payment's confirmation yet. You will not be charged twice: check again in a moment.",
      });
      expect(within(group).getByRole('button', { name: 'Check again' })).toBeTruthy();
      expect(shopper().polls).toBe(8);
    },
    success: () => {
      status('Your order is placed');
      // The header's cart count is emptied when this visit placed the order.
      expect(backend().cartResets).toBe(shopper().placed ? 1 : 0);
    },
  } as Record<string, () => void>;
}

// ——— How each event is done ———

const click = async (name: string | RegExp, role: 'button' | 'radio' = 'button') => {
  await act(async () => {
    fireEvent.click(screen.getByRole(role, { name }));
  });
};

async function settle() {
  for (let i = 0; i < 3; i++) await act(async () => {});
}

function executors(shop: ReturnType<typeof startShop>) {
  const answer = async (event: EventObject & { output?: unknown }) => {
    const id = event.type.replace(/^xstate\.(done|error)\.actor\./, '');
    const request = shop.backend.take(id);
    await act(async () => {
      if (event.type.startsWith('xstate.done')) request.resolve(event.output);
      else request.reject(new TypeError('Failed to fetch'));
    });
    await settle();
  };
  const byType: Record<string, (e: EventObject & Record<string, unknown>) => Promise<void>> = {
    'address.select': async (e) => {
      // Both saved addresses read alike (one verified, one not): the shopper picks the second.
      const radio = (screen.getAllByRole('radio') as HTMLInputElement[]).find((r) => r.value === e.addressId)!;
      await act(async () => {
        fireEvent.click(radio);
      });
    },
    'address.create': async () => {
      await click('Add a new address');
      const form = screen.getByRole('form', { name: 'New address' });
      // The profile's form (issue 32 §3): names, the street, the city from the list, an SA mobile.
      for (const [label, value] of [
        ['First name', 'Sara'],
        ['Last name', 'Ali'],
        ['Mobile number', '+966551234567'],
        ['Street and building', 'Olaya St 3'],
      ]) {
        fireEvent.change(within(form).getByRole('textbox', { name: new RegExp(`^${label}`) }), { target: { value } });
      }
      fireEvent.change(within(form).getByRole('combobox', { name: 'City' }), { target: { value: 'RUH' } });
      await act(async () => {
        fireEvent.click(within(form).getByRole('button', { name: 'Save and deliver here' }));
      });
    },
    'address.submit': () => click('Deliver to this address'),
    'address.verify': async () => {
      fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
      await click('Confirm');
    },
    'address.resend': () => click('Send the code again'),
    'address.change': () => click('Use another address'),
    'shipping.select': () => click(/Express/, 'radio'),
    'shipping.submit': () => click('Continue to review'),
    'review.confirm': () => click('Continue to payment'),
    'payment.select': (e) => click(new RegExp(`^${METHOD_NAMES[e.method as string]}`), 'radio'),
    'payment.submit': () => click(/^Pay /),
    'checkout.retry': () => click(/Try again|Check again/),
    'checkout.goto': async (e) => {
      const nav = screen.getByRole('navigation');
      await act(async () => {
        fireEvent.click(within(nav).getByRole('button', { name: STEP_NAMES[e.step as string] }));
      });
    },
    'checkout.orderChanged': async (e) => {
      // The coupon form of the review step: the backend's answer carries the new order.
      fireEvent.change(screen.getByLabelText('Coupon code'), { target: { value: 'WELCOME10' } });
      await click('Apply');
      const request = shop.backend.take('applyCoupon');
      await act(async () => request.resolve({ ok: true, order: e.order }));
      await settle();
    },
    'order.stateChanged': async (e) => {
      await act(async () => shop.backend.sendBack!({ type: 'order.stateChanged', update: e.update } as EventObject));
      await settle();
    },
    'order.watchFailed': async () => {
      await act(async () => shop.backend.sendBack!({ type: 'order.watchFailed' }));
      await settle();
    },
  };
  return async (event: EventObject & Record<string, unknown>) => {
    if (event.type.startsWith('xstate.init')) return settle();
    if (event.type === 'xstate.error.actor.watchOrderState') {
      // The live socket could not open: the actor fails as the real one does when it throws.
      await act(async () => shop.actor.send(event as never));
      return settle();
    }
    if (event.type.startsWith('xstate.after.')) {
      await act(async () => shop.clock.increment(15_000));
      return settle();
    }
    if (/^xstate\.(done|error)\.actor\./.test(event.type)) return answer(event);
    const exec = byType[event.type];
    if (!exec) throw new Error(`No way to do ${event.type}`);
    await exec(event);
    return settle();
  };
}

async function runPath(path: ModelPath) {
  const shop = startShop(path.start);
  let shopper = FIRST;
  const exec = executors(shop);
  const states = assertions(
    () => shopper,
    () => shop.backend,
  );
  await model.testPath(
    path as never,
    {
      states: Object.fromEntries(Object.keys(states).map((k) => [k, () => states[k]!()])),
      events: new Proxy({} as Record<string, (step: { event: EventObject }) => Promise<void>>, {
        get: () => async (step: { event: EventObject & Record<string, unknown> }) => {
          await exec(step.event);
          shopper = record(shopper, step.event as never, path.start);
        },
      }),
    } as never,
  );
  // The model's last state is the one each step's assertion checked; the last step is the path's end.
  expect(stateKey((path.steps.at(-1) as ModelStep).state.value)).toBe(stateKey(path.state.value));
}

describe('the checkout as a test model: every state and transition on the real view', () => {
  const paths = modelPaths();
  it.each(paths.map((p) => [`${p.start} ${p.name}`, p] as const))('%s', async (_, path) => runPath(path), 20_000);

  it('the paths take every transition of the machine', () => {
    const { transitions, missing } = coveringPaths();
    console.info(
      `checkout transition coverage: ${(((transitions - missing.length) / transitions) * 100).toFixed(1)} % of ${transitions} transitions`,
    );
    expect(missing).toEqual([]);
  }, 60_000);
});
