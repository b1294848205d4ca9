import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INPUTS, eventsFor, machine, shortestPaths, simplePaths, summarize } from './checkout.graph';
import { allTransitions, describePath, replay, stateKey, type PathStep } from './checkout.paths-kit';
import type { CheckoutContext } from '../../../machines/checkout.machine';

// Path tests of the checkout machine (issue 14, 4a). xstate/graph walks the real machine with every
// service outcome modelled as an explicit done/error event. Each path replays on a live actor whose
// services never answer; after every step the actor must be in the state, with the context, the
// walk predicted. The tables below pin, literally, which states exist and where each path ends.

type Snapshot = { value: unknown; context: CheckoutContext };
type Summary = ReturnType<typeof summarize>;
type Path = { steps: readonly (PathStep & { state: Snapshot })[]; state: Snapshot };

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const taken = new Set<unknown>();

function replayPath(input: unknown, path: Path) {
  const used = replay(machine, input, path.steps, (snapshot, i) => {
    expect(summarize(snapshot as never), `after step ${i} (${describePath(path.steps.slice(0, i + 1))})`).toEqual(
      summarize(path.steps[i]!.state),
    );
  });
  for (const t of used) taken.add(t);
}

const isTarget = (s: Snapshot) =>
  stateKey(s.value) === 'success' || s.context.error !== null || ['empty', 'loadFailed', 'unconfirmed'].includes(stateKey(s.value));
const kindOf = (s: Snapshot) => `${stateKey(s.value)} ${s.context.error ? `${s.context.error.op}:${s.context.error.code}` : '-'}`;

function shortestPerState(input: (typeof INPUTS)[keyof typeof INPUTS]) {
  const best = new Map<string, Path>();
  for (const p of shortestPaths(input) as unknown as Path[]) {
    const key = stateKey(p.state.value);
    const known = best.get(key);
    if (!known || p.steps.length < known.steps.length) best.set(key, p);
  }
  return best;
}

const base: Omit<Summary, 'state'> = {
  order: null,
  error: null,
  addressId: null,
  shippingMethodId: null,
  paymentMethodCode: null,
  gotoStep: null,
  pollAttempt: 0,
  placedOrderCode: null,
};
const row = (state: string, fields: Partial<Summary> = {}): Summary => ({ ...base, state, ...fields });
const CART = 'AddingItems';
const ADDRESSED = 'AddingItems+address';
const SHIPPED = 'AddingItems+address+shipping';
const ARRANGING = 'ArrangingPayment+address+shipping';
const PAID = 'PaymentAuthorized+address+shipping';

/** Where the shortest path to each state ends, started from /checkout/ORD1 (not a return). */
const SHORTEST_FRESH: Record<string, Summary> = {
  loading: row('loading'),
  loadFailed: row('loadFailed', { error: 'load:NETWORK' }),
  empty: row('empty'),
  'address.fetching': row('address.fetching', { order: CART }),
  'address.fetchFailed': row('address.fetchFailed', { order: CART, error: 'fetchAddresses:NETWORK' }),
  'address.choosing': row('address.choosing', { order: CART, addressId: 'a1' }),
  'address.creating': row('address.creating', { order: CART, addressId: 'a1' }),
  'address.saving': row('address.saving', { order: CART, addressId: 'a1' }),
  'address.requestingCode': row('address.requestingCode', { order: CART, addressId: 'a2' }),
  'address.awaitingCode': row('address.awaitingCode', { order: CART, addressId: 'a2' }),
  'address.verifyingCode': row('address.verifyingCode', { order: CART, addressId: 'a2' }),
  'shipping.fetching': row('shipping.fetching', { order: ADDRESSED }),
  'shipping.fetchFailed': row('shipping.fetchFailed', { order: ADDRESSED, error: 'fetchShipping:NETWORK' }),
  'shipping.choosing': row('shipping.choosing', { order: ADDRESSED }),
  'shipping.saving': row('shipping.saving', { order: ADDRESSED, shippingMethodId: 'sm-exp' }),
  'review.idle': row('review.idle', { order: SHIPPED }),
  'review.transitioning': row('review.transitioning', { order: SHIPPED }),
  'payment.fetching': row('payment.fetching', { order: ARRANGING }),
  'payment.fetchFailed': row('payment.fetchFailed', { order: ARRANGING, error: 'fetchPayment:NETWORK' }),
  'payment.choosing': row('payment.choosing', { order: ARRANGING }),
  'payment.paying': row('payment.paying', { order: ARRANGING, paymentMethodCode: 'payfort-card' }),
  'payment.signing': row('payment.signing', { order: ARRANGING, paymentMethodCode: 'payfort-card' }),
  'payment.redirecting': row('payment.redirecting', { order: ARRANGING, paymentMethodCode: 'tamara' }),
  reopening: row('reopening', { order: ARRANGING, gotoStep: 'address' }),
  success: row('success', { order: PAID, placedOrderCode: 'ORD1' }),
};

/** Started from a return from the payment page: the confirmation states join in. */
const SHORTEST_RETURNING: Record<string, Summary> = {
  ...SHORTEST_FRESH,
  // The shortest way into payment is now a declined payment: its reason is shown there.
  'payment.fetching': row('payment.fetching', { order: ARRANGING, error: 'pay:PAYMENT_DECLINED' }),
  'payment.choosing': row('payment.choosing', { order: ARRANGING, error: 'pay:PAYMENT_DECLINED' }),
  'confirming.watching': row('confirming.watching', { order: ARRANGING }),
  'confirming.polling.waiting': row('confirming.polling.waiting', { order: ARRANGING }),
  'confirming.polling.fetching': row('confirming.polling.fetching', { order: ARRANGING }),
  unconfirmed: row('unconfirmed', { order: ARRANGING, error: 'confirm:PAYMENT_UNCONFIRMED', pollAttempt: 8 }),
};

/** Where the simple paths end: success and each failure the shopper can meet (state, error shown). */
const FINAL_FRESH: Record<string, Partial<Summary>> = {
  'success -': { order: PAID, placedOrderCode: 'ORD1' },
  'empty -': { placedOrderCode: null },
  'loadFailed load:NETWORK': { order: null },
  'address.fetchFailed fetchAddresses:NETWORK': { order: CART },
  'address.choosing createAddress:NETWORK': { order: CART, addressId: 'a1' },
  'address.choosing saveAddress:NETWORK': { order: CART },
  'address.choosing requestCode:VERIFICATION_NOT_SENT': { order: CART },
  'address.choosing requestCode:NETWORK': { order: CART },
  'address.awaitingCode verifyCode:VERIFICATION_CODE_INVALID_ERROR': { order: CART },
  'address.awaitingCode verifyCode:NETWORK': { order: CART },
  'shipping.fetchFailed fetchShipping:NETWORK': { order: ADDRESSED },
  'shipping.choosing saveShipping:INELIGIBLE_SHIPPING_METHOD_ERROR': { order: ADDRESSED, shippingMethodId: 'sm-exp' },
  'shipping.choosing saveShipping:NETWORK': { order: ADDRESSED, shippingMethodId: 'sm-exp' },
  'review.idle transition:ORDER_STATE_TRANSITION_ERROR': { order: SHIPPED },
  'review.idle transition:NETWORK': { order: SHIPPED },
  'empty transition:NO_ACTIVE_ORDER_ERROR': { order: SHIPPED },
  'payment.fetchFailed fetchPayment:NETWORK': { order: ARRANGING },
  'payment.choosing pay:INELIGIBLE_PAYMENT_METHOD_ERROR': { order: ARRANGING },
  'payment.choosing pay:NETWORK': { order: ARRANGING },
};

const FINAL_RETURNING: Record<string, Partial<Summary>> = {
  'success -': { placedOrderCode: 'ORD1', paymentMethodCode: null },
  'empty -': { order: null },
  'loadFailed load:NETWORK': { order: null },
  'payment.fetching pay:PAYMENT_DECLINED': { order: ARRANGING, placedOrderCode: null },
  'payment.fetching pay:PAYMENT_CANCELLED': { order: ARRANGING, placedOrderCode: null },
  'unconfirmed confirm:PAYMENT_UNCONFIRMED': { order: ARRANGING, pollAttempt: 8 },
};

describe.each([
  ['fresh', SHORTEST_FRESH, FINAL_FRESH],
  ['returning', SHORTEST_RETURNING, FINAL_RETURNING],
] as const)('checkout paths (%s)', (name, shortestTable, finalTable) => {
  const input = INPUTS[name];
  const shortest = shortestPerState(input);
  const simple = simplePaths(input, isTarget as never) as unknown as Path[];

  it('reaches exactly the pinned set of states', () => {
    expect([...shortest.keys()].sort()).toEqual(Object.keys(shortestTable).sort());
  });

  it.each([...shortest].map(([key, path]) => [key, describePath(path.steps), path] as const))('shortest to %s: %s', (key, _, path) => {
    replayPath(input, path);
    expect(summarize(path.state)).toEqual(shortestTable[key]);
  });

  it('ends simple paths only at the pinned outcomes', () => {
    expect([...new Set(simple.map((p) => kindOf(p.state)))].sort()).toEqual(Object.keys(finalTable).sort());
  });

  it.each(simple.map((path) => [kindOf(path.state), describePath(path.steps), path] as const))('to %s: %s', (kind, _, path) => {
    replayPath(input, path);
    const [state, error] = kind.split(' ');
    expect(summarize(path.state)).toMatchObject({ state, error: error === '-' ? null : error, ...finalTable[kind] });
  });
});

describe('checkout transition coverage', () => {
  const all = allTransitions(machine);
  const activeIds = (value: unknown) =>
    stateKey(value)
      .split('.')
      .map((_, i, parts) => `checkout.${parts.slice(0, i + 1).join('.')}`);

  it('takes every transition of the machine definition (100 %)', () => {
    for (const name of ['fresh', 'returning'] as const) {
      for (const path of shortestPerState(INPUTS[name]).values()) replayPath(INPUTS[name], path);
      for (const path of simplePaths(INPUTS[name], isTarget as never) as unknown as Path[]) replayPath(INPUTS[name], path);
    }
    // What is left is a move back to a state already seen (a retry, a resend, a self-loop): the
    // shortest path to a node where the transition applies, plus its event.
    for (const name of ['fresh', 'returning'] as const) {
      const nodes = (shortestPaths(INPUTS[name]) as unknown as Path[]).sort((a, b) => a.steps.length - b.steps.length);
      for (const path of nodes) {
        const open = all.filter((t) => !taken.has(t.def));
        if (open.length === 0) break;
        const active = activeIds(path.state.value);
        for (const event of eventsFor(path.state as never)) {
          const relevant = open.some((t) => {
            const def = t.def as { eventType: string; source: { id: string } };
            return active.includes(def.source.id) && (def.eventType === event.type || def.eventType === '');
          });
          if (!relevant) continue;
          const used = replay(machine, INPUTS[name], [...path.steps, { event }]);
          for (const t of used) taken.add(t);
        }
      }
    }
    const missing = all.filter((t) => !taken.has(t.def)).map((t) => t.id);
    const coverage = (all.length - missing.length) / all.length;
    console.info(`checkout transition coverage: ${(coverage * 100).toFixed(1)} % of ${all.length} transitions`);
    expect(missing).toEqual([]);
    expect(coverage).toBe(1);
  }, 60_000);
});
