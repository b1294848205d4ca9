import { describe } from 'vitest';
import type { EventObject } from 'xstate';
import { buildCheckMachine } from '../../../machines/build-check.machine';
import type { LatestBuild } from '../../../services/build.service';
import { never, pathTable, shortestPathPerState, stateKey, type KeyOf, type PathRow } from './path-kit';

describe('build check machine paths', () => {
  const machine = buildCheckMachine.provide({ actors: { fetchLatestBuild: never<LatestBuild, unknown>() } });
  // The last refresh, 2 s before the shopper's press below, left the page on the same build: the guard holds.
  const input = { runningBuildId: 'aaa', lastRefresh: { at: 1_000, fromBuildId: 'aaa' } };
  const events: EventObject[] = [
    { type: 'xstate.after.firstCheck.buildCheck.waiting' },
    { type: 'xstate.after.interval.buildCheck.current' },
    { type: 'xstate.after.guardLeft.buildCheck.holding' },
    { type: 'build.check' },
    { type: 'build.chunkFailed' },
    { type: 'build.refresh', at: 3_000 } as EventObject,
    { type: 'xstate.done.actor.0.buildCheck.checking', output: { id: 'bbb' } } as EventObject,
    { type: 'xstate.done.actor.0.buildCheck.checking', output: { id: 'aaa' } } as EventObject,
    { type: 'xstate.error.actor.0.buildCheck.checking', error: new Error('offline') } as EventObject,
  ];
  // Outdated for either reason is a row of its own: a newer build, or a script that failed to load.
  const key: KeyOf = (s) => (s.value === 'outdated' ? `outdated(${String(s.context.reason)})` : stateKey(s.value));
  const paths = shortestPathPerState(machine, {
    events,
    input,
    key,
    serialize: (s) => JSON.stringify([s.value, s.context.reason, s.context.latestBuildId, s.context.heldAt]),
  });
  const table: PathRow[] = [
    { state: 'waiting', via: '(start)', context: { reason: null, latestBuildId: null } },
    { state: 'checking', via: 'xstate.after.firstCheck.buildCheck.waiting' },
    { state: 'current', via: 'xstate.after.firstCheck.buildCheck.waiting → done:0.buildCheck.checking', context: { reason: null } },
    { state: 'outdated(chunkFailed)', via: 'build.chunkFailed', context: { reason: 'chunkFailed', latestBuildId: null } },
    {
      state: 'outdated(newBuild)',
      via: 'xstate.after.firstCheck.buildCheck.waiting → done:0.buildCheck.checking',
      context: { reason: 'newBuild', latestBuildId: 'bbb' },
    },
    { state: 'holding', via: 'build.chunkFailed → build.refresh', context: { heldAt: 3_000 } },
    { state: 'refreshing', via: 'build.chunkFailed → build.refresh → xstate.after.guardLeft.buildCheck.holding' },
  ];
  pathTable(machine, paths, input, table, key);
});
