import { useCallback, useRef, useSyncExternalStore } from 'react';

/** What the hook needs of an actor: xstate's `Actor` fits, and so does any small fake. */
export interface SelectableActor<S> {
  getSnapshot(): S;
  subscribe(observer: (snapshot: S) => void): { unsubscribe(): void };
}

/**
 * A part of an actor's snapshot, re-rendering only when that part changes — like
 * `@xstate/react`'s `useSelector`, but with no xstate code in it and with `actor` allowed to be
 * absent: the app's actors load after hydration (src/containers/app-actors.tsx), and until they are there
 * (and on the server) the hook returns `fallback`, which must be what the server rendered.
 */
export function useActorSelector<S, T>(
  actor: SelectableActor<S> | null | undefined,
  selector: (snapshot: S) => T,
  fallback: T,
  compare: (a: T, b: T) => boolean = Object.is,
): T {
  // The first fallback is kept so that callers may pass a fresh literal on every render.
  const fallbackRef = useRef(fallback);
  const cache = useRef<{ actor: SelectableActor<S>; snapshot: S; value: T } | null>(null);
  const selectorRef = useRef(selector);
  selectorRef.current = selector;

  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!actor) return () => {};
      const sub = actor.subscribe(() => onChange());
      return () => sub.unsubscribe();
    },
    [actor],
  );

  const read = (): T => {
    if (!actor) return fallbackRef.current;
    const snapshot = actor.getSnapshot();
    const last = cache.current;
    if (last && last.actor === actor && last.snapshot === snapshot) return last.value;
    const next = selectorRef.current(snapshot);
    const value = last && last.actor === actor && compare(last.value, next) ? last.value : next;
    cache.current = { actor, snapshot, value };
    return value;
  };

  return useSyncExternalStore(subscribe, read, () => fallbackRef.current);
}
