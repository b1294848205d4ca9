import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  buildCheckMachine,
  FIRST_CHECK_MS,
  RELOAD_GUARD_MS,
  type BuildCheckInput,
  type LastRefresh,
} from '../../../machines/build-check.machine';
import type { LatestBuild } from '../../../services/build.service';

/** The machine with a fake server: `answers` are the build ids (or errors) the checks get, in order. */
function start(input: BuildCheckInput, answers: Array<string | Error>) {
  const fetches: number[] = [];
  const reloads: LastRefresh[] = [];
  const machine = buildCheckMachine.provide({
    actors: {
      fetchLatestBuild: fromPromise<LatestBuild>(async () => {
        fetches.push(Date.now());
        const answer = answers.shift();
        if (answer === undefined) throw new Error('no more answers');
        if (answer instanceof Error) throw answer;
        return { id: answer };
      }),
    },
    actions: { reloadPage: (_, refresh) => void reloads.push(refresh) },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, fetches, reloads };
}

describe('build check machine', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('uses the spec constants: first check after 1 s, reload guard 10 s', () => {
    expect(FIRST_CHECK_MS).toBe(1000);
    expect(RELOAD_GUARD_MS).toBe(10_000);
  });

  it('fetches the manifest 1 s after start, not before', async () => {
    const { actor, fetches } = start({ runningBuildId: 'aaa' }, ['aaa']);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetches).toHaveLength(0);
    expect(actor.getSnapshot().value).toBe('waiting');
    await vi.advanceTimersByTimeAsync(1);
    expect(fetches).toEqual([1_001_000]);
    expect(actor.getSnapshot().value).toBe('current');
  });

  it('checks again every interval while the build is current, and after a failed check', async () => {
    const { actor, fetches } = start({ runningBuildId: 'aaa', intervalMs: 60_000 }, ['aaa', new Error('offline'), 'aaa']);
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(actor.getSnapshot().value).toBe('current');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetches.map((t) => t - 1_000_000)).toEqual([1_000, 61_000, 121_000]);
    expect(actor.getSnapshot().value).toBe('current');
  });

  it('offers the refresh when the server serves another build, and stops checking', async () => {
    const { actor, fetches, reloads } = start({ runningBuildId: 'aaa', intervalMs: 60_000 }, ['bbb']);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(actor.getSnapshot().value).toBe('outdated');
    expect(actor.getSnapshot().context).toMatchObject({ latestBuildId: 'bbb', reason: 'newBuild' });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(fetches).toHaveLength(1);
    // Never by itself: only the shopper's refresh reloads.
    expect(reloads).toEqual([]);
  });

  it('reloads when the shopper presses refresh, remembering from which build', async () => {
    const { actor, reloads } = start({ runningBuildId: 'aaa' }, ['bbb']);
    await vi.advanceTimersByTimeAsync(1_000);
    actor.send({ type: 'build.refresh', at: 5_000_000 });
    expect(reloads).toEqual([{ at: 5_000_000, fromBuildId: 'aaa' }]);
    expect(actor.getSnapshot().value).toBe('refreshing');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('holds a refresh asked for within 10 s of one that left the page on the same build', async () => {
    const lastRefresh = { at: 1_000_000 - 2_000, fromBuildId: 'aaa' };
    const { actor, reloads } = start({ runningBuildId: 'aaa', lastRefresh }, ['bbb']);
    await vi.advanceTimersByTimeAsync(1_000);
    // 3 s after the last refresh: 7 s of the guard are left
    actor.send({ type: 'build.refresh', at: Date.now() });
    expect(actor.getSnapshot().value).toBe('holding');
    await vi.advanceTimersByTimeAsync(6_999);
    expect(reloads).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(reloads).toEqual([{ at: lastRefresh.at + 10_000, fromBuildId: 'aaa' }]);
    expect(actor.getSnapshot().value).toBe('refreshing');
  });

  it('does not hold a refresh when the last one is older than 10 s, or brought another build', async () => {
    const old = start({ runningBuildId: 'aaa', lastRefresh: { at: 1_000_000 - 9_500, fromBuildId: 'aaa' } }, ['bbb']);
    await vi.advanceTimersByTimeAsync(1_000);
    old.actor.send({ type: 'build.refresh', at: Date.now() });
    expect(old.reloads).toHaveLength(1);

    const moved = start({ runningBuildId: 'bbb', lastRefresh: { at: Date.now() - 1_000, fromBuildId: 'aaa' } }, ['ccc']);
    await vi.advanceTimersByTimeAsync(1_000);
    moved.actor.send({ type: 'build.refresh', at: Date.now() });
    expect(moved.reloads).toEqual([{ at: Date.now(), fromBuildId: 'bbb' }]);
  });

  it('offers the refresh when a script of this build failed to load, before any check', () => {
    const { actor, fetches } = start({ runningBuildId: 'aaa' }, []);
    actor.send({ type: 'build.chunkFailed' });
    expect(actor.getSnapshot().value).toBe('outdated');
    expect(actor.getSnapshot().context.reason).toBe('chunkFailed');
    expect(fetches).toEqual([]);
  });

  it('keeps "new build" as the reason when a chunk fails after the new build was found', async () => {
    const { actor } = start({ runningBuildId: 'aaa' }, ['bbb']);
    await vi.advanceTimersByTimeAsync(1_000);
    actor.send({ type: 'build.chunkFailed' });
    expect(actor.getSnapshot().context.reason).toBe('newBuild');
  });

  it('checks at once when asked (tab visible again) while current, and only then', async () => {
    const { actor, fetches } = start({ runningBuildId: 'aaa' }, ['aaa', 'bbb']);
    actor.send({ type: 'build.check' });
    expect(fetches).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    actor.send({ type: 'build.check' });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetches).toHaveLength(2);
    expect(actor.getSnapshot().value).toBe('outdated');
  });
});
