import { describe, expect, it } from 'vitest';
import {
  DISMISSED_ALERTS_KEY,
  readDismissedAlerts,
  rememberDismissedAlert,
} from '../../../../../src/components/alert-banner/dismissed-alerts';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    data,
  };
}

describe('dismissed alerts', () => {
  it('remembers each alert id once', () => {
    const s = memoryStorage();
    rememberDismissedAlert(s, '3');
    rememberDismissedAlert(s, '4');
    rememberDismissedAlert(s, '3');
    expect(readDismissedAlerts(s)).toEqual(['4', '3']);
  });

  it('survives corrupted storage', () => {
    expect(readDismissedAlerts(memoryStorage({ [DISMISSED_ALERTS_KEY]: '{not json' }))).toEqual([]);
    expect(readDismissedAlerts(memoryStorage({ [DISMISSED_ALERTS_KEY]: '{"a":1}' }))).toEqual([]);
  });

  it('keeps the list short', () => {
    const s = memoryStorage();
    for (let i = 0; i < 30; i++) rememberDismissedAlert(s, String(i));
    expect(readDismissedAlerts(s)).toHaveLength(20);
    expect(readDismissedAlerts(s).at(-1)).toBe('29');
  });
});
