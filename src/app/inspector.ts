/**
 * DEVELOPMENT ONLY (docs/inspector.md). An offline Stately inspector: the official browser
 * inspector adapter posts inspection events to a local receiver page in a docked iframe, which
 * lists each actor's current state, context and recent events. Nothing here reaches production:
 * it is imported only behind `import.meta.env.DEV`, and the build check greps for it.
 */
import { createBrowserInspector, createBrowserReceiver, type StatelyInspectionEvent } from '@statelyai/inspect';
import type { InspectionEvent } from 'xstate';

const RECEIVER_HTML = `<!doctype html><html lang="en" dir="ltr"><head><meta charset="utf-8"><title>Local XState inspector</title>
<style>
body{margin:0;font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace;background:#0f1720;color:#e6edf3}
header{position:sticky;inset-block-start:0;padding:6px 10px;background:#0a3a34;font-weight:600}
section{border-block-end:1px solid #2b3440;padding:6px 10px}
h2{margin:0 0 4px;font-size:12px;color:#7ee2b8}
.state{color:#ffd479}
pre{margin:4px 0;white-space:pre-wrap;word-break:break-word;color:#c9d1d9}
ol{margin:4px 0;padding-inline-start:18px;max-block-size:140px;overflow:auto}
li{color:#a5b3c2}
</style></head><body><header>XState inspector (local, offline)</header><main id="actors"></main></body></html>`;

const MAX_EVENTS = 60;

interface ActorView {
  name: string;
  state: unknown;
  context: unknown;
  events: string[];
}

function render(doc: Document, actors: Map<string, ActorView>) {
  const main = doc.getElementById('actors');
  if (!main) return;
  main.replaceChildren(
    ...[...actors.entries()].map(([id, a]) => {
      const section = doc.createElement('section');
      const title = doc.createElement('h2');
      title.textContent = `${a.name} (${id})`;
      const state = doc.createElement('div');
      state.className = 'state';
      state.textContent = `state: ${JSON.stringify(a.state)}`;
      const context = doc.createElement('pre');
      context.textContent = JSON.stringify(a.context, null, 2);
      const events = doc.createElement('ol');
      events.reversed = true;
      for (const e of [...a.events].reverse()) {
        const li = doc.createElement('li');
        li.textContent = e;
        events.append(li);
      }
      section.append(title, state, context, events);
      return section;
    }),
  );
}

function receive(doc: Document, win: Window) {
  const actors = new Map<string, ActorView>();
  const view = (id: string, name = id) => {
    let a = actors.get(id);
    if (!a) {
      a = { name, state: null, context: null, events: [] };
      actors.set(id, a);
    }
    return a;
  };
  let queued = false;
  createBrowserReceiver({ window: win }).subscribe((event: StatelyInspectionEvent) => {
    if (event.type === '@xstate.actor') {
      const a = view(event.sessionId, event.name);
      a.name = event.name;
      a.state = event.snapshot?.value ?? null;
      a.context = event.snapshot?.context ?? null;
    } else if (event.type === '@xstate.snapshot') {
      const a = view(event.sessionId);
      const snapshot = event.snapshot as { value?: unknown; context?: unknown };
      a.state = snapshot.value ?? null;
      a.context = snapshot.context ?? null;
    } else if (event.type === '@xstate.event') {
      const a = view(event.sessionId);
      a.events.push(`${new Date(Number(event.createdAt) || event.createdAt).toLocaleTimeString()} ${JSON.stringify(event.event)}`);
      if (a.events.length > MAX_EVENTS) a.events.shift();
    }
    if (!queued) {
      queued = true;
      win.requestAnimationFrame(() => {
        queued = false;
        render(doc, actors);
      });
    }
  });
}

/** Never show a live session token, even on a developer's screen share. */
function redact(context: Record<string, unknown> | undefined): Record<string, unknown> {
  // Promise actors have no context: pass it through untouched.
  if (!context || typeof context !== 'object' || !('token' in context) || !context.token) return context as Record<string, unknown>;
  return { ...context, token: '•••' };
}

export function startInspector(): (event: InspectionEvent) => void {
  const iframe = document.createElement('iframe');
  iframe.title = 'XState inspector';
  iframe.style.cssText =
    'position:fixed;inset-block-end:0;inset-inline-end:0;inline-size:min(440px,100vw);block-size:45vh;' +
    'border:0;border-start-start-radius:8px;box-shadow:0 0 24px rgb(0 0 0/.35);z-index:2147483647;background:#0f1720';
  iframe.addEventListener(
    'load',
    () => {
      if (iframe.contentWindow && iframe.contentDocument) receive(iframe.contentDocument, iframe.contentWindow);
    },
  );
  document.body.append(iframe);
  // A blob: page of our own origin: works offline and needs no route or public file.
  const url = URL.createObjectURL(new Blob([RECEIVER_HTML], { type: 'text/html' }));
  const inspector = createBrowserInspector({ iframe, url, sanitizeContext: redact });
  return (event) => inspector.inspect.next?.(event);
}
