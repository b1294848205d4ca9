// The storefront's side of "an edit in the admin shows within seconds" (docs/decisions/042):
// every `intervalMs` it asks Vendure for the storefront generation (`GET /storefront-changes`,
// changed by every admin edit: server/src/plugins/common/storefront-changes) and, when it changed,
// calls `onChange` — which drops this process's page cache and SSR read cache. Each storefront
// instance polls for itself, so several instances behind a balancer all learn of the edit.
// Vendure unreachable: nothing is dropped (the caches keep serving through an outage); the next
// answer that differs from the last one seen counts.
// `onChange` runs again `settleMs` later: another Vendure process's listing index catches up
// with an edit within its sync interval (2 s, catalogue-index.service.ts), and a page rendered
// from it in between must not stay cached.

/**
 * @param {{ url: string, intervalMs: number, onChange: (generation: string) => void,
 *   fetch?: typeof globalThis.fetch, timeoutMs?: number, settleMs?: number }} options
 * @returns {{ stop(): void, poll(): Promise<void> }}
 */
export function watchAdminEdits({ url, intervalMs, onChange, fetch = globalThis.fetch, timeoutMs = 2_000, settleMs = 3_000 }) {
  /** @type {string | null} */
  let seen = null;
  let stopped = false;
  let timer;
  let settle;
  let running = null;

  async function once() {
    let generation;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
      if (!res.ok) return;
      const body = await res.json();
      generation = typeof body?.generation === 'string' ? body.generation : null;
    } catch {
      return;
    }
    if (generation === null || stopped) return;
    const previous = seen;
    seen = generation;
    // The first answer is where this process starts from: its caches were filled after it.
    if (previous === null || previous === generation) return;
    onChange(generation);
    clearTimeout(settle);
    settle = setTimeout(() => {
      if (!stopped) onChange(generation);
    }, settleMs);
    settle.unref?.();
  }

  function poll() {
    running ??= once().finally(() => (running = null));
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => void poll().then(schedule), intervalMs);
    timer.unref?.();
  }

  if (intervalMs > 0) void poll().then(schedule);
  return {
    poll,
    stop() {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(settle);
    },
  };
}
