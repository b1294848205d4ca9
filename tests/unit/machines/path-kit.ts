import { expect, it } from 'vitest';
import { createActor, fromPromise, type AnyStateMachine, type EventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';

/**
 * Shared path-test kit (architecture guide, example 8; path-test rule in the helpers' notes).
 * xstate/graph finds the shortest event sequence to every state of the real machine; invoked
 * services never settle during the replay, so the path's own `xstate.done/error.actor.*` events
 * (listed explicitly among the events) decide every outcome. A test pins, as literal tables, the
 * set of reachable states and, per state, the path taken, and the context fields that matter.
 */

/** An invoked service that never answers: the path's done/error events stand in for it. */
export const never = <TOutput, TInput>() => fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => {}));

/**
 * `a → done:x(ok) → done:x(CODE) → error:y → session@anonymous`, '(start)' for the empty path: an
 * answer shows whether it was ok or its error code, a child's snapshot shows the child's state.
 */
export function describePath(steps: readonly { event: EventObject }[]): string {
  const text = steps
    .map(({ event }) => event)
    .filter((event) => !event.type.startsWith('xstate.init'))
    .map(describeEvent)
    .join(' → ');
  return text || '(start)';
}

function describeEvent(event: EventObject): string {
  const e = event as EventObject & { output?: unknown; snapshot?: { value: unknown; context?: { customerId?: unknown } } };
  const done = /^xstate\.done\.actor\.(.+)$/.exec(e.type);
  if (done) {
    const out = e.output as { ok?: boolean; code?: string } | null | undefined;
    const tag = out && typeof out === 'object' && 'ok' in out ? `(${out.ok ? 'ok' : (out.code ?? 'failed')})` : '';
    return `done:${done[1]}${tag}`;
  }
  const error = /^xstate\.error\.actor\.(.+)$/.exec(e.type);
  if (error) return `error:${error[1]}`;
  const snap = /^xstate\.snapshot\.(.+)$/.exec(e.type);
  if (snap && e.snapshot) {
    const who = e.snapshot.context?.customerId;
    return `${snap[1]}@${stateKey(e.snapshot.value)}${typeof who === 'string' ? `(${who})` : ''}`;
  }
  return e.type;
}

/** A state value as a table key: `ready`, `mutating.adding`, `member.idle`. */
export function stateKey(value: unknown): string {
  if (typeof value === 'string') return value;
  const entries = Object.entries(value as Record<string, unknown>);
  return entries.map(([k, v]) => `${k}.${stateKey(v)}`).join(',');
}

/** What a table key is computed from: a snapshot's value and context. */
export type KeyOf = (snapshot: { value: unknown; context: Record<string, unknown> }) => string;

const byValue: KeyOf = (s) => stateKey(s.value);

export interface StatePath {
  key: string;
  via: string;
  events: EventObject[];
}

/** The shortest path to each state value (or `key`), over states told apart by `serialize`. */
export function shortestPathPerState<M extends AnyStateMachine>(
  machine: M,
  options: {
    events: EventObject[];
    input?: unknown;
    serialize: (s: ReturnType<M['transition']>) => string;
    /** Which states count as different rows (default: the state value). */
    key?: KeyOf;
  },
): Map<string, StatePath> {
  const keyOf = options.key ?? byValue;
  const paths = getShortestPaths(machine, {
    events: options.events as never,
    input: options.input as never,
    serializeState: (s) => options.serialize(s as never),
  });
  const byKey = new Map<string, StatePath>();
  for (const path of paths) {
    const key = keyOf(path.state as never);
    const events = path.steps.map((s) => s.event as EventObject).filter((e) => !e.type.startsWith('xstate.init'));
    const best = byKey.get(key);
    // Shortest first; ties broken by the description so the table does not depend on search order.
    const via = describePath(path.steps);
    if (!best || events.length < best.events.length || (events.length === best.events.length && via < best.via)) {
      byKey.set(key, { key, via, events });
    }
  }
  return byKey;
}

/** Replays the events on a live actor of the machine; returns its state key and context. */
export function replay(machine: AnyStateMachine, input: unknown, events: readonly EventObject[], keyOf: KeyOf = byValue) {
  const actor = createActor(machine, { input } as never).start();
  for (const event of events) actor.send(event);
  const snapshot = actor.getSnapshot() as { value: unknown; context: Record<string, unknown> };
  actor.stop();
  return { key: keyOf(snapshot), context: snapshot.context };
}

/** One row of a path table: the state reached, by which path, with which context fields. */
export interface PathRow {
  state: string;
  via: string;
  context?: Record<string, unknown>;
}

/**
 * The path tests of one machine: the reachable set equals the table's states; per row, the
 * shortest path is the one written down and replaying it ends in that state with that context.
 */
export function pathTable(
  machine: AnyStateMachine,
  paths: Map<string, StatePath>,
  input: unknown,
  table: readonly PathRow[],
  keyOf: KeyOf = byValue,
) {
  it('reaches exactly the states in the table', () => {
    expect([...paths.keys()].sort()).toEqual(table.map((r) => r.state).sort());
  });
  it.each(table.map((row) => [row.state, row.via, row] as const))('reaches %s via %s', (state, via, row) => {
    const path = paths.get(state);
    expect(path?.via).toBe(via);
    const end = replay(machine, input, path?.events ?? [], keyOf);
    expect(end.key).toBe(state);
    if (row.context) expect(end.context).toMatchObject(row.context);
  });
}
