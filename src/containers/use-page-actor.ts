import { useCallback, useEffect, useRef, useState } from 'react';
import type { Actor, AnyActorLogic, EventFromLogic, InputFrom } from 'xstate';
import { useAppActorsHandle } from './app-actors';
import type { PageMachines } from './app-actors.types';

export interface PageActor<TLogic extends AnyActorLogic> {
  /** null until the app's actors have loaded (and on the server). */
  actor: Actor<TLogic> | null;
  /** Sends now, or keeps the event and sends it (in order) once the actor is there. */
  send(event: EventFromLogic<TLogic>): void;
}

/**
 * A page-scoped actor of the composition root's machine `name`, started when the app's actors and
 * that machine have loaded (they come after hydration, docs/decisions/007 and 022) and stopped on
 * unmount. The view renders
 * the same markup before and after (no remount, focus and typed text stay); events sent before
 * the actor exists are queued, and the app's actors are asked for at once (`eager`, default).
 * No xstate code is imported here, so views using it keep xstate out of their chunk.
 */
export function usePageActor<K extends keyof PageMachines>(
  name: K,
  options: {
    input?: InputFrom<PageMachines[K]>;
    eager?: boolean;
    /**
     * Called with the new actor before it starts and before queued events are replayed into it
     * (to subscribe to what it emits); returns the cleanup, run when the actor stops.
     */
    onStart?: (actor: Actor<PageMachines[K]>) => (() => void) | void;
  } = {},
): PageActor<PageMachines[K]> {
  type TLogic = PageMachines[K];
  const { actors, load } = useAppActorsHandle();
  const [actor, setActor] = useState<Actor<TLogic> | null>(null);
  // The running actor as soon as it exists, before React renders with it: an event sent in between
  // (a key typed with a `send` from the render before) must reach it, not a queue already drained.
  const running = useRef<Actor<TLogic> | null>(null);
  const queued = useRef<EventFromLogic<TLogic>[]>([]);
  const latest = useRef({ name, input: options.input, onStart: options.onStart });
  latest.current = { name, input: options.input, onStart: options.onStart };
  const eager = options.eager ?? true;
  // Bumped when the machine's chunk failed to load and something is sent: try again.
  const [attempt, setAttempt] = useState(0);
  const failed = useRef(false);

  useEffect(() => {
    if (eager && !actors) void load();
  }, [eager, actors, load]);

  useEffect(() => {
    if (!actors) return;
    let created: Actor<TLogic> | null = null;
    let stopListening: (() => void) | void;
    let cancelled = false;
    const { name: chosen } = latest.current;
    actors.machine(chosen).then(
      (logic) => {
        if (cancelled) return;
        const { input, onStart } = latest.current;
        failed.current = false;
        created = (actors.spawn as (l: AnyActorLogic, o?: { input?: unknown }) => Actor<TLogic>)(
          logic as AnyActorLogic,
          input === undefined ? undefined : { input },
        );
        stopListening = onStart?.(created);
        created.start();
        queued.current.splice(0).forEach((event) => created!.send(event));
        running.current = created;
        setActor(created);
      },
      // The chunk did not load (offline): what was sent stays queued; the next send tries again.
      () => {
        if (!cancelled) failed.current = true;
      },
    );
    return () => {
      cancelled = true;
      if (!created) return;
      stopListening?.();
      running.current = null;
      created.stop();
      setActor(null);
    };
  }, [actors, attempt]);

  const send = useCallback(
    (event: EventFromLogic<TLogic>) => {
      if (running.current) return running.current.send(event);
      queued.current.push(event);
      if (failed.current) {
        failed.current = false;
        setAttempt((n) => n + 1);
      }
      void load();
    },
    [load],
  );
  return { actor, send };
}
