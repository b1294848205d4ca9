export function watchAdminEdits(options: {
  url: string;
  intervalMs: number;
  onChange: (generation: string) => void;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  settleMs?: number;
}): { stop(): void; poll(): Promise<void> };
