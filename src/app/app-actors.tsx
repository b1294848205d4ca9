import { useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { InspectionEvent } from 'xstate';
import { loadI18n } from '../i18n/i18n';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, type Locale } from '../i18n/locales';
import { localeFromPath } from '../i18n/paths';
import { createAppActors, type AppActors } from './actors';
import { createFailureLog } from './failure-log';
import { browserShopDeps } from './shop-actors';
import { browserTokenStore, type TokenStore } from './token-store';

const AppActorsContext = createContext<AppActors | null>(null);

export interface AppActorsProviderProps {
  /** Root loader config: write the locale cookie only when cookie use is enabled. */
  cookieLocale: boolean;
  /** Root loader config: same-origin token sync address, or null. */
  tokenSyncUrl: string | null;
  /** Whether cookies carry the Secure attribute (HTTPS). */
  secureCookies?: boolean;
  children: ReactNode;
}

const isBrowser = typeof window !== 'undefined' && typeof document !== 'undefined';

// Server render: nothing is stored, nothing starts; the store is never touched.
const serverTokenStore: TokenStore = { read: () => null, write: () => {}, clear: () => {} };

/** Whether the dev inspector was asked for (docs/inspector.md). Always false in production builds. */
function inspectorRequested(): boolean {
  if (!import.meta.env.DEV || !isBrowser) return false;
  return import.meta.env.VITE_INSPECT === '1' || new URLSearchParams(window.location.search).has('inspect');
}

/**
 * Creates the app's long-lived actors once (visitor session, locale, header search) and starts
 * them in the browser. Mount it once, inside the router, around the whole app.
 */
export function AppActorsProvider({ cookieLocale, tokenSyncUrl, secureCookies, children }: AppActorsProviderProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  // StrictMode runs this initializer twice and keeps one result: the inspector buffer must travel
  // with the actors it belongs to.
  const [{ actors, inspectBuffer }] = useState(() => {
    const tokenStore = isBrowser ? browserTokenStore(document, safeLocalStorage(), { secure: secureCookies }) : serverTokenStore;
    const inspectBuffer = inspectorRequested() ? createInspectBuffer() : null;
    const created = createAppActors({
      locale: localeFromPath(pathname),
      token: tokenStore.read(),
      tokenStore,
      shopApiUrl: isBrowser ? `${window.location.origin}/shop-api` : 'http://127.0.0.1/shop-api',
      cookieLocale,
      tokenSyncUrl,
      loadCatalog: loadI18n,
      navigate: (href) => navigateRef.current(href),
      writeLocaleCookie: (locale: Locale) => {
        document.cookie = `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE}; Path=/; SameSite=Lax${secureCookies ? '; Secure' : ''}`;
      },
      recorder: createFailureLog({
        report: (call) =>
          console.warn(`[shop-api] ${call.operationType} ${call.operationName} failed (${call.status ?? 'network'}): ${call.message}`),
      }),
      inspect: inspectBuffer ?? undefined,
      ...(isBrowser ? browserShopDeps() : {}),
    });
    return { actors: created, inspectBuffer };
  });

  useEffect(() => {
    // Started once for the app's lifetime; StrictMode's extra effect pass must not restart them.
    if (started.has(actors)) return;
    started.add(actors);
    if (import.meta.env.DEV && inspectBuffer) {
      void import('./inspector').then(({ startInspector }) => inspectBuffer.attach(startInspector()));
    }
    actors.start();
  }, [actors, inspectBuffer]);

  const routeLocale = localeFromPath(pathname);
  useEffect(() => {
    actors.locale.send({ type: 'locale.routeChanged', locale: routeLocale });
  }, [actors, routeLocale]);

  return <AppActorsContext.Provider value={actors}>{children}</AppActorsContext.Provider>;
}

const started = new WeakSet<AppActors>();

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
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

export function useAppActors(): Pick<AppActors, 'session' | 'locale' | 'search' | 'cart' | 'wishlist' | 'machines'> {
  const actors = useContext(AppActorsContext);
  if (!actors) throw new Error('useAppActors() needs <AppActorsProvider> above it (src/root.tsx)');
  return actors;
}

export interface SessionSummary {
  /** null until the first check answered. */
  cartCount: number | null;
  wishlistCount: number | null;
  loggedIn: boolean;
}

/** What the header shows from the visitor session, with narrow selectors. */
export function useSessionSummary(): SessionSummary {
  const { session } = useAppActors();
  const known = useSelector(session, (s) => s.matches('anonymous') || s.matches('loggedIn') || s.context.customerId !== null);
  const cartCount = useSelector(session, (s) => s.context.cartCount);
  const wishlistCount = useSelector(session, (s) => s.context.wishlistCount);
  const loggedIn = useSelector(session, (s) => s.context.customerId !== null);
  return { cartCount: known ? cartCount : null, wishlistCount: known ? wishlistCount : null, loggedIn };
}
