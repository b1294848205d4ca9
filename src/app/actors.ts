/**
 * THE composition root: the only place that wires machines to services and to the browser
 * (storage, cookies, fetch, navigation). Machines name their actors and side-effecting actions;
 * here they get real implementations with `.provide(...)`. Tests build the same actors with fakes.
 */
import { createActor, fromPromise, waitFor, type Actor, type InspectionEvent } from 'xstate';
import { authMachine } from '../../machines/auth.machine';
import { catalogueFiltersMachine } from '../../machines/catalogue-filters.machine';
import { contactMachine } from '../../machines/contact.machine';
import { reviewMachine } from '../../machines/review.machine';
import { localeMachine } from '../../machines/locale.machine';
import { searchMachine } from '../../machines/search.machine';
import { sessionMachine } from '../../machines/session.machine';
import { recordProductView } from '../../services/products.service';
import { findReviewableLine, submitProductReview } from '../../services/reviews.service';
import { searchProducts } from '../../services/search.service';
import { createShopClient, type FailureRecorder, type ShopClient } from '../../services/client';
import { sendContactMessage } from '../../services/content.service';
import { checkUser, createSession, login } from '../../services/session.service';
import type { Locale } from '../i18n/locales';
import { createShopActors, type CartActor, type GuestWishlistStore, type TabChannel, type WishlistActor } from './shop-actors';
import type { StoredToken, TokenStore } from '../lib/token-store';

export interface AppActorsDeps {
  /** The locale of the page the app starts on (route prefix). */
  locale: Locale;
  /** The stored token, read by the caller (cookie, else local storage). */
  token: StoredToken | null;
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
  fetch?: typeof globalThis.fetch;
  recorder?: FailureRecorder;
  /** Dev inspector (see docs/inspector.md). */
  inspect?: (event: InspectionEvent) => void;
  /** Cart/wishlist: a guest's favourites store and the cross-tab channel (browser: shop-actors.ts). */
  guestWishlist?: GuestWishlistStore;
  tabChannel?: TabChannel | null;
}

export type SessionActor = Actor<typeof sessionMachine>;
export type LocaleActor = Actor<typeof localeMachine>;
export type SearchActor = Actor<typeof searchMachine>;

export interface AppActors {
  session: SessionActor;
  locale: LocaleActor;
  search: SearchActor;
  /** The active order (cart page, header count, add-to-cart buttons). */
  cart: CartActor;
  /** Favourites (hearts, header count, wishlist page). */
  wishlist: WishlistActor;
  /** Catalogue: counts a product view for "most watched" (fire and forget, failures swallowed). */
  recordProductView(productId: string): void;
  /**
   * Starts an actor from page-scoped logic (`machines.*`). Views use this instead of importing
   * xstate, so xstate stays in the lazily loaded actors chunk (src/app/app-actors.tsx).
   */
  spawn: typeof createActor;
  /** The Shop API client of a locale (shares the session's token). */
  client(locale: Locale): ShopClient;
  /** Page-scoped machines, already wired; views create them with useActorRef/useMachine. */
  machines: {
    contact: ReturnType<typeof provideContact>;
    /** Catalogue: writing a product review. */
    review: ReturnType<typeof provideReview>;
    /** Listings: the price filter's pending edit (no services; here so views need not load xstate). */
    catalogueFilters: typeof catalogueFiltersMachine;
    /** Auth: signing in with email and password (the session learns of it before it resolves). */
    auth: ReturnType<typeof provideAuth>;
    /** Cart page: the coupon form (its orders go to the cart actor). */
    coupon: ReturnType<typeof createShopActors>['coupon'];
    /** Cart page: cheapest eligible shipping method, halalas (null: none). */
    shippingEstimate: ReturnType<typeof createShopActors>['shippingEstimate'];
  };
  start(): void;
  stop(): void;
}

function provideContact(client: () => ShopClient) {
  return contactMachine.provide({
    actors: { sendContactMessage: fromPromise(({ input }) => sendContactMessage(client(), input)) },
  });
}

function provideReview(client: () => ShopClient) {
  return reviewMachine.provide({
    actors: {
      findReviewableLine: fromPromise(({ input }) => findReviewableLine(client(), input.productId)),
      submitReview: fromPromise(({ input }) => submitProductReview(client(), input)),
    },
  });
}

/** How long a sign-in waits for the session's user check before the page moves on anyway. */
const SIGN_IN_CHECK_TIMEOUT_MS = 10_000;

function provideAuth(client: () => ShopClient, session: () => SessionActor) {
  return authMachine.provide({
    actors: {
      login: fromPromise(async ({ input }) => {
        const result = await login(client(), input);
        if (!result.ok) return result;
        // The response header already handed the new token to the session (client onToken). The
        // check that follows fills in the customer id and counts; the cart and wishlist actors
        // react to the customer change (anonymous order and guest favourites merge into the account).
        const s = session();
        s.send({ type: 'session.signedIn' });
        await waitFor(s, (snap) => snap.matches('loggedIn') || snap.matches('anonymous'), { timeout: SIGN_IN_CHECK_TIMEOUT_MS }).catch(
          () => undefined,
        );
        return result;
      }),
    },
  });
}

function provideRecordProductView(client: () => ShopClient) {
  // A failed count is not the shopper's problem: swallow it here, where nothing waits for it.
  return fromPromise<boolean, { productId: string }>(({ input }) => recordProductView(client(), input.productId).catch(() => false));
}

export function createAppActors(deps: AppActorsDeps): AppActors {
  const doFetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const clients = new Map<Locale, ShopClient>();
  // Filled in below; the clients read the token from the session actor and report new ones to it.
  let session: SessionActor | null = null;

  function client(locale: Locale): ShopClient {
    let c = clients.get(locale);
    if (!c) {
      c = createShopClient({
        endpoint: deps.shopApiUrl,
        languageCode: locale,
        name: 'browser',
        fetch: doFetch,
        recorder: deps.recorder,
        getToken: () => session?.getSnapshot().context.token ?? null,
        onToken: (token) => session?.send({ type: 'session.tokenChanged', token }),
      });
      clients.set(locale, c);
    }
    return c;
  }

  const locale: LocaleActor = createActor(
    localeMachine.provide({
      actors: { loadCatalog: fromPromise(async ({ input }) => void (await deps.loadCatalog(input.locale))) },
      actions: {
        persistCookie: (_, params) => deps.writeLocaleCookie(params.locale),
        navigate: (_, params) => deps.navigate(params.href),
      },
    }),
    { input: { locale: deps.locale, cookieEnabled: deps.cookieLocale }, inspect: deps.inspect },
  );
  const current = () => client(locale.getSnapshot().context.locale);

  session = createActor(
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
    {
      input: { token: deps.token?.token ?? null, tokenIssuedAt: deps.token?.issuedAt ?? null, tokenSyncUrl: deps.tokenSyncUrl },
      inspect: deps.inspect,
    },
  );

  const search: SearchActor = createActor(
    searchMachine.provide({
      actors: { searchProducts: fromPromise(({ input, signal }) => searchProducts(current(), input, { signal })) },
    }),
    { inspect: deps.inspect },
  );

  const recordView = provideRecordProductView(current);
  const sessionActor = session;
  const shop = createShopActors({
    session: sessionActor,
    client: current,
    guestWishlist: deps.guestWishlist ?? { read: () => [], write: () => {}, clear: () => {} },
    channel: deps.tabChannel ?? null,
    inspect: deps.inspect,
  });
  return {
    session: sessionActor,
    locale,
    search,
    cart: shop.cart,
    wishlist: shop.wishlist,
    client,
    recordProductView(productId) {
      createActor(recordView, { input: { productId }, inspect: deps.inspect }).start();
    },
    spawn: createActor,
    machines: {
      contact: provideContact(current),
      review: provideReview(current),
      catalogueFilters: catalogueFiltersMachine,
      auth: provideAuth(current, () => sessionActor),
      coupon: shop.coupon,
      shippingEstimate: shop.shippingEstimate,
    },
    start() {
      locale.start();
      sessionActor.start();
      search.start();
      shop.start();
    },
    stop() {
      shop.stop();
      search.stop();
      sessionActor.stop();
      locale.stop();
    },
  };
}
