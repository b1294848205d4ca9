/**
 * DEVELOPMENT ONLY (docs/inspector.md). The two inspectors an `?inspect` URL can ask for:
 *
 * - `?inspect` (or `VITE_INSPECT=1`): the offline visual panel (./inspector/panel.ts), fed the raw
 *   inspection events in this page, so it can read each actor's machine and send it events;
 * - `?inspect=stately` (or `VITE_INSPECT=stately`): the official Stately inspector, through
 *   `@statelyai/inspect`'s `createBrowserInspector()`, which opens stately.ai/inspect (needs a network).
 *
 * Nothing here reaches production: it is imported only behind `import.meta.env.DEV`, and
 * `npm run build:web` ends with tests/tools/check-no-inspector.mjs.
 */
import type { InspectionEvent } from 'xstate';
import type { InspectorMode } from './browser-actors';
import { maskTokens, startPanel } from './inspector/panel';

export async function startInspector(mode: InspectorMode): Promise<(event: InspectionEvent) => void> {
  if (mode === 'local') return startPanel();
  const { createBrowserInspector } = await import('@statelyai/inspect');
  const inspector = createBrowserInspector({
    sanitizeContext: (context) => maskTokens(context) as Record<string, unknown>,
    sanitizeEvent: (event) => maskTokens(event) as typeof event,
  });
  return (event) => inspector.inspect.next?.(event);
}
