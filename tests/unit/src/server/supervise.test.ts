// @vitest-environment node
import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// @ts-expect-error -- plain ESM server module without type declarations
import { backoffDelay, createSupervisor } from '../../../../src/server/supervise.mjs';

/** A child process stand-in: records the signals it got; `die()` makes it exit. */
class FakeChild extends EventEmitter {
  static next = 100;
  pid = FakeChild.next++;
  signals: string[] = [];
  /** Exits on SIGTERM like a well-behaved server, unless told to ignore it. */
  constructor(private ignoreTerm = false) {
    super();
  }
  kill(signal: string) {
    this.signals.push(signal);
    if (signal === 'SIGKILL' || !this.ignoreTerm) queueMicrotask(() => this.emit('exit', null, signal));
    return true;
  }
  die(code = 1) {
    this.emit('exit', code, null);
  }
}

describe('backoffDelay', () => {
  it('doubles from the base and stops at the cap', () => {
    const o = { baseMs: 1000, maxMs: 30_000 };
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((n) => backoffDelay(n, o))).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });
  it('is zero before any failure', () => {
    expect(backoffDelay(0)).toBe(0);
  });
});

describe('createSupervisor', () => {
  let children: FakeChild[];
  let lines: string[];
  let ignoreTerm: boolean;
  const kid = (i: number) => children[i]!;
  const make = (extra = {}) =>
    createSupervisor({
      name: 'Vendure',
      spawn: () => {
        const c = new FakeChild(ignoreTerm);
        children.push(c);
        return c;
      },
      log: (m: string) => lines.push(m),
      baseMs: 1000,
      maxMs: 8000,
      resetAfterMs: 60_000,
      killAfterMs: 10_000,
      ...extra,
    });

  beforeEach(() => {
    vi.useFakeTimers();
    children = [];
    lines = [];
    ignoreTerm = false;
  });
  afterEach(() => vi.useRealTimers());

  it('restarts a crashed child after 1, 2, 4, 8, 8 s while it keeps crashing at once', () => {
    const s = make();
    s.start();
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      const before = children.length;
      children.at(-1)!.die(1);
      let waited = 0;
      while (children.length === before) {
        vi.advanceTimersByTime(500);
        waited += 500;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 8000]);
    expect(children).toHaveLength(6);
    expect(lines[0]).toBe('Vendure exited (code 1) after 0 s; restart 1 in 1 s');
    expect(lines[4]).toBe('Vendure exited (code 1) after 0 s; restart 5 in 8 s');
    expect(s.status()).toEqual({ name: 'Vendure', state: 'running', pid: kid(5).pid, restarts: 5 });
  });

  it('starts over from the shortest delay once the child stayed up for the reset time', () => {
    const s = make();
    s.start();
    kid(0).die(1);
    vi.advanceTimersByTime(1000); // restart 1
    kid(1).die(1);
    vi.advanceTimersByTime(2000); // restart 2 (second failure in a row)
    expect(children).toHaveLength(3);
    vi.advanceTimersByTime(61_000); // stays up past resetAfterMs
    kid(2).die(0);
    expect(lines.at(-1)).toBe('Vendure exited (code 0) after 61 s; restart 3 in 1 s');
    vi.advanceTimersByTime(999);
    expect(children).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(children).toHaveLength(4);
  });

  it('reports a restarting state with no pid while it waits', () => {
    const s = make();
    s.start();
    kid(0).emit('exit', null, 'SIGKILL');
    expect(lines).toEqual(['Vendure exited (signal SIGKILL) after 0 s; restart 1 in 1 s']);
    expect(s.status()).toEqual({ name: 'Vendure', state: 'restarting', pid: null, restarts: 1 });
    expect(s.child).toBeNull();
  });

  it('stop() sends SIGTERM, resolves on exit and never restarts', async () => {
    const s = make();
    s.start();
    await s.stop();
    expect(kid(0).signals).toEqual(['SIGTERM']);
    vi.advanceTimersByTime(120_000);
    expect(children).toHaveLength(1);
    expect(s.status().state).toBe('stopped');
    expect(lines).toEqual([]);
  });

  it('stop() during a backoff wait cancels the pending restart', async () => {
    const s = make();
    s.start();
    kid(0).die(1);
    await s.stop();
    vi.advanceTimersByTime(120_000);
    expect(children).toHaveLength(1);
  });

  it('stop() kills a child that ignores SIGTERM after killAfterMs', async () => {
    ignoreTerm = true;
    const s = make();
    s.start();
    const stopped = s.stop();
    vi.advanceTimersByTime(9_999);
    expect(kid(0).signals).toEqual(['SIGTERM']);
    vi.advanceTimersByTime(1);
    await stopped;
    expect(kid(0).signals).toEqual(['SIGTERM', 'SIGKILL']);
  });

  it('hold() keeps the child down until resume(), which starts it at once with a fresh count', async () => {
    const s = make();
    s.start();
    kid(0).die(1);
    vi.advanceTimersByTime(1000);
    await s.hold();
    expect(kid(1).signals).toEqual(['SIGTERM']);
    vi.advanceTimersByTime(120_000);
    expect(children).toHaveLength(2);
    expect(s.status()).toEqual({ name: 'Vendure', state: 'held', pid: null, restarts: 1 });
    s.resume();
    expect(children).toHaveLength(3);
    expect(lines).toEqual([
      'Vendure exited (code 1) after 0 s; restart 1 in 1 s',
      'Vendure stopped on request',
      'Vendure started on request',
    ]);
    kid(2).die(1);
    expect(lines.at(-1)).toBe('Vendure exited (code 1) after 0 s; restart 2 in 1 s');
  });

  it('hands each started child to onStart', () => {
    const seen: number[] = [];
    const s = make({ onStart: (c: FakeChild) => seen.push(c.pid) });
    s.start();
    kid(0).die(1);
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual([kid(0).pid, kid(1).pid]);
  });
});
