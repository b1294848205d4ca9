/**
 * DEVELOPMENT ONLY (docs/inspector.md, `?inspect`). The offline visual inspector: fed the raw
 * xstate inspection events of every actor (long-lived and page-scoped), it draws each machine's
 * statechart from `actor.logic` (./graph.ts, laid out by elkjs in ./layout.ts), highlights the
 * active states as snapshots arrive, lists the events and the (masked) context, and sends any event
 * the current state accepts. It lives in a shadow root so the shop's styles and its own never mix.
 */
import type { AnyActor, InspectionEvent } from 'xstate';
import { acceptedEvents, externalEvents, machineToGraph, type MachineGraph, type StateNodeLike } from './graph';
import { layoutGraph, type Layout } from './layout';

const MAX_EVENTS = 60;
const MAX_STOPPED = 8;
const SVG = 'http://www.w3.org/2000/svg';
/** Marks the panel's host; tests/tools/check-no-inspector.mjs fails a production build that carries it. */
const HOST_MARKER = 'xstate-dev-inspector';

interface MachineLogic {
  id: string;
  root: StateNodeLike;
}

interface ActorEntry {
  ref: AnyActor;
  name: string;
  snapshot: unknown;
  events: string[];
  graph: MachineGraph | null;
}

const STYLE = `
:host{all:initial}
.panel{position:fixed;inset-block-end:0;inset-inline-end:0;inline-size:min(760px,100vw);block-size:55vh;display:flex;flex-direction:column;
  font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace;background:#0f1720;color:#e6edf3;box-shadow:0 0 24px rgb(0 0 0/.35);
  border-start-start-radius:8px;z-index:2147483647;overflow:hidden}
.panel[data-collapsed]{block-size:auto}
.panel[data-wide]{inline-size:100vw;block-size:85vh}
.panel[data-collapsed] .body{display:none}
header{display:flex;gap:8px;align-items:center;padding-block:4px;padding-inline:10px;background:#0a3a34;font-weight:600}
header span{flex:1}
button{font:inherit;color:inherit;background:#1e2a36;border:1px solid #3b4b5c;border-radius:4px;padding-block:2px;padding-inline:6px;cursor:pointer}
button:focus-visible,textarea:focus-visible,.diagram:focus-visible{outline:2px solid #ffd479;outline-offset:1px}
button[aria-pressed=true],button[aria-current=true]{background:#7ee2b8;color:#0f1720}
.body{flex:1;display:flex;min-block-size:0}
nav{inline-size:180px;overflow:auto;border-inline-end:1px solid #2b3440;padding:6px;display:flex;flex-direction:column;gap:4px}
nav button{text-align:start}
nav .stopped{opacity:.55}
.detail{flex:1;overflow:auto;padding:8px;display:flex;flex-direction:column;gap:8px}
h2,h3{margin:0;font-size:12px;color:#7ee2b8}
.state{color:#ffd479;word-break:break-word}
.detail>*{flex-shrink:0}
.diagram{overflow:auto;max-block-size:34vh;background:#121c26;border:1px solid #2b3440}
.diagram svg{display:block}
.node rect{fill:#1b2631;stroke:#52667a;stroke-width:1}
.node text{fill:#c9d1d9;font-size:11px}
.node.active rect{fill:#3d3514;stroke:#ffd479;stroke-width:2}
.node.active>text{fill:#ffd479;font-weight:700}
.node.parallel>rect{stroke-dasharray:4 3}
.node.final>rect{stroke-width:3}
.edge path{fill:none;stroke:#7b8a99;stroke-width:1}
.edge.live path{stroke:#7ee2b8;stroke-width:1.5}
.edge text{fill:#a5b3c2;font-size:10px}
.edge.live text{fill:#7ee2b8}
.events{display:flex;flex-wrap:wrap;gap:4px}
textarea{font:inherit;color:inherit;background:#121c26;border:1px solid #3b4b5c;inline-size:100%;box-sizing:border-box;min-block-size:4em}
.error{color:#ff8a8a}
pre{margin:0;white-space:pre-wrap;word-break:break-word;color:#c9d1d9}
ol{margin:0;padding-inline-start:32px;max-block-size:160px;overflow:auto;color:#a5b3c2}
`;

/** Never show a live session token, even on a developer's screen share (any depth, any `*token` key). */
export function maskTokens(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => maskTokens(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, /token$/i.test(k) && typeof v === 'string' && v ? '•••' : maskTokens(v, depth + 1)]),
  );
}

function isMachine(logic: unknown): logic is MachineLogic {
  return typeof logic === 'object' && logic !== null && 'root' in logic && 'id' in logic;
}

/** The ids of the active state nodes (leaves and their ancestors). */
export function activeNodeIds(snapshot: unknown): Set<string> {
  const nodes = (snapshot as { _nodes?: Array<{ id: string }> } | null)?._nodes;
  return new Set((nodes ?? []).map((n) => n.id));
}

function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  props: Record<string, unknown> = {},
  ...kids: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const e = doc.createElement(tag);
  Object.assign(e, props);
  e.append(...kids);
  return e;
}

function svg(doc: Document, tag: string, attrs: Record<string, string | number>, ...kids: (Node | string)[]) {
  const e = doc.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  e.append(...kids);
  return e;
}

export function startPanel(doc: Document = document): (event: InspectionEvent) => void {
  const actors = new Map<string, ActorEntry>();
  const layouts = new WeakMap<object, Promise<Layout>>();
  let selected: string | null = null;
  let queued = false;
  let payloadDraft: { id: string; text: string } | null = null;

  const host = doc.createElement('div');
  host.dataset.xsid = HOST_MARKER;
  const shadow = host.attachShadow({ mode: 'open' });
  const panel = el(doc, 'section', { className: 'panel' });
  panel.setAttribute('aria-label', 'XState inspector');
  const toggle = el(doc, 'button', { type: 'button' }, 'Hide');
  toggle.setAttribute('aria-expanded', 'true');
  toggle.addEventListener('click', () => {
    const collapsed = panel.toggleAttribute('data-collapsed');
    toggle.textContent = collapsed ? 'Show' : 'Hide';
    toggle.setAttribute('aria-expanded', String(!collapsed));
  });
  const wide = el(doc, 'button', { type: 'button' }, 'Wide');
  wide.setAttribute('aria-pressed', 'false');
  wide.addEventListener('click', () => wide.setAttribute('aria-pressed', String(panel.toggleAttribute('data-wide'))));
  const nav = el(doc, 'nav');
  nav.setAttribute('aria-label', 'Actors');
  const detail = el(doc, 'div', { className: 'detail' });
  panel.append(
    el(doc, 'header', {}, el(doc, 'span', {}, 'XState inspector (local, offline)'), wide, toggle),
    el(doc, 'div', { className: 'body' }, nav, detail),
  );
  shadow.append(el(doc, 'style', {}, STYLE), panel);
  doc.body.append(host);

  const layoutOf = (entry: ActorEntry) => {
    const logic = entry.ref.logic as object;
    let p = layouts.get(logic);
    if (!p && entry.graph) {
      p = layoutGraph(entry.graph);
      layouts.set(logic, p);
    }
    return p;
  };

  const drawDiagram = (entry: ActorEntry, box: HTMLElement) => {
    const pending = layoutOf(entry);
    if (!pending) return;
    void pending.then(
      (layout) => {
        if (!box.isConnected) return;
        const active = activeNodeIds(entry.snapshot);
        const node = (n: Layout['nodes'][number]) => {
          const label = n.invokes.length ? `${n.key} ⟳ ${n.invokes.join(', ')}` : n.key;
          return svg(
            doc,
            'g',
            { class: `node ${n.type}${active.has(n.id) ? ' active' : ''}`, 'data-id': n.id },
            svg(doc, 'rect', { x: n.x, y: n.y, width: n.width, height: n.height, rx: 6 }),
            svg(doc, 'text', { x: n.x + 8, y: n.y + 20 }, label),
          );
        };
        const edge = (e: Layout['edges'][number]) =>
          svg(
            doc,
            'g',
            { class: `edge${active.has(e.source) ? ' live' : ''}` },
            svg(doc, 'path', { d: e.path, 'marker-end': 'url(#arrow)' }),
            svg(doc, 'text', { x: e.labelX, y: e.labelY }, e.label),
          );
        const picture = svg(
          doc,
          'svg',
          {
            width: layout.width + 16,
            height: layout.height + 16,
            viewBox: `-8 -8 ${layout.width + 16} ${layout.height + 16}`,
            role: 'img',
            'aria-label': `Statechart of ${entry.name}; active: ${[...active].join(', ')}`,
          },
          svg(
            doc,
            'defs',
            {},
            svg(
              doc,
              'marker',
              { id: 'arrow', viewBox: '0 0 8 8', refX: 8, refY: 4, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' },
              svg(doc, 'path', { d: 'M0,0 L8,4 L0,8 z', fill: '#7b8a99' }),
            ),
          ),
          ...layout.nodes.map(node),
          ...layout.edges.map(edge),
        );
        const first = !box.firstChild;
        box.replaceChildren(picture);
        // Bring the active leaf into view the first time (large charts scroll).
        const leaf = [...layout.nodes].reverse().find((n) => active.has(n.id));
        if (first && leaf)
          box.scrollTo(
            Math.max(0, leaf.x + leaf.width / 2 - box.clientWidth / 2),
            Math.max(0, leaf.y + leaf.height / 2 - box.clientHeight / 2),
          );
      },
      (error: unknown) => box.replaceChildren(el(doc, 'p', { className: 'error' }, `Layout failed: ${String(error)}`)),
    );
  };

  const renderDetail = (id: string, entry: ActorEntry) => {
    const snap = entry.snapshot as { value?: unknown; context?: unknown; status?: string; can?: (e: { type: string }) => boolean } | null;
    const parts: Node[] = [
      el(doc, 'h2', {}, `${entry.name} (${id})`),
      el(doc, 'div', { className: 'state' }, `${snap?.status ?? ''} ${JSON.stringify(snap?.value ?? null)}`),
    ];
    if (entry.graph) {
      const box = el(doc, 'div', { className: 'diagram', tabIndex: 0 });
      box.setAttribute('aria-label', 'Statechart (scroll with the arrow keys)');
      box.setAttribute('role', 'region');
      // The same actor again: keep its drawing and scroll position until the new one is there (no flicker).
      const previous = detail.dataset.actor === id ? detail.querySelector<HTMLElement>('.diagram') : null;
      if (previous) {
        box.append(...[...previous.childNodes]);
        queueMicrotask(() => box.scrollTo(previous.scrollLeft, previous.scrollTop));
      }
      parts.push(box);
      drawDiagram(entry, box);
      const status = el(doc, 'p', { className: 'error' });
      status.setAttribute('role', 'status');
      const editor = el(doc, 'textarea', { value: payloadDraft?.id === id ? payloadDraft.text : '' });
      editor.setAttribute('aria-label', 'Event to send (JSON)');
      editor.addEventListener('input', () => (payloadDraft = { id, text: editor.value }));
      const send = el(doc, 'button', { type: 'button' }, 'Send');
      send.addEventListener('click', () => {
        try {
          const event = JSON.parse(editor.value) as unknown;
          if (!event || typeof event !== 'object' || typeof (event as { type?: unknown }).type !== 'string')
            throw new Error('an event is an object with a string "type"');
          payloadDraft = null;
          entry.ref.send(event as { type: string });
        } catch (error) {
          status.textContent = error instanceof Error ? error.message : String(error);
        }
      });
      const accepted =
        snap?.can && snap.status === 'active'
          ? acceptedEvents(snap as { can: (e: { type: string }) => boolean }, externalEvents(entry.graph))
          : [];
      // Prefilled with the first event the state accepts, so Send works at once.
      if (!editor.value && accepted[0]) editor.value = JSON.stringify({ type: accepted[0] }, null, 2);
      const buttons = accepted.map((type) => {
        const b = el(doc, 'button', { type: 'button', title: 'Fill the editor; Shift: send { type } at once' }, type);
        b.addEventListener('click', (e) => {
          if (e.shiftKey) return entry.ref.send({ type });
          editor.value = JSON.stringify({ type }, null, 2);
          payloadDraft = { id, text: editor.value };
          editor.focus();
        });
        return b;
      });
      parts.push(
        el(doc, 'h3', {}, 'Events the current state accepts'),
        el(doc, 'div', { className: 'events' }, ...(buttons.length ? buttons : ['none'])),
        editor,
        el(doc, 'div', {}, send),
        status,
      );
    }
    const log = el(doc, 'ol', { reversed: true }, ...[...entry.events].reverse().map((e) => el(doc, 'li', {}, e)));
    parts.push(
      el(doc, 'h3', {}, 'Context'),
      el(doc, 'pre', {}, JSON.stringify(maskTokens(snap?.context ?? null), null, 2)),
      el(doc, 'h3', {}, 'Events received'),
      log,
    );
    const focusedLabel = (shadow.activeElement as HTMLElement | null)?.textContent;
    const editorFocused = shadow.activeElement?.tagName === 'TEXTAREA';
    detail.replaceChildren(...parts);
    detail.dataset.actor = id;
    // Keep the keyboard where it was across re-renders.
    if (editorFocused) detail.querySelector('textarea')?.focus();
    else if (focusedLabel) [...detail.querySelectorAll('button')].find((b) => b.textContent === focusedLabel)?.focus();
  };

  const render = () => {
    const hadNavFocus = (shadow.activeElement?.closest?.('nav') && (shadow.activeElement as HTMLElement).dataset.id) || null;
    nav.replaceChildren(
      ...[...actors.entries()].map(([id, a]) => {
        const b = el(doc, 'button', { type: 'button' }, a.name);
        b.dataset.id = id;
        if ((a.snapshot as { status?: string } | null)?.status !== 'active') b.classList.add('stopped');
        b.setAttribute('aria-current', String(id === selected));
        b.addEventListener('click', () => {
          selected = id;
          schedule();
        });
        return b;
      }),
    );
    if (hadNavFocus) nav.querySelector<HTMLElement>(`[data-id="${CSS.escape(hadNavFocus)}"]`)?.focus();
    if (!selected || !actors.has(selected)) selected = [...actors.keys()][0] ?? null;
    const entry = selected ? actors.get(selected) : undefined;
    if (selected && entry) renderDetail(selected, entry);
  };

  function schedule() {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      render();
    });
  }

  /** Page-scoped actors stop at every navigation: keep the last few for a look, not all of them. */
  const forgetOldStopped = () => {
    const stopped = [...actors.entries()].filter(
      ([id, a]) => id !== selected && (a.snapshot as { status?: string } | null)?.status === 'stopped',
    );
    for (const [id] of stopped.slice(0, Math.max(0, stopped.length - MAX_STOPPED))) actors.delete(id);
  };

  const entryOf = (ref: AnyActor) => {
    let entry = actors.get(ref.sessionId);
    if (!entry) {
      const logic = ref.logic as unknown;
      entry = {
        ref,
        name: ref.systemId ?? (isMachine(logic) ? logic.id : ref.id),
        // Not ref.getSnapshot(): `@xstate.actor` comes while the actor initialises; its first snapshot follows.
        snapshot: null,
        events: [],
        graph: isMachine(logic) ? machineToGraph(logic) : null,
      };
      actors.set(ref.sessionId, entry);
    }
    return entry;
  };

  return (event) => {
    if (event.type === '@xstate.actor') entryOf(event.actorRef as AnyActor);
    else if (event.type === '@xstate.snapshot') {
      entryOf(event.actorRef as AnyActor).snapshot = event.snapshot;
      if ((event.snapshot as { status?: string }).status === 'stopped') forgetOldStopped();
    } else if (event.type === '@xstate.event') {
      const entry = entryOf(event.actorRef as AnyActor);
      entry.events.push(`${new Date().toLocaleTimeString()} ${JSON.stringify(maskTokens(event.event))}`);
      if (entry.events.length > MAX_EVENTS) entry.events.shift();
    } else return;
    schedule();
  };
}
