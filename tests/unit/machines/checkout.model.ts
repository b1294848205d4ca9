import { getInitialSnapshot, getNextSnapshot, type EventObject } from 'xstate';
import { TestModel } from 'xstate/graph';
import type { CheckoutContext, CheckoutInput } from '../../../machines/checkout.machine';
import { INPUTS, eventsFor, machine, shortestPaths, summarize, walkable } from './checkout.graph';
import { allTransitions, describeEvent, describePath, replay, stateKey, type PathStep } from './checkout.paths-kit';

// The checkout machine as a test model (issue 34): `createTestModel` from xstate/graph over the
// machine's graph (checkout.graph.ts: every shopper event and every backend answer, labelled). The
// paths to test are chosen here, once, for the unit model test (checkout.model.test.tsx) and for
// QA (`npm run paths -- checkout`): the shortest path to every state, then, for every transition
// those do not take, the shortest path to a state where it applies plus its event; then the
// scenarios of bugs that hide from both (a choice kept across a reload, an answer without order).

type Snapshot = { value: unknown; context: CheckoutContext };
export type ModelStep = PathStep & { state: Snapshot };
export interface ModelPath {
  start: keyof typeof INPUTS;
  kind: 'shortest' | 'transition' | 'scenario';
  /** The test's name: `shortest to <state>: …`, `covers <transition>: …`, `scenario <what>: …`. */
  name: string;
  steps: ModelStep[];
  state: Snapshot;
}

// `createTestModel` refuses machines that invoke actors; its TestModel takes them, with the same
// state matching (`'address.choosing'` is a state value) and the graph's own events and serializer.
export const model = new TestModel(walkable, {
  events: eventsFor as never,
  serializeState: ((s: Snapshot) => JSON.stringify(summarize(s))) as never,
  serializeEvent: ((e: EventObject) => JSON.stringify(e)) as never,
  stateMatcher: (state, key) => (state as unknown as { matches: (k: string) => boolean }).matches(key),
});

/** The shortest path to each state (its key), shortest first. */
function shortestPerState(start: keyof typeof INPUTS): ModelPath[] {
  const best = new Map<string, { steps: ModelStep[]; state: Snapshot }>();
  for (const p of shortestPaths(INPUTS[start]) as unknown as { steps: ModelStep[]; state: Snapshot }[]) {
    const key = stateKey(p.state.value);
    const known = best.get(key);
    if (!known || p.steps.length < known.steps.length) best.set(key, p);
  }
  return [...best]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, p]) => ({ start, kind: 'shortest' as const, name: `shortest to ${key}: ${describePath(p.steps)}`, ...p }));
}

const activeIds = (value: unknown) =>
  stateKey(value)
    .split('.')
    .map((_, i, parts) => `checkout.${parts.slice(0, i + 1).join('.')}`);

/**
 * The paths that take every transition of the machine (both starts together): the shortest paths,
 * then one extension per transition still open. Returns the paths and the transitions no path takes.
 */
export function coveringPaths(): Covering {
  if (!covering) covering = walkCovering();
  return covering;
}
type Covering = { paths: ModelPath[]; transitions: number; missing: string[] };
let covering: Covering | null = null;

function walkCovering(): Covering {
  const all = allTransitions(machine);
  const taken = new Set<unknown>();
  const paths: ModelPath[] = [];
  const take = (input: CheckoutInput, steps: readonly PathStep[]) => {
    const used = replay(machine, input, steps);
    const fresh = [...used].some((t) => !taken.has(t));
    for (const t of used) taken.add(t);
    return fresh;
  };
  for (const start of ['fresh', 'returning'] as const) {
    for (const p of shortestPerState(start)) if (take(INPUTS[start], p.steps) || start === 'fresh') paths.push(p);
  }
  for (const start of ['fresh', 'returning'] as const) {
    const nodes = [...(shortestPaths(INPUTS[start]) as unknown as { steps: ModelStep[]; state: Snapshot }[])].sort(
      (a, b) => a.steps.length - b.steps.length,
    );
    for (const node of nodes) {
      const open = all.filter((t) => !taken.has(t.def));
      if (open.length === 0) break;
      const active = activeIds(node.state.value);
      for (const event of eventsFor(node.state as never)) {
        const relevant = open.filter((t) => {
          const def = t.def as { eventType: string; source: { id: string } };
          return active.includes(def.source.id) && (def.eventType === event.type || def.eventType === '');
        });
        if (relevant.length === 0) continue;
        const extended = walk(start, [...node.steps.map((s) => s.event).filter((e) => !e.type.startsWith('xstate.init')), event]);
        if (!take(INPUTS[start], extended.steps)) continue;
        const what = describeEvent(event as never);
        paths.push({
          start,
          kind: 'transition',
          name: `covers ${stateKey(node.state.value)} ${what}: ${describePath(extended.steps)}`,
          ...extended,
        });
      }
    }
  }
  return { paths, transitions: all.length, missing: all.filter((t) => !taken.has(t.def)).map((t) => t.id) };
}

/** The model's path for a list of events: `[init, e1, e2…]`, each step with the state after it. */
function walk(start: keyof typeof INPUTS, events: readonly EventObject[]): { steps: ModelStep[]; state: Snapshot } {
  let state = getInitialSnapshot(walkable, INPUTS[start]) as unknown as Snapshot;
  const steps: ModelStep[] = [{ event: { type: 'xstate.init' }, state }];
  for (const event of events) {
    state = getNextSnapshot(walkable, state as never, event as never) as unknown as Snapshot;
    steps.push({ event, state });
  }
  return { steps, state };
}

/** A path of described events (`done:fetchAddresses(…)`, `address.select(a2)`…), walked on the model. */
function scenario(start: keyof typeof INPUTS, what: string, descriptions: string[]): ModelPath {
  const events: EventObject[] = [];
  let state = getInitialSnapshot(walkable, INPUTS[start]) as unknown as Snapshot;
  for (const description of descriptions) {
    const event = eventsFor(state as never).find((e) => describeEvent(e as never) === description);
    if (!event) throw new Error(`No event "${description}" in ${stateKey(state.value)}`);
    events.push(event);
    state = walk(start, events).state;
  }
  const path = walk(start, events);
  return { start, kind: 'scenario', name: `scenario ${what}: ${describePath(path.steps)}`, ...path };
}

const TO_SHIPPING = ['done:fetchCheckoutOrders(cart)', 'done:fetchAddresses(a1 verified, a2 not)'];

/** Bugs a covering set can miss: each is a context the shopper builds up over several steps. */
export function scenarioPaths(): ModelPath[] {
  return [
    scenario('fresh', 'the chosen address survives a reload of the addresses', [
      ...TO_SHIPPING,
      'address.select(a2)',
      'address.submit',
      'done:requestAddressVerification(sent)',
      'address.verify',
      'done:verifyShippingAddress(ok)',
      'done:setOrderAddress(ok)',
      'done:fetchShippingMethods(standard, express)',
      'checkout.goto(address)',
      'done:fetchAddresses(a1 verified, a2 not)',
    ]),
    scenario('fresh', 'a coupon answer without an order keeps the review', [
      'done:fetchCheckoutOrders(shipped)',
      'checkout.orderChanged(no order)',
    ]),
    scenario('fresh', 'a method that became ineligible is unselected', [
      'done:fetchCheckoutOrders(arranging)',
      'done:fetchPaymentMethods(card, tamara, tabby ineligible, cod)',
      'payment.select(cod)',
      'checkout.goto(review)',
      'done:reopenOrder(ok)',
      'review.confirm',
      'done:transitionOrder(ok)',
      'done:fetchPaymentMethods(cod now ineligible)',
    ]),
    scenario('fresh', 'a wrong code, then a network failure, only that retried', [
      ...TO_SHIPPING,
      'address.select(a2)',
      'address.submit',
      'done:requestAddressVerification(sent)',
      'address.verify',
      'done:verifyShippingAddress(invalid)',
      'address.verify',
      'error:verifyShippingAddress',
      'checkout.retry',
    ]),
    scenario('returning', 'back without paying: the order waits for a payment', [
      'done:fetchCheckoutOrders(arranging)',
      'order.stateChanged(no payment)',
    ]),
  ];
}

/** Every path the model tests run, named (the walk is done once per process). */
export function modelPaths(): ModelPath[] {
  return [...coveringPaths().paths, ...scenarioPaths()];
}
