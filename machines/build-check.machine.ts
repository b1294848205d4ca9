import { assign, fromPromise, setup } from 'xstate';
import type { LatestBuild } from '../services/build.service';

/** Spec §9: the build manifest is fetched 1 s after start. */
export const FIRST_CHECK_MS = 1_000;
/** Spec §4 says the check is periodic but not how often (decision 017). */
export const CHECK_INTERVAL_MS = 15 * 60_000;
/** Spec §9: reload guard 10 s — no second refresh within 10 s of one that brought no new build. */
export const RELOAD_GUARD_MS = 10_000;

/** The refresh this tab made last (kept across the reload by the composition root). */
export interface LastRefresh {
  at: number;
  /** The build the page was running when it refreshed. */
  fromBuildId: string;
}

export interface BuildCheckInput {
  /** The build this page runs (React Router's manifest version). */
  runningBuildId: string;
  lastRefresh?: LastRefresh | null;
  firstCheckMs?: number;
  intervalMs?: number;
  reloadGuardMs?: number;
}

export interface BuildCheckContext {
  runningBuildId: string;
  /** The build the server answered with, once it differs from the running one. */
  latestBuildId: string | null;
  /** Why a refresh is offered: a newer build, or a part of this build that failed to load. */
  reason: 'newBuild' | 'chunkFailed' | null;
  lastRefresh: LastRefresh | null;
  /** When a refresh was asked for while the guard held it. */
  heldAt: number | null;
  firstCheckMs: number;
  intervalMs: number;
  reloadGuardMs: number;
}

export type BuildCheckEvent =
  /** Check now (the tab became visible again). */
  | { type: 'build.check' }
  /** A script of this build failed to load (a deploy removed it, or the network dropped it). */
  | { type: 'build.chunkFailed' }
  /** The shopper pressed Refresh; `at` is the view's clock. */
  | { type: 'build.refresh'; at: number };

/**
 * Does this page run the newest build? A statechart of timers and one fetch: the first check 1 s
 * after start, then every `intervalMs`; a different build id (or a script that failed to load)
 * offers the shopper a refresh. Nothing reloads by itself — the shopper decides, so nothing typed
 * is lost. A refresh within `reloadGuardMs` of a refresh that did not bring a new build is held
 * until the guard has passed (a server still answering with the old build cannot loop the page).
 */
export const buildCheckMachine = setup({
  types: {
    context: {} as BuildCheckContext,
    events: {} as BuildCheckEvent,
    input: {} as BuildCheckInput,
  },
  actors: {
    fetchLatestBuild: fromPromise<LatestBuild>(async () => {
      throw new Error('fetchLatestBuild is not provided: wire it in src/app/actors.ts');
    }),
  },
  actions: {
    // Remembers the refresh (for the guard on the next page) and reloads the document.
    reloadPage: (_, _params: LastRefresh) => {},
    storeLatest: assign((_, params: { id: string }) => ({ latestBuildId: params.id, reason: 'newBuild' as const })),
    storeChunkFailure: assign(({ context }) => ({ reason: context.reason ?? ('chunkFailed' as const) })),
    storeHeld: assign((_, params: { at: number }) => ({ heldAt: params.at })),
  },
  guards: {
    isNewerBuild: (_, params: { running: string; latest: string }) => params.latest !== params.running,
    // The last refresh was recent and left the page on the same build: refreshing again now could loop.
    isGuarded: ({ context }, params: { at: number }) =>
      context.lastRefresh !== null &&
      context.lastRefresh.fromBuildId === context.runningBuildId &&
      params.at - context.lastRefresh.at < context.reloadGuardMs,
  },
  delays: {
    firstCheck: ({ context }) => context.firstCheckMs,
    interval: ({ context }) => context.intervalMs,
    guardLeft: ({ context }) => Math.max(0, (context.lastRefresh?.at ?? 0) + context.reloadGuardMs - (context.heldAt ?? 0)),
  },
}).createMachine({
  id: 'buildCheck',
  context: ({ input }) => ({
    runningBuildId: input.runningBuildId,
    latestBuildId: null,
    reason: null,
    lastRefresh: input.lastRefresh ?? null,
    heldAt: null,
    firstCheckMs: input.firstCheckMs ?? FIRST_CHECK_MS,
    intervalMs: input.intervalMs ?? CHECK_INTERVAL_MS,
    reloadGuardMs: input.reloadGuardMs ?? RELOAD_GUARD_MS,
  }),
  initial: 'waiting',
  on: {
    'build.chunkFailed': { target: '.outdated', actions: 'storeChunkFailure' },
  },
  states: {
    waiting: {
      after: { firstCheck: 'checking' },
    },
    checking: {
      invoke: {
        src: 'fetchLatestBuild',
        onDone: [
          {
            guard: { type: 'isNewerBuild', params: ({ context, event }) => ({ running: context.runningBuildId, latest: event.output.id }) },
            target: 'outdated',
            actions: { type: 'storeLatest', params: ({ event }) => ({ id: event.output.id }) },
          },
          { target: 'current' },
        ],
        // Offline or the server restarting: try again at the next interval.
        onError: 'current',
      },
    },
    current: {
      after: { interval: 'checking' },
      on: { 'build.check': 'checking' },
    },
    outdated: {
      on: {
        'build.refresh': [
          {
            guard: { type: 'isGuarded', params: ({ event }) => ({ at: event.at }) },
            target: 'holding',
            actions: { type: 'storeHeld', params: ({ event }) => ({ at: event.at }) },
          },
          {
            target: 'refreshing',
            actions: { type: 'reloadPage', params: ({ context, event }) => ({ at: event.at, fromBuildId: context.runningBuildId }) },
          },
        ],
      },
    },
    // The guard holds the refresh; it goes ahead once the 10 s since the last one have passed.
    holding: {
      after: {
        guardLeft: {
          target: 'refreshing',
          actions: {
            type: 'reloadPage',
            params: ({ context }) => ({ at: (context.lastRefresh?.at ?? 0) + context.reloadGuardMs, fromBuildId: context.runningBuildId }),
          },
        },
      },
    },
    // The document is reloading: nothing else happens on this page.
    refreshing: { type: 'final' },
  },
});
