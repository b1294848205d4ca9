import { createActor, type AnyStateMachine, type AnyStateNode, type EventObject, type InspectionEvent } from 'xstate';

// Path-test helpers (architecture guide, example 8): xstate/graph walks the real machine; each path
// replays on a live actor whose services never settle, so the path's own xstate.done/error events
// decide every outcome. Transition coverage is read from the inspection API's microsteps.

export interface PathStep {
  event: EventObject;
}

/** `done:` / `error:` / `after:` shorthand for the generated events, for readable test names. */
export function describeEvent(event: EventObject & { label?: string }): string {
  const type = event.type
    .replace(/^xstate\.done\.actor\./, 'done:')
    .replace(/^xstate\.error\.actor\./, 'error:')
    .replace(/^xstate\.after\.([^.]+)\..*$/, 'after:$1');
  return event.label ? `${type}(${event.label})` : type;
}

export function describePath(steps: readonly PathStep[]): string {
  return (
    steps
      .filter((s) => !s.event.type.startsWith('xstate.init'))
      .map((s) => describeEvent(s.event))
      .join(' → ') || '(start)'
  );
}

export function stateKey(value: unknown): string {
  if (typeof value === 'string') return value;
  const [k, v] = Object.entries(value as Record<string, unknown>)[0] ?? ['?', ''];
  return `${k}.${stateKey(v)}`;
}

/** Every transition the machine definition declares (on, invoke done/error, after, always). */
export function allTransitions(machine: AnyStateMachine) {
  const out: { id: string; def: unknown }[] = [];
  const visit = (node: AnyStateNode) => {
    for (const [eventType, defs] of node.transitions) {
      defs.forEach((def, i) => out.push({ id: `${node.id} ${describeEvent({ type: eventType })}#${i}`, def }));
    }
    (node.always ?? []).forEach((def, i) => out.push({ id: `${node.id} always#${i}`, def }));
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root);
  return out;
}

/**
 * Replays a path on a live actor; `check` runs after every step with the step's index.
 * Returns the transition definitions taken (identity, for coverage).
 */
export function replay(
  machine: AnyStateMachine,
  input: unknown,
  steps: readonly PathStep[],
  check: (snapshot: ReturnType<ReturnType<typeof createActor>['getSnapshot']>, index: number) => void = () => {},
): Set<unknown> {
  const taken = new Set<unknown>();
  const inspect = (e: InspectionEvent) => {
    if (e.type === '@xstate.microstep' && e.actorRef === actor) for (const t of e._transitions) taken.add(t);
  };
  const actor = createActor(machine, { input, inspect } as never);
  actor.start();
  steps.forEach((step, i) => {
    if (!step.event.type.startsWith('xstate.init')) actor.send(step.event);
    check(actor.getSnapshot(), i);
  });
  actor.stop();
  return taken;
}
