import type { FailedCall, FailureRecorder } from '../../services/client';

/**
 * Spec §8: failed Shop API calls are recorded with client, operation type and name, HTTP status
 * and errors. The browser keeps the last few in memory (for the error page and debugging) and
 * reports each on the console.
 */
export interface FailureLog extends FailureRecorder {
  entries(): readonly (FailedCall & { at: number })[];
}

export function createFailureLog(options: { max?: number; report?: (call: FailedCall) => void } = {}): FailureLog {
  const max = options.max ?? 50;
  const list: (FailedCall & { at: number })[] = [];
  return {
    record(call) {
      list.push({ ...call, at: Date.now() });
      if (list.length > max) list.shift();
      options.report?.(call);
    },
    entries: () => list,
  };
}
