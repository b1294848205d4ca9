import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { loadI18n } from '../i18n/i18n';
import { localeFromPath } from '../i18n/paths';
import { useActorSelector } from './use-actor-selector';
import { whenSlicesHydrated } from '../components/hydration-slice';
import { yieldToMain } from '../lib/yield-to-main';
import type { AppActors, BrowserActorsOptions } from './app-actors.types';
import type { CartSeed } from '../../machines/cart.machine';
import { cartCount } from '../../machines/cart.selectors';
import { wishlistCount } from '../../machines/wishlist.selectors';

export type { AppActors };

/**
 * The app's long-lived actors (visitor session, locale, header search, cart, wishlist) are not part
 * of the first paint: the server renders without them, and the browser loads them in a chunk of
 * their own (src/app/browser-actors.ts) once the page has loaded and the main thread is idle — or at
 * once when something needs them first (a click on add to cart, typing in the search, a cart page).
 * The composition root hands that chunk's loader over with `provideAppActors` (src/entry.client.tsx),
 * so this layer never loads app code itself. Views get a long-lived actor with `useAppActor(name)`,
 * a page-scoped one with `usePageActor`, and read either with `useActorSelector` (null-safe).
 */
interface AppActorsHandle {
  /** null on the server and until the actors chunk has loaded. */
  actors: AppActors | null;
  /** Loads and starts the actors (once per page load); resolves with them. */
  load(): Promise<AppActors>;
}

const AppActorsContext = createContext<AppActorsHandle | null>(null);

export interface AppActorsProviderProps {
  /** Root loader config: write the locale cookie only when cookie use is enabled. */
  cookieLocale: boolean;
  /** Root loader config: same-origin token sync address, or null. */
  tokenSyncUrl: string | null;
  /** Whether cookies carry the Secure attribute (HTTPS). */
  secureCookies?: boolean;
  children: ReactNode;
}

type StartActors = (options: BrowserActorsOptions) => AppActors | Promise<AppActors>;
let loadStarter: (() => Promise<StartActors>) | null = null;

/** Called once by the composition root (browser entry) before hydrating: how to load and start the actors. */
export function provideAppActors(loader: () => Promise<StartActors>): void {
  loadStarter = loader;
}

// One set of actors per page load (the browser's app lives as long as the document).
let started: Promise<AppActors> | null = null;
let startedActors: AppActors | null = null;

/** The longest the actors wait for the page's slices to hydrate after the load event. */
const SLICES_WAIT_MS = 5000;

/** Runs `fn` when the main thread is idle (at most `timeout` ms later); returns a cancel. */
function whenIdle(fn: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(fn, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(fn, 1);
  return () => window.clearTimeout(handle);
}

/** Mount once, inside the router, around the whole app (src/root.tsx). */
export function AppActorsProvider({ cookieLocale, tokenSyncUrl, secureCookies = false, children }: AppActorsProviderProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const cartSeed = useCartSeed();
  const latest = useRef({ navigate, pathname, cookieLocale, tokenSyncUrl, secureCookies, cartSeed });
  latest.current = { navigate, pathname, cookieLocale, tokenSyncUrl, secureCookies, cartSeed };
  // Not read during the hydrating render: the server had no actors, so neither may the first render.
  const [actors, setActors] = useState<AppActors | null>(null);

  const load = useCallback((): Promise<AppActors> => {
    // The rest of the message catalog comes with them (decision 009): what they show (toasts,
    // form errors) may not have been on the page the server rendered.
    started ??= Promise.all([
      loadStarter ? loadStarter() : Promise.reject(new Error('provideAppActors() was not called (src/entry.client.tsx)')),
      loadI18n(localeFromPath(latest.current.pathname)).catch(() => undefined),
    ]).then(async ([startBrowserActors]) => {
      // Evaluating the chunk and starting five machines are separate tasks (decision 009).
      await yieldToMain();
      const options = latest.current;
      startedActors = await startBrowserActors({
        locale: localeFromPath(options.pathname),
        cookieLocale: options.cookieLocale,
        tokenSyncUrl: options.tokenSyncUrl,
        secureCookies: options.secureCookies,
        cartSeed: options.cartSeed,
        navigate: (href) => latest.current.navigate(href),
      });
      return startedActors;
    });
    return started.then(async (ready) => {
      await yieldToMain();
      // A transition: every view reading the actors re-renders, in slices that leave the main
      // thread free for the shopper's input (the actors arrive while the page is idle).
      startTransition(() => setActors(ready));
      return ready;
    });
  }, []);

  // After hydration: already loaded (a remount) -> use them; else load once the page is loaded,
  // every slice of it has hydrated (HydrationSlice; at the latest SLICES_WAIT_MS after the load
  // event) and the main thread is idle.
  useEffect(() => {
    if (startedActors) {
      setActors(startedActors);
      return;
    }
    let cancelIdle: (() => void) | null = null;
    let cancelSlices: (() => void) | null = null;
    let fallback: number | undefined;
    const idleLoad = () => {
      if (cancelIdle) return;
      cancelSlices?.();
      window.clearTimeout(fallback);
      cancelIdle = whenIdle(() => void load());
    };
    const schedule = () => {
      fallback = window.setTimeout(idleLoad, SLICES_WAIT_MS);
      cancelSlices = whenSlicesHydrated(idleLoad);
    };
    if (document.readyState === 'complete') schedule();
    else window.addEventListener('load', schedule, { once: true });
    return () => {
      window.removeEventListener('load', schedule);
      window.clearTimeout(fallback);
      cancelSlices?.();
      cancelIdle?.();
    };
  }, [load]);

  const routeLocale = localeFromPath(pathname);
  useEffect(() => {
    actors?.locale.send({ type: 'locale.routeChanged', locale: routeLocale });
  }, [actors, routeLocale]);

  const handle = useMemo(() => ({ actors, load }), [actors, load]);
  return <AppActorsContext.Provider value={handle}>{children}</AppActorsContext.Provider>;
}

/**
 * The order a matched route's loader read for the server render (`cartSeed` in its data: the cart
 * page), or null. The actors start from it when they start on that page: no second request.
 */
function useCartSeed(): CartSeed | null {
  const matches = useMatches();
  for (const match of matches) {
    const data = match.loaderData as { cartSeed?: CartSeed | null } | undefined;
    if (data && typeof data === 'object' && data.cartSeed) return data.cartSeed;
  }
  return null;
}

function useHandle(): AppActorsHandle {
  const handle = useContext(AppActorsContext);
  if (!handle) throw new Error('App actors need <AppActorsProvider> above (src/root.tsx)');
  return handle;
}

/** The actors when loaded (else null), and `load()` to ask for them now. */
export function useAppActorsHandle(): AppActorsHandle {
  return useHandle();
}

type LongLivedName = 'session' | 'locale' | 'search' | 'cart' | 'wishlist' | 'build';
type EventOf<A> = A extends { send(event: infer E): void } ? E : never;

export interface AppActor<A> {
  /** null on the server and until the app's actors have loaded. */
  actor: A | null;
  /** Sends now, or loads the actors and sends then (resolves once delivered). */
  send(event: EventOf<A>): Promise<void>;
  /** Asks for the actors now (e.g. when a control that needs them gets focus). */
  request(): void;
}

/** A long-lived actor of the app (cart, wishlist, session, locale, search): the one way views reach one. */
export function useAppActor<K extends LongLivedName>(name: K): AppActor<AppActors[K]> {
  const { actors, load } = useHandle();
  const actor = actors?.[name] ?? null;
  const send = useCallback(
    (event: EventOf<AppActors[K]>) => {
      const deliver = (to: AppActors[K]) => (to.send as (e: EventOf<AppActors[K]>) => void)(event);
      if (actor) return Promise.resolve(deliver(actor));
      return load().then((ready) => deliver(ready[name]));
    },
    [actor, load, name],
  );
  const request = useCallback(() => void load(), [load]);
  return useMemo(() => ({ actor, send, request }), [actor, send, request]);
}

/**
 * Renders `children` once the app's actors are there, `fallback` before (and on the server). With
 * `eager` (default) it asks for them on mount, for pages that are all about them (cart, contact).
 */
export function AppActorsGate({ fallback, children, eager = true }: { fallback: ReactNode; children: ReactNode; eager?: boolean }) {
  const { actors, load } = useHandle();
  useEffect(() => {
    if (eager && !actors) void load();
  }, [eager, actors, load]);
  return <>{actors ? children : fallback}</>;
}

export interface SessionSummary {
  /** null until the first check answered. */
  cartCount: number | null;
  wishlistCount: number | null;
  loggedIn: boolean;
  /** Whether the session's check has answered (until then `loggedIn` is false for everyone). */
  known: boolean;
}

/** What the header shows from the visitor session, with narrow selectors (null-safe before load). */
export function useSessionSummary(): SessionSummary {
  const { actors } = useHandle();
  const session = actors?.session;
  const known = useActorSelector(session, (s) => s.matches('anonymous') || s.matches('loggedIn') || s.context.customerId !== null, false);
  // Each count is its machine's own: the cart's (null until the check's hint or the first load)
  // and the wishlist's (a guest's local list or the account's), shown once the session is known.
  const cart = useActorSelector(actors?.cart, (s) => cartCount(s.context), null);
  const wishlist = useActorSelector(actors?.wishlist, (s) => wishlistCount(s.context), null);
  const loggedIn = useActorSelector(session, (s) => s.context.customerId !== null, false);
  return { cartCount: cart, wishlistCount: known ? wishlist : null, loggedIn, known };
}
