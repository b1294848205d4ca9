/**
 * The browser's app actors, in a chunk of their own: loaded after the page has hydrated (or at the
 * first interaction that needs them), so xstate, the machines and the GraphQL client are not part of
 * the JavaScript a page needs for its first paint (issue 4's budget). src/containers/app-actors.tsx loads it (the loader comes from src/entry.client.tsx).
 */
import type { InspectionEvent } from 'xstate';
import { loadI18n } from '../i18n/i18n';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, type Locale } from '../i18n/locales';
import type { AppActors, BrowserActorsOptions } from '../containers/app-actors.types';
import { createAppActors } from './actors';
import { browserShopDeps, readLastRefresh, redirectToPayment, refreshForBuild, reloadPage, runningBuildId } from './browser-adapters';
import { createFailureLog } from './failure-log';
import { browserTokenStore } from '../lib/token-store';
import { yieldToMain } from '../lib/yield-to-main';

export type { BrowserActorsOptions };

/**
 * Which dev inspector was asked for (docs/inspector.md): `?inspect` / `VITE_INSPECT=1` the offline
 * panel, `?inspect=stately` / `VITE_INSPECT=stately` the Stately inspector. Always null in production builds.
 */
function inspectorRequested(): InspectorMode | null {
  if (!import.meta.env.DEV) return null;
  return inspectorModeOf(window.location.search, import.meta.env.VITE_INSPECT);
}

export type InspectorMode = 'local' | 'stately';

/** `?inspect` → local, `?inspect=stately` → stately; `VITE_INSPECT` (`1` or `stately`) when the URL says nothing. */
export function inspectorModeOf(search: string, env: string | undefined): InspectorMode | null {
  const asked = new URLSearchParams(search).get('inspect') ?? (env === '1' ? '' : env || null);
  if (asked === null) return null;
  return asked === 'stately' ? 'stately' : 'local';
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function safeSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The new-build check's browser side (decision 017): production builds only (the dev server has no build id). */
function buildCheckDeps() {
  const running = import.meta.env.PROD ? runningBuildId() : null;
  if (!running) return undefined;
  const storage = safeSessionStorage();
  return {
    runningBuildId: running,
    lastRefresh: readLastRefresh(storage),
    reload: (refresh: { at: number; fromBuildId: string }) => refreshForBuild(storage, refresh),
  };
}

/** Creates and starts the app's long-lived actors (visitor session, locale, search, cart, wishlist), ready when it resolves. */
export async function startBrowserActors(options: BrowserActorsOptions): Promise<AppActors> {
  // Secure cookies when the server says so, and on any https page (decision 013)
  const secureCookies = options.secureCookies || window.location.protocol === 'https:';
  const tokenStore = browserTokenStore(document, safeLocalStorage(), { secure: secureCookies });
  const inspectorMode = inspectorRequested();
  const inspectBuffer = inspectorMode ? createInspectBuffer() : null;
  const actors = createAppActors({
    locale: options.locale,
    token: tokenStore.read(),
    cartSeed: options.cartSeed ?? null,
    tokenStore,
    shopApiUrl: `${window.location.origin}/shop-api`,
    cookieLocale: options.cookieLocale,
    tokenSyncUrl: options.tokenSyncUrl,
    loadCatalog: loadI18n,
    navigate: options.navigate,
    reloadPage,
    createXhr: () => new XMLHttpRequest(),
    redirectToPayment: (target) => redirectToPayment(target),
    writeLocaleCookie: (locale: Locale) => {
      document.cookie = `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE}; Path=/; SameSite=Lax${secureCookies ? '; Secure' : ''}`;
    },
    recorder: createFailureLog({
      report: (call) =>
        console.warn(`[shop-api] ${call.operationType} ${call.operationName} failed (${call.status ?? 'network'}): ${call.message}`),
    }),
    inspect: inspectBuffer ?? undefined,
    build: buildCheckDeps(),
    ...browserShopDeps(),
  });
  if (import.meta.env.DEV && inspectBuffer && inspectorMode) {
    // Page-scoped actors (usePageActor) reach it too: the composition root's `spawn` passes `inspect`.
    void import('./inspector').then(({ startInspector }) => startInspector(inspectorMode)).then((inspect) => inspectBuffer.attach(inspect));
  }
  // One actor per task (decision 022): building every chart and starting them at once was a
  // 40-50 ms task (175 ms on a throttled phone) on every page.
  await actors.startInStages(yieldToMain);
  // A script of this build that fails to load (Vite's preload helper reports dynamic imports):
  // offer the refresh instead of leaving a page that half works. The import still rejects.
  window.addEventListener('vite:preloadError', () => actors.build.send({ type: 'build.chunkFailed' }));
  // Back to a tab left open: check now instead of waiting for the next interval.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') actors.build.send({ type: 'build.check' });
  });
  return actors;
}

type InspectBuffer = ((event: InspectionEvent) => void) & { attach(target: (event: InspectionEvent) => void): void };

/** Holds inspection events until the lazily loaded inspector is ready, then forwards them. */
function createInspectBuffer(): InspectBuffer {
  let target: ((event: InspectionEvent) => void) | null = null;
  const pending: InspectionEvent[] = [];
  const fn = ((event: InspectionEvent) => (target ? target(event) : pending.push(event))) as InspectBuffer;
  fn.attach = (t) => {
    target = t;
    pending.splice(0).forEach(t);
  };
  return fn;
}
