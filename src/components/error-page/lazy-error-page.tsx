import { lazy, Suspense, type ComponentType } from 'react';

type ErrorPageProps = { error: unknown; standalone?: boolean };

/**
 * The error boundaries' page, kept out of the JavaScript every page loads (decision 022): few visits
 * ever show it. The server loads it at start and renders it in place; in the browser it comes from
 * its own chunk, fetched with the app's actors (`preloadErrorPage`, src/entry.client.tsx) so it is
 * there, also offline from the service worker's cache, when a later navigation fails. A page that
 * arrives with an error from the server keeps the server's markup until the chunk has loaded.
 */
let loaded: ComponentType<ErrorPageProps> | null = null;
const load = () =>
  import('./error-page').then((module) => {
    loaded = module.ErrorPage;
    return loaded;
  });
const LazyPage = lazy(() => load().then((page) => ({ default: page })));

/** Fetches the error page's chunk ahead of need; failures are left to the next try. */
export function preloadErrorPage(): void {
  void load().catch(() => undefined);
}

// The server has it before its first request: its renders never wait for it.
if (import.meta.env.SSR) preloadErrorPage();

export function ErrorPage(props: ErrorPageProps) {
  const Page = loaded ?? LazyPage;
  return (
    <Suspense fallback={null}>
      <Page {...props} />
    </Suspense>
  );
}
