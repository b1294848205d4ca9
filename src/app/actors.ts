/**
 * THE composition root: the only place that wires machines to services and to the browser
 * (storage, cookies, fetch, navigation). Machines name their actors and side-effecting actions;
 * here they get real implementations with `.provide(...)`, and nothing else happens: the flow
 * between session, cart and wishlist is machines/shop.machine.ts's. Tests build the same actors
 * with fakes (tests/unit/src/app/actors.test.ts).
 */
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { buildCheckMachine, type LastRefresh } from '../../machines/build-check.machine';
import { cartMachine, type CartSeed } from '../../machines/cart.machine';
import type { PayFortSignature } from '../../machines/checkout.machine';
import { catalogueFiltersMachine } from '../../machines/catalogue-filters.machine';
import { localeMachine } from '../../machines/locale.machine';
import { searchMachine } from '../../machines/search.machine';
import { sessionMachine } from '../../machines/session.machine';
import { shopMachine } from '../../machines/shop.machine';
import { wishlistMachine, type MemberWishlist, type WishlistItem } from '../../machines/wishlist.machine';
import { fetchLatestBuild } from '../../services/build.service';
import { addToCart, adjustCartLine, getActiveOrder, removeCartLine } from '../../services/cart.service';
import { createShopClient, type FailureRecorder, type ShopClient } from '../../services/client';
import { recordProductView } from '../../services/products.service';
import { searchProducts } from '../../services/search.service';
import { checkUser, createSession } from '../../services/session.service';
import { getProductNames, getWishList, mergeWishList, toggleFav } from '../../services/wishlist.service';
import type { AppActors, CartActor, PageMachines, SessionActor, WishlistActor } from '../containers/app-actors.types';
import { isLocale, type Locale } from '../i18n/locales';
import { toProductCard } from '../lib/catalogue/view-models';
import type { StoredToken, TokenStore } from '../lib/token-store';
import type { GuestWishlistStore, TabChannel } from './browser-adapters';
import type { ServicedPageMachines } from './page-machines';
import { progressFetch, type CreateXhr } from './progress-fetch';

export type { AppActors };

/** The account's favourites are loaded in one page (hearts everywhere need every id). */
export const WISHLIST_TAKE = 100;

export interface AppActorsDeps {
  /** The locale of the page the app starts on (route prefix). */
  locale: Locale;
  /** The stored token, read by the caller (cookie, else local storage). */
  token: StoredToken | null;
  /** The cart page's server-read order (its loader's `cart`): the cart machine starts from it. */
  cartSeed?: CartSeed | null;
  tokenStore: TokenStore;
  /** Absolute Shop API URL (same origin in the browser: `${location.origin}/shop-api`). */
  shopApiUrl: string;
  /** Spec §4/§9: write the locale cookie only when cookie use is enabled. */
  cookieLocale: boolean;
  /** Spec §7: optional same-origin token sync address. */
  tokenSyncUrl: string | null;
  /** Lazily loads and registers a locale's messages. */
  loadCatalog: (locale: Locale) => Promise<unknown>;
  /** Client-side navigation to a same-origin href. */
  navigate: (href: string) => void;
  /** Writes the locale cookie (i18n_redirected). */
  writeLocaleCookie: (locale: Locale) => void;
  /** Spec §4: the page reload after a popup sign-in (browser-adapters.ts). */
  reloadPage?: () => void;
  fetch?: typeof globalThis.fetch;
  recorder?: FailureRecorder;
  /** Dev inspector (see docs/inspector.md). */
  inspect?: (event: InspectionEvent) => void;
  /** Checkout: leaves for the payment provider (browser-adapters.ts `redirectToPayment`). */
  redirectToPayment?: (target: { paymentUrl: string | null; payFort: PayFortSignature | null }) => void;
  /** A guest's favourites store and the cross-tab channel (browser: browser-adapters.ts). */
  guestWishlist?: GuestWishlistStore;
  tabChannel?: TabChannel | null;
  /** Uploads with progress (avatar); without it (tests, no XMLHttpRequest) uploads go through `fetch`. */
  createXhr?: CreateXhr;
  /**
   * The new-build check (decision 017): the build this page runs, this tab's last refresh, and the
   * reload that remembers it. Without it (development, tests) the check never starts.
   */
  build?: { runningBuildId: string; lastRefresh: LastRefresh | null; reload: (refresh: LastRefresh) => void; now?: () => number };
}

export function toWishlistItem(card: ReturnType<typeof toProductCard>): WishlistItem {
  return { id: card.id, slug: card.slug, name: card.name, image: card.image, price: card.price, variantId: card.variantId };
}

export function createAppActors(deps: AppActorsDeps): AppActors {
  const doFetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const guestWishlist = deps.guestWishlist ?? { read: () => [], write: () => {}, clear: () => {} };
  const channel = deps.tabChannel ?? null;
  const clients = new Map<Locale, ShopClient>();

  // The session is the shop actor's child: it exists once the shop has started, so the clients
  // look it up on each call.
  const session = () => shop.peek()?.system.get('session') as SessionActor | undefined;

  function client(locale: Locale): ShopClient {
    let c = clients.get(locale);
    if (!c) {
      c = createShopClient({
        endpoint: deps.shopApiUrl,
        languageCode: locale,
        name: 'browser',
        fetch: doFetch,
        recorder: deps.recorder,
        getToken: () => session()?.getSnapshot().context.token ?? null,
        onToken: (token) => session()?.send({ type: 'session.tokenChanged', token }),
      });
      clients.set(locale, c);
    }
    return c;
  }

  // Each actor (and each of the shop's children) is built the first time it is needed: xstate's
  // `provide()` builds a machine's whole state chart again, and doing it for all of them at once
  // made one long task in the browser. `startInStages` builds and starts them one per task
  // (decision 022, stage 3); `start()` does it all at once (tests, the server has no actors).
  const locale = once(() =>
    createActor(
      localeMachine.provide({
        actors: { loadCatalog: fromPromise(async ({ input }) => void (await deps.loadCatalog(input.locale))) },
        actions: {
          persistCookie: (_, params) => deps.writeLocaleCookie(params.locale),
          navigate: (_, params) => deps.navigate(params.href),
        },
      }),
      { input: { locale: deps.locale, cookieEnabled: deps.cookieLocale }, inspect: deps.inspect },
    ),
  );
  const current = () => client(locale().getSnapshot().context.locale);

  /** A one-off client for an upload, its body's progress reported (the token is the session's). */
  function uploadClient(onProgress: (loaded: number, total: number) => void): ShopClient {
    const createXhr = deps.createXhr;
    return createShopClient({
      endpoint: deps.shopApiUrl,
      languageCode: locale().getSnapshot().context.locale,
      name: 'browser-upload',
      fetch: createXhr ? progressFetch(onProgress, createXhr) : doFetch,
      recorder: deps.recorder,
      getToken: () => session()?.getSnapshot().context.token ?? null,
      onToken: (token) => session()?.send({ type: 'session.tokenChanged', token }),
    });
  }

  const sessionLogic = once(() =>
    sessionMachine.provide({
      actors: {
        createSession: fromPromise(() => createSession(current())),
        checkUser: fromPromise(() => checkUser(current())),
      },
      actions: {
        storeToken: (_, params) => deps.tokenStore.write(params.token, Date.now()),
        forgetToken: () => deps.tokenStore.clear(),
        // Fire and forget: the sync is an optional courtesy to a same-origin backend.
        syncToken: (_, params) => {
          void doFetch(params.url, {
            method: 'POST',
            headers: { authorization: `Bearer ${params.token}` },
            credentials: 'same-origin',
            keepalive: true,
          }).catch(() => undefined);
        },
        unsyncToken: (_, params) => {
          void doFetch(params.url, { method: 'DELETE', credentials: 'same-origin', keepalive: true }).catch(() => undefined);
        },
      },
    }),
  );
  const cartLogic = once(() =>
    cartMachine.provide({
      actors: {
        fetchActiveOrder: fromPromise(() => getActiveOrder(current())),
        addToCart: fromPromise(({ input }) => addToCart(current(), input)),
        adjustLine: fromPromise(({ input }) => adjustCartLine(current(), input)),
        removeLine: fromPromise(({ input }) => removeCartLine(current(), input.orderLineId)),
      },
    }),
  );
  const wishlistLogic = once(() =>
    wishlistMachine.provide({
      actors: {
        fetchWishList: fromPromise<MemberWishlist, void>(async () => {
          const lang = locale().getSnapshot().context.locale;
          const page = await getWishList(client(lang), { take: WISHLIST_TAKE });
          const now = new Date();
          return { items: page.items.map((p) => toWishlistItem(toProductCard(p, now))), count: page.totalItems, locale: lang };
        }),
        toggleFav: fromPromise(({ input }) => toggleFav(current(), input.productId)),
        mergeWishList: fromPromise(({ input }) => mergeWishList(current(), input.productIds)),
        fetchProductNames: fromPromise(({ input }) =>
          getProductNames(isLocale(input.locale) ? client(input.locale) : current(), input.productIds),
        ),
      },
      actions: {
        persistGuest: (_, params) => guestWishlist.write(params.items),
        clearGuest: () => guestWishlist.clear(),
      },
    }),
  );
  const shop = once(() =>
    createActor(
      shopMachine.provide({
        actors: { session: sessionLogic(), cart: cartLogic(), wishlist: wishlistLogic() },
        actions: { postToTabs: (_, { message }) => channel?.post(message) },
      }),
      {
        input: {
          session: { token: deps.token?.token ?? null, tokenIssuedAt: deps.token?.issuedAt ?? null, tokenSyncUrl: deps.tokenSyncUrl },
          guestWishlist: guestWishlist.read(),
          cartSeed: deps.cartSeed ?? null,
        },
        id: 'shop',
        inspect: deps.inspect,
      },
    ),
  );

  const search = once(() =>
    createActor(
      searchMachine.provide({
        actors: { searchProducts: fromPromise(({ input, signal }) => searchProducts(current(), input, { signal })) },
      }),
      { inspect: deps.inspect },
    ),
  );

  const recordView = fromPromise<boolean, { productId: string }>(({ input }) =>
    // A failed count is not the shopper's problem: swallow it here, where nothing waits for it.
    recordProductView(current(), input.productId).catch(() => false),
  );

  const buildNow = deps.build?.now ?? Date.now;
  const build = once(() =>
    createActor(
      buildCheckMachine.provide({
        actors: { fetchLatestBuild: fromPromise(() => fetchLatestBuild(doFetch, buildNow())) },
        actions: { reloadPage: (_, refresh) => deps.build?.reload(refresh) },
      }),
      { input: { runningBuildId: deps.build?.runningBuildId ?? '', lastRefresh: deps.build?.lastRefresh ?? null }, inspect: deps.inspect },
    ),
  );

  let unsubscribeTabs: (() => void) | null = null;
  const subscribeTabs = () => {
    unsubscribeTabs =
      channel?.subscribe((message) =>
        shop().send(
          message.type === 'cart' ? { type: 'tabs.cartChanged' } : { type: 'tabs.wishlistChanged', guestItems: guestWishlist.read() },
        ),
      ) ?? null;
  };
  // In this order, one per task when started in stages: the locale first (the route's language),
  // then each of the shop's children built, the shop built and started (session, cart, wishlist), search,
  // the build check (production only), the other tabs.
  const steps: Array<() => void> = [
    () => locale().start(),
    sessionLogic,
    cartLogic,
    wishlistLogic,
    shop,
    () => shop().start(),
    () => search().start(),
    () => {
      if (deps.build) build().start();
    },
    subscribeTabs,
  ];
  let pageMachines: Promise<ServicedPageMachines> | null = null;

  return {
    get shop() {
      return shop();
    },
    get session() {
      return session() as SessionActor;
    },
    get cart() {
      return shop().system.get('cart') as CartActor;
    },
    get wishlist() {
      return shop().system.get('wishlist') as WishlistActor;
    },
    get locale() {
      return locale();
    },
    get search() {
      return search();
    },
    get build() {
      return build();
    },
    client,
    recordProductView(productId) {
      createActor(recordView, { input: { productId }, inspect: deps.inspect }).start();
    },
    // Page actors reach the dev inspector too, named by their machine's id (`checkout`, …):
    // docs/inspector.md "Watching a checkout".
    spawn: ((logic: Parameters<typeof createActor>[0], options?: Parameters<typeof createActor>[1]) =>
      createActor(logic, { id: (logic as { id?: string }).id, inspect: deps.inspect, ...options })) as typeof createActor,
    // The page-scoped machines: the filters' (no services) at once, the others from their own chunk
    // (src/app/page-machines.ts), loaded and provided the first time a page asks for one: providing
    // them all when the actors start built a dozen state charts (checkout's among them) that most
    // visits never use, in the task that starts the actors (decision 022).
    machine(name) {
      if (name === 'catalogueFilters') return Promise.resolve(catalogueFiltersMachine as PageMachines[typeof name]);
      pageMachines ??= import('./page-machines').then(
        ({ providePageMachines }) =>
          providePageMachines({
            current,
            client,
            uploadClient,
            session,
            cart: () => shop.peek()?.system.get('cart') as CartActor | undefined,
            shopApiUrl: deps.shopApiUrl,
            reloadPage: deps.reloadPage,
            redirectToPayment: deps.redirectToPayment,
          }),
        (error: unknown) => {
          pageMachines = null; // a failed chunk load may be tried again
          throw error;
        },
      );
      return pageMachines.then(async (machines) => await machines[name as Exclude<typeof name, 'catalogueFilters'>]) as Promise<
        PageMachines[typeof name]
      >;
    },
    start() {
      for (const step of steps) step();
    },
    async startInStages(pause) {
      for (const step of steps) {
        step();
        await pause();
      }
    },
    stop() {
      unsubscribeTabs?.();
      unsubscribeTabs = null;
      search.peek()?.stop();
      shop.peek()?.stop();
      locale.peek()?.stop();
      build.peek()?.stop();
    },
  };
}

/** A value built on first use; `peek()` gives it only if it has been built. */
function once<T>(build: () => T): (() => T) & { peek(): T | undefined } {
  let value: { built: T } | null = null;
  const get = () => (value ??= { built: build() }).built;
  return Object.assign(get, { peek: () => value?.built });
}
