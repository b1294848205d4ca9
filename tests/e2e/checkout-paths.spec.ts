// Issue 14 deliverable 4(b): the checkout machine's own paths, driven through the real app, the
// backend and its sandbox gateway. The paths come from the same graph walk QA prints
// (`npm run paths -- checkout --json`, tests/tools/paths/), its `simple` paths; each test is named
// by its path. The unit side is the model test (tests/unit/machines/checkout.model.test.tsx).
//
// Which paths: the simple paths (to success or to a failure the shopper sees) whose every step the
// real app can be made to take: shopper events are clicks; a service answering as the fixture says
// is the backend doing its work; `error:<actor>` is that request failing on the network (the
// browser's request is aborted once); a return from the gateway is the sandbox's approve, decline
// or cancel. Paths that need a backend answer it does not give on demand (an ineligible method at
// addPayment, a refused transition, an unverified address) stay with the vitest replay. Of the
// drivable ones, the shortest per final state and error runs: every way the checkout can end.
import { execFileSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { APPROVE, before, DECLINE, escape, shopperWithCart, STANDARD } from './checkout-helpers';
import { browserLocale, errorSummary, expect, localePath, test, tr, type Locale } from './fixtures';

interface QaStep {
  description: string;
  event: Record<string, unknown>;
}
interface QaPath {
  start: 'fresh' | 'returning';
  kind: 'shortest' | 'simple';
  name: string;
  steps: QaStep[];
  final: { state: string; error: string | null };
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// The paths generator loads the TypeScript machine through Vite's module runner (~7 s).
const generated = JSON.parse(
  execFileSync(process.execPath, ['tests/tools/paths/paths.mjs', 'checkout', '--json'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  }),
) as { paths: QaPath[] };

/** The request each service actor makes (services/*.service.ts), for `error:<actor>`. */
const OPERATION: Record<string, string> = {
  fetchAddresses: 'GetAddresses',
  setOrderAddress: 'setShippingAdd',
  fetchShippingMethods: 'GetShippingMethods',
  setShippingMethod: 'setOrderShippingMethod',
  transitionOrder: 'TransitionOrder',
  fetchPaymentMethods: 'GetPaymentMethods',
  addPayment: 'AddPayment',
  fetchPayFortSignature: 'GetPayFortSignature',
};
/** Service answers the backend gives by itself for a signed-in shopper with a cart and a saved address. */
const NATURAL = new Set([
  'done:fetchCheckoutOrders(cart)',
  'done:fetchAddresses(a1 verified, a2 not)',
  'done:setOrderAddress(ok)',
  'done:fetchShippingMethods(standard, express)',
  'done:setShippingMethod(ok)',
  'done:transitionOrder(ok)',
  'done:fetchPaymentMethods(card, tamara, tabby ineligible, cod)',
  'done:addPayment(pending, paymentUrl)',
  'done:addPayment(authorized)',
  'done:fetchPayFortSignature(signed)',
]);
const CLICKS = new Set([
  'address.submit',
  'shipping.select(express)',
  'shipping.submit',
  'review.confirm',
  'payment.select(card)',
  'payment.select(tamara)',
  'payment.select(cod)',
  'payment.submit',
  'checkout.retry',
]);
/** A return from the gateway: the sandbox decision that makes the live state say so. */
const GATEWAY: Record<string, RegExp> = {
  'order.stateChanged(settled)': APPROVE,
  'order.stateChanged(declined)': DECLINE,
  'order.stateChanged(cancelled)': /^(Cancel|إلغاء)$/,
};
const FINAL_STATES = new Set([
  'success',
  'payment.redirecting',
  'payment.fetching',
  'payment.choosing',
  'payment.fetchFailed',
  'shipping.choosing',
  'shipping.fetchFailed',
  'review.idle',
  'address.choosing',
  'address.fetchFailed',
]);
/** The step's state a path ends in: `payment.choosing.payFailed` is a `payment.choosing`. */
const finalOf = (state: string) => state.split('.').slice(0, 2).join('.');

function drivable(path: QaPath): boolean {
  if (path.kind !== 'simple' || !FINAL_STATES.has(finalOf(path.final.state))) return false;
  const [first, ...rest] = path.steps;
  if (path.start === 'fresh' && first?.description !== 'done:fetchCheckoutOrders(cart)') return false;
  if (path.start === 'returning' && first?.description !== 'done:fetchCheckoutOrders(arranging)') return false;
  return rest.every(
    (s) =>
      NATURAL.has(s.description) ||
      CLICKS.has(s.description) ||
      s.description in GATEWAY ||
      (s.description.startsWith('error:') && s.description.slice(6) in OPERATION),
  );
}

// The shortest drivable path to each final state and error: every way a checkout can end.
const chosen = new Map<string, QaPath>();
for (const p of generated.paths.filter(drivable)) {
  const key = `${p.start} ${p.final.state} ${p.final.error ?? '-'}`;
  const known = chosen.get(key);
  if (!known || p.steps.length < known.steps.length) chosen.set(key, p);
}

/** Fails the n-th request (0-based) of a Shop API operation on the network, once. */
async function failRequest(page: Page, operation: string, nth: number) {
  let seen = 0;
  await page.route('**/shop-api**', async (route) => {
    const request = route.request();
    const body = request.postData() ?? decodeURIComponent(new URL(request.url()).searchParams.get('query') ?? '');
    const named = new RegExp(`(query|mutation)\\s+${operation}\\b`).test(body) || body.includes(`"operationName":"${operation}"`);
    if (named && seen++ === nth) return route.abort('failed');
    return route.fallback();
  });
}

const locale: Locale = 'en';
const radio = (page: Page, message: string) => page.getByRole('radio', { name: new RegExp(escape(tr(locale, message))) });

/** Before the step that makes the request: arrange the failure of `error:<actor>` steps to come. */
async function arrangeFailures(page: Page, steps: QaStep[]) {
  const answered = new Map<string, number>();
  for (const step of steps) {
    const done = /^done:(\w+)/.exec(step.description);
    if (done) answered.set(done[1]!, (answered.get(done[1]!) ?? 0) + 1);
    const failed = /^error:(\w+)$/.exec(step.description);
    if (failed) {
      const actor = failed[1]!;
      await failRequest(page, OPERATION[actor]!, answered.get(actor) ?? 0);
      answered.set(actor, (answered.get(actor) ?? 0) + 1);
    }
  }
}

async function take(page: Page, step: QaStep) {
  switch (step.description) {
    case 'address.submit':
      return page.getByRole('button', { name: tr(locale, 'Deliver to this address') }).click();
    case 'shipping.select(express)':
      return page.getByRole('radio', { name: /Express delivery/ }).check();
    case 'shipping.submit':
      {
        // The machine keeps a method the order already has; a fresh order needs one chosen.
        const options = page.getByRole('group', { name: tr(locale, 'Choose a delivery option') });
        await expect(options.getByRole('radio', { name: STANDARD })).toBeVisible();
        if (!(await options.getByRole('radio', { checked: true }).count())) await options.getByRole('radio', { name: STANDARD }).check();
      }
      return page.getByRole('button', { name: tr(locale, 'Continue to review') }).click();
    case 'review.confirm':
      return page.getByRole('button', { name: tr(locale, 'Continue to payment') }).click();
    case 'payment.select(card)':
      return radio(page, 'Credit or debit card').check();
    case 'payment.select(tamara)':
      return radio(page, 'Tamara: pay in instalments').check();
    case 'payment.select(cod)':
      return radio(page, 'Cash on delivery').check();
    case 'payment.submit':
      return page.getByRole('button', { name: before(locale, 'Pay {0}') }).click();
    case 'checkout.retry':
      return page.getByRole('button', { name: tr(locale, 'Try again') }).click();
    default:
      if (step.description in GATEWAY) {
        await expect(page).toHaveURL(/\/sandbox\/pay\//, { timeout: 20_000 });
        return page.getByRole('button', { name: GATEWAY[step.description]! }).click();
      }
      // done:/error: steps: the backend answers (or the aborted request fails) by itself.
      return undefined;
  }
}

/** What the shopper sees at the end of the path. */
async function expectFinal(page: Page, path: QaPath) {
  const code = path.final.error;
  if (path.final.state === 'success') {
    await expect(page.getByRole('heading', { name: tr(locale, 'Thank you, your order is placed') })).toBeVisible({ timeout: 20_000 });
    return;
  }
  if (path.final.state === 'payment.redirecting') {
    await expect(page).toHaveURL(/\/sandbox\/pay\//, { timeout: 20_000 });
    return;
  }
  const texts: Record<string, string> = {
    NETWORK: 'We could not reach the store. Check your connection and try again; your choices are kept.',
    PAYMENT_DECLINED: 'Your payment was declined. Nothing was charged; you can pay again with any method.',
    PAYMENT_CANCELLED: 'The payment was cancelled. Your cart is as it was; you can pay again with any method.',
  };
  if (code) await expect(errorSummary(page)).toContainText(tr(locale, texts[code]!), { timeout: 20_000 });
  const step = path.final.state.split('.')[0]!;
  if (['address', 'shipping', 'review', 'payment'].includes(step)) await expect(page).toHaveURL(new RegExp(`\\?step=${step}$`));
  if (finalOf(path.final.state) === 'payment.choosing') await expect(radio(page, 'Cash on delivery')).toBeVisible();
  // A failed request the shopper may send again: the machine is in a state named for it.
  if (path.final.state.endsWith('Failed')) await expect(page.getByRole('button', { name: tr(locale, 'Try again') })).toBeVisible();
}

test.describe('checkout machine paths in the real app (en)', () => {
  test.use(browserLocale(locale));

  test('the generator offers drivable paths to success and to failures', () => {
    const finals = [...chosen.values()].map((p) => `${p.start} ${p.final.state} ${p.final.error ?? '-'}`);
    expect(finals).toEqual(
      expect.arrayContaining([
        'fresh success -',
        'fresh payment.choosing.payFailed NETWORK',
        'fresh review.idle.transitionFailed NETWORK',
        'returning success -',
        'returning payment.fetching PAYMENT_DECLINED',
        'returning payment.fetching PAYMENT_CANCELLED',
      ]),
    );
  });

  for (const path of chosen.values()) {
    test(`${path.start} ${path.name}`, async ({ page, request }) => {
      test.slow();
      const code = await shopperWithCart(page, request, locale, 'paths');
      const steps = path.steps.slice(1);
      if (path.start === 'returning') {
        // Back from the gateway: the order waits in ArrangingPayment with a card payment pending.
        await page.goto(localePath(locale, `/checkout/${code}`));
        for (const description of ['address.submit', 'shipping.submit', 'review.confirm', 'payment.select(card)', 'payment.submit']) {
          await take(page, { description, event: {} });
        }
        await arrangeFailures(page, steps);
      } else {
        await arrangeFailures(page, steps);
        await page.goto(localePath(locale, `/checkout/${code}`));
      }
      for (const step of steps) await take(page, step);
      await expectFinal(page, path);
    });
  }
});
