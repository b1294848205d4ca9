/**
 * A machine's statechart as plain nodes and edges, read from the machine itself (`machine.root`),
 * never written by hand: the dev inspector draws it (./panel.ts) and `npm run machines:docs`
 * turns it into Mermaid (./mermaid.ts). Imports no xstate runtime, so it costs nothing where unused.
 */

export type GraphNodeType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface GraphNode {
  /** The state node's id (`cart.loading`): unique in the machine. */
  id: string;
  key: string;
  parent: string | null;
  type: GraphNodeType;
  /** The initial child's id (compound states). */
  initial: string | null;
  /** What the state invokes: `src` names (or ids of inline logic). */
  invokes: string[];
}

export interface GraphEdge {
  source: string;
  /** Targetless transitions (actions only) point back at their source. */
  target: string;
  /** The raw event type (`xstate.after.300.search.typing`, `''` for eventless). */
  event: string;
  /** What a reader sees: `cart.add`, `after 300ms`, `done: fetchCart`, `always`. */
  label: string;
  guard: string | null;
  /** A transition without a target: stays in its state, only runs actions. */
  internal: boolean;
}

export interface MachineGraph {
  id: string;
  nodes: GraphNode[];
  edges: GraphEdge[];
}

/** The slice of xstate's StateNode this module reads (kept structural so no runtime import is needed). */
export interface StateNodeLike {
  id: string;
  key: string;
  type: string;
  parent?: StateNodeLike;
  states: Record<string, StateNodeLike>;
  initial?: { target: ReadonlyArray<{ id: string }> } | undefined;
  invoke: ReadonlyArray<{ src: unknown; id: string }>;
  transitions: Map<string, ReadonlyArray<TransitionLike>>;
  always?: ReadonlyArray<TransitionLike>;
}

interface TransitionLike {
  target?: ReadonlyArray<{ id: string }> | undefined;
  guard?: unknown;
  eventType: string;
}

/** `isA`, `{ type: 'isA' }`, `not(isA)`, `and(isA, hasB)`; an inline function by its name. */
export function guardName(guard: unknown): string | null {
  if (guard == null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const inner = (guard as { guards?: unknown[] }).guards;
    if (Array.isArray(inner)) return `${guard.name}(${inner.map((g) => guardName(g) ?? '?').join(', ')})`;
    return guard.name && guard.name !== 'guard' ? guard.name : 'inline';
  }
  if (typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'inline';
}

/** xstate's internal event types in words; app events unchanged. */
export function eventLabel(eventType: string): string {
  if (eventType === '') return 'always';
  const after = /^xstate\.after\.(.+?)\.[^.]+(?:\..+)?$/.exec(eventType);
  if (after) return /^\d+$/.test(after[1]!) ? `after ${after[1]}ms` : `after ${after[1]}`;
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (actor) return `${actor[1]}: ${actor[2]}`;
  const state = /^xstate\.done\.state\.(.+)$/.exec(eventType);
  if (state) return `done: ${state[1]}`;
  return eventType;
}

function invokeName(invoke: { src: unknown; id: string }): string {
  return typeof invoke.src === 'string' ? invoke.src : invoke.id;
}

/** Walks `machine.root`: nodes in document order (parents first), edges in definition order. */
export function machineToGraph(machine: { root: StateNodeLike; id: string }): MachineGraph {
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  const visit = (node: StateNodeLike) => {
    nodes.push({
      id: node.id,
      key: node.key,
      parent: node.parent?.id ?? null,
      type: node.type as GraphNodeType,
      initial: node.type === 'compound' ? (node.initial?.target[0]?.id ?? null) : null,
      invokes: node.invoke.map(invokeName),
    });
    const transitions = [...node.transitions.values()].flat().concat(node.always ?? []);
    for (const t of transitions) {
      const targets = t.target?.length ? t.target.map((s) => s.id) : [node.id];
      for (const target of targets) {
        edges.push({
          source: node.id,
          target,
          event: t.eventType,
          label: eventLabel(t.eventType),
          guard: guardName(t.guard),
          internal: !t.target?.length,
        });
      }
    }
    Object.values(node.states).forEach(visit);
  };
  visit(machine.root);
  return { id: machine.id, nodes, edges };
}

/** The events a reader or a tester can send: no xstate internals (`xstate.*`), no eventless. */
export function externalEvents(graph: MachineGraph): string[] {
  return [...new Set(graph.edges.map((e) => e.event).filter((e) => e !== '' && !e.startsWith('xstate.')))].sort();
}

/**
 * The events the current state accepts (`snapshot.can`), asked with a bare `{ type }`. A guard that
 * throws on a bare event reads its payload: the event is listed, the JSON editor supplies the payload.
 */
export function acceptedEvents(snapshot: { can(event: { type: string }): boolean }, events: readonly string[]): string[] {
  return events.filter((type) => {
    try {
      return snapshot.can({ type });
    } catch {
      return true;
    }
  });
}
