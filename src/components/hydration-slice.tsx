import { Suspense, useEffect, useLayoutEffect, type ReactNode } from 'react';

/**
 * A part of a server-rendered page that React hydrates as a piece of work of its own.
 *
 * Hydrating a whole page is one render and one commit: on the home page (~75 product cards) the
 * commit and its effects were a single long task (Lighthouse's Total Blocking Time). A Suspense
 * boundary that the server rendered complete is left dehydrated by the first pass and hydrated
 * afterwards at low priority, in short time slices and with its own commit, so the page answers
 * input between slices. A tap on a part not yet hydrated hydrates that part first and is replayed
 * (React's selective hydration), so nothing the shopper does is lost. Nothing inside suspends on
 * the server, so the HTML is the same as without the boundary; the fallback is never shown.
 */
export function HydrationSlice({ children }: { children: ReactNode }) {
  // The boundary's own component commits with the first pass, its children once they hydrate.
  useLayoutEffect(() => {
    pending += 1;
    return () => settle(-1);
  }, []);
  return (
    <Suspense fallback={null}>
      {children}
      <SliceHydrated />
    </Suspense>
  );
}

function SliceHydrated() {
  useEffect(() => {
    settle(-1);
    return () => {
      pending += 1;
    };
  }, []);
  return null;
}

/**
 * Slices committed but not hydrated yet. Not clamped: when a hydrated slice unmounts, its boundary's
 * cleanup (-1) runs before its content's (+1).
 */
let pending = 0;
let waiting: Array<() => void> = [];

function settle(delta: number) {
  pending += delta;
  if (pending > 0) return;
  const ready = waiting;
  waiting = [];
  ready.forEach((fn) => fn());
}

/**
 * Runs `fn` once every slice of the page has hydrated (at once when none is waiting). Work that no
 * first paint needs (the app's actors) waits for it, so it does not compete with making the page
 * interactive. Returns a cancel.
 */
export function whenSlicesHydrated(fn: () => void): () => void {
  if (pending <= 0) {
    fn();
    return () => {};
  }
  waiting.push(fn);
  return () => {
    waiting = waiting.filter((w) => w !== fn);
  };
}
