import type { EventObject } from 'xstate';
import type { CheckoutContext } from '../../../machines/checkout.machine';
import { INPUTS, simplePaths, summarize } from '../../unit/machines/checkout.graph';
import { modelPaths, type ModelPath } from '../../unit/machines/checkout.model';
import { describeEvent, describePath, stateKey, type PathStep } from '../../unit/machines/checkout.paths-kit';

// The checkout machine's paths for QA (`npm run paths -- checkout`). The model paths (the shortest
// to every state, one per transition those miss, the bug scenarios) are the very paths the model
// test runs on the real checkout view (tests/unit/machines/checkout.model.ts chooses them for both);
// the simple paths (every way to success or to a failure the shopper sees) are what the browser
// spec (tests/e2e/checkout-paths.spec.ts) drives where the real app can take every step.

type Snapshot = { value: unknown; context: CheckoutContext };
type GraphPath = { steps: readonly (PathStep & { state: Snapshot })[]; state: Snapshot };
type Summary = ReturnType<typeof summarize>;

export const UNIT_TEST = 'tests/unit/machines/checkout.model.test.tsx';
export const BROWSER_TEST = 'tests/e2e/checkout-paths.spec.ts';

export interface QaStep {
  /** `done:fetchCheckoutOrders(cart)`, `payment.select(card)`, `after:pollDelay` … */
  description: string;
  /** The event to send (user events) or the outcome to arrange (done:/error: of a service). */
  event: Record<string, unknown>;
}

export interface QaPath {
  machine: 'checkout';
  /** How the checkout is opened: `fresh` (/checkout/ORD1) or `returning` (back from the payment page). */
  start: keyof typeof INPUTS;
  kind: ModelPath['kind'] | 'simple';
  /** The test's name (`<start> <name>` in the model test; the browser spec's title likewise). */
  name: string;
  /** Which test runs the path: `unit: <file>` (the model test) or `browser: <file>`. */
  test: string;
  steps: QaStep[];
  final: Summary;
}

// Every simple path to success or to a failure the shopper sees.
const isTarget = (s: Snapshot) =>
  stateKey(s.value) === 'success' || s.context.error !== null || ['empty', 'loadFailed', 'unconfirmed'].includes(stateKey(s.value));
const kindOf = (s: Snapshot) => `${stateKey(s.value)} ${s.context.error?.code ?? '-'}`;

// Service outputs (whole orders) and thrown errors are fixtures, not what QA arranges: the label says it.
function qaEvent(event: EventObject & { label?: string }): Record<string, unknown> {
  const { output: _output, error: _error, order: _order, ...rest } = event as EventObject & Record<string, unknown>;
  return rest;
}

function toQa(start: keyof typeof INPUTS, kind: QaPath['kind'], name: string, path: GraphPath): QaPath {
  const steps = path.steps.filter((s) => !s.event.type.startsWith('xstate.init'));
  return {
    machine: 'checkout',
    start,
    kind,
    name,
    test: kind === 'simple' ? `browser: ${BROWSER_TEST} (when the real app can take every step)` : `unit: ${UNIT_TEST}`,
    steps: steps.map((s) => ({ description: describeEvent(s.event), event: qaEvent(s.event) })),
    final: summarize(path.state),
  };
}

export function checkoutQaPaths(): QaPath[] {
  return [
    ...modelPaths().map((p) => toQa(p.start, p.kind, p.name, p)),
    ...(['fresh', 'returning'] as const).flatMap((start) =>
      (simplePaths(INPUTS[start], isTarget as never) as unknown as GraphPath[]).map((p) =>
        toQa(start, 'simple', `to ${kindOf(p.state)}: ${describePath(p.steps)}`, p),
      ),
    ),
  ];
}
