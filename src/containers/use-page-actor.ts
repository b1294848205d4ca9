import { useCallback, useEffect, useRef, useState } from 'react';
import type { Actor, AnyActorLogic, EventFromLogic, InputFrom } from 'xstate';
import { useAppActorsHandle } from './app-actors';
import type { AppActors } from './app-actors.types';

export interface PageActor<TLogic extends AnyActorLogic> {
  /** null until the app's actors have loaded (and on the server). */
  actor: Actor<TLogic> | null;
  /** Sends now, or keeps the event and sends it (in order) once the actor is there. */
  send(event: EventFromLogic<TLogic>): void;
}

/**
 * A page-scoped actor from the composition root's `machines`, started when the app's actors have
 * loaded (they come after hydration, docs/decisions/007) and stopped on unmount. The view renders
 * the same markup before and after (no remount, focus and typed text stay); events sent before
 * the actor exists are queued, and the app's actors are asked for at once (`eager`, default).
 * No xstate code is imported here, so views using it keep xstate out of their chunk.
 */
export function usePageActor<TLogic extends AnyActorLogic>(
  pick: (machines: AppActors['machines']) => TLogic,
  options: {
    input?: InputFrom<TLogic>;
    eager?: boolean;
    /**
     * Called with the new actor before it starts and before queued events are replayed into it
     * (to subscribe to what it emits); returns the cleanup, run when the actor stops.
     */
    onStart?: (actor: Actor<TLogic>) => (() => void) | void;
  } = {},
): PageActor<TLogic> {
  const { actors, load } = useAppActorsHandle();
  const [actor, setActor] = useState<Actor<TLogic> | null>(null);
  // The running actor as soon as it exists, before React renders with it: an event sent in between
  // (a key typed with a `send` from the render before) must reach it, not a queue already drained.
  const running = useRef<Actor<TLogic> | null>(null);
  const queued = useRef<EventFromLogic<TLogic>[]>([]);
  const latest = useRef({ pick, input: options.input, onStart: options.onStart });
  latest.current = { pick, input: options.input, onStart: options.onStart };
  const eager = options.eager ?? true;

  useEffect(() => {
    if (eager && !actors) void load();
  }, [eager, actors, load]);

  useEffect(() => {
    if (!actors) return;
    const { pick: choose, input, onStart } = latest.current;
    const logic = choose(actors.machines);
    const created = (actors.spawn as (l: AnyActorLogic, o?: { input?: unknown }) => Actor<TLogic>)(
      logic,
      input === undefined ? undefined : { input },
    );
    const stopListening = onStart?.(created);
    created.start();
    queued.current.splice(0).forEach((event) => created.send(event));
    running.current = created;
    setActor(created);
    return () => {
      stopListening?.();
      running.current = null;
      created.stop();
      setActor(null);
    };
  }, [actors]);

  const send = useCallback(
    (event: EventFromLogic<TLogic>) => {
      if (running.current) return running.current.send(event);
      queued.current.push(event);
      void load();
    },
    [load],
  );
  return { actor, send };
}
