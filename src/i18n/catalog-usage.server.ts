import { AsyncLocalStorage } from 'node:async_hooks';
import { partOf } from 'virtual:catalog-parts';
import { partsForIds } from './catalog-parts';
import { observeMessages } from './i18n';

/**
 * Which messages a server render used (decision 009): the browser loads only the catalog parts
 * holding them before it hydrates, so the first render in the browser has every message the server
 * printed (no hydration mismatch) without downloading the whole catalog first.
 */
const usage = new AsyncLocalStorage<Set<string>>();
observeMessages((id) => usage.getStore()?.add(id));

/** Runs `render` (and everything it schedules) recording message ids into `used`. */
export function recordMessageUsage<T>(used: Set<string>, render: () => T): T {
  return usage.run(used, render);
}

/** The inline script telling the browser which catalog parts to load before hydrating. */
export function catalogPartsScript(used: Iterable<string>, nonce?: string): string {
  // JSON of known part names only (letters), so nothing here can close the script element; the
  // nonce is the server's base64url placeholder (entry.server.tsx).
  const attribute = nonce && /^[A-Za-z0-9_-]+$/.test(nonce) ? ` nonce="${nonce}"` : '';
  return `<script${attribute}>self.__catalogParts=${JSON.stringify(partsForIds(used, partOf))}</script>`;
}
