/**
 * DEVELOPMENT ONLY. A machine graph (./graph.ts) laid out with elkjs (the layered algorithm Stately's
 * own visualiser uses): compound and parallel states are boxes around their children, edges are
 * routed through the hierarchy. elkjs is loaded only when the panel draws its first diagram.
 */
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { MachineGraph } from './graph';

export interface LaidOutNode {
  id: string;
  key: string;
  type: string;
  x: number;
  y: number;
  width: number;
  height: number;
  depth: number;
  invokes: string[];
}

export interface LaidOutEdge {
  id: string;
  source: string;
  target: string;
  label: string;
  /** SVG path data, absolute. */
  path: string;
  labelX: number;
  labelY: number;
}

export interface Layout {
  width: number;
  height: number;
  nodes: LaidOutNode[];
  edges: LaidOutEdge[];
}

const CHAR = 7;
const LEAF_HEIGHT = 34;

export function edgeText(e: { label: string; guard: string | null }): string {
  return e.guard ? `${e.label} [${e.guard}]` : e.label;
}

/** The ELK input: the machine's root's children as a nested node tree, every edge at the root. */
export function toElkGraph(graph: MachineGraph): ElkNode {
  const root = graph.nodes.find((n) => n.parent === null);
  const byParent = new Map<string | null, MachineGraph['nodes']>();
  for (const n of graph.nodes) byParent.set(n.parent, [...(byParent.get(n.parent) ?? []), n]);
  const build = (id: string): ElkNode[] =>
    (byParent.get(id) ?? []).map((n) => {
      const children = build(n.id);
      const label = n.invokes.length ? `${n.key} ⟳ ${n.invokes.join(', ')}` : n.key;
      return {
        id: n.id,
        width: Math.max(72, label.length * CHAR + 24),
        height: LEAF_HEIGHT,
        labels: [{ text: label, width: label.length * CHAR, height: 14 }],
        layoutOptions: (children.length
          ? {
              'elk.padding': '[top=30,left=12,bottom=12,right=12]',
              'elk.nodeSize.constraints': 'MINIMUM_SIZE',
              'elk.nodeSize.minimum': `(${label.length * CHAR + 24}, 40)`,
            }
          : {}) as Record<string, string>,
        children,
      };
    });
  const edges: ElkExtendedEdge[] = graph.edges
    // Not the machine's own transitions (no box to start from) nor targetless ones (self-loops on
    // every box, actions only): the event buttons list what each state accepts.
    .filter((e) => e.source !== root?.id && !e.internal)
    .map((e, i) => {
      const text = edgeText(e);
      return { id: `e${i}`, sources: [e.source], targets: [e.target], labels: [{ text, width: text.length * CHAR, height: 14 }] };
    });
  return {
    id: root?.id ?? graph.id,
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.layered.spacing.nodeNodeBetweenLayers': '36',
      'elk.spacing.edgeLabel': '4',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.json.edgeCoords': 'ROOT',
      'elk.json.shapeCoords': 'ROOT',
    },
    children: build(root?.id ?? graph.id),
    edges,
  };
}

/** ELK's answer as flat, absolutely placed nodes and edges (parents before children). */
export function fromElkLayout(laid: ElkNode, graph: MachineGraph): Layout {
  const info = new Map(graph.nodes.map((n) => [n.id, n]));
  const nodes: LaidOutNode[] = [];
  const walk = (n: ElkNode, depth: number) => {
    for (const c of n.children ?? []) {
      const g = info.get(c.id);
      nodes.push({
        id: c.id,
        key: g?.key ?? c.id,
        type: g?.type ?? 'atomic',
        x: c.x ?? 0,
        y: c.y ?? 0,
        width: c.width ?? 0,
        height: c.height ?? 0,
        depth,
        invokes: g?.invokes ?? [],
      });
      walk(c, depth + 1);
    }
  };
  walk(laid, 0);
  const edges: LaidOutEdge[] = (laid.edges ?? []).map((e) => {
    const ext = e as ElkExtendedEdge;
    const points = (ext.sections ?? []).flatMap((s) => [s.startPoint, ...(s.bendPoints ?? []), s.endPoint]);
    const label = ext.labels?.[0];
    return {
      id: ext.id,
      source: ext.sources[0] ?? '',
      target: ext.targets[0] ?? '',
      label: label?.text ?? '',
      path: points.map((p, i) => `${i ? 'L' : 'M'}${Math.round(p.x)},${Math.round(p.y)}`).join(' '),
      labelX: label?.x ?? points[0]?.x ?? 0,
      labelY: (label?.y ?? points[0]?.y ?? 0) + 11,
    };
  });
  return { width: laid.width ?? 0, height: laid.height ?? 0, nodes, edges };
}

export async function layoutGraph(graph: MachineGraph): Promise<Layout> {
  const { default: ELK } = await import('elkjs/lib/elk.bundled.js');
  const laid = await new ELK().layout(toElkGraph(graph));
  return fromElkLayout(laid, graph);
}
