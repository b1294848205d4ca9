import type { Actor, PromiseActorLogic, createActor } from 'xstate';
import type { addressesMachine } from '../../machines/addresses.machine';
import type { authMachine } from '../../machines/auth.machine';
import type { buildCheckMachine } from '../../machines/build-check.machine';
import type { changePasswordMachine } from '../../machines/change-password.machine';
import type { orderCancelMachine } from '../../machines/order-cancel.machine';
import type { profileMachine } from '../../machines/profile.machine';
import type { cartMachine, CartSeed } from '../../machines/cart.machine';
import type { checkoutMachine } from '../../machines/checkout.machine';
import type { catalogueFiltersMachine } from '../../machines/catalogue-filters.machine';
import type { contactMachine } from '../../machines/contact.machine';
import type { couponMachine } from '../../machines/coupon.machine';
import type { localeMachine } from '../../machines/locale.machine';
import type { passwordResetMachine } from '../../machines/password-reset.machine';
import type { reviewMachine } from '../../machines/review.machine';
import type { searchMachine } from '../../machines/search.machine';
import type { sessionMachine } from '../../machines/session.machine';
import type { shopMachine } from '../../machines/shop.machine';
import type { signOutMachine } from '../../machines/sign-out.machine';
import type { wishlistMachine } from '../../machines/wishlist.machine';
import type { ShopClient } from '../../services/client';
import type { Locale } from '../i18n/locales';

/**
 * What the composition root (src/app/actors.ts) hands the views. Declared here, below the app
 * layer, so containers name it without importing app code; `.provide(...)` keeps a machine's type,
 * so the page-scoped machines are typed by the machines themselves.
 */
export type SessionActor = Actor<typeof sessionMachine>;
export type LocaleActor = Actor<typeof localeMachine>;
export type SearchActor = Actor<typeof searchMachine>;
export type CartActor = Actor<typeof cartMachine>;
export type WishlistActor = Actor<typeof wishlistMachine>;
export type ShopActor = Actor<typeof shopMachine>;
export type BuildCheckActor = Actor<typeof buildCheckMachine>;

/** The page-scoped machines by name, typed by the machines themselves. */
export interface PageMachines {
  contact: typeof contactMachine;
  /** Catalogue: writing a product review. */
  review: typeof reviewMachine;
  /** Listings: the price filter's pending edit (no services; here so views need not load xstate). */
  catalogueFilters: typeof catalogueFiltersMachine;
  /** Sign-in, registration, the e-mail code and social sign-in. */
  auth: typeof authMachine;
  /** Forgotten password: code, new password, signed in. */
  passwordReset: typeof passwordResetMachine;
  signOut: typeof signOutMachine;
  /** Cart page: the coupon form (its orders go to the cart actor). */
  coupon: typeof couponMachine;
  /** Profile home: names, phone, e-mail change, avatar upload. */
  profile: typeof profileMachine;
  /** Profile: the address book with verification by code. */
  addresses: typeof addressesMachine;
  changePassword: typeof changePasswordMachine;
  /** Order detail: cancelling an order the backend still lets the customer cancel. */
  orderCancel: typeof orderCancelMachine;
  /** Checkout page and /checkout-success: the whole checkout (issue 14). */
  checkout: typeof checkoutMachine;
  /** Cart page: cheapest eligible shipping method, halalas (null: none). */
  shippingEstimate: PromiseActorLogic<number | null, { orderKey: string }>;
}

export interface AppActors {
  /** The visitor's session, cart and wishlist live under it (src/app/inspector.ts lists them). */
  shop: ShopActor;
  /** The shop's children: there once `start()` ran. */
  session: SessionActor;
  /** The active order (cart page, header count, add-to-cart buttons). */
  cart: CartActor;
  /** Favourites (hearts, header count, wishlist page). */
  wishlist: WishlistActor;
  locale: LocaleActor;
  search: SearchActor;
  /** Whether a newer build is out (decision 017); started in production builds only. */
  build: BuildCheckActor;
  /** Catalogue: counts a product view for "most watched" (fire and forget, failures swallowed). */
  recordProductView(productId: string): void;
  /**
   * Starts an actor from page-scoped logic (`machine(name)`). Views use this instead of importing
   * xstate, so xstate stays in the lazily loaded actors chunk (src/containers/app-actors.tsx).
   */
  spawn: typeof createActor;
  /** The Shop API client of a locale (shares the session's token). */
  client(locale: Locale): ShopClient;
  /**
   * A page-scoped machine, already wired (views start it with usePageActor). All but the filters'
   * come from a chunk of their own (src/app/page-machines.ts), loaded the first time one is asked for.
   */
  machine<K extends keyof PageMachines>(name: K): Promise<PageMachines[K]>;
  /** Builds and starts every long-lived actor at once (tests). */
  start(): void;
  /**
   * The same, one actor per task: `pause()` (the browser: yield to the main thread) between them, so
   * that no task of the start is long (decision 022). The actors are ready once it resolves.
   */
  startInStages(pause: () => Promise<unknown>): Promise<void>;
  stop(): void;
}

/** What the browser entry's provider passes when it starts the actors (src/app/browser-actors.ts). */
export interface BrowserActorsOptions {
  locale: Locale;
  cookieLocale: boolean;
  tokenSyncUrl: string | null;
  secureCookies: boolean;
  navigate: (href: string) => void;
  /** The order a page's loader read for its server render (the cart page): the cart starts from it. */
  cartSeed?: CartSeed | null;
}
