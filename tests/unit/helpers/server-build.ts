// The smallest server build React Router's request handler accepts, for the storefront server's
// tests (src/server/*.mjs): a test passes its own entry and routes; the rest is the same everywhere.

const plain = {
  routes: {},
  assets: { routes: {}, entry: { module: '', imports: [] }, url: '', version: '1' },
  publicPath: '/',
  assetsBuildDirectory: 'build/client',
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: 'initial' },
};

/** A build whose entry answers every document with "page" (200), with `parts` laid over it. */
export function fakeServerBuild<T extends object>(parts: T = {} as T) {
  return { entry: { module: { default: () => new Response('page', { status: 200 }) } }, ...plain, ...parts };
}
