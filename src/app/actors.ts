/**
 * THE composition root: the only place that wires machines to services and to the browser
 * (storage, cookies, fetch, navigation). Machines name their actors and side-effecting actions;
 * here they get real implementations with `.provide(...)`, and nothing else happens: the flow
 * between session, cart and wishlist is machines/shop.machine.ts's. Tests build the same actors
 * with fakes (tests/unit/src/app/actors.test.ts).
 */
import { createActor, fromCallback, fromPromise, waitFor, type EventObject, type InspectionEvent } from 'xstate';
import { addressesMachine } from '../../machines/addresses.machine';
import { buildCheckMachine, type LastRefresh } from '../../machines/build-check.machine';
import { authMachine } from '../../machines/auth.machine';
import { changePasswordMachine } from '../../machines/change-password.machine';
import { orderCancelMachine } from '../../machines/order-cancel.machine';
import { profileMachine, type UploadAvatarEvent, type UploadAvatarInput } from '../../machines/profile.machine';
import { cartMachine } from '../../machines/cart.machine';
import { checkoutCouponMachine, checkoutMachine, type OrderStateUpdate, type PayFortSignature } from '../../machines/checkout.machine';
import { catalogueFiltersMachine } from '../../machines/catalogue-filters.machine';
import { contactMachine } from '../../machines/contact.machine';
import { couponMachine } from '../../machines/coupon.machine';
import { localeMachine } from '../../machines/locale.machine';
import { passwordResetMachine } from '../../machines/password-reset.machine';
import { reviewMachine } from '../../machines/review.machine';
import { searchMachine } from '../../machines/search.machine';
import { sessionMachine } from '../../machines/session.machine';
import { shopMachine } from '../../machines/shop.machine';
import { signOutMachine } from '../../machines/sign-out.machine';
import { wishlistMachine, type WishlistItem } from '../../machines/wishlist.machine';
import {
  changeUserPassword,
  confirmEmailChange,
  createAddress,
  deleteAddress,
  getAddresses,
  getCustomer,
  requestAddressVerification,
  requestEmailChange,
  requestPasswordReset,
  setDefaultAddress,
  updateAddress,
  updateCustomer,
  updatePassword,
  uploadImage,
  verifyPasswordResetCode,
  verifyShippingAddress,
} from '../../services/account.service';
import { fetchLatestBuild } from '../../services/build.service';
import { addToCart, adjustCartLine, applyCouponCode, getActiveOrder, removeCartLine, removeCouponCode } from '../../services/cart.service';
import {
  addPayment,
  getCheckoutOrders,
  getPaymentMethods,
  getPayFortSignature,
  getShippingMethods,
  setShippingMethod,
  transitionOrder,
  useSavedShippingAddress,
} from '../../services/checkout.service';
import { liveOrdersUrl, subscribeOrderState } from '../../services/live-order.service';
import { getOrderState } from '../../services/orders.service';
import { createShopClient, type FailureRecorder, type ShopClient } from '../../services/client';
import { getCities, sendContactMessage } from '../../services/content.service';
import { cancelOrder } from '../../services/orders.service';
import { getProduct, recordProductView } from '../../services/products.service';
import { findReviewableLine, submitProductReview } from '../../services/reviews.service';
import { searchProducts } from '../../services/search.service';
import {
  authenticateWithIdToken,
  checkUser,
  createSession,
  login,
  logout,
  refreshVerify,
  register,
  verifyAccount,
} from '../../services/session.service';
import { getWishList, mergeWishList, toggleFav } from '../../services/wishlist.service';
import type { AppActors, CartActor, SessionActor, WishlistActor } from '../containers/app-actors.types';
import type { Locale } from '../i18n/locales';
import { toProductCard } from '../lib/catalogue/view-models';
import { takeSeededOrders } from '../lib/checkout-seed';
import type { StoredToken, TokenStore } from '../lib/token-store';
import type { GuestWishlistStore, TabChannel } from './browser-adapters';
import { progressFetch, type CreateXhr } from './progress-fetch';

export type { AppActors };

/** The account's favourites are loaded in one page (hearts everywhere need every id). */
export const WISHLIST_TAKE = 100;
/** How long a sign-in waits for the session's user check before the page moves on anyway. */
const SIGN_IN_CHECK_TIMEOUT_MS = 10_000;

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
  const session = () => shop.system.get('session') as SessionActor | undefined;

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

  const locale = createActor(
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

  /** A one-off client for an upload, its body's progress reported (the token is the session's). */
  function uploadClient(onProgress: (loaded: number, total: number) => void): ShopClient {
    const createXhr = deps.createXhr;
    return createShopClient({
      endpoint: deps.shopApiUrl,
      languageCode: locale.getSnapshot().context.locale,
      name: 'browser-upload',
      fetch: createXhr ? progressFetch(onProgress, createXhr) : doFetch,
      recorder: deps.recorder,
      getToken: () => session()?.getSnapshot().context.token ?? null,
      onToken: (token) => session()?.send({ type: 'session.tokenChanged', token }),
    });
  }

  /** The language a member's list was last fetched in (names come with it). */
  let memberListLocale: Locale | null = null;

  const shop = createActor(
    shopMachine.provide({
      actors: {
        session: sessionMachine.provide({
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
        cart: cartMachine.provide({
          actors: {
            fetchActiveOrder: fromPromise(() => getActiveOrder(current())),
            addToCart: fromPromise(({ input }) => addToCart(current(), input)),
            adjustLine: fromPromise(({ input }) => adjustCartLine(current(), input)),
            removeLine: fromPromise(({ input }) => removeCartLine(current(), input.orderLineId)),
          },
        }),
        wishlist: wishlistMachine.provide({
          actors: {
            fetchWishList: fromPromise(async () => {
              memberListLocale = locale.getSnapshot().context.locale;
              const page = await getWishList(current(), { take: WISHLIST_TAKE });
              const now = new Date();
              return { items: page.items.map((p) => toWishlistItem(toProductCard(p, now))), count: page.totalItems };
            }),
            toggleFav: fromPromise(({ input }) => toggleFav(current(), input.productId)),
            mergeWishList: fromPromise(({ input }) => mergeWishList(current(), input.productIds)),
          },
          actions: {
            persistGuest: (_, params) => guestWishlist.write(params.items),
            clearGuest: () => guestWishlist.clear(),
          },
        }),
      },
      actions: { postToTabs: (_, { message }) => channel?.post(message) },
    }),
    {
      input: {
        session: { token: deps.token?.token ?? null, tokenIssuedAt: deps.token?.issuedAt ?? null, tokenSyncUrl: deps.tokenSyncUrl },
        guestWishlist: guestWishlist.read(),
      },
      id: 'shop',
      inspect: deps.inspect,
    },
  );

  const search = createActor(
    searchMachine.provide({
      actors: { searchProducts: fromPromise(({ input, signal }) => searchProducts(current(), input, { signal })) },
    }),
    { inspect: deps.inspect },
  );

  // What every way into an account does once signed in (auth, password reset): the session learns
  // of it and checks the customer (the check hands the cart and the wishlist their counts).
  const signIn = {
    actors: {
      confirmSession: fromPromise<void, void>(async () => {
        const s = session();
        if (!s) return;
        await waitFor(s, (snap) => snap.matches('loggedIn') || snap.matches('anonymous'), { timeout: SIGN_IN_CHECK_TIMEOUT_MS }).catch(
          () => undefined,
        );
      }),
    },
    actions: {
      storeSignIn: (_: unknown, params: { user: { id: string } | null }) =>
        session()?.send({ type: 'session.signedIn', customerId: params.user?.id ?? null }),
      refreshCounts: () => {},
    },
  };

  const recordView = fromPromise<boolean, { productId: string }>(({ input }) =>
    // A failed count is not the shopper's problem: swallow it here, where nothing waits for it.
    recordProductView(current(), input.productId).catch(() => false),
  );

  const buildNow = deps.build?.now ?? Date.now;
  const build = createActor(
    buildCheckMachine.provide({
      actors: { fetchLatestBuild: fromPromise(() => fetchLatestBuild(doFetch, buildNow())) },
      actions: { reloadPage: (_, refresh) => deps.build?.reload(refresh) },
    }),
    { input: { runningBuildId: deps.build?.runningBuildId ?? '', lastRefresh: deps.build?.lastRefresh ?? null }, inspect: deps.inspect },
  );

  let unsubscribeTabs: (() => void) | null = null;

  return {
    shop,
    get session() {
      return session() as SessionActor;
    },
    get cart() {
      return shop.system.get('cart') as CartActor;
    },
    get wishlist() {
      return shop.system.get('wishlist') as WishlistActor;
    },
    locale,
    search,
    build,
    client,
    recordProductView(productId) {
      createActor(recordView, { input: { productId }, inspect: deps.inspect }).start();
    },
    async localizeWishlist() {
      const lang = locale.getSnapshot().context.locale;
      const wishlist = shop.system.get('wishlist') as WishlistActor | undefined;
      if (!wishlist) return;
      if (!wishlist.getSnapshot().matches('guest')) {
        // A member's list was fetched in the language the app started in: fetch it again.
        if (memberListLocale !== null && memberListLocale !== lang) wishlist.send({ type: 'wishlist.sync' });
        return;
      }
      // A guest's favourites keep the name of the page they were saved on; ask for this page's.
      const stored = guestWishlist.read().filter((i) => i.slug);
      if (stored.length === 0) return;
      const names = new Map<string, string>();
      await Promise.all(
        stored.map(async (item) => {
          const product = await getProduct(client(lang), item.slug).catch(() => null);
          if (product?.name) names.set(item.id, product.name);
        }),
      );
      if (names.size === 0 || locale.getSnapshot().context.locale !== lang || !wishlist.getSnapshot().matches('guest')) return;
      // Read again: the shopper may have toggled a heart while the names were on their way.
      const guestItems = guestWishlist.read().map((i) => (names.has(i.id) ? { ...i, name: names.get(i.id)! } : i));
      wishlist.send({ type: 'wishlist.sync', guestItems });
    },
    // Page actors reach the dev inspector too, named by their machine's id (`checkout`, …):
    // docs/inspector.md "Watching a checkout".
    spawn: ((logic: Parameters<typeof createActor>[0], options?: Parameters<typeof createActor>[1]) =>
      createActor(logic, { id: (logic as { id?: string }).id, inspect: deps.inspect, ...options })) as typeof createActor,
    // Each page's machine with its services, made the first time a page asks for it: providing
    // them all when the actors start built a dozen state charts (checkout's among them) that most
    // visits never use, in the task that starts the actors.
    machines: lazily({
      contact: () =>
        contactMachine.provide({
          actors: { sendContactMessage: fromPromise(({ input }) => sendContactMessage(current(), input)) },
        }),
      review: () =>
        reviewMachine.provide({
          actors: {
            findReviewableLine: fromPromise(({ input }) => findReviewableLine(current(), input.productId)),
            submitReview: fromPromise(({ input }) => submitProductReview(current(), input)),
          },
        }),
      catalogueFilters: () => catalogueFiltersMachine,
      auth: () =>
        authMachine.provide({
          actors: {
            ...signIn.actors,
            login: fromPromise(({ input }) => login(current(), input)),
            registerAccount: fromPromise(({ input }) => register(current(), input)),
            verifyAccount: fromPromise(({ input }) => verifyAccount(current(), input)),
            resendCode: fromPromise(({ input }) => refreshVerify(current(), input.emailAddress)),
            authenticate: fromPromise(({ input }) => authenticateWithIdToken(current(), input)),
          },
          actions: { ...signIn.actions, reloadPage: () => deps.reloadPage?.() },
        }),
      passwordReset: () =>
        passwordResetMachine.provide({
          actors: {
            ...signIn.actors,
            requestResetCode: fromPromise(({ input }) => requestPasswordReset(current(), input.emailAddress)),
            verifyResetCode: fromPromise(({ input }) => verifyPasswordResetCode(current(), input)),
            changePassword: fromPromise(({ input }) => changeUserPassword(current(), input)),
          },
          actions: signIn.actions,
        }),
      signOut: () =>
        signOutMachine.provide({
          actors: { logout: fromPromise(() => logout(current())) },
          // The shop machine holds and reloads the cart and signs the wishlist out on the new session.
          actions: { clearLocalState: () => session()?.send({ type: 'session.signedOut' }) },
        }),
      coupon: () =>
        couponMachine.provide({
          actors: {
            applyCoupon: fromPromise(({ input }) => applyCouponCode(current(), input.code)),
            removeCoupon: fromPromise(({ input }) => removeCouponCode(current(), input.code)),
          },
          actions: {
            orderChanged: (_, params) =>
              (shop.system.get('cart') as CartActor | undefined)?.send({ type: 'cart.orderChanged', order: params.order }),
          },
        }),
      profile: () =>
        profileMachine.provide({
          actors: {
            loadCustomer: fromPromise(() => getCustomer(current())),
            updateCustomer: fromPromise(({ input }) => updateCustomer(current(), input)),
            requestEmailChange: fromPromise(({ input }) => requestEmailChange(current(), input)),
            confirmEmailChange: fromPromise(({ input }) => confirmEmailChange(current(), input.token)),
            uploadAvatar: fromCallback<EventObject, UploadAvatarInput>(({ input, sendBack }) => {
              const abort = new AbortController();
              const report = (event: UploadAvatarEvent) => sendBack(event);
              const c = uploadClient((loaded, total) => report({ type: 'avatar.progress', loaded, total }));
              uploadImage(c, input.file, { signal: abort.signal }).then(
                (result) => report({ type: 'avatar.uploaded', result }),
                () => {
                  if (!abort.signal.aborted) report({ type: 'avatar.uploadFailed' });
                },
              );
              return () => abort.abort();
            }),
          },
        }),
      addresses: () =>
        addressesMachine.provide({
          actors: {
            loadAddresses: fromPromise(() => getAddresses(current())),
            // The cities in the page's language, whatever the app's locale actor says meanwhile.
            loadCities: fromPromise(({ input }) => getCities(client(input.languageCode), input.countryCode)),
            createAddress: fromPromise(({ input }) => createAddress(current(), input)),
            updateAddress: fromPromise(({ input }) => updateAddress(current(), input)),
            deleteAddress: fromPromise(({ input }) => deleteAddress(current(), input.addressId)),
            setDefaultAddress: fromPromise(({ input }) => setDefaultAddress(current(), input.addressId)),
            requestAddressVerification: fromPromise(({ input }) => requestAddressVerification(current(), input.addressId)),
            verifyShippingAddress: fromPromise(({ input }) => verifyShippingAddress(current(), input)),
          },
        }),
      changePassword: () =>
        changePasswordMachine.provide({
          actors: { updatePassword: fromPromise(({ input }) => updatePassword(current(), input)) },
        }),
      orderCancel: () =>
        orderCancelMachine.provide({
          actors: { cancelOrder: fromPromise(({ input }) => cancelOrder(current(), input)) },
        }),
      checkout: () =>
        checkoutMachine.provide({
          actors: {
            // The page's loader read the orders for its server render (src/lib/checkout-seed.ts): not again.
            fetchCheckoutOrders: fromPromise(async ({ input }) => takeSeededOrders(input.code) ?? getCheckoutOrders(current(), input)),
            fetchAddresses: fromPromise(() => getAddresses(current())),
            createAddress: fromPromise(({ input }) => createAddress(current(), input)),
            requestAddressVerification: fromPromise(({ input }) => requestAddressVerification(current(), input.addressId)),
            verifyShippingAddress: fromPromise(({ input }) => verifyShippingAddress(current(), input)),
            setOrderAddress: fromPromise(({ input }) => useSavedShippingAddress(current(), input.addressId)),
            fetchShippingMethods: fromPromise(() => getShippingMethods(current())),
            setShippingMethod: fromPromise(({ input }) => setShippingMethod(current(), [input.shippingMethodId])),
            transitionOrder: fromPromise(({ input }) => transitionOrder(current(), input.state)),
            fetchPaymentMethods: fromPromise(() => getPaymentMethods(current())),
            addPayment: fromPromise(({ input }) => addPayment(current(), input)),
            fetchPayFortSignature: fromPromise(({ input }) => getPayFortSignature(current(), input.orderCode)),
            fetchOrderState: fromPromise(({ input }) => getOrderState(current(), input)),
            watchOrderState: fromCallback<EventObject, { orderCode: string }>(({ sendBack, input }) =>
              subscribeOrderState(
                {
                  url: liveOrdersUrl(deps.shopApiUrl),
                  token: session()?.getSnapshot().context.token ?? null,
                  orderCode: input.orderCode,
                },
                {
                  next: (update: OrderStateUpdate) => sendBack({ type: 'order.stateChanged', update }),
                  // An ended stream without a verdict is as good as a failed one: poll instead.
                  error: () => sendBack({ type: 'order.watchFailed' }),
                  complete: () => sendBack({ type: 'order.watchFailed' }),
                },
              ),
            ),
            coupon: checkoutCouponMachine.provide({
              actors: {
                applyCoupon: fromPromise(({ input }) => applyCouponCode(current(), input.code)),
                removeCoupon: fromPromise(({ input }) => removeCouponCode(current(), input.code)),
              },
            }),
          },
          actions: {
            redirectToPayment: (_, params) => deps.redirectToPayment?.(params),
            // The order is placed: the cart reloads the (now empty) active order and the header follows.
            resetCartCount: () => (shop.system.get('cart') as CartActor | undefined)?.send({ type: 'cart.sync' }),
          },
        }),
      shippingEstimate: () =>
        fromPromise<number | null, { orderKey: string }>(async () => {
          const methods = await getShippingMethods(current());
          return methods.length ? Math.min(...methods.map((m) => m.priceWithTax)) : null;
        }),
    }),
    start() {
      locale.start();
      shop.start();
      search.start();
      if (deps.build) build.start();
      unsubscribeTabs =
        channel?.subscribe((message) =>
          shop.send(
            message.type === 'cart' ? { type: 'tabs.cartChanged' } : { type: 'tabs.wishlistChanged', guestItems: guestWishlist.read() },
          ),
        ) ?? null;
    },
    stop() {
      unsubscribeTabs?.();
      unsubscribeTabs = null;
      search.stop();
      shop.stop();
      locale.stop();
      build.stop();
    },
  };
}

/**
 * An object whose properties are made on first read (then kept): `lazily({ a: () => make() })`.
 * Enumerable like a plain object, so listing the names does not make anything.
 */
function lazily<T extends object>(makers: { [K in keyof T]: () => T[K] }): T {
  const made = {} as T;
  for (const key of Object.keys(makers) as Array<keyof T>) {
    Object.defineProperty(made, key, {
      enumerable: true,
      configurable: true,
      get() {
        const value = makers[key]();
        Object.defineProperty(made, key, { value, enumerable: true, writable: false, configurable: false });
        return value;
      },
    });
  }
  return made;
}
