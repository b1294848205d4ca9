/**
 * The page-scoped machines with their services (`AppActors.machine(name)`), in a chunk of their own:
 * most visits never open a form, so neither their state charts nor the services only they call are
 * evaluated when the app's actors start (decision 022). Each machine is provided the first time a
 * page asks for it. Wired like the long-lived actors in src/app/actors.ts, THE composition root,
 * which hands this module what it shares (the clients, the session, the cart).
 */
import { fromCallback, fromPromise, waitFor, type EventObject } from 'xstate';
import type { UploadAvatarEvent, UploadAvatarInput } from '../../machines/profile.machine';
import type { OrderStateUpdate, PayFortSignature } from '../../machines/checkout.machine';
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
import { applyCouponCode, removeCouponCode } from '../../services/cart.service';
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
import { cancelOrder, getOrderState } from '../../services/orders.service';
import type { ShopClient } from '../../services/client';
import { sendContactMessage, getCities } from '../../services/content.service';
import { findReviewableLine, submitProductReview } from '../../services/reviews.service';
import { authenticateWithIdToken, login, logout, refreshVerify, register, verifyAccount } from '../../services/session.service';
import type { CartActor, PageMachines, SessionActor } from '../containers/app-actors.types';
import type { Locale } from '../i18n/locales';

/** How long a sign-in waits for the session's user check before the page moves on anyway. */
const SIGN_IN_CHECK_TIMEOUT_MS = 10_000;

/** What the composition root shares with the page machines. */
export interface PageMachinesContext {
  /** The Shop API client of the app's current language. */
  current(): ShopClient;
  /** The client of a given language. */
  client(locale: Locale): ShopClient;
  /** A one-off client for an upload, its body's progress reported. */
  uploadClient(onProgress: (loaded: number, total: number) => void): ShopClient;
  session(): SessionActor | undefined;
  cart(): CartActor | undefined;
  shopApiUrl: string;
  /** Spec §4: the page reload after a popup sign-in. */
  reloadPage?: () => void;
  /** Checkout: leaves for the payment provider. */
  redirectToPayment?: (target: { paymentUrl: string | null; payFort: PayFortSignature | null }) => void;
}

/** Each machine is loaded (its own chunk) and provided the first time a page asks for it. */
export type ServicedPageMachines = { [K in Exclude<keyof PageMachines, 'catalogueFilters'>]: PageMachines[K] | Promise<PageMachines[K]> };

export function providePageMachines(ctx: PageMachinesContext): ServicedPageMachines {
  const { current, client, uploadClient, session } = ctx;

  // What every way into an account does once signed in (auth, password reset): the session learns
  // of it and checks the customer; the shop machine then reloads the cart and the wishlist (the
  // header's counts), so there is nothing else to refresh.
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
      // `login` answers the account's *user*; the session's id is the *customer*'s, which the
      // check that follows reports. Passing the user's id would change the id twice (and reload
      // the cart and the wishlist twice).
      storeSignIn: () => session()?.send({ type: 'session.signedIn' }),
    },
  };

  // The coupon form's services: the cart page's coupon machine and the checkout's coupon step alike.
  const couponActors = {
    applyCoupon: fromPromise(({ input }: { input: { code: string } }) => applyCouponCode(current(), input.code)),
    removeCoupon: fromPromise(({ input }: { input: { code: string } }) => removeCouponCode(current(), input.code)),
  };

  return lazily<ServicedPageMachines>({
    contact: async () => {
      const { contactMachine } = await import('../../machines/contact.machine');
      return contactMachine.provide({
        actors: { sendContactMessage: fromPromise(({ input }) => sendContactMessage(current(), input)) },
      });
    },
    review: async () => {
      const { reviewMachine } = await import('../../machines/review.machine');
      return reviewMachine.provide({
        actors: {
          findReviewableLine: fromPromise(({ input }) => findReviewableLine(current(), input.productId)),
          submitReview: fromPromise(({ input }) => submitProductReview(current(), input)),
        },
      });
    },
    auth: async () => {
      const { authMachine } = await import('../../machines/auth.machine');
      return authMachine.provide({
        actors: {
          ...signIn.actors,
          login: fromPromise(({ input }) => login(current(), input)),
          registerAccount: fromPromise(({ input }) => register(current(), input)),
          verifyAccount: fromPromise(({ input }) => verifyAccount(current(), input)),
          resendCode: fromPromise(({ input }) => refreshVerify(current(), input.emailAddress)),
          authenticate: fromPromise(({ input }) => authenticateWithIdToken(current(), input)),
        },
        actions: { ...signIn.actions, reloadPage: () => ctx.reloadPage?.() },
      });
    },
    passwordReset: async () => {
      const { passwordResetMachine } = await import('../../machines/password-reset.machine');
      return passwordResetMachine.provide({
        actors: {
          ...signIn.actors,
          requestResetCode: fromPromise(({ input }) => requestPasswordReset(current(), input.emailAddress)),
          verifyResetCode: fromPromise(({ input }) => verifyPasswordResetCode(current(), input)),
          changePassword: fromPromise(({ input }) => changeUserPassword(current(), input)),
        },
        actions: signIn.actions,
      });
    },
    signOut: async () => {
      const { signOutMachine } = await import('../../machines/sign-out.machine');
      return signOutMachine.provide({
        actors: { logout: fromPromise(() => logout(current())) },
        // The shop machine holds and reloads the cart and signs the wishlist out on the new session.
        actions: { clearLocalState: () => session()?.send({ type: 'session.signedOut' }) },
      });
    },
    coupon: async () => {
      const { couponMachine } = await import('../../machines/coupon.machine');
      return couponMachine.provide({
        actors: couponActors,
        actions: {
          orderChanged: (_, params) => ctx.cart()?.send({ type: 'cart.orderChanged', order: params.order }),
        },
      });
    },
    profile: async () => {
      const { profileMachine } = await import('../../machines/profile.machine');
      return profileMachine.provide({
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
      });
    },
    addresses: async () => {
      const { addressesMachine } = await import('../../machines/addresses.machine');
      return addressesMachine.provide({
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
      });
    },
    changePassword: async () => {
      const { changePasswordMachine } = await import('../../machines/change-password.machine');
      return changePasswordMachine.provide({
        actors: { updatePassword: fromPromise(({ input }) => updatePassword(current(), input)) },
      });
    },
    orderCancel: async () => {
      const { orderCancelMachine } = await import('../../machines/order-cancel.machine');
      return orderCancelMachine.provide({
        actors: { cancelOrder: fromPromise(({ input }) => cancelOrder(current(), input)) },
      });
    },
    checkout: async () => {
      const { checkoutMachine, checkoutCouponMachine } = await import('../../machines/checkout.machine');
      return checkoutMachine.provide({
        actors: {
          // The orders the page's loader read for its server render (the machine's seed): not again.
          fetchCheckoutOrders: fromPromise(async ({ input }) => input.seed ?? getCheckoutOrders(current(), input)),
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
                url: liveOrdersUrl(ctx.shopApiUrl),
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
          coupon: checkoutCouponMachine.provide({ actors: couponActors }),
        },
        actions: {
          redirectToPayment: (_, params) => ctx.redirectToPayment?.(params),
          // The order is placed: the cart reloads the (now empty) active order and the header follows.
          resetCartCount: () => ctx.cart()?.send({ type: 'cart.sync' }),
        },
      });
    },
    shippingEstimate: () =>
      fromPromise<number | null, { orderKey: string }>(async () => {
        const methods = await getShippingMethods(current());
        return methods.length ? Math.min(...methods.map((m) => m.priceWithTax)) : null;
      }),
  });
}

/**
 * An object whose properties are made on first read (then kept): `lazily({ a: () => make() })`.
 * Enumerable like a plain object, so listing the names does not make anything. A promise that
 * fails (a chunk that did not load) is not kept: the next read makes it again.
 */
function lazily<T extends object>(makers: { [K in keyof T]: () => T[K] }): T {
  const made = {} as T;
  const define = (key: keyof T) =>
    Object.defineProperty(made, key, {
      enumerable: true,
      configurable: true,
      get() {
        const value = makers[key]();
        Object.defineProperty(made, key, { value, enumerable: true, writable: false, configurable: true });
        if (value instanceof Promise) value.catch(() => define(key));
        return value;
      },
    });
  for (const key of Object.keys(makers) as Array<keyof T>) define(key);
  return made;
}
