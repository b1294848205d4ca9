import { Suspense, type ReactNode } from 'react';

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
  return <Suspense fallback={null}>{children}</Suspense>;
}
